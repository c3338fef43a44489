//! The way of every command: parsed, checked against the scope of its proof, run in one write
//! transaction with its delivery record and notifications, and answered in the reader's words.
//!
//! `help` (which reads nothing) is in [`help`], and how far a command's proof reaches in
//! [`scope`].

mod help;
mod scope;

use scope::{aim, within, within_game};

use crate::fail::{CONFLICT_RETRIES, Done, Fail, TAKEN_RETRIES, user};
use crate::queries::GameState;
use crate::replay::Loaded;
use crate::{
    Answer, Channel, Inbound, Language, Reader, Service, ServiceError, Status, StoreError, Text,
    Timing, commands, desk, metrics,
};
use agora_i18n::text;
use agora_store::Tx;
use chrono::{DateTime, Utc};
use serde::Serialize;
use std::sync::Arc;

/// What follows a command's answer on its way back.
#[derive(Debug, Default)]
pub(crate) struct After {
    /// The computer is to act in the answer's game now.
    pub(crate) computer: bool,
    /// The game as the command left it, where the command held it.
    pub(crate) left: Option<Box<Loaded>>,
}

#[derive(Serialize)]
struct Message<'a> {
    message: &'a str,
}

impl Service {
    /// Handles one inbound text (see the crate docs): parses it, then goes the way of
    /// [`Service::handle_command`].
    pub async fn handle(
        &self,
        inbound: &Inbound,
        now: DateTime<Utc>,
    ) -> Result<Answer, ServiceError> {
        self.handle_parsed(inbound, commands::parse(&inbound.text), now)
            .await
    }

    /// Handles one typed command (`inbound.text` is not read), then lets the computer take any
    /// turns it now has, each through this same path.
    pub async fn handle_command(
        &self,
        inbound: &Inbound,
        command: commands::Command,
        now: DateTime<Utc>,
    ) -> Result<Answer, ServiceError> {
        self.handle_parsed(inbound, Ok(command), now).await
    }

    /// The answer to a command a front end could not build from typed input ([`commands::build`]
    /// refused it): the same words a text with the same mistake gets. Nothing is read or
    /// written, as for a text that does not parse.
    pub fn refuse(&self, inbound: &Inbound, error: &commands::ParseError) -> Answer {
        let language = self.first_language(inbound);
        Answer {
            attachments: Vec::new(),
            language,
            text: self.refusal(&Reader::without_channel(language), error.text()),
            status: Status::Refused,
            game: inbound.game,
            notices: Vec::new(),
            state: None,
        }
    }

    async fn handle_parsed(
        &self,
        inbound: &Inbound,
        command: Result<commands::Command, commands::ParseError>,
        now: DateTime<Utc>,
    ) -> Result<Answer, ServiceError> {
        let (mut answer, after) = self.execute(inbound, command, now).await?;
        let mut left = after.left;
        if let (true, Some(game)) = (after.computer, answer.game) {
            let notices = self.computer_turns(game, now).await?;
            answer.notices.extend(notices);
            // The computer played on: the game as the command left it is not the game now.
            left = None;
        }
        answer.state = self.answer_state(&answer, left).await?;
        Ok(answer)
    }

    /// The game an answer is about as it stands now, in the answer's language: built from the
    /// game the command left (`left`) where it holds it, else read and replayed once.
    async fn answer_state(
        &self,
        answer: &Answer,
        left: Option<Box<Loaded>>,
    ) -> Result<Option<Arc<GameState>>, ServiceError> {
        let (Status::Done | Status::AlreadyApplied, Some(game)) = (answer.status, answer.game)
        else {
            return Ok(None);
        };
        let state = match left {
            Some(l) if l.game.id == game => Some(self.state_after(&l, answer.language).await?),
            _ => self.game_state_in(game, None, answer.language).await?,
        };
        Ok(state.map(Arc::new))
    }

    /// Runs a parsed command (or the parse error) in one write transaction: the path of every
    /// command, the scheduler's and the computer's included. It runs on the writer's thread
    /// ([`Store::on_writer`]), where its statements do not cross CPUs; once begun it runs to its
    /// end even if the caller stops waiting (its delivery record then answers a repeat).
    pub(crate) async fn execute(
        &self,
        inbound: &Inbound,
        command: Result<commands::Command, commands::ParseError>,
        now: DateTime<Utc>,
    ) -> Result<(Answer, After), ServiceError> {
        let (service, inbound) = (self.clone(), inbound.clone());
        let language = self.first_language(&inbound);
        let kind = metrics::kind(&command);
        let started = std::time::Instant::now();
        let result = self
            .store
            .on_writer(async move {
                let mut reader = Reader::of(&inbound.from, language);
                service
                    .execute_here(&inbound, command, &mut reader, now)
                    .await
            })
            .await
            .map_err(ServiceError::from)
            .and_then(|r| r);
        let status = result.as_ref().map(|(a, _)| a.status).map_err(|_| ());
        self.metrics.command(kind, status, started.elapsed());
        if result.as_ref().is_ok_and(|(a, _)| !a.notices.is_empty()) {
            self.queued.send_modify(|n| *n = n.wrapping_add(1));
        }
        result
    }

    /// [`Service::execute`] on the writer's thread: the clocks and the guess limit first, each in
    /// a transaction of its own, then the command's transaction, run again while it meets a game
    /// changed meanwhile. The answer is worded for `reader`, whose language the command's run
    /// sets once the sender's player is known.
    async fn execute_here(
        &self,
        inbound: &Inbound,
        command: Result<commands::Command, commands::ParseError>,
        reader: &mut Reader,
        now: DateTime<Utc>,
    ) -> Result<(Answer, After), ServiceError> {
        let now = truncate(now);
        // A delivery seen before is found when its record is written, at the end of the
        // transaction: the command then rolls back and the first reply is given again. (Checking
        // first would cost every command a round trip to SQLite's thread for the rare repeat.)
        // A move meets its own game's clock (with its own answer when it came too late); every
        // other command that touches games first meets the clocks of the sender's games, in a
        // transaction of its own, so a timeout stands even when the command is then refused.
        if let Ok(command) = &command {
            use commands::Command as C;
            if !matches!(
                command,
                C::Help(_)
                    | C::Move { .. }
                    | C::Challenge { .. }
                    | C::Timezone(_)
                    | C::Notify(_)
                    | C::Calendar(_)
                    | C::Link(_)
                    | C::Clock(_)
                    | C::SendDigest(_)
            ) {
                self.meet_clocks_of(&inbound.from, now).await?;
            }
        }
        // A link code meets the limit on wrong guesses first, in a transaction of its own, so a
        // wrong guess counts even though the command is then refused.
        if let Ok(link @ commands::Command::Link(Some(code))) = &command
            && within(inbound.scope, link, inbound.game).is_ok()
            && let Some(message) = self.guard_link_guess(inbound, code, now).await?
        {
            let text = self.refusal(reader, message);
            let answer = Answer::plain(Status::Refused, reader.language, text, inbound.game);
            return Ok((answer, After::default()));
        }
        let mut conflicts = 0;
        loop {
            // Boxed: the transaction's future is deep, and the futures of the front ends that
            // await a command would otherwise nest it past the compiler's layout limit.
            let run = Box::pin(self.transact(inbound, command.clone(), reader, conflicts, now));
            let (result, game) = run.await?;
            match result {
                Some(answer) => return Ok(answer),
                None => {
                    conflicts += 1;
                    tracing::debug!(
                        game,
                        attempt = conflicts,
                        "a game or key changed meanwhile: running the command again"
                    );
                }
            }
        }
    }

    /// The transaction of [`Service::execute_here`]: the command's answer, or `None` when it met
    /// a game changed meanwhile and has `conflicts` runs left (it changed nothing and is run
    /// again), with that game.
    async fn transact(
        &self,
        inbound: &Inbound,
        command: Result<commands::Command, commands::ParseError>,
        reader: &mut Reader,
        conflicts: u32,
        now: DateTime<Utc>,
    ) -> Result<(Option<(Answer, After)>, i64), ServiceError> {
        let from = inbound.from.to_string();
        // A blocked identity is answered nothing and nothing it sent is applied or recorded. The
        // check is asked as the command's savepoint opens, so it costs no extra round trip.
        let (mut tx, blocked) = if inbound.from.channel == Channel::System {
            (self.store.write().await?, false)
        } else {
            self.store.write_from(&from).await?
        };
        if blocked {
            tracing::info!(identity = %from, delivery = ?inbound.delivery, "ignored: the sender is blocked");
            tx.rollback().await?;
            let answer = Answer::plain(Status::Ignored, reader.language, String::new(), None);
            return Ok((Some((answer, After::default())), 0));
        }
        let result = match command {
            Err(e) => {
                // The sender's player is read for the command's other paths; here only for the
                // language of the refusal.
                if let Some((language, locale)) = tx.identity_language(&from).await? {
                    reader.language = self.language_from(language.as_deref(), locale.as_deref());
                }
                Err(Fail::User(e.text()))
            }
            Ok(command) => self.run(&mut tx, inbound, reader, command, now).await,
        };
        self.settle(tx, inbound, reader, result, conflicts, now)
            .await
    }

    /// Ends the transaction of a command the way its result says, in one place for the four
    /// ways a command ends (done, already applied, refused, internal failure), so that "its
    /// delivery is recorded exactly once" can be checked here: done and already applied record
    /// it and commit; a refusal rolls back and records nothing (a repeat of a delivery answered
    /// before is given that answer again); a conflict rolls back to be run again.
    async fn settle(
        &self,
        mut tx: Tx,
        inbound: &Inbound,
        reader: &Reader,
        result: Result<Done, Fail>,
        conflicts: u32,
        now: DateTime<Utc>,
    ) -> Result<(Option<(Answer, After)>, i64), ServiceError> {
        let answered = |answer: Answer, after: After| Ok((Some((answer, after)), 0));
        let plain = |status, text, game| Answer::plain(status, reader.language, text, game);
        let repeat = |text: String| answered(plain(Status::Repeat, text, None), After::default());
        let refused =
            |text: String| answered(plain(Status::Refused, text, inbound.game), After::default());
        match result {
            Ok(done) => {
                desk::record_origin(&mut tx, inbound, done.game, now).await?;
                if let Some(text) = record_delivery(&mut tx, inbound, &done.text, now).await? {
                    tx.rollback().await?;
                    return repeat(text);
                }
                let computer = match done.game {
                    Some(game) if self.has_computer(game) => tx.computer_to_act(game).await?,
                    _ => false,
                };
                let notices = tx.queued().to_vec();
                tx.commit().await?;
                let answer = Answer {
                    attachments: done.attachments,
                    notices,
                    ..plain(Status::Done, done.text, done.game)
                };
                answered(
                    answer,
                    After {
                        computer,
                        left: done.loaded,
                    },
                )
            }
            Err(Fail::Already(text, game)) => {
                // Nothing else was written; record the delivery so its repeat answers the same.
                if let Some(text) = record_delivery(&mut tx, inbound, &text, now).await? {
                    tx.rollback().await?;
                    return repeat(text);
                }
                tx.commit().await?;
                answered(
                    plain(Status::AlreadyApplied, text, Some(game)),
                    After::default(),
                )
            }
            Err(Fail::Conflict(game)) if conflicts < CONFLICT_RETRIES => {
                tx.rollback().await?;
                Ok((None, game))
            }
            Err(Fail::Taken(key)) if conflicts < TAKEN_RETRIES => {
                tracing::debug!(%key, "a key was taken meanwhile: running the command again");
                tx.rollback().await?;
                Ok((None, inbound.game.unwrap_or_default()))
            }
            Err(Fail::Taken(key)) => {
                tx.rollback().await?;
                Err(StoreError::Taken(key).into())
            }
            Err(Fail::Conflict(game)) => {
                tx.rollback().await?;
                refused(self.refusal(reader, text!("game-changed", game = game)))
            }
            Err(Fail::User(message)) => {
                let from = inbound.from.to_string();
                let earlier = match &inbound.delivery {
                    Some(id) => tx.delivery_reply(id, &from).await?,
                    None => None,
                };
                // Rolling back undoes anything written on the way (a first-time sender's player
                // row too): a bad command changes nothing. It returns once what the command read
                // from others' commands of its batch is on disk, so the refusal never runs ahead.
                tx.rollback().await?;
                match earlier {
                    Some(text) => repeat(text),
                    None => refused(self.refusal(reader, message)),
                }
            }
            Err(Fail::Internal(e)) => Err(e),
        }
    }

    /// A user error in words for `reader`: what is wrong and how to fix it.
    fn refusal(&self, reader: &Reader, message: impl Into<Text>) -> String {
        let mut message = message.into().in_lang(reader.language);
        if !message.ends_with(['.', '?', '!']) {
            message.push('.');
        }
        let message = Message { message: &message };
        self.templates.render("error.txt", reader, message)
    }

    /// The language to answer a sender in before their player is read: their client's locale
    /// where the medium gives one, else the configured default.
    fn first_language(&self, inbound: &Inbound) -> Language {
        inbound
            .locale
            .as_deref()
            .and_then(Language::from_locale)
            .unwrap_or(self.settings.default_language)
    }

    /// The language of a player whose chosen language and first Discord locale are these: the
    /// one they chose, else that locale, else the configured default.
    pub(crate) fn language_from(&self, language: Option<&str>, locale: Option<&str>) -> Language {
        language
            .or(locale)
            .and_then(Language::parse)
            .unwrap_or(self.settings.default_language)
    }

    /// The language a player reads (see [`Service::language_from`]).
    pub(crate) fn language_of(&self, p: &agora_store::Player) -> Language {
        self.language_from(p.language.as_deref(), p.locale.as_deref())
    }

    /// Runs one command in `tx`: the clock's and the digest's (the service's own) at once;
    /// every other after the checks every command meets, in this order: the scope of its proof,
    /// the player it comes from, whether that player may see the game it names, and the game's
    /// version it was written against. Once the player is known, `reader` reads their language.
    async fn run(
        &self,
        tx: &mut Tx,
        inbound: &Inbound,
        reader: &mut Reader,
        command: commands::Command,
        now: DateTime<Utc>,
    ) -> Result<Done, Fail> {
        use commands::Command as C;
        match command {
            C::Clock(game) => return self.clock(tx, game, now).await,
            C::SendDigest(player) => return self.digest(tx, player, now).await,
            _ => {}
        }
        let context = inbound.game;
        // Taking an open challenge starts a new game, as a challenge does: it asks the proof of
        // the player (their own key), not of a game they are not in yet.
        let open = match &command {
            C::Accept(Some(id)) if context.is_none() => {
                tx.game(*id).await?.is_some_and(|g| g.options.open)
            }
            _ => false,
        };
        if open {
            within_game(inbound.scope, None)?;
        } else {
            within(inbound.scope, &command, context)?;
        }
        let me = self.actor(tx, inbound, now).await?;
        reader.language = self.language_of(&me);
        // One rule for every command that names a game or comes from one (a button, a thread, a
        // mail's conversation): a private game of others is answered as one that does not exist,
        // before anything else about it (its version, its state, who plays it) is looked at.
        let watching = matches!(command, C::Watch(_) | C::Unwatch(_));
        let named = match &command {
            C::Watch(g) | C::Unwatch(g) => Some(*g),
            other => other.game(),
        };
        if let Some(id) = named.map(|n| aim(n, context)).transpose()?.flatten() {
            self.must_see(tx, &me, id, command.reads_only() || watching)
                .await?;
        }
        desk::check_version(tx, inbound).await?;
        self.dispatch(tx, inbound, reader, &me, command, now).await
    }

    /// Runs a command that passed the checks of [`Service::run`], for player `me`, in the
    /// room that does it, its answer worded for `reader`.
    // Over 80 lines: one arm per command of the command table, each a call into its room.
    async fn dispatch(
        &self,
        tx: &mut Tx,
        inbound: &Inbound,
        reader: &mut Reader,
        me: &agora_store::Player,
        command: commands::Command,
        now: DateTime<Utc>,
    ) -> Result<Done, Fail> {
        use commands::Command as C;
        let context = inbound.game;
        match command {
            C::Help(topic) => self.help(reader, topic.as_deref()),
            C::Challenge {
                opponent,
                variant,
                time,
                timeout,
                level,
                options,
            } => {
                let clock = (time, timeout);
                self.challenge(
                    tx, reader, me, opponent, variant, clock, level, options, now,
                )
                .await
            }
            C::Accept(g) => self.accept(tx, reader, me, aim(g, context)?, now).await,
            C::Decline(g) => {
                self.close_challenge(tx, reader, me, aim(g, context)?, false, now)
                    .await
            }
            C::Cancel(g) => {
                self.close_challenge(tx, reader, me, aim(g, context)?, true, now)
                    .await
            }
            C::Move { game, ply, action } => {
                let game = aim(game, context)?;
                self.play(tx, reader, me, game, ply, &action, inbound, now)
                    .await
            }
            // A game's clock is judged at the command's arrival, as a move's is.
            C::Resign(g) => {
                let at = Timing::of(inbound, now);
                self.resign(tx, reader, me, aim(g, context)?, at).await
            }
            C::Draw(reply, g) => {
                let at = Timing::of(inbound, now);
                self.draw(tx, reader, me, aim(g, context)?, reply, at).await
            }
            C::Undo(reply, g) => {
                let at = Timing::of(inbound, now);
                self.undo(tx, reader, me, aim(g, context)?, reply, at).await
            }
            C::Board(g) => {
                self.board(tx, reader, me, aim(g, context)?, false, now)
                    .await
            }
            C::History(g) => {
                self.board(tx, reader, me, aim(g, context)?, true, now)
                    .await
            }
            C::Games => self.games(tx, reader, me, now).await,
            C::Next => self.next(tx, reader, me, now).await,
            C::Live => self.live(tx, reader).await,
            C::Seeks => self.seeks(tx, reader, me, now).await,
            C::Watch(g) | C::Unwatch(g) => {
                let Some(id) = aim(g, context)? else {
                    return user(text!("watch-which-game"));
                };
                if matches!(command, C::Watch(_)) {
                    self.watch(tx, reader, me, id, now).await
                } else {
                    self.unwatch(tx, reader, me, id, now).await
                }
            }
            C::Preview { game, action } => {
                self.preview(tx, reader, me, aim(game, context)?, &action, now)
                    .await
            }
            C::Export(g) => self.export(tx, reader, me, aim(g, context)?, now).await,
            C::Note { game, text } => {
                self.note(tx, reader, me, aim(game, context)?, text.as_deref(), now)
                    .await
            }
            C::Conditional { game, words } => {
                self.conditional(tx, reader, me, aim(game, context)?, &words, now)
                    .await
            }
            C::Analysis(game) => self.analysis(tx, reader, me, aim(game, context)?).await,
            C::Tournament(t) => self.tournament(tx, reader, me, t, now).await,
            C::Rating(name) => self.rating(tx, reader, me, name.as_deref()).await,
            C::Leaderboard(kind, board) => self.leaderboard(tx, reader, kind, board).await,
            C::Timezone(zone) => self.set_timezone(tx, reader, me, &zone, now).await,
            C::Notify(channel) => self.set_notify(tx, reader, me, channel).await,
            C::Digest(hour) => self.set_digest(tx, reader, me, hour, now).await,
            C::Language(language) => self.set_language(tx, reader, me, language).await,
            C::Rest(rest) => self.set_rest(tx, reader, me, rest).await,
            C::Calendar(on) => self.set_calendar(tx, reader, me, on, now).await,
            C::Vacation(request) => {
                let at = Timing::of(inbound, now);
                self.vacation(tx, reader, me, request, at).await
            }
            C::Link(code) => self.link(tx, reader, me, code.as_deref(), now).await,
            C::Clock(_) | C::SendDigest(_) => unreachable!("handled above"),
        }
    }
}

/// Records the command's delivery (when it came with one) with its reply `text`; when that
/// delivery was recorded before, returns the reply given then, to be given again (the caller
/// rolls the transaction back).
async fn record_delivery(
    tx: &mut Tx,
    inbound: &Inbound,
    text: &str,
    now: DateTime<Utc>,
) -> Result<Option<String>, ServiceError> {
    let Some(id) = &inbound.delivery else {
        return Ok(None);
    };
    let from = inbound.from.to_string();
    if tx.try_record_delivery(id, &from, text, now).await? {
        return Ok(None);
    }
    Ok(Some(
        tx.delivery_reply(id, &from).await?.unwrap_or_default(),
    ))
}

/// Times are kept to the millisecond so their text form sorts and compares exactly.
pub(crate) fn truncate(t: DateTime<Utc>) -> DateTime<Utc> {
    DateTime::from_timestamp_millis(t.timestamp_millis()).unwrap_or(t)
}
