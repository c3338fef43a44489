//! Agora's game service: the heart every front end shares.
//!
//! A front end turns what arrived into an [`Inbound`] and calls [`Service::handle`] with the time
//! (text, parsed by [`commands::parse`]) or [`Service::handle_command`] (a command it built from
//! typed input, such as a Discord slash command or button); the computer opponent and the
//! scheduler take the second way too. The service drops a delivery it has seen, resolves the
//! player, and runs the command in ONE write transaction: game state, the action, the delivery
//! record and one outbox row per notification commit together or not at all. Channel senders
//! ([`outbox::Sender`]) deliver the outbox after the commit.
//!
//! The service never reads the clock, the environment or files: `now` and [`Settings`] come in as
//! arguments. It knows no Discord and no mail; a sender is an [`Identity`] (`discord:<id>`,
//! `mailto:<address>`, `local:<name>`), kept in the store in that text form.

pub mod admin;
pub mod analysis;
mod calendar;
mod claim;
pub mod clock;
pub mod commands;
mod computer;
pub mod desk;
mod games;
use games::Timing;
pub mod lease;
pub mod metrics;
pub mod outbox;
pub mod pictures;
mod players;
mod ratings;
mod replay;
mod rule_errors;
mod schedule;
pub mod templates;
mod tournaments;
pub mod views;

// Read-only questions a front end asks beyond the command language.
pub mod queries;
pub mod site;

pub use agora_domain::{
    Channel, Clock, EndReason, Ending, Game, GameStatus, Identity, IdentityError, Notice,
    TimeControl, TimeoutPolicy, tournament,
};
pub use agora_i18n::{Language, Text};
pub use agora_store::{BatchLimits, CommitStats, Purged, Store, StoreError, StoreOptions};
pub use computer::SearchStats;
pub use desk::{DiscordDesk, MailDesk, Origin};
pub use lease::{Held, Lease};
pub use metrics::{FrontEnd, Health, Metrics};
pub use rule_errors::action_problem;
pub use templates::Templates;
pub use tournaments::{TableEntrant, TableGame, TournamentLine, TournamentPage, TournamentTable};

use agora_i18n::text;

use agora_store::Tx;
use chrono::{DateTime, Utc};
use rand::SeedableRng;
use rand::rngs::{SmallRng, StdRng};
use serde::Serialize;
use std::sync::Mutex;

/// The service's settings (from `[game]` and `[service]` of `config/agora.toml`).
#[derive(Debug, Clone)]
pub struct Settings {
    /// Days per move when a challenge names none.
    pub default_days: u32,
    /// The most days per move a challenge may ask for.
    pub max_days: u32,
    /// Hours before a deadline at which the player to act is reminded, each once per turn
    /// (empty = never).
    pub reminder_hours: Vec<u32>,
    /// Whether the player to act is reminded too when half of their turn's time is gone.
    pub reminder_at_half: bool,
    /// Hours before a deadline by which a reminder about the turn must have reached its player
    /// for the deadline to end the game; otherwise it moves to that many hours after the first
    /// reminder that did (once per game, by at most [`MAX_GRACE_HOURS`] in all).
    pub warned_hours: u32,
    /// Vacation days each player may take per calendar year.
    pub vacation_days: u32,
    /// Minutes a link code stays valid.
    pub link_code_minutes: u32,
    /// Wrong link codes one identity may send in a day; beyond them `link <code>` is refused
    /// without looking at the code until the oldest guess is a day old.
    pub link_guesses_per_day: u32,
    /// Challenges one player may have waiting for an answer at once.
    pub max_open_challenges: u32,
    /// Days after which an unanswered challenge is closed.
    pub challenge_expiry_days: u32,
    /// Challenges one player may send in a day to people who have never used Agora.
    pub new_opponent_challenges_per_day: u32,
    /// Players who may watch one game: every action queues a notification to each of them in
    /// the mover's transaction, so this bounds what a move writes.
    pub max_watchers_per_game: u32,
    /// Games one player may have under way (or proposed) against the computer at once: each of
    /// their moves there costs a search.
    pub max_computer_games: u32,
    /// Seed of link codes and the computer's choices; `None` = from the operating system. Tests
    /// fix it so transcripts are reproducible.
    pub seed: Option<u64>,
    /// The computer's level when a challenge names none.
    pub computer_level: String,
    /// The time the computer may think about one move (the `hard` level uses all of it; `easy`
    /// and `normal` stop sooner).
    pub computer_think: std::time::Duration,
    /// The computer's searches this process runs at once (at least 1); each takes a CPU for up
    /// to `computer_think`, and the others wait their turn in the order they came.
    pub max_searches: usize,
    /// Threads the post-game analysis of one game may use (0: no analysis), and the time its
    /// search has for each position.
    pub analysis_threads: usize,
    pub analysis_time: std::time::Duration,
    /// Tournaments a player may organise at once (open or running); the operator has no limit.
    pub tournaments_per_organiser: u32,
    /// Games lost on time after which a player is taken out of a tournament (the withdrawal
    /// rule then cancels or forfeits their games).
    pub tournament_time_losses: u32,
    /// Days after which the sweep purges sent notifications, sent mails and delivery records
    /// (0 = keep them for ever). Game records are kept for ever whatever this says.
    pub keep_days: u32,
    /// Outbox rows one delivery pass sends at once (at least 1); rows of one recipient about
    /// one game still go one after the other.
    pub parallel_sends: usize,
    /// How long one send may take before it counts as a transient failure.
    pub send_timeout: std::time::Duration,
    /// How long one delivery pass starts new sends; rows left wait for the next pass.
    pub send_pass: std::time::Duration,
    /// Attempts after which a notification or spooled mail that keeps failing transiently is
    /// given up (at least 1); a permanent failure gives it up at once.
    pub max_send_attempts: u32,
    /// The mail front end runs: a move may wait unread in the mailbox, so the sweep holds a mail
    /// player's timeout until the mailbox has been read past the deadline.
    pub mail_enabled: bool,
    /// The language of a player who has chosen none and whose client says none (every mail
    /// player until they choose): `[service] default_language`.
    pub default_language: Language,
    /// The public address of the website (`[web] base_url`, no trailing slash) when it runs:
    /// mails and Discord messages about a game link to its page there.
    pub site_url: Option<String>,
    /// What time it is ([`Service::now`]): the system's clock, which the binary gives; tests set
    /// one ([`Clock::fixed`]) to move deadlines and leases without waiting.
    pub clock: Clock,
}

/// The most hours a deadline is moved in a game because no reminder reached its player in time.
pub const MAX_GRACE_HOURS: i64 = 48;

impl Settings {
    /// When the player to act is reminded.
    pub(crate) fn reminders(&self) -> clock::Reminders<'_> {
        clock::Reminders {
            hours: &self.reminder_hours,
            half: self.reminder_at_half,
        }
    }
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            default_days: 3,
            max_days: 30,
            reminder_hours: vec![24, 2],
            reminder_at_half: true,
            warned_hours: 12,
            vacation_days: 21,
            link_code_minutes: 30,
            link_guesses_per_day: 5,
            max_open_challenges: 10,
            challenge_expiry_days: 7,
            new_opponent_challenges_per_day: 3,
            max_watchers_per_game: 100,
            max_computer_games: 5,
            seed: None,
            computer_level: "normal".into(),
            computer_think: std::time::Duration::from_millis(1000),
            max_searches: 2,
            analysis_threads: 1,
            analysis_time: std::time::Duration::from_millis(500),
            tournaments_per_organiser: 2,
            tournament_time_losses: 2,
            keep_days: 30,
            parallel_sends: 4,
            send_timeout: std::time::Duration::from_secs(60),
            send_pass: std::time::Duration::from_secs(120),
            max_send_attempts: 12,
            mail_enabled: false,
            default_language: Language::En,
            site_url: None,
            clock: Clock::system(),
        }
    }
}

/// What arrived from a person (or from the service's own scheduler and computer opponent).
#[derive(Debug, Clone)]
pub struct Inbound {
    /// The identity it came from, already authenticated by the front end (a Discord user, a
    /// verified address with its reply token checked, a local name).
    pub from: Identity,
    /// A display name for a first-time sender (their player name if it is free), as the medium
    /// gave it: the service cleans it ([`agora_domain::clean_name`]) before anyone sees it.
    pub name: Option<String>,
    /// The text as received: what [`Service::handle`] parses. Empty when the command comes
    /// typed ([`Service::handle_command`]), which never reads it.
    pub text: String,
    /// Message-ID, interaction id, …: a delivery seen before is answered, never applied again.
    pub delivery: Option<String>,
    /// The game the conversation is about (a reply thread, a button), if the medium knows it.
    pub game: Option<i64>,
    /// Act only if `game` is still at this version (a button carries the version it was shown
    /// for): checked in the command's transaction.
    pub expect_version: Option<i64>,
    /// Where on Discord the command was given, recorded as the place of the game it makes.
    pub origin: Option<Origin>,
    /// How far the proof that came with the command reaches.
    pub scope: Scope,
    /// When the command reached Agora's side (a mail its mailbox), if the medium says so; `None`
    /// = now. A move is judged against its game's deadline at this time (never later than now),
    /// so a backlog in reading never times a player out.
    pub arrived_at: Option<DateTime<Utc>>,
    /// The language of the sender's client where the medium says it (a Discord interaction's
    /// locale, such as `nl` or `sv-SE`): a player who has not chosen a language is answered in
    /// it, and their first one is kept as theirs.
    pub locale: Option<String>,
}

/// How far the proof that came with a command reaches. A mail's reply token is made for one
/// player and one game's conversation (or for the player's conversation about no game), so a
/// leaked token is worth that and no more. Commands that only show something to the sender are
/// allowed in every scope: the answer goes to the sender anyway.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Scope {
    /// All of the sender's games and settings: a Discord user, a local name, the service itself.
    #[default]
    Everything,
    /// One game: a command that acts in another game, or on the player's settings, is refused.
    Game(i64),
    /// The player's settings and new challenges, but no existing game.
    NoGame,
}

/// How the service took a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Done; its effects are committed.
    Done,
    /// The delivery id was handled before: the reply is the one given then.
    Repeat,
    /// The sender is blocked by the operator: nothing was done and nothing is to be said (the
    /// text is empty); a front end answers nothing.
    Ignored,
    /// The same action had just been applied from another delivery: nothing changed.
    AlreadyApplied,
    /// A user error: nothing changed, the text says why and how to fix it.
    Refused,
}

/// The answer to the sender.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    pub text: String,
    pub status: Status,
    /// The game the answer is about, so a front end can thread it.
    pub game: Option<i64>,
    /// The notifications the command queued (and those of the computer's turns it caused), so a
    /// front end knows what the senders will say and need not say it again.
    pub notices: Vec<agora_store::Queued>,
    /// Files that go with the answer: a game's record (`export`), the picture of a preview.
    pub attachments: Vec<Attachment>,
    /// The language the answer is worded in (its sender's): the front end words what it adds
    /// around the answer (a mail's subject and footer, a button's label) in the same.
    pub language: Language,
}

/// A file sent with an answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attachment {
    /// The file's name, e.g. `agora-12.txt`.
    pub name: String,
    /// Its media type, e.g. `text/plain; charset=utf-8` or `image/png`.
    pub content_type: &'static str,
    pub bytes: Vec<u8>,
    /// What a picture shows, in words, for a reader who cannot see it (its alt text): the
    /// position read aloud ([`agora_render::describe_position`]); `None` for other files.
    pub description: Option<String>,
}

/// An internal failure: logged in full by the front end, shown as a short apology.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("stored game does not replay: {0}")]
    Corrupt(String),
}

/// Why a command did not go through, inside the service.
enum Fail {
    /// The person's mistake, with the fix, worded in the reader's language when answered.
    User(Text),
    /// The same action was already applied; carries the reply text.
    Already(String, i64),
    /// The game changed since the command read it (another process's command on PostgreSQL,
    /// where transactions do not wait for each other to read): the command is run again on
    /// what is there now ([`CONFLICT_RETRIES`]).
    Conflict(i64),
    /// A key the command wrote (a new player's name) was taken by another process's command
    /// after this one found it free (PostgreSQL): the command is run again, as for `Conflict`.
    Taken(String),
    Internal(ServiceError),
}

/// How many times a command that met a changed game is run again before it is refused with
/// "the game changed meanwhile". Each run reads what the last committed, so a second run finds
/// the command already applied, or stale, exactly as if the two had run one after the other.
const CONFLICT_RETRIES: u32 = 4;

/// How many times a command that met a key taken meanwhile is run again. Of the commands racing
/// for one name, one wins each round; people arriving at once under one name (a Discord server's
/// members named alike) may be more than [`CONFLICT_RETRIES`].
const TAKEN_RETRIES: u32 = 16;

impl From<StoreError> for Fail {
    fn from(e: StoreError) -> Fail {
        match e {
            StoreError::Conflict(id) => Fail::Conflict(id),
            StoreError::Taken(key) => Fail::Taken(key),
            e => Fail::Internal(e.into()),
        }
    }
}

impl From<ServiceError> for Fail {
    fn from(e: ServiceError) -> Fail {
        Fail::Internal(e)
    }
}

fn user<T>(message: impl Into<Text>) -> Result<T, Fail> {
    Err(Fail::User(message.into()))
}

/// What a command produced: the reply and the game it concerns.
struct Done {
    text: String,
    game: Option<i64>,
    attachments: Vec<Attachment>,
}

/// The service: the store, the templates and the settings. A clone is another handle on the same
/// service (what a command hands to the writer's thread, see [`Service::execute`]).
#[derive(Clone)]
pub struct Service {
    shared: std::sync::Arc<shared::Shared>,
}

mod shared {
    use super::*;

    /// What every handle on one service shares.
    pub struct Shared {
        pub(crate) store: Store,
        pub(crate) templates: Templates,
        pub(crate) settings: Settings,
        pub(crate) rng: Mutex<SmallRng>,
        /// The generator of secrets (link codes): a cryptographic one, seeded from the operating
        /// system unless a test fixes the seed.
        pub(crate) secrets: Mutex<StdRng>,
        /// Games seen to have the computer in a seat (filled whenever such a game is loaded), so
        /// the question "is it the computer's turn now?" is asked of the database only for them.
        pub(crate) computer_games: Mutex<std::collections::HashSet<i64>>,
        /// The games whose computer turns a task of this process is playing now.
        pub(crate) turns_in_flight: Mutex<std::collections::HashSet<i64>>,
        /// The pictures drawn, shared by every recipient, channel and command (see [`pictures`]).
        pub(crate) pictures: std::sync::Arc<pictures::Pictures>,
        /// The computer's searches: at most `max_searches` at once (see [`computer`]).
        pub(crate) searches: computer::Searches,
        /// What the service counts for its operator (see [`metrics`]).
        pub(crate) metrics: crate::metrics::Metrics,
        /// Counts the commands that queued notifications, so the senders of this process wake
        /// at their commit (see [`Service::queued_rows`]).
        pub(crate) queued: tokio::sync::watch::Sender<u64>,
    }
}

impl std::ops::Deref for Service {
    type Target = shared::Shared;
    fn deref(&self) -> &shared::Shared {
        &self.shared
    }
}

#[derive(Serialize)]
struct Message<'a> {
    message: &'a str,
}

impl Inbound {
    /// When the command counts as given: when it reached Agora's side, never later than `now`
    /// (so an arrival time from the future cannot stretch a deadline).
    pub fn arrived(&self, now: DateTime<Utc>) -> DateTime<Utc> {
        self.arrived_at.map_or(now, |at| at.min(now))
    }

    /// An inbound from `from` with nothing else known yet; the rest is filled in with struct
    /// update syntax (`Inbound { text, ..Inbound::new(from) }`).
    pub fn new(from: Identity) -> Inbound {
        Inbound {
            from,
            name: None,
            text: String::new(),
            delivery: None,
            game: None,
            expect_version: None,
            origin: None,
            scope: Scope::Everything,
            arrived_at: None,
            locale: None,
        }
    }
}

impl Service {
    pub fn new(store: Store, templates: Templates, settings: Settings) -> Service {
        let rng = match settings.seed {
            Some(seed) => SmallRng::seed_from_u64(seed),
            None => SmallRng::from_os_rng(),
        };
        let secrets = match settings.seed {
            Some(seed) => StdRng::seed_from_u64(seed),
            None => StdRng::from_os_rng(),
        };
        let searches = computer::Searches::new(settings.max_searches);
        Service {
            shared: std::sync::Arc::new(shared::Shared {
                store,
                templates,
                settings,
                searches,
                rng: Mutex::new(rng),
                secrets: Mutex::new(secrets),
                computer_games: Mutex::default(),
                turns_in_flight: Mutex::default(),
                pictures: std::sync::Arc::default(),
                metrics: crate::metrics::Metrics::new(),
                queued: tokio::sync::watch::Sender::new(0),
            }),
        }
    }

    /// The time now, by the service's clock ([`Settings::clock`]). The front ends take it from
    /// here for what they hand the service (`now`, an arrival), so one clock rules the process.
    pub fn now(&self) -> DateTime<Utc> {
        self.settings.clock.now()
    }

    fn has_computer(&self, game: i64) -> bool {
        self.computer_games
            .lock()
            .expect("computer games lock")
            .contains(&game)
    }

    /// Changes whenever a command of this process (a front end's, the clock's, the computer's)
    /// has committed notifications: a sender waits on it to deliver them at once, whichever
    /// front end the command came by. Rows other processes queue are seen through
    /// [`Store::commits`].
    pub fn queued_rows(&self) -> tokio::sync::watch::Receiver<u64> {
        self.queued.subscribe()
    }

    /// The store, for the binary's statistics and shutdown and for tests. Front ends keep their
    /// own records through their desks ([`Service::mail`], [`Service::discord`]).
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The address game `game`'s page would have on the website, if the website runs (see
    /// [`Service::page_url`] for whether it shows the game).
    fn game_url(&self, game: i64) -> Option<String> {
        self.settings
            .site_url
            .as_ref()
            .map(|base| format!("{base}/games/{game}"))
    }

    pub fn templates(&self) -> &Templates {
        &self.templates
    }

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
            text: self.refusal_in(language, error.text()),
            status: Status::Refused,
            game: inbound.game,
            notices: Vec::new(),
        }
    }

    async fn handle_parsed(
        &self,
        inbound: &Inbound,
        command: Result<commands::Command, commands::ParseError>,
        now: DateTime<Utc>,
    ) -> Result<Answer, ServiceError> {
        let (mut answer, computer) = self.execute(inbound, command, now).await?;
        if let (true, Some(game)) = (computer, answer.game) {
            let notices = self.computer_turns(game, now).await?;
            answer.notices.extend(notices);
        }
        Ok(answer)
    }

    /// Runs a parsed command (or the parse error) in one write transaction: the path of every
    /// command, the scheduler's and the computer's included. It runs on the writer's thread
    /// ([`Store::on_writer`]), where its statements do not cross CPUs; once begun it runs to its
    /// end even if the caller stops waiting (its delivery record then answers a repeat).
    async fn execute(
        &self,
        inbound: &Inbound,
        command: Result<commands::Command, commands::ParseError>,
        now: DateTime<Utc>,
    ) -> Result<(Answer, bool), ServiceError> {
        let (service, inbound) = (self.clone(), inbound.clone());
        let language = self.first_language(&inbound);
        let kind = metrics::kind(&command);
        let started = std::time::Instant::now();
        let result = self
            .store
            .on_writer(async move {
                let work = service.execute_here(&inbound, command, now);
                templates::answering_on(&inbound.from, language, work).await
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

    // Longer than the other functions on purpose: the four ways a command ends (done, already
    // applied, refused, internal failure) each decide whether and how its delivery is recorded,
    // and keeping them side by side in one place is what makes "recorded exactly once" checkable.
    async fn execute_here(
        &self,
        inbound: &Inbound,
        command: Result<commands::Command, commands::ParseError>,
        now: DateTime<Utc>,
    ) -> Result<(Answer, bool), ServiceError> {
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
            return Ok((
                Answer {
                    attachments: Vec::new(),
                    language: templates::answer_language(),
                    text: self.refusal(message),
                    status: Status::Refused,
                    game: inbound.game,
                    notices: Vec::new(),
                },
                false,
            ));
        }
        let mut conflicts = 0;
        loop {
            // Boxed: the transaction's future is deep, and the futures of the front ends that
            // await a command would otherwise nest it past the compiler's layout limit.
            let run = Box::pin(self.transact(inbound, command.clone(), conflicts, now));
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
        conflicts: u32,
        now: DateTime<Utc>,
    ) -> Result<(Option<(Answer, bool)>, i64), ServiceError> {
        let from = inbound.from.to_string();
        let repeat = |text: String| {
            Ok((
                Some((
                    Answer {
                        attachments: Vec::new(),
                        language: templates::answer_language(),
                        text,
                        status: Status::Repeat,
                        game: None,
                        notices: Vec::new(),
                    },
                    false,
                )),
                0,
            ))
        };
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
            let answer = Answer {
                attachments: Vec::new(),
                language: templates::answer_language(),
                text: String::new(),
                status: Status::Ignored,
                game: None,
                notices: Vec::new(),
            };
            return Ok((Some((answer, false)), 0));
        }
        let result = match command {
            Err(e) => {
                // The sender's player is read for the command's other paths; here only for the
                // language of the refusal.
                if let Some((language, locale)) = tx.identity_language(&from).await? {
                    templates::set_answer_language(
                        self.language_from(language.as_deref(), locale.as_deref()),
                    );
                }
                Err(Fail::User(e.text()))
            }
            Ok(command) => self.run(&mut tx, inbound, command, now).await,
        };
        match result {
            Ok(done) => {
                desk::record_origin(&mut tx, inbound, done.game, now).await?;
                if let Some(id) = &inbound.delivery
                    && !tx.try_record_delivery(id, &from, &done.text, now).await?
                {
                    let text = tx.delivery_reply(id, &from).await?.unwrap_or_default();
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
                    language: templates::answer_language(),
                    text: done.text,
                    status: Status::Done,
                    game: done.game,
                    notices,
                };
                Ok((Some((answer, computer)), 0))
            }
            Err(Fail::Already(text, game)) => {
                // Nothing else was written; record the delivery so its repeat answers the same.
                if let Some(id) = &inbound.delivery
                    && !tx.try_record_delivery(id, &from, &text, now).await?
                {
                    let text = tx.delivery_reply(id, &from).await?.unwrap_or_default();
                    tx.rollback().await?;
                    return repeat(text);
                }
                tx.commit().await?;
                let answer = Answer {
                    attachments: Vec::new(),
                    language: templates::answer_language(),
                    text,
                    status: Status::AlreadyApplied,
                    game: Some(game),
                    notices: Vec::new(),
                };
                Ok((Some((answer, false)), 0))
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
                let answer = Answer {
                    attachments: Vec::new(),
                    language: templates::answer_language(),
                    text: self.refusal(text!("game-changed", game = game)),
                    status: Status::Refused,
                    game: inbound.game,
                    notices: Vec::new(),
                };
                Ok((Some((answer, false)), 0))
            }
            Err(Fail::User(message)) => {
                if let Some(id) = &inbound.delivery
                    && let Some(text) = tx.delivery_reply(id, &from).await?
                {
                    tx.rollback().await?;
                    return repeat(text);
                }
                // Rolling back undoes anything written on the way (a first-time sender's player
                // row too): a bad command changes nothing. It returns once what the command read
                // from others' commands of its batch is on disk, so the refusal never runs ahead.
                tx.rollback().await?;
                let answer = Answer {
                    attachments: Vec::new(),
                    language: templates::answer_language(),
                    text: self.refusal(message),
                    status: Status::Refused,
                    game: inbound.game,
                    notices: Vec::new(),
                };
                Ok((Some((answer, false)), 0))
            }
            Err(Fail::Internal(e)) => Err(e),
        }
    }

    /// A user error in words: what is wrong and how to fix it, in the language of the answer
    /// under way.
    fn refusal(&self, message: impl Into<Text>) -> String {
        self.refusal_in(templates::answer_language(), message)
    }

    /// A user error in words, in `language`.
    fn refusal_in(&self, language: Language, message: impl Into<Text>) -> String {
        let mut message = message.into().in_lang(language);
        if !message.ends_with(['.', '?', '!']) {
            message.push('.');
        }
        self.templates.render_in(
            "error.txt",
            &templates::answer_channel(),
            language,
            Message { message: &message },
        )
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

    /// Answers what needs no sender: `help`, `help <command>`, and a text that is no valid
    /// command (its parse error). A front end uses it for a sender it has not authenticated yet,
    /// since none of these reads or writes anything of a player. `None` for every other command.
    pub fn answer_without_sender(&self, text: &str) -> Option<Answer> {
        let (text, status) = match commands::parse(text) {
            Ok(commands::Command::Help(topic)) => match self.help(topic.as_deref()) {
                Ok(done) => (done.text, Status::Done),
                Err(Fail::User(message)) => (self.refusal(message), Status::Refused),
                // `help` reads nothing, so it fails with a user error only.
                Err(Fail::Already(..) | Fail::Conflict(_) | Fail::Taken(_) | Fail::Internal(_)) => {
                    return None;
                }
            },
            Ok(_) => return None,
            Err(e) => (self.refusal(e.text()), Status::Refused),
        };
        Some(Answer {
            attachments: Vec::new(),
            language: Language::En,
            text,
            status,
            game: None,
            notices: Vec::new(),
        })
    }

    async fn run(
        &self,
        tx: &mut Tx,
        inbound: &Inbound,
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
        match command {
            C::Help(topic) => self.help(topic.as_deref()),
            C::Challenge {
                opponent,
                variant,
                time,
                timeout,
                level,
                options,
            } => {
                let clock = (time, timeout);
                self.challenge(tx, &me, opponent, variant, clock, level, options, now)
                    .await
            }
            C::Accept(g) => self.accept(tx, &me, aim(g, context)?, now).await,
            C::Decline(g) => {
                self.close_challenge(tx, &me, aim(g, context)?, false, now)
                    .await
            }
            C::Cancel(g) => {
                self.close_challenge(tx, &me, aim(g, context)?, true, now)
                    .await
            }
            C::Move { game, ply, action } => {
                self.play(tx, &me, aim(game, context)?, ply, &action, inbound, now)
                    .await
            }
            // A game's clock is judged at the command's arrival, as a move's is.
            C::Resign(g) => {
                let at = Timing::of(inbound, now);
                self.resign(tx, &me, aim(g, context)?, at).await
            }
            C::Draw(reply, g) => {
                let at = Timing::of(inbound, now);
                self.draw(tx, &me, aim(g, context)?, reply, at).await
            }
            C::Undo(reply, g) => {
                let at = Timing::of(inbound, now);
                self.undo(tx, &me, aim(g, context)?, reply, at).await
            }
            C::Board(g) => self.board(tx, &me, aim(g, context)?, false, now).await,
            C::History(g) => self.board(tx, &me, aim(g, context)?, true, now).await,
            C::Games => self.games(tx, &me, now).await,
            C::Next => self.next(tx, &me, now).await,
            C::Live => self.live(tx).await,
            C::Seeks => self.seeks(tx, &me, now).await,
            C::Watch(g) | C::Unwatch(g) => {
                let Some(id) = aim(g, context)? else {
                    return user(text!("watch-which-game"));
                };
                if matches!(command, C::Watch(_)) {
                    self.watch(tx, &me, id, now).await
                } else {
                    self.unwatch(tx, &me, id, now).await
                }
            }
            C::Preview { game, action } => {
                self.preview(tx, &me, aim(game, context)?, &action, now)
                    .await
            }
            C::Export(g) => self.export(tx, &me, aim(g, context)?, now).await,
            C::Note { game, text } => {
                self.note(tx, &me, aim(game, context)?, text.as_deref(), now)
                    .await
            }
            C::Conditional { game, words } => {
                self.conditional(tx, &me, aim(game, context)?, &words, now)
                    .await
            }
            C::Analysis(game) => self.analysis(tx, &me, aim(game, context)?).await,
            C::Tournament(t) => self.tournament(tx, &me, t, now).await,
            C::Rating(name) => self.rating(tx, &me, name.as_deref()).await,
            C::Leaderboard(kind, board) => self.leaderboard(tx, kind, board).await,
            C::Timezone(zone) => self.set_timezone(tx, &me, &zone, now).await,
            C::Notify(channel) => self.set_notify(tx, &me, channel).await,
            C::Digest(hour) => self.set_digest(tx, &me, hour, now).await,
            C::Language(language) => self.set_language(tx, &me, language).await,
            C::Rest(rest) => self.set_rest(tx, &me, rest).await,
            C::Calendar(on) => self.set_calendar(tx, &me, on, now).await,
            C::Vacation(request) => {
                let at = Timing::of(inbound, now);
                self.vacation(tx, &me, request, at).await
            }
            C::Link(code) => self.link(tx, &me, code.as_deref(), now).await,
            C::Clock(_) | C::SendDigest(_) => unreachable!("handled above"),
        }
    }

    fn help(&self, topic: Option<&str>) -> Result<Done, Fail> {
        #[derive(Serialize)]
        struct Entry {
            name: &'static str,
            aliases: Vec<&'static str>,
            usage: String,
            summary: String,
            help: String,
        }
        // In the reader's language: the command's names, usage and texts in it.
        let language = templates::answer_language();
        let entry = |c: &commands::CommandSpec| Entry {
            name: c.name_in(language),
            aliases: match language {
                Language::En => c.aliases.to_vec(),
                _ => c
                    .local_names(language)
                    .iter()
                    .skip(1)
                    .copied()
                    .chain(std::iter::once(c.name))
                    .chain(c.aliases.iter().copied())
                    .collect(),
            },
            usage: c.usage_in(language),
            summary: c.summary_in(language),
            help: c.help_in(language),
        };
        let text = match topic {
            None => {
                #[derive(Serialize)]
                struct Ctx {
                    commands: Vec<Entry>,
                }
                self.templates.render(
                    "help.txt",
                    Ctx {
                        commands: commands::COMMANDS.iter().map(entry).collect(),
                    },
                )
            }
            // `help rules [agon|agros]`: the short rules, both games when none is named.
            Some(topic) if topic == "rules" || topic.starts_with("rules ") => {
                let games: &[&str] = match topic.strip_prefix("rules ") {
                    Some("agon") => &["rules_agon.txt"],
                    Some("agros") => &["rules_agros.txt"],
                    _ => &["rules_agon.txt", "rules_agros.txt"],
                };
                games
                    .iter()
                    .map(|name| self.templates.render(name, ()))
                    .collect::<Vec<_>>()
                    .join("\n\n")
            }
            Some(word) => match commands::spec(word) {
                Some(c) => {
                    #[derive(Serialize)]
                    struct Ctx {
                        command: Entry,
                    }
                    self.templates
                        .render("help_command.txt", Ctx { command: entry(c) })
                }
                None => {
                    return user(
                        commands::ParseError::Unknown {
                            word: word.to_owned(),
                            closest: commands::closest_command(word),
                        }
                        .text(),
                    );
                }
            },
        };
        Ok(Done {
            text,
            game: None,
            attachments: Vec::new(),
        })
    }
}

/// The game a command is for: the one it names, else the one the conversation is about (the mail
/// or Discord thread it answers, a button). When both are given they must agree: a command never
/// reaches a game its sender did not mean.
fn aim(named: Option<i64>, context: Option<i64>) -> Result<Option<i64>, Fail> {
    match (named, context) {
        (Some(n), Some(c)) if n != c => user(text!("context-mismatch", game = c, named = n)),
        (n, c) => Ok(n.or(c)),
    }
}

/// Refuses a command that reaches beyond the scope of the proof it came with.
fn within(scope: Scope, command: &commands::Command, context: Option<i64>) -> Result<(), Fail> {
    if command.reads_only() {
        return Ok(());
    }
    within_game(scope, command.game().map(|named| named.or(context)))
}

/// [`within`] for a command about `game`: `Some(named)` for one about a game (`named`: the
/// game it names or its conversation's), `None` for one about the player or no game yet.
fn within_game(scope: Scope, game: Option<Option<i64>>) -> Result<(), Fail> {
    match (scope, game) {
        (Scope::Everything, _) => Ok(()),
        (Scope::Game(g), Some(Some(n))) if n == g => Ok(()),
        (Scope::Game(g), Some(Some(n))) => {
            user(text!("mail-scope-other-game", game = g, named = n))
        }
        (Scope::Game(g), Some(None)) => user(text!("mail-scope-unnamed", game = g)),
        (Scope::Game(g), None) => user(text!("mail-scope-settings", game = g)),
        (Scope::NoGame, Some(Some(n))) => user(text!("mail-no-game-named", named = n)),
        (Scope::NoGame, Some(None)) => user(text!("mail-no-game")),
        (Scope::NoGame, None) => Ok(()),
    }
}

/// Times are kept to the millisecond so their text form sorts and compares exactly.
fn truncate(t: DateTime<Utc>) -> DateTime<Utc> {
    DateTime::from_timestamp_millis(t.timestamp_millis()).unwrap_or(t)
}

#[cfg(test)]
mod scope_tests {
    //! `within` for every kind of command in every scope.

    use super::{Scope, within};
    use crate::commands::{Command, Opponent, Reply, VacationRequest};
    use agora_domain::Channel;
    use agora_rules::Variant;

    /// One command of each kind about game `g` (`None` = naming no game), then every command
    /// about no game.
    fn game_commands(g: Option<i64>) -> Vec<Command> {
        vec![
            Command::Accept(g),
            Command::Decline(g),
            Command::Cancel(g),
            Command::Move {
                game: g,
                ply: None,
                action: "k1-j1".into(),
            },
            Command::Resign(g),
            Command::Draw(Reply::Offer, g),
            Command::Undo(Reply::Accept, g),
        ]
    }

    fn reads(g: Option<i64>) -> Vec<Command> {
        vec![
            Command::Help(None),
            Command::Board(g),
            Command::History(g),
            Command::Games,
            Command::Next,
        ]
    }

    fn player_commands() -> Vec<Command> {
        vec![
            Command::Challenge {
                opponent: Opponent::Name("bob".into()),
                variant: Variant::Agon,
                time: None,
                timeout: None,
                level: None,
                options: Default::default(),
            },
            Command::Watch(Some(3)),
            Command::Unwatch(Some(3)),
            Command::Timezone("UTC".into()),
            Command::Notify(Channel::Mail),
            Command::Digest(Some(7)),
            Command::Vacation(VacationRequest::Days(3)),
            Command::Vacation(VacationRequest::Show),
            Command::Link(None),
            Command::Link(Some("ABCDEFGH".into())),
        ]
    }

    #[test]
    fn everything_allows_every_command() {
        for context in [None, Some(1)] {
            for c in game_commands(None)
                .into_iter()
                .chain(game_commands(Some(2)))
                .chain(reads(Some(2)))
                .chain(player_commands())
            {
                assert!(within(Scope::Everything, &c, context).is_ok(), "{c:?}");
            }
        }
    }

    #[test]
    fn reading_is_allowed_in_every_scope() {
        for scope in [Scope::Everything, Scope::Game(1), Scope::NoGame] {
            for context in [None, Some(1)] {
                for c in reads(None).into_iter().chain(reads(Some(2))) {
                    assert!(within(scope, &c, context).is_ok(), "{scope:?} {c:?}");
                }
            }
        }
    }

    #[test]
    fn one_game_allows_that_game_only() {
        let scope = Scope::Game(1);
        for c in game_commands(Some(1)) {
            assert!(within(scope, &c, None).is_ok(), "{c:?}");
            assert!(within(scope, &c, Some(1)).is_ok(), "{c:?}");
        }
        // Unnamed, the game is the conversation's: allowed when that is the scope's game.
        for c in game_commands(None) {
            assert!(within(scope, &c, Some(1)).is_ok(), "{c:?}");
            assert!(within(scope, &c, None).is_err(), "{c:?}");
            assert!(within(scope, &c, Some(2)).is_err(), "{c:?}");
        }
        for c in game_commands(Some(2)) {
            assert!(within(scope, &c, None).is_err(), "{c:?}");
            assert!(within(scope, &c, Some(1)).is_err(), "{c:?}");
        }
        for c in player_commands() {
            assert!(within(scope, &c, Some(1)).is_err(), "{c:?}");
            assert!(within(scope, &c, None).is_err(), "{c:?}");
        }
    }

    #[test]
    fn no_game_allows_the_player_but_no_game() {
        let scope = Scope::NoGame;
        for context in [None, Some(1)] {
            for c in game_commands(None)
                .into_iter()
                .chain(game_commands(Some(1)))
            {
                assert!(within(scope, &c, context).is_err(), "{c:?}");
            }
            for c in player_commands() {
                assert!(within(scope, &c, context).is_ok(), "{c:?}");
            }
        }
    }
}
