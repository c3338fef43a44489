//! Reading `config/agora.toml`: every key has a default, so a missing file or section means "the
//! defaults". Secrets never live in the file; they come from environment variables named in it.

use agora_service::{Settings, StoreOptions};
use anyhow::Context;
use serde::Deserialize;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The file read when `--config` is not given, if it exists.
pub const DEFAULT_PATH: &str = "config/agora.toml";

#[derive(Debug, Clone, Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    pub database: Database,
    pub game: Game,
    pub service: Service,
    pub ai: Ai,
    pub log: Log,
    /// Front ends: each has its own section, read by its own crate; the service only needs to
    /// know whether it is enabled.
    pub discord: FrontEnd,
    pub mail: FrontEnd,
    pub web: Web,
}

/// `[ai]`: the computer's post-game analysis.
#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Ai {
    /// Cores one game's analysis may use (0: games are not analysed).
    pub analysis_threads: u32,
    /// Milliseconds the search has for each position of a game.
    pub analysis_ms: u64,
}

impl Default for Ai {
    fn default() -> Ai {
        let s = Settings::default();
        Ai {
            analysis_threads: s.analysis_threads as u32,
            analysis_ms: s.analysis_time.as_millis() as u64,
        }
    }
}

/// `[web]`: the read-only website `agora serve` serves.
#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Web {
    pub enabled: bool,
    pub listen: String,
    pub base_url: String,
    /// Where `/metrics` and `/healthz` are served; empty: nowhere.
    pub admin_listen: String,
    pub header_timeout_seconds: u64,
    pub request_timeout_seconds: u64,
    pub max_connections: usize,
    pub max_requests_in_flight: usize,
    /// The Discord server's invitation, shown to visitors; empty: not shown.
    pub discord_invite: String,
    /// The address that takes commands by mail, shown to visitors; empty: not shown.
    pub mail_address: String,
}

impl Default for Web {
    fn default() -> Web {
        let limits = agora_web::WebLimits::default();
        Web {
            enabled: true,
            listen: "127.0.0.1:8080".into(),
            base_url: "http://127.0.0.1:8080".into(),
            admin_listen: "127.0.0.1:8081".into(),
            header_timeout_seconds: limits.header_timeout.as_secs(),
            request_timeout_seconds: limits.request_timeout.as_secs(),
            max_connections: limits.max_connections,
            max_requests_in_flight: limits.max_in_flight,
            discord_invite: String::new(),
            mail_address: String::new(),
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Database {
    /// Where the database is: `sqlite:PATH` or `postgres://…` (see [`Database::url`]).
    pub url: Option<String>,
    /// A SQLite file: the older way to say `url = "sqlite:PATH"`.
    pub path: Option<PathBuf>,
    pub max_connections: u32,
    /// Connections kept for the website's page reads alone.
    pub page_connections: u32,
    pub synchronous: String,
    pub busy_timeout_ms: u64,
    pub batch_max_commands: usize,
    pub batch_max_open_ms: u64,
    pub pin_writer: bool,
}

/// The database when the configuration names none.
pub const DEFAULT_DATABASE: &str = "sqlite:agora.db";

impl Database {
    /// The database's URL: `url`, or `sqlite:` and `path`, or [`DEFAULT_DATABASE`]. Naming both
    /// is refused, and so is a URL of neither kind. A password is never part of it: PostgreSQL's
    /// comes from `PGPASSWORD` or `~/.pgpass`.
    pub fn url(&self) -> anyhow::Result<String> {
        let url = match (&self.url, &self.path) {
            (Some(_), Some(_)) => {
                anyhow::bail!("database.url and database.path both name the database: give one")
            }
            (Some(url), None) => url.clone(),
            (None, Some(path)) => format!("sqlite:{}", path.display()),
            (None, None) => DEFAULT_DATABASE.to_owned(),
        };
        if !(url.starts_with("sqlite:") || agora_store::is_postgres_url(&url)) {
            anyhow::bail!(
                "database.url is `sqlite:PATH` or `postgres://USER@HOST/DATABASE`, not `{url}`"
            );
        }
        if agora_store::is_postgres_url(&url) && url_has_password(&url) {
            anyhow::bail!(
                "database.url holds a password: secrets are never written in the file; \
                 set PGPASSWORD (or ~/.pgpass) instead"
            );
        }
        Ok(url)
    }

    /// The SQLite file the database is in, or `None` on PostgreSQL.
    pub fn sqlite_path(&self) -> anyhow::Result<Option<PathBuf>> {
        let url = self.url()?;
        Ok(url
            .strip_prefix("sqlite://")
            .or_else(|| url.strip_prefix("sqlite:"))
            .map(PathBuf::from))
    }
}

/// Whether a `postgres://` URL carries a password: `user:password@host`, or a `password=` (or
/// `passfile=`) parameter, however written.
fn url_has_password(url: &str) -> bool {
    let rest = url.split_once("://").map_or(url, |(_, rest)| rest);
    let authority = rest.split(['/', '?']).next().unwrap_or("");
    let in_authority = authority
        .rsplit_once('@')
        .is_some_and(|(user, _)| user.contains(':'));
    let in_query = rest.split_once('?').is_some_and(|(_, query)| {
        query.split('&').any(|pair| {
            let key = pair.split('=').next().unwrap_or("").trim();
            let key = key.to_ascii_lowercase();
            key == "password" || key == "passfile" || key.contains("%")
        })
    });
    in_authority || in_query
}

impl Default for Database {
    fn default() -> Database {
        Database {
            url: None,
            path: None,
            max_connections: 4,
            page_connections: 4,
            synchronous: "full".into(),
            busy_timeout_ms: 10_000,
            batch_max_commands: 64,
            batch_max_open_ms: 5,
            pin_writer: true,
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Game {
    pub default_days: u32,
    pub max_days: u32,
    pub reminder_hours: Vec<u32>,
    pub reminder_at_half: bool,
    pub warned_hours: u32,
    pub vacation_days: u32,
    pub computer_level: String,
    pub computer_think_ms: u64,
    pub max_open_challenges: u32,
    pub challenge_expiry_days: u32,
    pub new_opponent_challenges_per_day: u32,
    pub max_watchers_per_game: u32,
    pub max_computer_games: u32,
    pub tournaments_per_organiser: u32,
    pub tournament_time_losses: u32,
}

impl Default for Game {
    fn default() -> Game {
        let s = Settings::default();
        Game {
            default_days: s.default_days,
            max_days: s.max_days,
            reminder_hours: s.reminder_hours,
            reminder_at_half: s.reminder_at_half,
            warned_hours: s.warned_hours,
            vacation_days: s.vacation_days,
            computer_level: s.computer_level,
            computer_think_ms: s.computer_think.as_millis() as u64,
            max_open_challenges: s.max_open_challenges,
            challenge_expiry_days: s.challenge_expiry_days,
            new_opponent_challenges_per_day: s.new_opponent_challenges_per_day,
            max_watchers_per_game: s.max_watchers_per_game,
            max_computer_games: s.max_computer_games,
            tournaments_per_organiser: s.tournaments_per_organiser,
            tournament_time_losses: s.tournament_time_losses,
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Service {
    pub link_code_minutes: u32,
    pub link_guesses_per_day: u32,
    pub templates_dir: Option<PathBuf>,
    pub sweep_seconds: u64,
    pub outbox_poll_seconds: u64,
    /// Days before sent notifications, sent mails and delivery records are purged; 0 = never.
    pub keep_days: u32,
    /// Notifications one delivery pass sends at once.
    pub parallel_sends: u32,
    /// Seconds one send may take before it counts as a transient failure.
    pub send_timeout_seconds: u64,
    /// Seconds one delivery pass starts new sends.
    pub send_pass_seconds: u64,
    /// Attempts after which a notification or mail that keeps failing is given up.
    pub max_send_attempts: u32,
    /// The language (`en`, `nl`, `sv`) of players who have chosen none and whose client names
    /// none: every mail player until they send `settings language`.
    pub default_language: String,
    /// The computer's searches one process runs at once; more wait their turn.
    pub max_searches: u32,
}

/// The fewest `keep_days` (other than 0) accepted: a delivery record must outlive every
/// redelivery of its mail, and a sending server retries for about five days (RFC 5321).
pub const MIN_KEEP_DAYS: u32 = 7;

impl Default for Service {
    fn default() -> Service {
        Service {
            link_code_minutes: Settings::default().link_code_minutes,
            link_guesses_per_day: Settings::default().link_guesses_per_day,
            templates_dir: None,
            sweep_seconds: 60,
            outbox_poll_seconds: 2,
            keep_days: Settings::default().keep_days,
            parallel_sends: Settings::default().parallel_sends as u32,
            send_timeout_seconds: Settings::default().send_timeout.as_secs(),
            send_pass_seconds: Settings::default().send_pass.as_secs(),
            max_send_attempts: Settings::default().max_send_attempts,
            default_language: Settings::default().default_language.code().to_owned(),
            max_searches: Settings::default().max_searches as u32,
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Log {
    pub filter: String,
}

impl Default for Log {
    fn default() -> Log {
        Log {
            filter: "info".into(),
        }
    }
}

/// A front end's section: `enabled` plus its own keys, which its crate reads.
#[derive(Debug, Clone, Deserialize, Default)]
#[serde(default)]
pub struct FrontEnd {
    pub enabled: bool,
    // Handed to the front end's crate, which reads its own keys.
    #[serde(flatten)]
    pub rest: toml::Table,
}

impl Config {
    /// Reads `path`, or [`DEFAULT_PATH`] if it exists, or the defaults.
    pub fn load(path: Option<&Path>) -> anyhow::Result<Config> {
        let path = match path {
            Some(p) => p.to_owned(),
            None if Path::new(DEFAULT_PATH).exists() => PathBuf::from(DEFAULT_PATH),
            None => return Ok(Config::default()),
        };
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("reading {}", path.display()))?;
        toml::from_str(&text).with_context(|| format!("reading {}", path.display()))
    }

    pub fn store_options(&self) -> anyhow::Result<StoreOptions> {
        self.database.url()?;
        let sync_full = match self.database.synchronous.to_ascii_lowercase().as_str() {
            "full" => true,
            "normal" => false,
            other => anyhow::bail!("database.synchronous is `normal` or `full`, not `{other}`"),
        };
        Ok(StoreOptions {
            max_connections: self.database.max_connections,
            sync_full,
            busy_timeout: Duration::from_millis(self.database.busy_timeout_ms),
            batch: agora_service::BatchLimits {
                max_commands: self.database.batch_max_commands.max(1),
                max_open: Duration::from_millis(self.database.batch_max_open_ms),
            },
            pin_writer: self.database.pin_writer,
            page_connections: self.database.page_connections,
        })
    }

    pub fn settings(&self) -> anyhow::Result<Settings> {
        self.check_bounds()?;
        let s = &self.service;
        let default_language = agora_service::Language::parse(&s.default_language)
            .filter(|l| l.code() == s.default_language.trim().to_ascii_lowercase())
            .ok_or_else(|| {
                anyhow::anyhow!(
                    "service.default_language is en, nl or sv, not {:?}",
                    s.default_language
                )
            })?;
        Ok(Settings {
            default_language,
            default_days: self.game.default_days,
            max_days: self.game.max_days,
            reminder_hours: self.game.reminder_hours.clone(),
            reminder_at_half: self.game.reminder_at_half,
            warned_hours: self.game.warned_hours,
            vacation_days: self.game.vacation_days,
            link_code_minutes: self.service.link_code_minutes,
            link_guesses_per_day: self.service.link_guesses_per_day,
            max_open_challenges: self.game.max_open_challenges,
            tournaments_per_organiser: self.game.tournaments_per_organiser,
            tournament_time_losses: self.game.tournament_time_losses,
            challenge_expiry_days: self.game.challenge_expiry_days,
            new_opponent_challenges_per_day: self.game.new_opponent_challenges_per_day,
            max_watchers_per_game: self.game.max_watchers_per_game,
            max_computer_games: self.game.max_computer_games,
            seed: None,
            computer_level: self.game.computer_level.clone(),
            computer_think: Duration::from_millis(self.game.computer_think_ms),
            max_searches: s.max_searches as usize,
            analysis_threads: self.ai.analysis_threads as usize,
            analysis_time: Duration::from_millis(self.ai.analysis_ms),
            keep_days: s.keep_days,
            parallel_sends: s.parallel_sends as usize,
            send_timeout: Duration::from_secs(s.send_timeout_seconds),
            send_pass: Duration::from_secs(s.send_pass_seconds),
            max_send_attempts: s.max_send_attempts,
            // The mail front end runs when `[mail]` is enabled: timeouts of mail players wait
            // for the mailbox to be read past their deadline.
            mail_enabled: self.mail.enabled,
            site_url: self
                .web
                .enabled
                .then(|| self.web.base_url.trim_end_matches('/').to_owned()),
            // The one clock of the process, read from the system here and nowhere below.
            clock: agora_service::Clock::system(),
        })
    }

    /// Refuses a number of `[service]`, `[game]` or `[ai]` out of its bounds, naming its key.
    fn check_bounds(&self) -> anyhow::Result<()> {
        let keep_days = self.service.keep_days;
        if keep_days != 0 && keep_days < MIN_KEEP_DAYS {
            anyhow::bail!(
                "service.keep_days is 0 (keep for ever) or at least {MIN_KEEP_DAYS}, not {keep_days}: \
                 a mail can be delivered again for days"
            );
        }
        let think = self.game.computer_think_ms;
        if !(1..=600_000).contains(&think) {
            anyhow::bail!("game.computer_think_ms is between 1 and 600000, not {think}");
        }
        let per = self.ai.analysis_ms;
        if !(10..=60_000).contains(&per) {
            anyhow::bail!("ai.analysis_ms is between 10 and 60000, not {per}");
        }
        let s = &self.service;
        for (key, value) in [
            ("parallel_sends", u64::from(s.parallel_sends)),
            ("send_timeout_seconds", s.send_timeout_seconds),
            ("send_pass_seconds", s.send_pass_seconds),
            ("max_send_attempts", u64::from(s.max_send_attempts)),
            ("max_searches", u64::from(s.max_searches)),
        ] {
            if value == 0 {
                anyhow::bail!("service.{key} is at least 1, not 0");
            }
        }
        for (key, value) in [
            ("max_watchers_per_game", self.game.max_watchers_per_game),
            ("max_computer_games", self.game.max_computer_games),
            ("tournament_time_losses", self.game.tournament_time_losses),
        ] {
            if value == 0 {
                anyhow::bail!("game.{key} is at least 1, not 0");
            }
        }
        Ok(())
    }

    /// `[web]` as the site reads it, or `None` when the site is off.
    pub fn web_settings(&self) -> anyhow::Result<Option<agora_web::WebSettings>> {
        if !self.web.enabled {
            return Ok(None);
        }
        let listen = self
            .web
            .listen
            .parse()
            .with_context(|| format!("web.listen is host:port, not {:?}", self.web.listen))?;
        let base_url = self.web.base_url.trim_end_matches('/').to_owned();
        if !(base_url.starts_with("http://") || base_url.starts_with("https://")) {
            anyhow::bail!("web.base_url starts with http:// or https://, not {base_url:?}");
        }
        let admin_listen = match self.web.admin_listen.trim() {
            "" => None,
            address => Some(address.parse().with_context(|| {
                format!(
                    "web.admin_listen is host:port (or empty: off), not {:?}",
                    self.web.admin_listen
                )
            })?),
        };
        for (key, value) in [
            (
                "header_timeout_seconds",
                self.web.header_timeout_seconds as usize,
            ),
            (
                "request_timeout_seconds",
                self.web.request_timeout_seconds as usize,
            ),
            ("max_connections", self.web.max_connections),
            ("max_requests_in_flight", self.web.max_requests_in_flight),
        ] {
            if value == 0 {
                anyhow::bail!("web.{key} is at least 1");
            }
        }
        let limits = agora_web::WebLimits {
            header_timeout: Duration::from_secs(self.web.header_timeout_seconds),
            request_timeout: Duration::from_secs(self.web.request_timeout_seconds),
            max_connections: self.web.max_connections,
            max_in_flight: self.web.max_requests_in_flight,
        };
        let discord_invite =
            Some(self.web.discord_invite.trim().to_owned()).filter(|s| !s.is_empty());
        if let Some(invite) = &discord_invite
            && !invite.starts_with("https://")
        {
            anyhow::bail!("web.discord_invite starts with https://, not {invite:?}");
        }
        let mail_address = Some(self.web.mail_address.trim().to_owned()).filter(|s| !s.is_empty());
        if let Some(address) = &mail_address
            && (!address.contains('@') || address.contains(char::is_whitespace))
        {
            anyhow::bail!(
                "web.mail_address is an address such as play@example.org, not {address:?}"
            );
        }
        Ok(Some(agora_web::WebSettings {
            listen,
            base_url,
            admin_listen,
            limits,
            discord_invite,
            mail_address,
        }))
    }
}

#[cfg(test)]
mod tests;
