//! The Discord front end's tables: each game's channel and thread, the outbox rows already posted
//! (and the intent to post one, written before it is posted), each user's choice of thread or
//! direct messages, and the events whose handling failed. Discord ids are kept as text: they are
//! 64-bit unsigned snowflakes, wider than SQLite's signed integers allow in general. They come
//! and go as `agora_domain`'s typed ids, read from their text once here: a stored id that is no
//! number is a corrupt row, not something a caller sees.

use crate::dialect::run;
use crate::{Result, StoreError, Tx};
use agora_domain::DiscordIdError;
pub use agora_domain::{DiscordChannelId, DiscordGuildId, DiscordMessageId, DiscordUserId};
use chrono::{DateTime, Utc};
use std::str::FromStr;

/// Where a game lives on Discord.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiscordGame {
    pub game_id: i64,
    /// The channel the challenge was made in.
    pub channel_id: DiscordChannelId,
    /// The server of that channel; `None` for a direct message.
    pub guild_id: Option<DiscordGuildId>,
    /// Where the game's messages go once it runs: its thread, or the direct-message channel.
    pub thread_id: Option<DiscordChannelId>,
}

#[derive(sqlx::FromRow)]
struct GameRow {
    game_id: i64,
    channel_id: String,
    guild_id: Option<String>,
    thread_id: Option<String>,
}

impl TryFrom<GameRow> for DiscordGame {
    type Error = StoreError;

    fn try_from(r: GameRow) -> Result<DiscordGame> {
        let what = |column| format!("{column} of Discord game {}", r.game_id);
        Ok(DiscordGame {
            game_id: r.game_id,
            channel_id: id(&r.channel_id, || what("channel"))?,
            guild_id: r
                .guild_id
                .as_deref()
                .map(|g| id(g, || what("server")))
                .transpose()?,
            thread_id: r
                .thread_id
                .as_deref()
                .map(|t| id(t, || what("thread")))
                .transpose()?,
        })
    }
}

/// A Discord id read from its stored text; text that is none is a corrupt row (`what` says
/// which).
fn id<T: FromStr<Err = DiscordIdError>>(text: &str, what: impl FnOnce() -> String) -> Result<T> {
    text.parse()
        .map_err(|e: DiscordIdError| StoreError::Corrupt(format!("{}: {e}", what())))
}

impl Tx {
    /// Records the channel a game was started from, unless it is known already.
    pub async fn set_discord_origin(
        &mut self,
        game_id: i64,
        channel_id: DiscordChannelId,
        guild_id: Option<DiscordGuildId>,
        now: DateTime<Utc>,
    ) -> Result<()> {
        run!(
            self,
            execute,
            query(
                "INSERT INTO discord_games (game_id, channel_id, guild_id, created_at)
             VALUES (?, ?, ?, ?) ON CONFLICT (game_id) DO NOTHING"
            )
            .bind(game_id)
            .bind(channel_id.to_string())
            .bind(guild_id.map(|g| g.to_string()))
            .bind(now)
        )?;
        Ok(())
    }

    /// Sets the channel a game's messages go to.
    pub async fn set_discord_thread(
        &mut self,
        game_id: i64,
        thread_id: DiscordChannelId,
    ) -> Result<()> {
        run!(
            self,
            execute,
            query("UPDATE discord_games SET thread_id = ? WHERE game_id = ?")
                .bind(thread_id.to_string())
                .bind(game_id)
        )?;
        Ok(())
    }

    pub async fn discord_game(&mut self, game_id: i64) -> Result<Option<DiscordGame>> {
        let row: Option<GameRow> = run!(self, fetch_optional, query_as("SELECT game_id, channel_id, guild_id, thread_id FROM discord_games WHERE game_id = ?").bind(game_id))?;
        row.map(DiscordGame::try_from).transpose()
    }

    /// The game whose messages go to a channel (its thread), if any.
    pub async fn discord_game_by_thread(
        &mut self,
        thread_id: DiscordChannelId,
    ) -> Result<Option<DiscordGame>> {
        let row: Option<GameRow> = run!(self, fetch_optional, query_as("SELECT game_id, channel_id, guild_id, thread_id FROM discord_games WHERE thread_id = ?").bind(thread_id.to_string()))?;
        row.map(DiscordGame::try_from).transpose()
    }

    /// The message an outbox row was posted as, if it was.
    pub async fn discord_post(&mut self, outbox_id: i64) -> Result<Option<DiscordMessageId>> {
        let message: Option<String> = run!(
            self,
            fetch_optional,
            query_scalar("SELECT message_id FROM discord_posts WHERE outbox_id = ?")
                .bind(outbox_id)
        )?;
        message
            .map(|m| id(&m, || format!("message of outbox row {outbox_id}")))
            .transpose()
    }

    pub async fn record_discord_post(
        &mut self,
        outbox_id: i64,
        channel_id: DiscordChannelId,
        message_id: DiscordMessageId,
        now: DateTime<Utc>,
    ) -> Result<()> {
        run!(
            self,
            execute,
            query(
                "INSERT INTO discord_posts (outbox_id, channel_id, message_id, posted_at)
             VALUES (?, ?, ?, ?) ON CONFLICT (outbox_id) DO NOTHING"
            )
            .bind(outbox_id)
            .bind(channel_id.to_string())
            .bind(message_id.to_string())
            .bind(now)
        )?;
        Ok(())
    }

    /// Whether a Discord user wants reminders and reports as direct messages.
    pub async fn discord_wants_dm(&mut self, user_id: DiscordUserId) -> Result<bool> {
        let to: Option<String> = run!(
            self,
            fetch_optional,
            query_scalar("SELECT deliver_to FROM discord_users WHERE user_id = ?")
                .bind(user_id.to_string())
        )?;
        Ok(to.as_deref() == Some("dm"))
    }

    pub async fn set_discord_wants_dm(&mut self, user_id: DiscordUserId, dm: bool) -> Result<()> {
        run!(
            self,
            execute,
            query(
                "INSERT INTO discord_users (user_id, deliver_to) VALUES (?, ?)
             ON CONFLICT (user_id) DO UPDATE SET deliver_to = excluded.deliver_to"
            )
            .bind(user_id.to_string())
            .bind(if dm { "dm" } else { "thread" })
        )?;
        Ok(())
    }

    /// The status message of a game's thread, if one was posted.
    pub async fn discord_status_message(
        &mut self,
        game_id: i64,
    ) -> Result<Option<DiscordMessageId>> {
        run!(
            self,
            fetch_optional,
            query_scalar::<_, Option<String>>(
                "SELECT status_message_id FROM discord_games WHERE game_id = ?"
            )
            .bind(game_id)
        )?
        .flatten()
        .map(|m| id(&m, || format!("status message of Discord game {game_id}")))
        .transpose()
    }

    /// Records (or, with `None`, forgets) the status message of a game's thread.
    pub async fn set_discord_status_message(
        &mut self,
        game_id: i64,
        message_id: Option<DiscordMessageId>,
    ) -> Result<()> {
        run!(
            self,
            execute,
            query("UPDATE discord_games SET status_message_id = ? WHERE game_id = ?")
                .bind(message_id.map(|m| m.to_string()))
                .bind(game_id)
        )?;
        Ok(())
    }

    /// The messages a game's challenge was posted as: (channel, message), so their buttons can
    /// be taken away once the challenge is answered by any path.
    pub async fn discord_challenge_posts(
        &mut self,
        game_id: i64,
    ) -> Result<Vec<(DiscordChannelId, DiscordMessageId)>> {
        let rows: Vec<(String, String)> = run!(
            self,
            fetch_all,
            query_as(
                "SELECT p.channel_id, p.message_id FROM discord_posts p
             JOIN outbox o ON o.id = p.outbox_id
             WHERE o.game_id = ? AND o.kind = 'challenge_received'"
            )
            .bind(game_id)
        )?;
        let what = || format!("challenge post of game {game_id}");
        rows.iter()
            .map(|(channel, message)| Ok((id(channel, what)?, id(message, what)?)))
            .collect()
    }

    /// Forgets a game's thread (deleted on Discord): its next message makes a new one.
    pub async fn forget_discord_thread(
        &mut self,
        game_id: i64,
        thread_id: DiscordChannelId,
    ) -> Result<()> {
        run!(
            self,
            execute,
            query(
                "UPDATE discord_games SET thread_id = NULL, status_message_id = NULL
             WHERE game_id = ? AND thread_id = ?"
            )
            .bind(game_id)
            .bind(thread_id.to_string())
        )?;
        Ok(())
    }

    /// The intent to post an outbox row, if one was written: (channel, when).
    pub async fn discord_intent(
        &mut self,
        outbox_id: i64,
    ) -> Result<Option<(DiscordChannelId, DateTime<Utc>)>> {
        let intent: Option<(String, DateTime<Utc>)> = run!(
            self,
            fetch_optional,
            query_as("SELECT channel_id, intended_at FROM discord_intents WHERE outbox_id = ?")
                .bind(outbox_id)
        )?;
        intent
            .map(|(channel, at)| {
                Ok((
                    id(&channel, || format!("intent of outbox row {outbox_id}"))?,
                    at,
                ))
            })
            .transpose()
    }

    /// Records that an outbox row is about to be posted in a channel (replacing an earlier intent
    /// for another channel).
    pub async fn set_discord_intent(
        &mut self,
        outbox_id: i64,
        channel_id: DiscordChannelId,
        now: DateTime<Utc>,
    ) -> Result<()> {
        run!(
            self,
            execute,
            query(
                "INSERT INTO discord_intents (outbox_id, channel_id, intended_at) VALUES (?, ?, ?)
             ON CONFLICT (outbox_id) DO UPDATE
             SET channel_id = excluded.channel_id, intended_at = excluded.intended_at"
            )
            .bind(outbox_id)
            .bind(channel_id.to_string())
            .bind(now)
        )?;
        Ok(())
    }

    /// How many times handling a Discord event failed.
    pub async fn discord_failures(&mut self, event_id: &str) -> Result<u32> {
        let n: Option<i64> = run!(
            self,
            fetch_optional,
            query_scalar("SELECT attempts FROM discord_failures WHERE event_id = ?")
                .bind(event_id.to_owned())
        )?;
        Ok(n.map_or(0, |n| u32::try_from(n).unwrap_or(u32::MAX)))
    }

    /// Counts one more failure of a Discord event; returns how many there were.
    pub async fn record_discord_failure(
        &mut self,
        event_id: &str,
        error: &str,
        now: DateTime<Utc>,
    ) -> Result<u32> {
        let n: i64 = run!(
            self,
            fetch_one,
            query_scalar(
                "INSERT INTO discord_failures (event_id, attempts, last_error, failed_at)
             VALUES (?, 1, ?, ?)
             ON CONFLICT (event_id) DO UPDATE
             SET attempts = discord_failures.attempts + 1, last_error = excluded.last_error,
                 failed_at = excluded.failed_at
             RETURNING attempts"
            )
            .bind(event_id.to_owned())
            .bind(error.to_owned())
            .bind(now)
        )?;
        Ok(u32::try_from(n).unwrap_or(u32::MAX))
    }
}

impl Tx {
    /// The lobby posts of open challenges whose buttons are still on: (game, channel, message).
    pub async fn discord_lobby_posts(
        &mut self,
    ) -> Result<Vec<(i64, DiscordChannelId, DiscordMessageId)>> {
        let rows: Vec<(i64, String, String)> = run!(
            self,
            fetch_all,
            query_as(
                "SELECT game_id, channel_id, message_id FROM discord_lobby WHERE closed = FALSE
             ORDER BY game_id"
            )
        )?;
        rows.iter()
            .map(|(game, channel, message)| {
                let what = || format!("lobby post of game {game}");
                Ok((*game, id(channel, what)?, id(message, what)?))
            })
            .collect()
    }

    /// Records the lobby post of an open challenge.
    pub async fn record_discord_lobby_post(
        &mut self,
        game_id: i64,
        channel_id: DiscordChannelId,
        message_id: DiscordMessageId,
    ) -> Result<()> {
        run!(
            self,
            execute,
            query(
                "INSERT INTO discord_lobby (game_id, channel_id, message_id) VALUES (?, ?, ?)
             ON CONFLICT (game_id) DO NOTHING"
            )
            .bind(game_id)
            .bind(channel_id.to_string())
            .bind(message_id.to_string())
        )?;
        Ok(())
    }

    /// Marks a lobby post closed: its challenge was taken, withdrawn or expired.
    pub async fn close_discord_lobby_post(&mut self, game_id: i64) -> Result<()> {
        run!(
            self,
            execute,
            query("UPDATE discord_lobby SET closed = TRUE WHERE game_id = ?").bind(game_id)
        )?;
        Ok(())
    }

    /// The announcement channel's posts of tournaments: (tournament, channel, message, text shown).
    pub async fn discord_tournament_posts(
        &mut self,
    ) -> Result<Vec<(i64, DiscordChannelId, DiscordMessageId, String)>> {
        let rows: Vec<(i64, String, String, String)> = run!(
            self,
            fetch_all,
            query_as(
                "SELECT tournament_id, channel_id, message_id, shown FROM discord_tournament_posts
             ORDER BY tournament_id"
            )
        )?;
        rows.into_iter()
            .map(|(tournament, channel, message, shown)| {
                let what = || format!("post of tournament {tournament}");
                Ok((tournament, id(&channel, what)?, id(&message, what)?, shown))
            })
            .collect()
    }

    /// Records a tournament's post, or the text it shows now.
    pub async fn record_discord_tournament_post(
        &mut self,
        tournament_id: i64,
        channel_id: DiscordChannelId,
        message_id: DiscordMessageId,
        shown: &str,
    ) -> Result<()> {
        run!(
            self,
            execute,
            query(
                "INSERT INTO discord_tournament_posts (tournament_id, channel_id, message_id, shown)
             VALUES (?, ?, ?, ?)
             ON CONFLICT (tournament_id) DO UPDATE SET channel_id = excluded.channel_id,
             message_id = excluded.message_id, shown = excluded.shown"
            )
            .bind(tournament_id)
            .bind(channel_id.to_string())
            .bind(message_id.to_string())
            .bind(shown.to_owned())
        )?;
        Ok(())
    }
}
