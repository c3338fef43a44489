//! The computer opponent's turns. The computer is a player like any other: its action is chosen
//! by `agora-ai` off the async threads and then sent as a typed move through the path of every
//! command ([`Service::handle_command`]'s), with a ply guard and a delivery id, so it is stored,
//! de-duplicated and notified like a person's.
//!
//! A search keeps a CPU busy for up to `computer_think`, so a process runs at most
//! `max_searches` at once ([`Searches`]); a turn beyond them waits for a free slot, in the order
//! the turns came, and is then played as usual. Waiting changes nothing in the database: the
//! turn is played by the task that waits, whose caller (the person's command, the sweep) waits
//! for it too.

use crate::commands::Command;
use crate::{Inbound, Service, ServiceError, Status};
use agora_store::GameStatus;
use chrono::{DateTime, Utc};
use rand::Rng;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// The slots for the computer's searches in one process, and what they counted.
pub(crate) struct Searches {
    /// One permit per search that may run; tokio's semaphore hands them out first come, first
    /// served.
    slots: Arc<Semaphore>,
    counts: Arc<Counts>,
}

#[derive(Default)]
struct Counts {
    running: AtomicUsize,
    waiting: AtomicUsize,
    most_at_once: AtomicUsize,
    searches: AtomicU64,
    waited: AtomicU64,
}

/// What the computer's searches did since the service started.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Searches begun.
    pub searches: u64,
    /// Searches that found every slot taken and waited for one.
    pub waited: u64,
    /// The most searches that ran at the same time.
    pub most_at_once: usize,
    /// Searches running now.
    pub running: usize,
    /// Turns waiting for a slot now.
    pub waiting: usize,
}

/// A slot held by one search, freed when dropped: it goes with the search onto its thread, so
/// a search whose caller stopped waiting still holds its slot until it ends.
struct Slot {
    counts: Arc<Counts>,
    _permit: OwnedSemaphorePermit,
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.counts.running.fetch_sub(1, Ordering::AcqRel);
    }
}

impl Searches {
    /// Slots for `max` searches at once (at least one).
    pub(crate) fn new(max: usize) -> Searches {
        Searches {
            slots: Arc::new(Semaphore::new(max.max(1))),
            counts: Arc::default(),
        }
    }

    /// A slot for one search: at once if one is free, else once the searches ahead have ended.
    async fn slot(&self) -> Slot {
        let counts = &self.counts;
        let permit = match self.slots.clone().try_acquire_owned() {
            Ok(permit) => permit,
            Err(_) => {
                counts.waited.fetch_add(1, Ordering::Relaxed);
                counts.waiting.fetch_add(1, Ordering::AcqRel);
                // Counted down however the wait ends, a caller that stopped waiting included.
                let _waiting = Countdown(&counts.waiting);
                self.slots
                    .clone()
                    .acquire_owned()
                    .await
                    .expect("the searches' semaphore is never closed")
            }
        };
        counts.searches.fetch_add(1, Ordering::Relaxed);
        let running = counts.running.fetch_add(1, Ordering::AcqRel) + 1;
        counts.most_at_once.fetch_max(running, Ordering::AcqRel);
        Slot {
            counts: counts.clone(),
            _permit: permit,
        }
    }

    fn stats(&self) -> SearchStats {
        let c = &self.counts;
        SearchStats {
            searches: c.searches.load(Ordering::Relaxed),
            waited: c.waited.load(Ordering::Relaxed),
            most_at_once: c.most_at_once.load(Ordering::Acquire),
            running: c.running.load(Ordering::Acquire),
            waiting: c.waiting.load(Ordering::Acquire),
        }
    }
}

/// A game whose computer turns a task of this process is playing; left when dropped.
struct InFlight<'a> {
    games: &'a std::sync::Mutex<std::collections::HashSet<i64>>,
    game: i64,
}

impl<'a> InFlight<'a> {
    fn enter(
        games: &'a std::sync::Mutex<std::collections::HashSet<i64>>,
        game: i64,
    ) -> Option<Self> {
        games
            .lock()
            .expect("turns lock")
            .insert(game)
            .then_some(InFlight { games, game })
    }
}

impl Drop for InFlight<'_> {
    fn drop(&mut self) {
        self.games.lock().expect("turns lock").remove(&self.game);
    }
}

/// How long a game may wait for the computer before the sweep takes its turn up again: far
/// longer than a search and its wait for a slot take, so only a turn whose process stopped
/// before the computer moved (killed, crashed, restarted) is taken up.
pub(crate) const COMPUTER_TURN_LOST_AFTER: chrono::Duration = chrono::Duration::minutes(2);

impl Service {
    /// Plays the computer's turns that a process began and never finished: the games that have
    /// waited for the computer longer than [`COMPUTER_TURN_LOST_AFTER`] (a turn lives only in the
    /// task that plays it, so a process stopped between a player's move and the computer's
    /// answer leaves the game waiting). Their moves go through the command path with the same
    /// delivery ids, so a turn another process is still playing is made once. Returns the games
    /// taken up.
    pub async fn resume_computer_turns(&self, now: DateTime<Utc>) -> Result<usize, ServiceError> {
        let games = {
            let mut tx = self.store.read().await?;
            tx.games_waiting_for_computer(now - COMPUTER_TURN_LOST_AFTER, 16)
                .await?
        };
        let mut turns = tokio::task::JoinSet::new();
        for game in &games {
            tracing::warn!(game, "taking up a computer turn that was never made");
            let (service, game) = (self.clone(), *game);
            turns.spawn(async move { (game, service.computer_turns(game, now).await) });
        }
        while let Some(done) = turns.join_next().await {
            if let Ok((game, Err(e))) = done {
                tracing::error!(game, error = %e, "the computer's turn failed");
            }
        }
        Ok(games.len())
    }
}

/// Takes one off a count when dropped.
struct Countdown<'a>(&'a AtomicUsize);

impl Drop for Countdown<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

impl Service {
    /// What the computer's searches did since the service started, and how many run and wait
    /// now.
    pub fn search_stats(&self) -> SearchStats {
        self.searches.stats()
    }

    /// Plays the computer's turns in `game` while it is the one to act; returns the
    /// notifications they queued.
    pub(crate) async fn computer_turns(
        &self,
        game: i64,
        now: DateTime<Utc>,
    ) -> Result<Vec<agora_store::Queued>, ServiceError> {
        let mut notices = Vec::new();
        // One task of this process at a time plays a game's computer turns: a turn taken up
        // again by the sweep never searches beside the one already under way.
        let Some(_turn) = InFlight::enter(&self.turns_in_flight, game) else {
            return Ok(notices);
        };
        // Two turns in a row cannot both be the computer's; the bound only guards against a loop.
        for _ in 0..4 {
            // The slot is taken before the game is read, so a turn that waited searches the
            // game as it is once its turn comes (a game ended meanwhile costs no search).
            let slot = self.searches.slot().await;
            let (position, ply, level, from) = {
                let mut tx = self.store.write().await?;
                let Some(g) = tx.game(game).await? else {
                    return Ok(notices);
                };
                if g.status != GameStatus::Active {
                    return Ok(notices);
                }
                let l = self.load(&mut tx, g, None).await?;
                let Some(player) = &l.players[l.to_act().index()] else {
                    return Ok(notices);
                };
                let Some(level) = player.computer.clone() else {
                    return Ok(notices);
                };
                let Some(identity) = tx.identities_of(player.id).await?.into_iter().next() else {
                    return Ok(notices);
                };
                (l.position, l.game.ply, level, identity.address)
            };
            let level: agora_ai::Level = level.parse().unwrap_or(agora_ai::Level::Normal);
            let seed = self.rng.lock().expect("rng lock").random::<u64>();
            let think = self.settings.computer_think;
            let chosen = {
                let position = position.clone();
                tokio::task::spawn_blocking(move || {
                    let _slot = slot;
                    agora_ai::choose_action(&position, level, think, seed)
                })
                .await
                .map_err(|e| ServiceError::Corrupt(format!("computer opponent: {e}")))?
            };
            let Some(action) = chosen else {
                return Ok(notices);
            };
            let inbound = Inbound {
                delivery: Some(format!("computer:{game}:{ply}")),
                game: Some(game),
                ..Inbound::new(from)
            };
            let command = Command::Move {
                game: Some(game),
                ply: Some(ply),
                action: position.notation(action),
            };
            let (answer, again) = self.execute(&inbound, Ok(command), now).await?;
            notices.extend(answer.notices);
            if answer.status != Status::Done {
                tracing::warn!(game, ply, reply = %answer.text, "computer action not applied");
                return Ok(notices);
            }
            if !again.computer {
                return Ok(notices);
            }
        }
        Ok(notices)
    }
}
