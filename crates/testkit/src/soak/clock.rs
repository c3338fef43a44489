//! Deadlines during the play. The pairs that make no moves leave their games to the clock: now
//! and then the clock of such a game is moved in the database (on PostgreSQL), first past its
//! reminder points, then, once the reminder is queued, past its deadline, so that the processes'
//! sweeps remind and time out while processes are being killed. The check: each reminder queued
//! once and each game ended on time once, with one final report to each player, and no other game
//! ended on time.

use super::Rig;
use super::check::Figures;
use super::db::Db;
use super::players::{Pair, Table};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::fmt;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What a game's clock was moved past.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Past {
    /// Its reminder points (the deadline an hour away).
    Reminders,
    /// Its deadline.
    Deadline,
}

/// One clock moved.
#[derive(Debug, Clone)]
pub struct Moved {
    pub game: i64,
    pub past: Past,
    pub at: Instant,
    /// How long after the move it was first seen handled.
    pub handled_after: Option<Duration>,
}

/// The clocks moved so far.
#[derive(Default)]
pub struct Clocks {
    moved: Mutex<Vec<Moved>>,
}

impl Clocks {
    fn moved_in(&self, game: i64) -> Vec<Past> {
        self.moved
            .lock()
            .unwrap()
            .iter()
            .filter(|m| m.game == game)
            .map(|m| m.past)
            .collect()
    }

    fn note(&self, game: i64, past: Past) {
        self.moved.lock().unwrap().push(Moved {
            game,
            past,
            at: Instant::now(),
            handled_after: None,
        });
    }

    /// How many clocks moved are not handled yet; notes when each was first seen handled.
    pub async fn pending(&self, db: &Db) -> usize {
        let waiting: Vec<(usize, Moved)> = self
            .moved
            .lock()
            .unwrap()
            .iter()
            .cloned()
            .enumerate()
            .filter(|(_, m)| m.handled_after.is_none())
            .collect();
        let mut pending = 0;
        for (i, m) in waiting {
            if handled(db, &m).await {
                self.moved.lock().unwrap()[i].handled_after = Some(m.at.elapsed());
            } else {
                pending += 1;
            }
        }
        pending
    }
}

/// Whether the sweep has met a moved clock: the reminder queued, or the game ended.
async fn handled(db: &Db, m: &Moved) -> bool {
    let trace = db.clock_trace(m.game).await;
    match m.past {
        Past::Reminders => !trace.reminders.is_empty(),
        Past::Deadline => trace.status != "active",
    }
}

/// Every one to three seconds until the table winds down: the running game of each pair moves
/// its clock on, past its reminder points first, past its deadline once reminded.
pub async fn move_clocks(table: Arc<Table>, clocks: Arc<Clocks>, pairs: Vec<Arc<Pair>>, seed: u64) {
    let mut rng = SmallRng::seed_from_u64(seed ^ 0xc10c);
    loop {
        tokio::time::sleep(Duration::from_millis(rng.random_range(1_000..3_000))).await;
        if table.winding_down.load(Ordering::SeqCst) {
            return;
        }
        clocks.pending(&table.db).await;
        for pair in &pairs {
            let Ok(games) = table
                .db
                .games_between(&pair.a.identity(), &pair.b.identity())
                .await
            else {
                continue;
            };
            let Some(game) = games.last().filter(|g| g.status == "active") else {
                continue;
            };
            let db = &table.db;
            let moved = clocks.moved_in(game.id);
            if moved.is_empty() {
                if db.force_reminder(game.id, game.ply).await {
                    clocks.note(game.id, Past::Reminders);
                }
            } else if moved == [Past::Reminders]
                && !db.clock_trace(game.id).await.reminders.is_empty()
                && db.force_timeout(game.id, game.ply).await
            {
                clocks.note(game.id, Past::Deadline);
            }
        }
    }
}

/// What the clocks did.
#[derive(Debug, Default)]
pub struct DeadlineFigures {
    pub reminders: (usize, usize),
    pub timeouts: (usize, usize),
    /// From a clock moved to its handling: median and slowest.
    pub handled_after: (Duration, Duration),
}

impl fmt::Display for DeadlineFigures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "reminders {} moved, {} queued once; timeouts {} moved, {} ended once; \
             handled after median {:.1?}, slowest {:.1?}",
            self.reminders.0,
            self.reminders.1,
            self.timeouts.0,
            self.timeouts.1,
            self.handled_after.0,
            self.handled_after.1
        )
    }
}

/// Each clock moved was met exactly once; the clock doubled nothing anywhere.
pub async fn check(rig: &Rig, f: &mut Figures) {
    let db = &rig.table.db;
    let moved = rig.clocks.moved.lock().unwrap().clone();
    let mut figures = DeadlineFigures::default();
    for m in &moved {
        let trace = db.clock_trace(m.game).await;
        let replies = |what: &str| trace.replies.iter().filter(|r| r.contains(what)).count();
        let game = m.game;
        match m.past {
            Past::Reminders => {
                figures.reminders.0 += 1;
                let (queued, recorded) = (trace.reminders.len(), replies(": reminder"));
                if queued == 1 && recorded == 1 {
                    figures.reminders.1 += 1;
                } else {
                    f.problems.push(format!(
                        "game {game}: reminder points moved past; {queued} reminders queued \
                         ({:?}), {recorded} reminders recorded ({:?})",
                        trace.reminders, trace.replies
                    ));
                }
            }
            Past::Deadline => {
                figures.timeouts.0 += 1;
                let mut reports = trace.game_overs.clone();
                reports.sort();
                reports.dedup();
                let recorded = replies("deadline passed");
                let on_time =
                    trace.status == "finished" && trace.end_reason.as_deref() == Some("timeout");
                if on_time && recorded == 1 && trace.game_overs.len() == 2 && reports.len() == 2 {
                    figures.timeouts.1 += 1;
                } else {
                    f.problems.push(format!(
                        "game {game}: deadline moved past; now {} ({:?}), {recorded} timeouts \
                         recorded ({:?}), final reports to {:?}",
                        trace.status, trace.end_reason, trace.replies, trace.game_overs
                    ));
                }
            }
        }
    }
    for (game, kind, ply, address, count) in db.clock_notices_doubled().await {
        f.problems.push(format!(
            "game {game}: {kind} (ply {ply}) queued {count} times to {address}"
        ));
    }
    let deadlines: Vec<i64> = moved
        .iter()
        .filter(|m| m.past == Past::Deadline)
        .map(|m| m.game)
        .collect();
    for game in db.timed_out().await {
        if !deadlines.contains(&game) {
            f.problems.push(format!(
                "game {game}: ended on time, but its deadline was never moved"
            ));
        }
    }
    for pair in rig.pairs.iter().filter(|p| !p.moves) {
        let games = db
            .games_between(&pair.a.identity(), &pair.b.identity())
            .await
            .unwrap();
        if !games.iter().any(|g| deadlines.contains(&g.id)) {
            f.problems.push(format!(
                "{} and {}: no game of theirs reached its deadline",
                pair.a.name, pair.b.name
            ));
        }
    }
    let mut waits: Vec<Duration> = moved.iter().filter_map(|m| m.handled_after).collect();
    waits.sort();
    if let Some(slowest) = waits.last() {
        figures.handled_after = (waits[waits.len() / 2], *slowest);
    }
    f.deadlines = Some(figures);
}
