//! Listing the legal actions of an Agros position: the opening's placements (AR-4), each farmer's
//! harvests and sows (AR-5, AR-6), and the movement slots a playout draws from.

use super::{Action, Direction, GRID, HARVEST, Phase, Position, STRIDE, Square, owned_by, sq};

impl Position {
    /// Appends every legal action to `out` (not cleared first). In the opening these are the
    /// placements; in the movement phase the harvests and sows of each farmer, then `pass`.
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        match self.phase {
            Phase::Over => {}
            Phase::Opening(_) => {
                let n = self.size as usize;
                let mut empty = [Square::new(0, 0).expect("a1"); GRID];
                let mut count = 0;
                for rank in 0..n {
                    for file in 0..n {
                        if self.cells[rank * STRIDE + file] == 0 {
                            empty[count] = Square::new(file, rank).expect("on the grid");
                            count += 1;
                        }
                    }
                }
                let empty = &empty[..count];
                if self.opening_placements() == Some(1) {
                    out.extend(empty.iter().map(|&s| Action::Place(s)));
                } else {
                    out.reserve(count * count.saturating_sub(1) / 2);
                    for (k, &a) in empty.iter().enumerate() {
                        out.extend(empty[k + 1..].iter().map(|&b| Action::PlaceTwo(a, b)));
                    }
                }
            }
            Phase::Movement { .. } => {
                let seat = self.to_act;
                for &f in &self.farmer_at[seat.index()][..self.placed[seat.index()] as usize] {
                    for d in Direction::ALL {
                        let [harvest, sow] = self.moves_of::<true, true>(f as usize, d);
                        out.extend(harvest);
                        out.extend(sow);
                    }
                }
                out.push(Action::Pass);
            }
        }
    }

    /// The harvest and the sow of the side to act's farmer on grid index `i` in direction `d`,
    /// each `None` when not legal (AR-5, AR-6); only the harvest unless `WANT_SOW`, only the sow
    /// unless `WANT_HARVEST`.
    #[inline(always)]
    fn moves_of<const WANT_HARVEST: bool, const WANT_SOW: bool>(
        &self,
        i: usize,
        d: Direction,
    ) -> [Option<Action>; 2] {
        let seat = self.to_act;
        let n = self.size as isize;
        let h = (self.cells[i] & HARVEST) as isize;
        let (file, rank) = ((i % STRIDE) as isize, (i / STRIDE) as isize);
        let (df, dr) = d.delta();
        // How far the board reaches in this direction.
        let reach_f = match df {
            1 => n - 1 - file,
            -1 => file,
            _ => isize::MAX,
        };
        let reach_r = match dr {
            1 => n - 1 - rank,
            -1 => rank,
            _ => isize::MAX,
        };
        let reach = reach_f.min(reach_r);
        if reach < h - 1 || h - 1 == 0 && reach < h || !WANT_HARVEST && h < 2 {
            return [None, None];
        }
        // One walk decides both: a sow needs squares 1..h-1 empty, a harvest needs 1..h-1 empty
        // or own and square h empty.
        let step = dr * STRIDE as isize + df;
        let (mut empty, mut passable) = (true, true);
        let mut j = i as isize;
        for _ in 1..h {
            j += step;
            let c = self.cells[j as usize];
            if c != 0 {
                empty = false;
                if !WANT_HARVEST {
                    break;
                }
                if !owned_by(c, seat) {
                    passable = false;
                    break;
                }
            }
        }
        let harvest =
            (WANT_HARVEST && passable && reach >= h && self.cells[(j + step) as usize] == 0).then(
                || Action::Harvest {
                    from: sq(i),
                    to: sq((j + step) as usize),
                },
            );
        let sow = (WANT_SOW && empty && h >= 2).then(|| Action::Sow {
            from: sq(i),
            to: sq(j as usize),
        });
        [harvest, sow]
    }

    /// How many movement slots the side to act has: one per farmer, direction and kind of
    /// action (harvest or sow), so 16 per farmer in the movement phase and none otherwise.
    /// Together with [`Position::movement_action`] this lets a playout pick a uniformly random
    /// harvest or sow by drawing slots, without listing every legal action.
    pub fn movement_slots(&self) -> usize {
        match self.phase {
            Phase::Movement { .. } => 16 * self.placed[self.to_act.index()] as usize,
            _ => 0,
        }
    }

    /// The action of a movement slot (`0..movement_slots()`), or `None` when it is not legal.
    /// Each legal harvest and sow has exactly one slot, and the slots in order give them in the
    /// order of [`Position::legal_actions_into`].
    pub fn movement_action(&self, slot: usize) -> Option<Action> {
        if slot >= self.movement_slots() {
            return None;
        }
        let farmer = self.farmer_at[self.to_act.index()][slot / 16] as usize;
        let d = Direction::ALL[slot % 16 / 2];
        if slot.is_multiple_of(2) {
            self.moves_of::<true, false>(farmer, d)[0]
        } else {
            self.moves_of::<false, true>(farmer, d)[1]
        }
    }

    /// Every legal action (empty once the game is over).
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut v = Vec::new();
        self.legal_actions_into(&mut v);
        v
    }

    /// The number of legal actions, without listing the opening's pairs.
    pub fn legal_count(&self) -> usize {
        match self.phase {
            Phase::Opening(_) => {
                let empty = (0..GRID)
                    .filter(|&i| self.on_board(i) && self.cells[i] == 0)
                    .count();
                if self.opening_placements() == Some(1) {
                    empty
                } else {
                    empty * (empty - 1) / 2
                }
            }
            _ => self.legal_actions().len(),
        }
    }
}
