//! Swiss pairing: the next round of a Swiss tournament, paired by score.
//!
//! The rules, most important first:
//!
//! 1. Nobody meets someone they already met (any earlier game, cancelled or not), as long as some
//!    pairing of everyone allows it; when none does, repeats are allowed rather than failing.
//! 2. With an odd number of active entrants the bye goes to the lowest-ranked one who has not had
//!    one yet (if all have, the lowest-ranked of those with the fewest), passing over only those
//!    whose bye would leave the others impossible to pair without repeats.
//! 3. Nobody gets a colour difference (firsts − seconds) beyond ±2, nor the same colour three
//!    times in a row, as long as a pairing without repeats allows it.
//! 4. No game between players more score groups apart than needed: if everyone can be paired
//!    within their own group, all are; else within neighbouring groups; and so on.
//! 5. Dutch-style brackets: entrants ranked by score (then number), each score group — with the
//!    floaters that come down from above, paired first against its highest entrants — pairs its
//!    top half against its bottom half; an odd one out floats down to the next group.
//!    Within a bracket a partner whose colour preference fits comes before one whose does not.
//!
//! Rules 1, 3 and 4 make the allowed graph (who may meet whom): the strictest that still pairs
//! everyone. They are kept without a search that may blow up: the players are paired one at a
//! time in the order of rule 5, and a choice is taken only when the players still unpaired can
//! all be paired in the allowed graph. That is known at every step from a perfect matching of the
//! unpaired players, kept up to date with Edmonds' blossom algorithm: fixing one pair frees the
//! two partners it had, and one augmenting-path search says whether they can be matched again. So
//! no choice leads into a dead end, and a round of 200 costs a few hundred such searches. Last,
//! since one choice at a time can float more players than needed, games are re-paired two or
//! three at a time wherever that brings players nearer their own groups.
//!
//! Colours, for each game: an absolute need (rule 3) first; then the lower colour difference gets
//! first; then, going back through both histories to the last round where their colours
//! differed, the one who was second then; then, on board b of round r (both from 1), the
//! higher-ranked gets first when r + b is even (so round 1 alternates by board, board 1's top seed
//! first). Every game of `games` counts in the colour history, whatever became of it: in
//! correspondence it was begun with those colours.

use super::matching::Matcher;
use super::{Entrant, Pairing, Played, Round};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Colour {
    First,
    Second,
}

impl Colour {
    fn other(self) -> Colour {
        match self {
            Colour::First => Colour::Second,
            Colour::Second => Colour::First,
        }
    }
}

/// The colours an entrant had, in round order.
#[derive(Debug, Clone, Default)]
struct History(Vec<Colour>);

impl History {
    /// Firsts − seconds.
    fn difference(&self) -> i64 {
        self.0
            .iter()
            .map(|&c| if c == Colour::First { 1 } else { -1 })
            .sum()
    }

    /// The colour they must have, lest their difference pass ±2 or a colour come three times in
    /// a row.
    fn needs(&self) -> Option<Colour> {
        let difference = self.difference();
        if difference <= -2 {
            return Some(Colour::First);
        }
        if difference >= 2 {
            return Some(Colour::Second);
        }
        match self.0.as_slice() {
            [.., a, b] if a == b => Some(a.other()),
            _ => None,
        }
    }

    /// The colour they would rather have: the one their difference lacks, else the other than
    /// last time; none before their first game.
    fn prefers(&self) -> Option<Colour> {
        match self.difference() {
            d if d < 0 => Some(Colour::First),
            d if d > 0 => Some(Colour::Second),
            _ => self.0.last().map(|c| c.other()),
        }
    }
}

/// The next round of a Swiss tournament of entrants `0..n` (see the module documentation for the
/// rules; the same input always gives the same round). `games`: every game so far (all earlier
/// rounds); `byes`: entrants who already had a bye, once per bye; `active[e]`: whether entrant `e`
/// is still in (withdrawn ones, and any beyond `active`'s length, are neither paired nor given the
/// bye). The score that pairs is the
/// points of `games` (cancelled or unfinished games count 0) plus 2 half-points per bye.
/// Pairings are listed board by board, the best-ranked pair first.
pub fn swiss_round(n: usize, games: &[Played], byes: &[Entrant], active: &[bool]) -> Round {
    let mut in_order: Vec<&Played> = games
        .iter()
        .filter(|g| g.first < n && g.second < n && g.first != g.second)
        .collect();
    in_order.sort_by_key(|g| g.round);
    let round = in_order.last().map_or(1, |g| g.round + 1);

    let mut score = vec![0u32; n];
    let mut byes_had = vec![0u32; n];
    for &b in byes.iter().filter(|&&b| b < n) {
        score[b] += 2;
        byes_had[b] += 1;
    }
    let mut met = vec![false; n * n];
    let mut history = vec![History::default(); n];
    for g in &in_order {
        met[g.first * n + g.second] = true;
        met[g.second * n + g.first] = true;
        history[g.first].0.push(Colour::First);
        history[g.second].0.push(Colour::Second);
        for e in [g.first, g.second] {
            score[e] += g.scored(e).unwrap_or(0);
        }
    }

    let mut ranked: Vec<Entrant> = (0..n).filter(|&e| active.get(e) == Some(&true)).collect();
    ranked.sort_by(|&a, &b| score[b].cmp(&score[a]).then(a.cmp(&b)));

    let new_pair = |a: Entrant, b: Entrant| !met[a * n + b];
    let bye = (ranked.len() % 2 == 1).then(|| choose_bye(n, &ranked, &byes_had, &new_pair));
    let pool: Vec<Entrant> = ranked.iter().copied().filter(|&e| Some(e) != bye).collect();

    // Score groups of those to pair, 0 the highest: how far apart two are.
    let mut group = vec![0usize; n];
    for w in pool.windows(2) {
        group[w[1]] = group[w[0]] + usize::from(score[w[1]] != score[w[0]]);
    }
    // The strictest graph that still pairs everyone: new pairs that no colour need forbids, then
    // new pairs, then anyone; each narrowed to pairs as few score groups apart as will do.
    let needs: Vec<Option<Colour>> = history.iter().map(History::needs).collect();
    let colours_fit = |a: Entrant, b: Entrant| needs[a].is_none() || needs[a] != needs[b];
    let mut matcher = closest(n, &pool, &group, |a, b| new_pair(a, b) && colours_fit(a, b))
        .or_else(|| closest(n, &pool, &group, new_pair))
        .or_else(|| closest(n, &pool, &group, |_, _| true))
        .expect("an even number of players can always be paired when anyone may meet anyone");

    let prefers: Vec<Option<Colour>> = history.iter().map(History::prefers).collect();
    let mut pairs = pair_brackets(&pool, &score, &prefers, &mut matcher);
    bring_closer(&mut pairs, &group, &matcher);

    let mut rank = vec![usize::MAX; n];
    for (i, &e) in ranked.iter().enumerate() {
        rank[e] = i;
    }
    let mut boards: Vec<(Entrant, Entrant)> = pairs
        .into_iter()
        .map(|(a, b)| if rank[a] < rank[b] { (a, b) } else { (b, a) })
        .collect();
    boards.sort_by_key(|&(higher, _)| rank[higher]);
    let pairings = boards
        .into_iter()
        .enumerate()
        .map(|(i, (higher, lower))| {
            let board = i as u32 + 1;
            if higher_moves_first(&history[higher], &history[lower], round, board) {
                Pairing {
                    first: higher,
                    second: lower,
                }
            } else {
                Pairing {
                    first: lower,
                    second: higher,
                }
            }
        })
        .collect();
    Round { pairings, bye }
}

/// Who has the bye, among an odd number of `ranked` entrants: the lowest-ranked of those with
/// the fewest byes, passing over any whose bye would leave the rest unpairable without repeats.
fn choose_bye(
    n: usize,
    ranked: &[Entrant],
    byes_had: &[u32],
    new_pair: &impl Fn(Entrant, Entrant) -> bool,
) -> Entrant {
    let mut candidates: Vec<(usize, Entrant)> = ranked.iter().copied().enumerate().collect();
    candidates.sort_by(|&(ra, a), &(rb, b)| byes_had[a].cmp(&byes_had[b]).then(rb.cmp(&ra)));
    let mut matcher = Matcher::new(n, ranked, new_pair);
    // A matching leaving out a single entrant: whoever it leaves out could have the bye, so the
    // search below finds someone; leaving out more, no bye avoids repeats.
    if matcher.exposed() == 1 {
        for &(_, c) in &candidates {
            if matcher.try_leave_out(c) {
                return c;
            }
        }
    }
    candidates[0].1
}

/// A perfect matching of `players` in the graph `may_meet` narrowed to pairs at most D score
/// groups apart, D the least that leaves one; none when even the whole graph has none.
fn closest(
    n: usize,
    players: &[Entrant],
    group: &[usize],
    may_meet: impl Fn(Entrant, Entrant) -> bool,
) -> Option<Matcher> {
    let whole = Matcher::new(n, players, &may_meet);
    if !whole.perfect() {
        return None;
    }
    let groups = players.last().map_or(0, |&e| group[e]);
    for reach in 0..groups {
        let narrowed = Matcher::new(n, players, |a, b| {
            group[a].abs_diff(group[b]) <= reach && may_meet(a, b)
        });
        if narrowed.perfect() {
            return Some(narrowed);
        }
    }
    Some(whole)
}

/// Pairs `pool` (ranked, even in number) bracket by bracket (rule 5), each choice kept only when
/// the `matcher` says the rest can still all be paired. Returns the pairs in the order made.
fn pair_brackets(
    pool: &[Entrant],
    score: &[u32],
    prefers: &[Option<Colour>],
    matcher: &mut Matcher,
) -> Vec<(Entrant, Entrant)> {
    let mut unpaired = vec![false; score.len()];
    for &e in pool {
        unpaired[e] = true;
    }
    let mut pairs = Vec::with_capacity(pool.len() / 2);
    // Partners in the order given, those whose preferred colour differs (or who have none) first.
    let fitting_first = |p: Entrant, partners: &mut Vec<Entrant>| {
        let clash = |q: &Entrant| prefers[p].is_some() && prefers[p] == prefers[*q];
        partners.sort_by_key(clash);
    };
    let mut take = |p: Entrant,
                    partners: &[Entrant],
                    unpaired: &mut [bool],
                    pairs: &mut Vec<(Entrant, Entrant)>| {
        for &q in partners {
            if unpaired[q] && q != p && matcher.try_fix(p, q) {
                unpaired[p] = false;
                unpaired[q] = false;
                pairs.push((p, q));
                return;
            }
        }
    };

    let mut floaters: Vec<Entrant> = Vec::new();
    for group in pool.chunk_by(|&a, &b| score[a] == score[b]) {
        let residents: Vec<Entrant> = group.iter().copied().filter(|&e| unpaired[e]).collect();
        // Those who floated down meet this group's best first.
        for &f in &floaters {
            let mut partners: Vec<Entrant> =
                residents.iter().copied().filter(|&e| unpaired[e]).collect();
            fitting_first(f, &mut partners);
            take(f, &partners, &mut unpaired, &mut pairs);
        }
        // The rest of the bracket: top half against bottom half, in order, each trying the
        // bottom half (best fitting colours first), then the top half from its lowest (an
        // exchange); whoever is left floats down.
        let bracket: Vec<Entrant> = floaters
            .iter()
            .chain(&residents)
            .copied()
            .filter(|&e| unpaired[e])
            .collect();
        let (top, bottom) = bracket.split_at(bracket.len() / 2);
        for (i, &p) in top.iter().enumerate() {
            if !unpaired[p] {
                continue;
            }
            let mut partners: Vec<Entrant> =
                bottom.iter().copied().filter(|&e| unpaired[e]).collect();
            fitting_first(p, &mut partners);
            partners.extend(top[i + 1..].iter().rev().copied());
            take(p, &partners, &mut unpaired, &mut pairs);
        }
        floaters = bracket.into_iter().filter(|&e| unpaired[e]).collect();
    }
    // Whoever floated past the last group: best first, nearest in rank first. The matching pairs
    // them all, so each finds someone.
    while let Some(&p) = pool.iter().find(|&&e| unpaired[e]) {
        let partners: Vec<Entrant> = pool.iter().copied().filter(|&e| unpaired[e]).collect();
        let before = pairs.len();
        take(p, &partners, &mut unpaired, &mut pairs);
        if pairs.len() == before {
            // Cannot happen while the matching is perfect; should it, pair in rank order rather
            // than leave anyone out. (An even number are left: `partners[1]` is someone.)
            let q = partners[1];
            unpaired[p] = false;
            unpaired[q] = false;
            pairs.push((p, q));
        }
    }
    pairs
}

/// Re-pairs the players of two or three games whenever that brings them nearer their own score
/// groups (fewer or shorter floats, counted as the sum of the squared group distances) with every
/// new pair in the matcher's graph, until no such change helps. Pairing bracket by bracket, one
/// choice at a time, can float more players than needed; this mends the usual cases. Only a set
/// with a game across groups can gain: every exchange tried has one, and every three-game one
/// two, so the work follows the few floats rather than the whole field; and the passes are
/// capped.
fn bring_closer(pairs: &mut [(Entrant, Entrant)], group: &[usize], matcher: &Matcher) {
    let cost = |(a, b): (Entrant, Entrant)| group[a].abs_diff(group[b]).pow(2);
    let allowed = |(a, b): (Entrant, Entrant)| matcher.may_meet(a, b);
    // The 15 ways to pair six players, by index.
    let mut ways: Vec<[(usize, usize); 3]> = Vec::with_capacity(15);
    for x in 1..6 {
        let rest: Vec<usize> = (1..6).filter(|&i| i != x).collect();
        for y in 1..4 {
            let others: Vec<usize> = rest[1..]
                .iter()
                .copied()
                .filter(|&i| i != rest[y])
                .collect();
            ways.push([(0, x), (rest[0], rest[y]), (others[0], others[1])]);
        }
    }
    let count = pairs.len();
    for _ in 0..PASSES {
        let mut better = false;
        for i in 0..count {
            if cost(pairs[i]) == 0 {
                continue;
            }
            for j in (0..count).filter(|&j| j != i) {
                // Two games: the ways that keep the players' indices 4 and 5 together.
                let four = [pairs[i].0, pairs[i].1, pairs[j].0, pairs[j].1];
                let now = cost(pairs[i]) + cost(pairs[j]);
                let swap = [[(0, 2), (1, 3)], [(0, 3), (1, 2)]]
                    .into_iter()
                    .map(|w| w.map(|(x, y)| (four[x], four[y])))
                    .filter(|w| w.iter().all(|&p| allowed(p)))
                    .min_by_key(|w| w.iter().map(|&p| cost(p)).sum::<usize>());
                if let Some(w) = swap
                    && w.iter().map(|&p| cost(p)).sum::<usize>() < now
                {
                    (pairs[i], pairs[j]) = (w[0], w[1]);
                    better = true;
                    continue;
                }
                if j < i || cost(pairs[j]) == 0 {
                    continue;
                }
                for k in (0..count).filter(|&k| k != i && k != j) {
                    let six = [
                        pairs[i].0, pairs[i].1, pairs[j].0, pairs[j].1, pairs[k].0, pairs[k].1,
                    ];
                    let now = cost(pairs[i]) + cost(pairs[j]) + cost(pairs[k]);
                    let best = ways
                        .iter()
                        .map(|w| w.map(|(x, y)| (six[x], six[y])))
                        .filter(|w| w.iter().all(|&p| allowed(p)))
                        .min_by_key(|w| w.iter().map(|&p| cost(p)).sum::<usize>());
                    if let Some(w) = best
                        && w.iter().map(|&p| cost(p)).sum::<usize>() < now
                    {
                        (pairs[i], pairs[j], pairs[k]) = (w[0], w[1], w[2]);
                        better = true;
                    }
                }
            }
        }
        if !better {
            return;
        }
    }
}

/// At most this many passes of [`bring_closer`]: each finds most of what there is to find.
const PASSES: usize = 4;

/// Whether the higher-ranked of a pair moves first on `board` of `round` (see the module
/// documentation).
fn higher_moves_first(higher: &History, lower: &History, round: u32, board: u32) -> bool {
    let (need_higher, need_lower) = (higher.needs(), lower.needs());
    if need_higher != need_lower {
        if let Some(c) = need_higher {
            return c == Colour::First;
        }
        if let Some(c) = need_lower {
            return c == Colour::Second;
        }
    }
    let (dh, dl) = (higher.difference(), lower.difference());
    if dh != dl {
        return dh < dl;
    }
    for (h, l) in higher.0.iter().rev().zip(lower.0.iter().rev()) {
        if h != l {
            return *h == Colour::Second;
        }
    }
    (round + board).is_multiple_of(2)
}

#[cfg(test)]
#[path = "swiss_tests.rs"]
mod tests;
