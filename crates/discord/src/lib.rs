//! Agora's Discord front end: a bot on serenity with poise, as thin as the mail front end.
//!
//! - Slash commands are generated from the service's command table ([`slash`]): the same names
//!   and descriptions as `help`, with an option per argument. Each invocation becomes a typed
//!   command and goes through [`Service::handle_command`] with the interaction id as its delivery
//!   id, so a replayed interaction is never applied twice. `/move` autocompletes the legal actions of
//!   the player's position.
//! - A challenge is posted with Accept/Decline buttons for the challenged player; a game that
//!   starts gets its own thread; every action posts the board as a PNG in an embed, with a button
//!   for the ASCII board. A message in a game thread that parses as an action, from the player to
//!   move, is their move ([`events`]).
//! - The outbox sender for the `discord` channel ([`sender`]) posts notifications in the game's
//!   thread with a mention, or as a direct message, each once: posted rows are recorded, and the
//!   message nonce (derived from the outbox id, enforced) lets Discord drop a repeat.
//!
//! No game logic lives here: whose turn it is, what is legal and what the answer says are the
//! service's; this crate translates and decides only where on Discord things are shown. What it
//! keeps for itself (each game's channel and thread, the rows posted, the choice of direct
//! messages) goes through the service's Discord desk ([`agora_service::DiscordDesk`]); the
//! channel a challenge was made in travels with the challenge ([`agora_service::Origin`]) and a
//! button's version with its command, so both are written or checked in its transaction.

mod announcements;
mod board;
mod config;
mod events;
mod lobby;
pub mod menus;
mod poison;
mod sender;
pub mod slash;
mod status;

pub use config::DiscordConfig;

use agora_service::{FrontEnd, Identity, Lease, Service, ServiceError};
use poise::serenity_prelude as serenity;
use std::collections::{HashMap, HashSet};
use std::future::Future;
use std::num::NonZeroU64;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{Mutex, Notify};

/// The lease on keeping the lobby: one process at a time posts and closes its challenges.
pub const LOBBY_LEASE: &str = "discord:lobby";

/// The `[discord]` settings (see `config/agora.toml`).
#[derive(Debug, Clone)]
pub struct DiscordSettings {
    /// The bot token (from `AGORA_DISCORD_TOKEN`, never from the file).
    pub token: String,
    /// Send REST calls to this base instead of `https://discord.com` (a local Discord double in
    /// tests, or an HTTP proxy such as twilight-http-proxy); the rate limiter is then left to it.
    pub api_base: Option<String>,
    /// Register the slash commands at start: in this server only (instant, for trying the bot
    /// out) or, when `None`, globally.
    pub register: bool,
    pub guild_id: Option<u64>,
    /// Attach a PNG picture of the board to game messages, of this many pixels.
    pub png: bool,
    pub png_size: u32,
    /// How often the outbox is looked at without news (every handled command also wakes it).
    pub outbox_poll: Duration,
    /// The longest a REST call may take, connecting included: a call that hangs fails (a post
    /// is then retried by the outbox) instead of holding up what waits for it.
    pub rest_timeout: Duration,
    /// Failures on Agora's side after which an event replayed by the gateway is not handled again.
    pub max_attempts: u32,
    /// The channel where every open challenge is posted with an Accept button; none = no lobby.
    pub lobby_channel: Option<serenity::ChannelId>,
    /// The announcement channel: a status message per tournament (its standings once under
    /// way), edited as results come in; none = no announcements.
    pub tournament_channel: Option<serenity::ChannelId>,
    /// The gateway shards this process runs, first to last (both included), of `shard_total`.
    /// Several processes sharing the database each run their own range; every process posts.
    pub shards: Shards,
    /// The lease on keeping the lobby, held by one process at a time: how long it lasts
    /// without being renewed before another process takes over.
    pub lease: Duration,
    /// How many games' notifications are posted at once. A post mostly waits for Discord's
    /// answer, so many can go at once; Discord's rate limits are per channel, and each game
    /// has its own thread.
    pub parallel_sends: usize,
}

/// A range of gateway shards, first to last (both included), of `total`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shards {
    pub first: u32,
    pub last: u32,
    pub total: u32,
}

impl Shards {
    /// Every shard of `total` in this process.
    pub fn all(total: u32) -> Shards {
        Shards {
            first: 0,
            last: total.max(1) - 1,
            total: total.max(1),
        }
    }

    /// How many shards this process runs.
    pub fn count(&self) -> u32 {
        self.last.saturating_sub(self.first) + 1
    }

    /// Reads `"0-3"` or `"2"` (a range or one shard) of `total`, checking that it fits.
    pub fn parse(range: &str, total: u32) -> Result<Shards, String> {
        if total == 0 {
            return Err("shard_total = 0: at least one shard".into());
        }
        let number = |s: &str| {
            s.trim().parse::<u32>().map_err(|_| {
                format!("shards = {range:?}: a shard number or a range such as \"0-3\"")
            })
        };
        let (first, last) = match range.split_once('-') {
            Some((a, b)) => (number(a)?, number(b)?),
            None => {
                let n = number(range)?;
                (n, n)
            }
        };
        if first > last {
            return Err(format!(
                "shards = {range:?}: the first shard comes after the last"
            ));
        }
        if last >= total {
            return Err(format!(
                "shards = {range:?}: shard {last} does not exist among shard_total = {total} (numbered from 0)"
            ));
        }
        Ok(Shards { first, last, total })
    }
}

impl Default for DiscordSettings {
    fn default() -> DiscordSettings {
        DiscordSettings {
            token: String::new(),
            api_base: None,
            register: true,
            guild_id: None,
            png: true,
            png_size: 480,
            outbox_poll: Duration::from_secs(2),
            rest_timeout: Duration::from_secs(30),
            max_attempts: 3,
            lobby_channel: None,
            tournament_channel: None,
            shards: Shards::all(1),
            lease: Duration::from_secs(60),
            parallel_sends: 16,
        }
    }
}

/// An internal failure of the front end: logged in full, shown to the person as a short apology.
#[derive(Debug, thiserror::Error)]
pub enum DiscordError {
    #[error(transparent)]
    Service(#[from] ServiceError),
    /// Boxed: serenity's error is large, and every `Result` here would carry its size.
    #[error("discord: {0}")]
    Discord(#[source] Box<serenity::Error>),
    #[error("configuration: {0}")]
    Config(String),
    /// A handler panicked; caught, so the event is answered and counted like any failure.
    #[error("panic: {0}")]
    Panic(String),
}

impl From<serenity::Error> for DiscordError {
    fn from(e: serenity::Error) -> DiscordError {
        DiscordError::Discord(Box::new(e))
    }
}

/// The front end's shared state: poise hands it to every command and event.
pub struct Bot {
    service: Arc<Service>,
    settings: DiscordSettings,
    /// One lock per game, held while its thread is looked up or created, so a game never gets
    /// two and a thread that is slow to make holds up no other game.
    threads: std::sync::Mutex<HashMap<i64, Arc<Mutex<()>>>>,
    /// What each game's status message shows, as this process last posted or edited it (see
    /// `status.rs`), so an action changes it once however many paths bring it up to date.
    shown: std::sync::Mutex<HashMap<i64, u64>>,
    /// The challenge messages whose buttons this process took off, so each is edited once.
    closed: std::sync::Mutex<HashSet<serenity::MessageId>>,
    /// The games whose thread is to be brought up to date after a post, by a task not yet
    /// begun, and whether their challenge's buttons go too (see `status.rs`).
    refreshing: std::sync::Mutex<HashMap<i64, bool>>,
    /// The direct message channel of each user the outbox wrote to.
    dms: std::sync::Mutex<HashMap<serenity::UserId, serenity::ChannelId>>,
    /// The bot's own user id, learnt on the first look for an earlier post.
    me: tokio::sync::OnceCell<serenity::UserId>,
    /// Wakes the outbox delivery after a command changed something.
    wake: Notify,
    /// Held while the lobby is brought up to date, so no open challenge is posted twice.
    lobby_lock: Mutex<()>,
    /// The lease on keeping the lobby: one process at a time.
    lobby: Lease,
    /// The shards of this process that are connected: the front end is connected when all are.
    shards_up: std::sync::Mutex<HashSet<u32>>,
}

impl Bot {
    /// Records whether a shard is connected, and the front end's state for the health check:
    /// connected once every shard of this process is ready or resumed, not while one reconnects.
    pub(crate) fn shard_connected(&self, shard: u32, connected: bool) {
        let all = {
            let mut up = self.shards_up.lock().expect("shards lock");
            if connected {
                up.insert(shard);
            } else {
                up.remove(&shard);
            }
            up.len() >= self.settings.shards.count() as usize
        };
        self.service.metrics().set_connected(FrontEnd::Discord, all);
    }
}

pub(crate) type Ctx<'a> = poise::ApplicationContext<'a, Arc<Bot>, DiscordError>;

/// The identity of a Discord user in the service.
pub(crate) fn identity(user: serenity::UserId) -> Identity {
    Identity::discord(user)
}

/// A serenity id as the service knows it: the same snowflake, typed by what it names but without
/// serenity (which only this crate sees).
pub(crate) trait ServiceId: Copy {
    type Id;

    fn service(self) -> Self::Id;
}

/// A service's id as serenity takes it.
pub(crate) trait SerenityId: Copy {
    type Id;

    fn serenity(self) -> Self::Id;
}

macro_rules! same_id {
    ($($serenity:ident = $service:ident),* $(,)?) => {$(
        impl ServiceId for serenity::$serenity {
            type Id = agora_service::$service;

            fn service(self) -> agora_service::$service {
                NonZeroU64::from(self).into()
            }
        }

        impl SerenityId for agora_service::$service {
            type Id = serenity::$serenity;

            fn serenity(self) -> serenity::$serenity {
                NonZeroU64::from(self).into()
            }
        }
    )*};
}

same_id! {
    UserId = DiscordUserId,
    ChannelId = DiscordChannelId,
    MessageId = DiscordMessageId,
    GuildId = DiscordGuildId,
}

/// The Discord front end over one service.
pub struct DiscordFrontEnd {
    bot: Arc<Bot>,
}

impl DiscordFrontEnd {
    pub fn new(service: Arc<Service>, settings: DiscordSettings) -> DiscordFrontEnd {
        DiscordFrontEnd {
            bot: Arc::new(Bot {
                lobby: Lease::new(service.clone(), LOBBY_LEASE, settings.lease),
                shards_up: std::sync::Mutex::default(),
                service,
                settings,
                threads: std::sync::Mutex::default(),
                shown: std::sync::Mutex::default(),
                closed: std::sync::Mutex::default(),
                refreshing: std::sync::Mutex::default(),
                dms: std::sync::Mutex::default(),
                me: tokio::sync::OnceCell::new(),
                wake: Notify::new(),
                lobby_lock: Mutex::new(()),
            }),
        }
    }

    /// This front end's name in the lease on keeping the lobby.
    pub fn holder(&self) -> &str {
        self.bot.lobby.holder()
    }

    /// Connects this process's shards to Discord and runs until `shutdown` completes or the
    /// gateway fails for good. A lost gateway connection is resumed by serenity; the outbox is
    /// delivered all along, beside any other process that shares the database. At a clean stop
    /// the lease on the lobby is given up, so another process takes it over at once.
    pub async fn run(&self, shutdown: impl Future<Output = ()>) -> Result<(), DiscordError> {
        let settings = &self.bot.settings;
        if settings.token.trim().is_empty() {
            return Err(DiscordError::Config(
                "no bot token: set AGORA_DISCORD_TOKEN".into(),
            ));
        }
        let http = rest_client(settings)?;
        let intents = serenity::GatewayIntents::GUILDS
            | serenity::GatewayIntents::GUILD_MESSAGES
            | serenity::GatewayIntents::DIRECT_MESSAGES
            | serenity::GatewayIntents::MESSAGE_CONTENT;
        let framework = poise_framework(self.bot.clone());
        let mut client = serenity::ClientBuilder::new_with_http(http, intents)
            .framework(framework)
            .await?;
        let shards = client.shard_manager.clone();
        let http = client.http.clone();
        let deliver = sender::deliver_loop(self.bot.clone(), http);
        // serenity asks for the gateway's address once, when the client is built, and falls back
        // to Discord's public address if that one request fails: behind a configured API base
        // (or on a network that is down at start) the bot would then never connect. Ask again,
        // with a growing pause, until the answer comes, and hand it to the shards; the outbox
        // is delivered meanwhile.
        let shards_run = settings.shards;
        let connect = async move {
            let gateway = gateway_url(&client.http).await;
            *client.ws_url.lock().await = gateway;
            tracing::info!(
                first = shards_run.first,
                last = shards_run.last,
                total = shards_run.total,
                "connecting the gateway's shards"
            );
            // serenity's range runs from its start to its end, both included.
            client
                .start_shard_range(shards_run.first..shards_run.last, shards_run.total)
                .await
        };
        let metrics = self.bot.service.metrics();
        metrics.set_connected(FrontEnd::Discord, false);
        let ended = tokio::select! {
            started = connect => started.map_err(DiscordError::from),
            () = deliver => Ok(()),
            () = shutdown => {
                shards.shutdown_all().await;
                Ok(())
            }
        };
        metrics.set_connected(FrontEnd::Discord, false);
        self.bot.lobby.leave().await;
        ended
    }
}

/// serenity's REST client for `settings`: to Discord, or to the API base set instead.
fn rest_client(settings: &DiscordSettings) -> Result<serenity::Http, DiscordError> {
    // Every REST call is bounded, so one that hangs fails (and is retried where that is the
    // outbox's job) instead of holding up the event or the post that waits for it.
    let client = reqwest::Client::builder()
        .use_rustls_tls()
        .connect_timeout(settings.rest_timeout.min(Duration::from_secs(10)))
        .timeout(settings.rest_timeout)
        .build()
        .map_err(|e| DiscordError::Config(format!("the HTTP client: {e}")))?;
    let mut http = serenity::HttpBuilder::new(&settings.token).client(client);
    if let Some(base) = &settings.api_base {
        // serenity sends to the proxy only with its own rate limiter off.
        http = http
            .proxy(base.trim_end_matches('/'))
            .ratelimiter_disabled(true);
    }
    Ok(http.build())
}

/// poise's framework over `bot`: the slash commands, the handlers of events and errors, and, once
/// connected, the commands registered (in one server or globally) where the settings ask for it.
fn poise_framework(bot: Arc<Bot>) -> poise::Framework<Arc<Bot>, DiscordError> {
    poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: slash::commands(),
            event_handler: |framework, event| Box::pin(events::on_event(framework, event)),
            on_error: |error| Box::pin(events::on_error(error)),
            initialize_owners: false,
            ..Default::default()
        })
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                tracing::info!(user = %ready.user.name, "connected to Discord");
                if bot.settings.register {
                    let commands = &framework.options().commands;
                    match bot.settings.guild_id {
                        Some(g) => {
                            poise::builtins::register_in_guild(
                                ctx,
                                commands,
                                serenity::GuildId::new(g),
                            )
                            .await?
                        }
                        None => poise::builtins::register_globally(ctx, commands).await?,
                    }
                }
                Ok(bot)
            })
        })
        .build()
}

/// The gateway's address, asked of the REST API until it answers (1 s, doubling to a minute).
async fn gateway_url(http: &serenity::Http) -> String {
    let mut pause = Duration::from_secs(1);
    loop {
        match http.get_gateway().await {
            Ok(gateway) => return gateway.url,
            Err(e) => {
                tracing::warn!(error = %e, ?pause, "could not ask Discord for its gateway; asking again");
                tokio::time::sleep(pause).await;
                pause = (pause * 2).min(Duration::from_secs(60));
            }
        }
    }
}
