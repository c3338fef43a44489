//! The scheduler and what it drives: reminders, timeouts, expired challenges and daily digests,
//! found by sweeping the indexed due times of games and players (nothing is held in memory, so a
//! restart loses nothing), and each pushed through the same command path as a player's command: one write
//! transaction, a delivery id that makes a repeat a no-op, notifications in the outbox. Also the
//! player commands that move clocks: `vacation` and `settings digest`.
//!
//! A move by mail counts when it reached the mailbox, so while the mail front end runs, the
//! timeout of a player to act who has a mail address waits until the mailbox has been read past
//! the deadline ([`crate::MailDesk::read_through`]): the saving move may be sitting unread in it.
//! Discord needs no such wait: its interactions and messages arrive as they are made.

use crate::claim::{Claim, Work};
use crate::clock::{self, Due, seat_to_act};
use crate::commands::Command;
use crate::games::Extra;
use crate::{Channel, Done, Fail, Identity, Inbound, Service, ServiceError, Status, user};
use agora_store::{Game, GameStatus, Notice, Player, Purged, Tx};
use chrono::{DateTime, Duration, Utc};
use serde::Serialize;

mod player_clocks;

/// Rows of each table a purge removes per transaction. Sent mails carry their pictures (tens of
/// kilobytes each), so a batch frees a few megabytes at most and commits in milliseconds.
const PURGE_BATCH: u32 = 100;

/// Due games (and players) one sweep claims at a time, beyond those it passed over.
const BATCH: u32 = 16;

/// The identity the scheduler acts under (`system:clock`); front ends never produce one.
fn clock_identity() -> Identity {
    Identity::new(Channel::System, "clock")
}

impl Service {
    /// One sweep of the scheduler at `now`: every game whose due time has come (a reminder point
    /// or the deadline) and every player whose digest is due, each handled in its own
    /// transaction through the command path; then the computer's turns a stopped process left
    /// unplayed ([`Service::resume_computer_turns`]); then the purge of old records ([`Service::purge`]),
    /// whose failure is logged and waits for the next sweep. Returns how many games and players
    /// it changed.
    pub async fn sweep(&self, now: DateTime<Utc>) -> Result<usize, ServiceError> {
        let changed = self.sweep_due(now).await;
        self.metrics.swept(changed.is_ok(), self.now());
        let changed = changed?;
        match self.start_due_tournaments(now).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(tournaments = n, "tournaments due to start looked at"),
            Err(e) => tracing::error!(error = %e, "starting tournaments failed"),
        }
        match self.resume_computer_turns(now).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(games = n, "computer turns taken up"),
            Err(e) => tracing::error!(error = %e, "taking up computer turns failed"),
        }
        match self.purge(now).await {
            Ok(p) if p.total() > 0 => tracing::info!(
                outbox = p.outbox,
                spool = p.spool,
                deliveries = p.deliveries,
                given_up = p.given_up,
                put_aside = p.put_aside,
                counters = p.counters,
                "purged old records"
            ),
            Ok(_) => {}
            Err(e) => tracing::error!(error = %e, "purge failed"),
        }
        Ok(changed)
    }

    /// Removes sent notifications, sent spooled mails and delivery records older than
    /// `keep_days` (none when it is 0); notifications and mails given up on (or dropped by the
    /// operator) and mails put aside as long ago; and the counters and codes that only matter for
    /// a window far shorter (hourly mail counts, wrong link codes, expired codes). In batches of
    /// [`PURGE_BATCH`] rows per table, each its own short transaction, so commands wait for at
    /// most one batch. Games, actions, players and blocked identities are never purged.
    ///
    /// Unsent rows are never removed. A delivery record is needed only while its delivery can
    /// arrive again, and every way one does is far shorter than the days kept: a mail left
    /// unmarked by a crash is read again when the mailbox is next read, a sending server retries
    /// for about five days (RFC 5321 4.5.4.1), a Discord interaction expires after 15 minutes,
    /// and the clock's own deliveries repeat at once or never.
    pub async fn purge(&self, now: DateTime<Utc>) -> Result<Purged, ServiceError> {
        let mut purged = Purged::default();
        if self.settings.keep_days == 0 {
            return Ok(purged);
        }
        let before = crate::truncate(now) - Duration::days(i64::from(self.settings.keep_days));
        loop {
            let mut tx = self.store.write().await?;
            let batch = Purged {
                outbox: tx.purge_sent_outbox(before, PURGE_BATCH).await?,
                spool: tx.purge_sent_spool(before, PURGE_BATCH).await?,
                deliveries: tx.purge_deliveries(before, PURGE_BATCH).await?,
                given_up: tx.purge_given_up(before, PURGE_BATCH).await?,
                put_aside: tx.purge_put_aside(before, PURGE_BATCH).await?,
                counters: tx.purge_counters(before, PURGE_BATCH).await?,
            };
            tx.commit().await?;
            purged.add(batch);
            // A table that filled its batch may have more. The given-up rows and the counters
            // span several tables each, so any of them found means one more look.
            let limit = u64::from(PURGE_BATCH);
            let full = [batch.outbox, batch.spool, batch.deliveries, batch.put_aside]
                .into_iter()
                .any(|n| n >= limit);
            if !full && batch.given_up == 0 && batch.counters == 0 {
                return Ok(purged);
            }
            // Let the commands queued for the write lock go first.
            tokio::task::yield_now().await;
        }
    }

    /// The due part of [`Service::sweep`].
    async fn sweep_due(&self, now: DateTime<Utc>) -> Result<usize, ServiceError> {
        let now = crate::truncate(now);
        let mut changed = 0;
        // Games and players looked at in this sweep that are still due (nothing to change, or a
        // failure, logged): the sweep goes on past them instead of stopping at them.
        let mut passed_games = std::collections::HashSet::new();
        let mut passed_players = std::collections::HashSet::new();
        let mut handled = std::collections::HashMap::new();
        // The games this sweep handles are claimed under its own name, renewed while it works
        // and released at its end (see `claim`), so a process sweeping beside it takes others.
        let claim = Claim::new(self, Work::Games);
        let holder = claim.holder().to_owned();
        let started = std::time::Instant::now();
        let swept = async {
            loop {
                let (games, players) = {
                    let mut tx = self.store.write().await?;
                    let limit =
                        |passed: usize| BATCH + u32::try_from(passed).unwrap_or(u32::MAX - BATCH);
                    let games = tx
                        .claim_games_due(
                            &holder,
                            now,
                            Claim::until(now, started.elapsed()),
                            limit(passed_games.len()),
                        )
                        .await?;
                    let players = tx.digests_due(now, limit(passed_players.len())).await?;
                    tx.commit().await?;
                    (games, players)
                };
                let games: Vec<_> = games
                    .into_iter()
                    .filter(|g| !passed_games.contains(&g.id))
                    .collect();
                let players: Vec<_> = players
                    .into_iter()
                    .filter(|p| !passed_players.contains(&p.id))
                    .collect();
                if games.is_empty() && players.is_empty() {
                    return Ok::<usize, ServiceError>(changed);
                }
                // A game handled is due again only at a later point; a game that stayed due however
                // often it was handled must not hold the sweep for ever.
                for g in &games {
                    let times = handled.entry(g.id).or_insert(0u32);
                    *times += 1;
                    if *times > 8 {
                        tracing::error!(game = g.id, "sweep: game still due after being handled");
                        passed_games.insert(g.id);
                        continue;
                    }
                    if self.sweep_game(g.id, g.version, now).await {
                        changed += 1;
                    } else {
                        passed_games.insert(g.id);
                    }
                }
                for p in &players {
                    if self.sweep_digest(p, now).await {
                        changed += 1;
                    } else {
                        passed_players.insert(p.id);
                    }
                }
            }
        };
        claim.hold(now, swept).await
    }

    /// The scheduler's look at one due game, through the command path; whether it changed the
    /// game. Then the computer takes its turn, if the game now waits for it.
    async fn sweep_game(&self, game: i64, version: i64, now: DateTime<Utc>) -> bool {
        // The version names this look at the game: a repeat after a crash before the commit
        // runs again, a repeat after it is answered from the deliveries.
        let inbound = Inbound {
            delivery: Some(format!("clock:{game}:{version}")),
            game: Some(game),
            ..Inbound::new(clock_identity())
        };
        match self.execute(&inbound, Ok(Command::Clock(game)), now).await {
            Ok((answer, after)) => {
                if after.computer
                    && let Err(e) = self.computer_turns(game, now).await
                {
                    tracing::error!(game, error = %e, "the computer's turn failed");
                }
                answer.status == Status::Done
            }
            Err(e) => {
                tracing::error!(game, error = %e, "sweep: game not handled");
                false
            }
        }
    }

    /// One player's due digest, through the command path; whether it was sent.
    async fn sweep_digest(&self, p: &Player, now: DateTime<Utc>) -> bool {
        let due = p.digest_due_at.map_or_else(String::new, |d| d.to_rfc3339());
        let inbound = Inbound {
            delivery: Some(format!("digest:{}:{due}", p.id)),
            ..Inbound::new(clock_identity())
        };
        match self
            .execute(&inbound, Ok(Command::SendDigest(p.id)), now)
            .await
        {
            Ok((answer, _)) => answer.status == Status::Done,
            Err(e) => {
                tracing::error!(player = p.id, error = %e, "sweep: digest not sent");
                false
            }
        }
    }

    /// Every game of the identity's player whose deadline has passed meets its clock now, and
    /// commits, before a command that touches it runs: no command (a vacation, an offer, a
    /// resignation) slips in between a missed deadline and the sweep that would find it.
    pub(crate) async fn meet_clocks_of(
        &self,
        identity: &Identity,
        now: DateTime<Utc>,
    ) -> Result<(), ServiceError> {
        let now = crate::truncate(now);
        let mut tx = self.store.write().await?;
        let Some((me, _)) = tx.identity_player(&identity.to_string()).await? else {
            return Ok(());
        };
        let mut late = false;
        for game in tx.late_games_of(me.id, now).await? {
            match self.mail_hold(&mut tx, &game).await {
                Ok(false) => {}
                Ok(true) => continue,
                Err(Fail::Internal(e)) => return Err(e),
                Err(Fail::User(_) | Fail::Already(..) | Fail::Conflict(_) | Fail::Taken(_)) => {
                    return Ok(());
                }
            }
            late = true;
            let result = match self.load(&mut tx, game, Some(now)).await {
                Ok(mut l) => match self.unwarned(&mut tx, &mut l, now).await {
                    Ok(true) => Ok(()),
                    Ok(false) => self.timeout(&mut tx, &mut l, None, now).await.map(|_| ()),
                    Err(e) => Err(e),
                },
                Err(e) => Err(e.into()),
            };
            match result {
                Ok(()) => {}
                Err(Fail::Internal(e)) => return Err(e),
                // A timeout is not a person's mistake; whatever else went wrong, the sweep
                // looks at the game again.
                Err(Fail::User(_) | Fail::Already(..) | Fail::Conflict(_) | Fail::Taken(_)) => {
                    return Ok(());
                }
            }
        }
        if late {
            tx.commit().await?;
        }
        Ok(())
    }

    /// The scheduler's look at one game: a timeout, or the latest reminder point passed.
    pub(crate) async fn clock(
        &self,
        tx: &mut Tx,
        id: i64,
        now: DateTime<Utc>,
    ) -> Result<Done, Fail> {
        // Re-read inside the transaction: the player may have acted since the sweep's query.
        let Some(game) = tx.game(id).await? else {
            return user(agora_i18n::text!("clock-game-gone", game = id));
        };
        if game.due_at.is_none_or(|d| d > now) {
            return user(agora_i18n::text!("clock-not-due", game = id));
        }
        match game.status {
            GameStatus::Active => {}
            GameStatus::Proposed => return self.expire_challenge(tx, game, now).await,
            _ => return user(agora_i18n::text!("clock-not-due", game = id)),
        }
        let hours = self.settings.reminders();
        let mut l = self.load(tx, game, Some(now)).await?;
        match clock::due(&l.game, now, hours) {
            Due::Timeout => {
                if self.mail_hold(tx, &l.game).await? {
                    return user(agora_i18n::text!("clock-timeout-held", game = id));
                }
                if self.unwarned(tx, &mut l, now).await? {
                    return Ok(Done {
                        loaded: None,
                        attachments: Vec::new(),
                        text: format!("game #{id}: deadline moved, the player was not warned"),
                        game: Some(id),
                    });
                }
                self.timeout(tx, &mut l, None, now).await?;
                Ok(Done {
                    loaded: None,
                    attachments: Vec::new(),
                    text: format!("game #{id}: deadline passed"),
                    game: Some(id),
                })
            }
            Due::Remind { stage } => {
                l.game.reminder_stage = stage;
                l.game.reminded_at = Some(now);
                clock::schedule(&mut l.game, hours);
                tx.save_game(&mut l.game, now).await?;
                let player = l.game.player_at(seat_to_act(&l.game));
                let on_digest = tx
                    .player(player)
                    .await?
                    .is_some_and(|p| p.digest_hour.is_some());
                // A player on the daily digest hears of this game there instead.
                if !on_digest {
                    let deadline = l.game.deadline_at;
                    let extra = |language| Extra {
                        left: deadline.map(|d| crate::views::duration_words_in(d - now, language)),
                        ..Extra::default()
                    };
                    self.notify_game_in(tx, &l, player, Notice::Reminder, extra, now)
                        .await?;
                }
                Ok(Done {
                    loaded: None,
                    attachments: Vec::new(),
                    text: format!("game #{id}: reminder {stage}"),
                    game: Some(id),
                })
            }
            Due::Nothing => {
                // Due by an older schedule (settings changed): put it right.
                clock::schedule(&mut l.game, hours);
                tx.save_game(&mut l.game, now).await?;
                Ok(Done {
                    loaded: None,
                    attachments: Vec::new(),
                    text: format!("game #{id}: rescheduled"),
                    game: Some(id),
                })
            }
        }
    }

    /// Never lost unwarned: when the deadline of the player to act passed but no reminder about
    /// the turn (nor a digest sent during it) reached them, sent and not given up, `warned_hours`
    /// before it (a quarter of the turn's time, if that is less), the deadline moves to that many hours after the first one that did (or, with
    /// none yet, after now: a new reminder goes out at once); once per game (the same turn may
    /// be held again while nothing reaches them) and by at most [`crate::MAX_GRACE_HOURS`] in
    /// all. Both players are told. Returns whether the deadline moved: the game goes on.
    pub(crate) async fn unwarned(
        &self,
        tx: &mut Tx,
        l: &mut crate::views::Loaded,
        now: DateTime<Utc>,
    ) -> Result<bool, Fail> {
        let g = &l.game;
        let (Some(deadline), Some(start)) = (g.deadline_at, g.turn_started_at) else {
            return Ok(false);
        };
        let warned = Duration::hours(self.settings.warned_hours.into());
        if warned <= Duration::zero() || g.grace_ply.is_some_and(|p| p != g.ply) {
            return Ok(false);
        }
        let seat = seat_to_act(g);
        let player = g.player_at(seat);
        if tx
            .player(player)
            .await?
            .is_none_or(|p| p.computer.is_some())
        {
            return Ok(false);
        }
        let first = tx.first_warning(player, g.id, g.ply, start).await?;
        // A turn too short for that (a day, with reminders at its half) asks a quarter of it.
        let needed = warned.min((deadline - start) / 4);
        if first.is_some_and(|t| t <= deadline - needed) {
            return Ok(false);
        }
        let original = deadline - Duration::seconds(g.grace_seconds);
        let cap = original + Duration::hours(crate::MAX_GRACE_HOURS);
        let target = (first.unwrap_or(now) + warned).min(cap);
        if target <= now || target <= deadline {
            return Ok(false);
        }
        let first_time = g.grace_seconds == 0;
        let shift = target - deadline;
        let reminders = self.settings.reminders();
        // The grace is wall-clock time after the deadline: the player's rest does not stretch it.
        l.game.grace_ply = Some(l.game.ply);
        l.game.grace_seconds += shift.num_seconds();
        clock::schedule(&mut l.game, reminders);
        // Reminder points the moved deadline puts in the past are not sent late: the player hears
        // of the move (or heard already) and is reminded at the points still ahead.
        if let Due::Remind { stage } = clock::due(&l.game, now, reminders) {
            l.game.reminder_stage = stage;
            clock::schedule(&mut l.game, reminders);
        }
        tx.save_game(&mut l.game, now).await?;
        tracing::info!(game = l.game.id, player, %target, "no reminder reached the player in time: the deadline moved");
        let hours = self.settings.warned_hours;
        if first.is_none() {
            // Nothing reached them yet: a reminder now, saying why the deadline moved.
            let extra = |language| Extra {
                left: Some(crate::views::duration_words_in(target - now, language)),
                moved: Some(hours),
                ..Extra::default()
            };
            self.notify_game_in(tx, l, player, Notice::Reminder, extra, now)
                .await?;
        }
        if first_time {
            let extra = |language| Extra {
                by: Some(l.seat_view_in(seat, language)),
                event: Some("unwarned"),
                moved: Some(hours),
                ..Extra::default()
            };
            let other = l.game.player_at(seat.other());
            self.notify_game_in(tx, l, other, Notice::Vacation, extra, now)
                .await?;
        }
        Ok(true)
    }

    /// Whether the timeout of `game`'s player to act must wait for the mailbox: mail is
    /// enabled, the player has a mail address, and the mailbox has not been read completely past
    /// the deadline (or never read at all). Nothing is written: the game stays due, and a later
    /// sweep acts once the reader has caught up.
    pub(crate) async fn mail_hold(&self, tx: &mut Tx, game: &Game) -> Result<bool, Fail> {
        let Some(deadline) = game.deadline_at else {
            return Ok(false);
        };
        if !self.settings.mail_enabled {
            return Ok(false);
        }
        let player = game.player_at(seat_to_act(game));
        let by_mail = tx
            .identities_of(player)
            .await?
            .iter()
            .any(|i| i.address.channel == Channel::Mail);
        if !by_mail {
            return Ok(false);
        }
        match tx.mail_read_through().await? {
            Some(read) if read >= deadline => Ok(false),
            Some(read) => {
                tracing::debug!(game = game.id, %deadline, %read, "timeout waits for the mailbox to be read past the deadline");
                Ok(true)
            }
            None => {
                tracing::info!(game = game.id, %deadline, "timeout waits: the mailbox has never been read completely");
                Ok(true)
            }
        }
    }

    /// The daily digest of one player: every game waiting for them, if any; then the next one.
    pub(crate) async fn digest(
        &self,
        tx: &mut Tx,
        player: i64,
        now: DateTime<Utc>,
    ) -> Result<Done, Fail> {
        let Some(p) = tx.player(player).await? else {
            return user(agora_i18n::text!("digest-player-gone", player = player));
        };
        let (Some(hour), Some(due)) = (p.digest_hour, p.digest_due_at) else {
            return user(agora_i18n::text!("digest-none", player = player));
        };
        if due > now {
            return user(agora_i18n::text!("digest-not-due", player = player));
        }
        let language = self.language_of(&p);
        let games = self.game_lines(tx, &p, true, language, now).await?;
        // The games they watch that moved since the last digest (a day before this one).
        let watched = self.watched_lines(tx, &p, due - Duration::days(1)).await?;
        if !games.is_empty() || !watched.is_empty() {
            #[derive(Serialize)]
            struct Ctx {
                name: String,
                games: Vec<crate::games::GameLine>,
                watched: Vec<crate::games::WatchedLine>,
            }
            let name = p.name.clone();
            let ctx = Ctx {
                name,
                games,
                watched,
            };
            self.notify(tx, p.id, None, Notice::Digest, ctx, now)
                .await?;
        }
        // Missed days (the service was down) are not made up: the next digest is the next hour.
        let next = clock::next_local_hour(hour, &p.timezone, now);
        tx.set_digest(p.id, Some(hour), Some(next)).await?;
        Ok(Done {
            loaded: None,
            attachments: Vec::new(),
            text: format!("digest for player {player}"),
            game: None,
        })
    }
}
