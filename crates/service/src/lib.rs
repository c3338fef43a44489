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
mod answer;
mod calendar;
mod claim;
pub mod clock;
pub mod commands;
mod computer;
pub mod desk;
mod execute;
mod fail;
mod games;
use games::Timing;
mod inbound;
pub mod lease;
pub mod metrics;
pub mod outbox;
pub mod pictures;
mod players;
mod ratings;
mod replay;
mod rule_errors;
mod schedule;
mod settings;
pub mod templates;
mod tournaments;
pub mod views;

// Read-only questions a front end asks beyond the command language.
pub mod queries;
pub mod site;

pub use agora_domain::{
    Channel, Clock, DiscordChannelId, DiscordGuildId, DiscordMessageId, DiscordUserId, EndReason,
    Ending, Game, GameStatus, Identity, IdentityError, Notice, TimeControl, TimeoutPolicy,
    tournament,
};
pub use agora_i18n::{Language, Text};
pub use agora_store::{BatchLimits, CommitStats, Purged, Store, StoreError, StoreOptions};
pub use answer::{Answer, Attachment, Status};
pub use computer::SearchStats;
pub use desk::{DiscordDesk, MailDesk, Origin};
pub use fail::ServiceError;
pub use inbound::{Inbound, Scope};
pub use lease::{Held, Lease};
pub use metrics::{FrontEnd, Health, Metrics};
pub use rule_errors::action_problem;
pub use settings::{MAX_GRACE_HOURS, Settings};
pub use templates::{Reader, Templates};
pub use tournaments::{TableEntrant, TableGame, TournamentLine, TournamentPage, TournamentTable};

use execute::truncate;
use fail::{Done, Fail, TAKEN_RETRIES, user};

use chrono::{DateTime, Utc};
use rand::SeedableRng;
use rand::rngs::{SmallRng, StdRng};
use std::sync::Mutex;

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
}
