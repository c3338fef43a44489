//! One replay of a stored game: its actions played from the variant's start into positions, the
//! one loader that reads a game with its players and actions into a [`Loaded`], and a bounded
//! cache of replayed positions so a command does not replay a whole game again.
//!
//! Every caller that needs a position (commands, the scheduler, the computer, the read-only
//! queries) goes through [`Service::load`] or [`Service::replay`]. Nothing here renders or writes.

use crate::views::ViewCache;
use crate::{Service, ServiceError};
use agora_rules::{AnyAction, AnyPosition, Seat, Variant};
use agora_store::{Game, PlayedAction, Player, Tx};
use chrono::{DateTime, Utc};
use std::collections::BTreeMap;
use std::sync::Mutex;

/// A game replayed from its actions: the position (with the history the Agon repetition rule
/// needs) and the last action with the position it was played from.
#[derive(Debug, Clone)]
pub struct Loaded {
    pub game: Game,
    pub names: [String; 2],
    pub actions: Vec<PlayedAction>,
    pub position: AnyPosition,
    pub last: Option<(AnyPosition, AnyAction)>,
    /// When each seat's player comes back from a vacation under way.
    pub away: [Option<DateTime<Utc>>; 2],
    /// The players of the seats as read with the game.
    pub players: [Option<Player>; 2],
    /// The board and score texts of the last view, reused by the next view of the same state
    /// (a command renders the game for both players).
    pub(crate) cache: ViewCache,
}

impl Loaded {
    /// The seat to act (see [`crate::clock::seat_to_act`], the one whose-turn rule).
    pub fn to_act(&self) -> Seat {
        crate::clock::seat_to_act(&self.game)
    }
}

/// A position reached by replaying, with the last action and the position it was played from.
#[derive(Debug, Clone)]
pub(crate) struct Replayed {
    pub position: AnyPosition,
    pub last: Option<(AnyPosition, AnyAction)>,
}

impl Replayed {
    fn start(variant: Variant) -> Replayed {
        Replayed {
            position: variant.start(),
            last: None,
        }
    }
}

/// Replayed positions are kept every this many plies, so an earlier ply (a front end browsing a
/// game's history) is reached by replaying at most this many actions.
const CHECKPOINT: usize = 32;

/// How many replayed positions the cache holds by default: a few hundred games' current
/// positions and checkpoints, a few megabytes at most.
pub(crate) const DEFAULT_CAPACITY: usize = 512;

/// Replayed positions by (game, ply). An entry keeps the notations it was replayed from and is
/// used only while they are still the game's first actions, so a takeback followed by another
/// action never meets a stale position: the check costs a comparison of strings, the replay it
/// saves a parse and a play per action.
pub(crate) struct ReplayCache(Mutex<CacheInner>);

struct CacheInner {
    capacity: usize,
    /// Counts lookups, to find the least recently used entry.
    tick: u64,
    entries: BTreeMap<(i64, usize), Entry>,
}

struct Entry {
    variant: Variant,
    notations: Vec<String>,
    replayed: Replayed,
    used: u64,
    /// Kept as the game's current position (not a checkpoint, nor an earlier ply looked at).
    tip: bool,
}

impl Entry {
    fn fits(&self, variant: Variant, actions: &[PlayedAction]) -> bool {
        self.variant == variant
            && self.notations.len() <= actions.len()
            && self
                .notations
                .iter()
                .zip(actions)
                .all(|(n, a)| *n == a.notation)
    }
}

impl ReplayCache {
    pub(crate) fn new(capacity: usize) -> ReplayCache {
        ReplayCache(Mutex::new(CacheInner {
            capacity,
            tick: 0,
            entries: BTreeMap::new(),
        }))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, CacheInner> {
        self.0.lock().expect("replay cache lock")
    }

    /// The cached position at the latest ply not after `ply` that `actions` still lead to, if
    /// any. Entries found not to fit (a takeback changed the game) are dropped on the way.
    fn best(&self, game: &Game, actions: &[PlayedAction], ply: usize) -> Option<(usize, Replayed)> {
        let mut inner = self.lock();
        inner.tick += 1;
        let tick = inner.tick;
        let mut stale = Vec::new();
        let mut found = None;
        for (&key, entry) in inner.entries.range_mut((game.id, 0)..=(game.id, ply)).rev() {
            if entry.fits(game.variant, &actions[..key.1]) {
                entry.used = tick;
                found = Some((key.1, entry.replayed.clone()));
                break;
            }
            stale.push(key);
        }
        for key in stale {
            inner.entries.remove(&key);
        }
        found
    }

    /// Keeps the position at `ply`. A game's current position (`ply` is all of `actions`) is a
    /// tip: keeping one drops the game's tips before the one before it, so a game that moves on
    /// does not fill the cache, while a takeback still finds the position it goes back to.
    fn keep(&self, game: &Game, actions: &[PlayedAction], ply: usize, replayed: &Replayed) {
        let mut inner = self.lock();
        if inner.capacity == 0 {
            return;
        }
        let tip = ply == actions.len();
        if tip && ply > 1 {
            let old: Vec<_> = inner
                .entries
                .range((game.id, 0)..(game.id, ply - 1))
                .filter(|(key, e)| e.tip && key.1 % CHECKPOINT != 0)
                .map(|(&key, _)| key)
                .collect();
            for key in old {
                inner.entries.remove(&key);
            }
        }
        inner.tick += 1;
        let entry = Entry {
            variant: game.variant,
            notations: actions[..ply].iter().map(|a| a.notation.clone()).collect(),
            replayed: replayed.clone(),
            used: inner.tick,
            tip,
        };
        inner.entries.insert((game.id, ply), entry);
        while inner.entries.len() > inner.capacity {
            let oldest = inner
                .entries
                .iter()
                .min_by_key(|(_, e)| e.used)
                .map(|(&key, _)| key);
            match oldest {
                Some(key) => inner.entries.remove(&key),
                None => break,
            };
        }
    }

    fn set_capacity(&self, capacity: usize) {
        let mut inner = self.lock();
        inner.capacity = capacity;
        inner.entries.clear();
    }
}

/// Plays `actions` on from `from` (the position after `from.0` actions), stopping at each ply of
/// `targets` (ascending, none before `from.0`) and at each checkpoint. An action the rules refuse
/// means the database was changed by hand: [`ServiceError::Corrupt`], with the ply.
fn walk(
    game: &Game,
    actions: &[PlayedAction],
    from: (usize, Replayed),
    targets: &[usize],
) -> Result<Vec<(usize, Replayed)>, ServiceError> {
    let (mut at, mut r) = from;
    let mut stops = Vec::new();
    for &target in targets {
        while at < target {
            let a = &actions[at];
            let action = r.position.parse_action(&a.notation).map_err(|e| {
                ServiceError::Corrupt(format!(
                    "game {} ply {}: `{}`: {e}",
                    game.id, a.ply, a.notation
                ))
            })?;
            at += 1;
            // The position before the action is kept only where a stop needs it: cloning an
            // Agon position copies its history.
            let stop = at == target || at % CHECKPOINT == 0;
            let before = stop.then(|| r.position.clone());
            r.position.play_unchecked(action);
            r.last = before.map(|b| (b, action));
            if stop && at != target {
                stops.push((at, r.clone()));
            }
        }
        stops.push((at, r.clone()));
    }
    Ok(stops)
}

/// The position after `ply` actions, replayed from the start without the cache: for a caller
/// that holds a game but no service.
pub(crate) fn replay_uncached(
    game: &Game,
    actions: &[PlayedAction],
    ply: usize,
) -> Result<Replayed, ServiceError> {
    let from = (0, Replayed::start(game.variant));
    let mut stops = walk(game, &actions[..ply], from, &[ply])?;
    Ok(stops.pop().expect("the walk stops at its target").1)
}

impl Service {
    /// THE replay of a game: the positions after each of `plies` actions (each at most
    /// `actions.len()`), in one walk from the nearest cached position, the ones reached kept in
    /// the cache.
    pub(crate) fn replay(
        &self,
        game: &Game,
        actions: &[PlayedAction],
        plies: &[usize],
    ) -> Result<Vec<Replayed>, ServiceError> {
        let mut found: Vec<Option<Replayed>> = vec![None; plies.len()];
        // The plies not cached, and where the walk to the first of them starts.
        let mut misses: Vec<usize> = Vec::new();
        let mut from: Option<(usize, Replayed)> = None;
        let mut order: Vec<usize> = (0..plies.len()).collect();
        order.sort_by_key(|&i| plies[i]);
        for i in order {
            let ply = plies[i];
            match self.replays.best(game, actions, ply) {
                Some((at, r)) if at == ply => found[i] = Some(r),
                best => {
                    if misses.is_empty() {
                        from = best;
                    }
                    misses.push(ply);
                }
            }
        }
        misses.dedup();
        if !misses.is_empty() {
            let from = from.unwrap_or_else(|| (0, Replayed::start(game.variant)));
            for (ply, r) in walk(game, actions, from, &misses)? {
                self.replays.keep(game, actions, ply, &r);
                for (i, &wanted) in plies.iter().enumerate() {
                    if wanted == ply && found[i].is_none() {
                        found[i] = Some(r.clone());
                    }
                }
            }
        }
        Ok(found
            .into_iter()
            .map(|r| r.expect("every ply asked for is replayed"))
            .collect())
    }

    /// Sets how many replayed positions the cache holds (0 turns it off) and empties it.
    pub fn set_replay_cache(&self, capacity: usize) {
        self.replays.set_capacity(capacity);
    }

    /// THE loader: a game with its players, their names, their vacations as of `now` (none when
    /// `None`: a look that shows no vacation) and its actions, replayed.
    pub(crate) async fn load(
        &self,
        tx: &mut Tx,
        game: Game,
        now: Option<DateTime<Utc>>,
    ) -> Result<Loaded, ServiceError> {
        Ok(self.load_showing(tx, game, now, None).await?.0)
    }

    /// [`Service::load`], and also the position after `shown` actions, in the same replay
    /// (`None` when that is the current position).
    pub(crate) async fn load_showing(
        &self,
        tx: &mut Tx,
        game: Game,
        now: Option<DateTime<Utc>>,
        shown: Option<usize>,
    ) -> Result<(Loaded, Option<Replayed>), ServiceError> {
        let players = tx.seat_players(game.seats).await?;
        if players.iter().flatten().any(|p| p.computer.is_some()) {
            self.computer_games
                .lock()
                .expect("computer games lock")
                .insert(game.id);
        }
        let names = Seat::BOTH.map(|s| {
            players[s.index()]
                .as_ref()
                .map_or_else(|| "?".to_owned(), |p| p.name.clone())
        });
        let away = Seat::BOTH.map(|s| {
            let player = players[s.index()].as_ref();
            now.and_then(|now| player?.away(now).map(|v| v.until))
        });
        let actions = tx.actions(game.id).await?;
        let current = actions.len();
        let shown = shown.map(|p| p.min(current));
        let mut replayed = match shown {
            Some(p) if p != current => self.replay(&game, &actions, &[current, p])?,
            _ => self.replay(&game, &actions, &[current])?,
        };
        let shown = match shown {
            Some(p) if p != current => replayed.pop(),
            _ => None,
        };
        let Replayed { position, last } = replayed.swap_remove(0);
        let loaded = Loaded {
            game,
            names,
            actions,
            position,
            last,
            away,
            players,
            cache: ViewCache::default(),
        };
        Ok((loaded, shown))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn played(notations: &[&str]) -> Vec<PlayedAction> {
        notations
            .iter()
            .enumerate()
            .map(|(i, n)| PlayedAction {
                ply: i as u32 + 1,
                seat: if i % 2 == 0 {
                    Seat::First
                } else {
                    Seat::Second
                },
                notation: (*n).to_owned(),
                played_at: DateTime::UNIX_EPOCH,
                delivery_id: None,
                spent_ms: None,
            })
            .collect()
    }

    /// A cached position is used only while the game's actions still lead to it: after a
    /// takeback and another action the same ply holds another position.
    #[test]
    fn a_cached_position_never_outlives_its_actions() {
        let cache = ReplayCache::new(8);
        let game = Game {
            id: 1,
            variant: Variant::Agros {
                board: 8,
                farmers: 3,
            },
            ..test_game()
        };
        let mut position = game.variant.start();
        let first = position.legal_actions()[0];
        let a = position.notation(first);
        position.play_unchecked(first);
        let before = played(&[&a]);
        let r = Replayed {
            position: position.clone(),
            last: None,
        };
        cache.keep(&game, &before, 1, &r);
        assert!(cache.best(&game, &before, 1).is_some_and(|(p, _)| p == 1));
        let start = game.variant.start();
        let other = start.notation(start.legal_actions()[1]);
        let after = played(&[&other]);
        assert!(
            cache.best(&game, &after, 1).is_none(),
            "a stale entry is not served"
        );
        assert!(cache.best(&game, &before, 1).is_none(), "and it is dropped");
    }

    /// A game that moves on keeps its last two positions and its checkpoints, no more.
    #[test]
    fn a_game_keeps_its_last_two_positions() {
        let cache = ReplayCache::new(64);
        let game = Game {
            variant: Variant::Agros {
                board: 8,
                farmers: 3,
            },
            ..test_game()
        };
        let mut position = game.variant.start();
        let mut notations = Vec::new();
        for _ in 0..5 {
            let action = position.legal_actions()[0];
            notations.push(position.notation(action));
            position.play_unchecked(action);
            let refs: Vec<&str> = notations.iter().map(String::as_str).collect();
            let r = Replayed {
                position: position.clone(),
                last: None,
            };
            cache.keep(&game, &played(&refs), notations.len(), &r);
        }
        let kept: Vec<usize> = cache.lock().entries.keys().map(|k| k.1).collect();
        assert_eq!(kept, [4, 5]);
        let refs: Vec<&str> = notations[..4].iter().map(String::as_str).collect();
        assert!(
            cache
                .best(&game, &played(&refs), 4)
                .is_some_and(|(p, _)| p == 4)
        );
    }

    fn test_game() -> Game {
        Game {
            id: 0,
            variant: Variant::Agon,
            seats: [1, 2],
            challenger: 1,
            status: agora_store::GameStatus::Active,
            position: String::new(),
            ply: 0,
            version: 0,
            ending: None,
            time_control: agora_store::TimeControl::PerMove { days: 3 },
            timeout: agora_store::TimeoutPolicy::Loss,
            bank: [0, 0],
            turn_started_at: None,
            deadline_at: None,
            reminded_at: None,
            reminder_stage: 0,
            due_at: None,
            draw_offer: None,
            undo_request: None,
            created_at: DateTime::UNIX_EPOCH,
            updated_at: DateTime::UNIX_EPOCH,
            started_at: None,
            finished_at: None,
        }
    }
}
