//! `[discord]` of `config/agora.toml` as the binary hands it over (without `enabled`), and its
//! turning into [`DiscordSettings`] with the token from the environment.

use crate::{DiscordError, DiscordSettings, Shards};
use poise::serenity_prelude as serenity;
use serde::Deserialize;
use std::time::Duration;

/// `[discord]` (without `enabled`, which the binary reads). Every key has a default.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct DiscordConfig {
    /// Register the slash commands at start.
    pub register_commands: bool,
    /// Register them in this server only (immediate; for trying the bot out) instead of globally.
    pub guild_id: Option<u64>,
    /// Attach a PNG picture of the board to game messages, of this many pixels.
    pub png: bool,
    pub png_size: u32,
    /// Seconds between two looks at the outbox without news.
    pub outbox_poll_seconds: u64,
    /// Send REST calls to this base URL instead of Discord (a proxy, or a local double in tests).
    pub api_base: Option<String>,
    /// Seconds a REST call may take, connecting included.
    pub rest_timeout_seconds: u64,
    /// Failures on Agora's side after which a replayed event is no longer handled.
    pub max_attempts: u32,
    /// The channel id of the lobby, where open challenges are posted with an Accept button.
    pub lobby_channel: Option<u64>,
    /// The channel id where each tournament has a status message, edited as results come in.
    pub tournament_channel: Option<u64>,
    /// The gateway shards this process runs: `"0-3"` or `"2"`; all of `shard_total` when unset.
    pub shards: Option<String>,
    /// How many shards the bot has in all, across every process.
    pub shard_total: u32,
    /// Seconds the lease on keeping the lobby lasts without renewal.
    pub lease_seconds: u64,
    /// How many games' notifications are posted at once.
    pub parallel_sends: usize,
}

/// A channel the file names by id: 0 is none.
fn channel_of_config(id: u64) -> Option<serenity::ChannelId> {
    (id != 0).then(|| serenity::ChannelId::new(id))
}

impl Default for DiscordConfig {
    fn default() -> DiscordConfig {
        let d = DiscordSettings::default();
        DiscordConfig {
            register_commands: d.register,
            guild_id: d.guild_id,
            png: d.png,
            png_size: d.png_size,
            outbox_poll_seconds: d.outbox_poll.as_secs(),
            api_base: d.api_base,
            rest_timeout_seconds: d.rest_timeout.as_secs(),
            max_attempts: d.max_attempts,
            lobby_channel: d.lobby_channel.map(|c| c.get()),
            tournament_channel: d.tournament_channel.map(|c| c.get()),
            shards: None,
            shard_total: d.shards.total,
            lease_seconds: d.lease.as_secs(),
            parallel_sends: d.parallel_sends,
        }
    }
}

impl DiscordConfig {
    /// The settings, with the bot token (from `AGORA_DISCORD_TOKEN`).
    pub fn into_settings(self, token: String) -> Result<DiscordSettings, DiscordError> {
        if token.trim().is_empty() {
            return Err(DiscordError::Config(
                "the bot token is empty: set AGORA_DISCORD_TOKEN".into(),
            ));
        }
        if !(64..=2048).contains(&self.png_size) {
            return Err(DiscordError::Config(format!(
                "png_size = {}: between 64 and 2048 pixels",
                self.png_size
            )));
        }
        if self.rest_timeout_seconds == 0 {
            return Err(DiscordError::Config(
                "rest_timeout_seconds = 0: at least one second".into(),
            ));
        }
        if self.max_attempts == 0 {
            return Err(DiscordError::Config(
                "max_attempts = 0: an event is handled at least once".into(),
            ));
        }
        let shards = match &self.shards {
            Some(range) => Shards::parse(range, self.shard_total).map_err(DiscordError::Config)?,
            None if self.shard_total == 0 => {
                return Err(DiscordError::Config(
                    "shard_total = 0: at least one shard".into(),
                ));
            }
            None => Shards::all(self.shard_total),
        };
        if self.lease_seconds < 3 {
            return Err(DiscordError::Config(format!(
                "lease_seconds = {}: at least 3 seconds",
                self.lease_seconds
            )));
        }
        if !(1..=256).contains(&self.parallel_sends) {
            return Err(DiscordError::Config(format!(
                "parallel_sends = {}: between 1 and 256",
                self.parallel_sends
            )));
        }
        Ok(DiscordSettings {
            token: token.trim().to_owned(),
            api_base: self.api_base.filter(|b| !b.trim().is_empty()),
            register: self.register_commands,
            guild_id: self.guild_id,
            png: self.png,
            png_size: self.png_size,
            outbox_poll: Duration::from_secs(self.outbox_poll_seconds.max(1)),
            rest_timeout: Duration::from_secs(self.rest_timeout_seconds),
            max_attempts: self.max_attempts,
            lobby_channel: self.lobby_channel.and_then(channel_of_config),
            tournament_channel: self.tournament_channel.and_then(channel_of_config),
            shards,
            lease: Duration::from_secs(self.lease_seconds),
            parallel_sends: self.parallel_sends,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_config_gives_the_defaults() {
        let mut file: toml::Table =
            toml::from_str(include_str!("../../../config/agora.toml")).unwrap();
        let toml::Value::Table(mut section) = file.remove("discord").unwrap() else {
            panic!("[discord] is a table");
        };
        assert_eq!(section.remove("enabled"), Some(toml::Value::Boolean(false)));
        let config: DiscordConfig = toml::Value::Table(section).try_into().unwrap();
        let settings = config.into_settings(" token ".into()).unwrap();
        let defaults = DiscordSettings::default();
        assert_eq!(settings.token, "token");
        assert_eq!(settings.api_base, defaults.api_base);
        assert_eq!(settings.register, defaults.register);
        assert_eq!(settings.guild_id, defaults.guild_id);
        assert_eq!(
            (settings.png, settings.png_size),
            (defaults.png, defaults.png_size)
        );
        assert_eq!(settings.outbox_poll, defaults.outbox_poll);
        assert_eq!(settings.rest_timeout, defaults.rest_timeout);
        assert_eq!(settings.max_attempts, defaults.max_attempts);
        assert_eq!(settings.shards, defaults.shards);
        assert_eq!(settings.lease, defaults.lease);
    }

    #[test]
    fn shards_are_a_range_or_one_of_the_total() {
        let shards = |range: Option<&str>, total| {
            DiscordConfig {
                shards: range.map(str::to_owned),
                shard_total: total,
                ..DiscordConfig::default()
            }
            .into_settings("token".into())
            .map(|s| s.shards)
        };
        let range = |first, last, total| Shards { first, last, total };
        assert_eq!(shards(Some("0-3"), 8).unwrap(), range(0, 3, 8));
        assert_eq!(shards(Some(" 4 - 7 "), 8).unwrap(), range(4, 7, 8));
        assert_eq!(shards(Some("2"), 8).unwrap(), range(2, 2, 8));
        assert_eq!(shards(None, 4).unwrap(), range(0, 3, 4));
        assert_eq!(shards(None, 1).unwrap(), range(0, 0, 1));
        assert_eq!(range(4, 7, 8).count(), 4);
        for (bad, total) in [
            (Some("3-8"), 8),
            (Some("8"), 8),
            (Some("5-2"), 8),
            (Some("a-b"), 8),
            (Some(""), 8),
            (Some("-1"), 8),
            (Some("0-3"), 0),
            (None, 0),
        ] {
            let refused = shards(bad, total).unwrap_err().to_string();
            assert!(refused.contains("shard"), "{bad:?} of {total}: {refused}");
        }
        let short = DiscordConfig {
            lease_seconds: 2,
            ..DiscordConfig::default()
        };
        assert!(short.into_settings("token".into()).is_err());
    }

    #[test]
    fn a_missing_token_or_a_bad_size_is_refused() {
        assert!(DiscordConfig::default().into_settings("  ".into()).is_err());
        let config = DiscordConfig {
            png_size: 10,
            ..DiscordConfig::default()
        };
        assert!(config.into_settings("token".into()).is_err());
        for config in [
            DiscordConfig {
                rest_timeout_seconds: 0,
                ..DiscordConfig::default()
            },
            DiscordConfig {
                max_attempts: 0,
                ..DiscordConfig::default()
            },
        ] {
            assert!(config.into_settings("token".into()).is_err());
        }
    }
}
