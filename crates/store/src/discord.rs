//! The Discord front end's tables: each game's channel and thread, the outbox rows already posted
//! (and the intent to post one, written before it is posted), each user's choice of thread or
//! direct messages, and the events whose handling failed. Discord ids are kept as text: they are
//! 64-bit unsigned snowflakes, wider than SQLite's signed integers allow in general.

use crate::dialect::run;
use crate::{Result, Tx};
use chrono::{DateTime, Utc};

/// Where a game lives on Discord.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiscordGame {
    pub game_id: i64,
    /// The channel the challenge was made in.
    pub channel_id: String,
    /// The server of that channel; `None` for a direct message.
    pub guild_id: Option<String>,
    /// Where the game's messages go once it runs: its thread, or the direct-message channel.
    pub thread_id: Option<String>,
}

#[derive(sqlx::FromRow)]
struct GameRow {
    game_id: i64,
    channel_id: String,
    guild_id: Option<String>,
    thread_id: Option<String>,
}

impl From<GameRow> for DiscordGame {
    fn from(r: GameRow) -> DiscordGame {
        DiscordGame {
            game_id: r.game_id,
            channel_id: r.channel_id,
            guild_id: r.guild_id,
            thread_id: r.thread_id,
        }
    }
}

impl Tx {
    /// Records the channel a game was started from, unless it is known already.
    pub async fn set_discord_origin(
        &mut self,
        game_id: i64,
        channel_id: &str,
        guild_id: Option<&str>,
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
            .bind(channel_id.to_owned())
            .bind(guild_id.map(str::to_owned))
            .bind(now)
        )?;
        Ok(())
    }

    /// Sets the channel a game's messages go to.
    pub async fn set_discord_thread(&mut self, game_id: i64, thread_id: &str) -> Result<()> {
        run!(
            self,
            execute,
            query("UPDATE discord_games SET thread_id = ? WHERE game_id = ?")
                .bind(thread_id.to_owned())
                .bind(game_id)
        )?;
        Ok(())
    }

    pub async fn discord_game(&mut self, game_id: i64) -> Result<Option<DiscordGame>> {
        let row: Option<GameRow> = run!(self, fetch_optional, query_as("SELECT game_id, channel_id, guild_id, thread_id FROM discord_games WHERE game_id = ?").bind(game_id))?;
        Ok(row.map(DiscordGame::from))
    }

    /// The game whose messages go to a channel (its thread), if any.
    pub async fn discord_game_by_thread(&mut self, thread_id: &str) -> Result<Option<DiscordGame>> {
        let row: Option<GameRow> = run!(self, fetch_optional, query_as("SELECT game_id, channel_id, guild_id, thread_id FROM discord_games WHERE thread_id = ?").bind(thread_id.to_owned()))?;
        Ok(row.map(DiscordGame::from))
    }

    /// The message an outbox row was posted as, if it was.
    pub async fn discord_post(&mut self, outbox_id: i64) -> Result<Option<String>> {
        Ok(run!(
            self,
            fetch_optional,
            query_scalar("SELECT message_id FROM discord_posts WHERE outbox_id = ?")
                .bind(outbox_id)
        )?)
    }

    pub async fn record_discord_post(
        &mut self,
        outbox_id: i64,
        channel_id: &str,
        message_id: &str,
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
            .bind(channel_id.to_owned())
            .bind(message_id.to_owned())
            .bind(now)
        )?;
        Ok(())
    }

    /// Whether a Discord user wants reminders and reports as direct messages.
    pub async fn discord_wants_dm(&mut self, user_id: &str) -> Result<bool> {
        let to: Option<String> = run!(
            self,
            fetch_optional,
            query_scalar("SELECT deliver_to FROM discord_users WHERE user_id = ?")
                .bind(user_id.to_owned())
        )?;
        Ok(to.as_deref() == Some("dm"))
    }

    pub async fn set_discord_wants_dm(&mut self, user_id: &str, dm: bool) -> Result<()> {
        run!(
            self,
            execute,
            query(
                "INSERT INTO discord_users (user_id, deliver_to) VALUES (?, ?)
             ON CONFLICT (user_id) DO UPDATE SET deliver_to = excluded.deliver_to"
            )
            .bind(user_id.to_owned())
            .bind(if dm { "dm" } else { "thread" })
        )?;
        Ok(())
    }

    /// The status message of a game's thread, if one was posted.
    pub async fn discord_status_message(&mut self, game_id: i64) -> Result<Option<String>> {
        Ok(run!(
            self,
            fetch_optional,
            query_scalar::<_, Option<String>>(
                "SELECT status_message_id FROM discord_games WHERE game_id = ?"
            )
            .bind(game_id)
        )?
        .flatten())
    }

    /// Records (or, with `None`, forgets) the status message of a game's thread.
    pub async fn set_discord_status_message(
        &mut self,
        game_id: i64,
        message_id: Option<&str>,
    ) -> Result<()> {
        run!(
            self,
            execute,
            query("UPDATE discord_games SET status_message_id = ? WHERE game_id = ?")
                .bind(message_id.map(str::to_owned))
                .bind(game_id)
        )?;
        Ok(())
    }

    /// The messages a game's challenge was posted as: (channel, message), so their buttons can
    /// be taken away once the challenge is answered by any path.
    pub async fn discord_challenge_posts(&mut self, game_id: i64) -> Result<Vec<(String, String)>> {
        Ok(run!(
            self,
            fetch_all,
            query_as(
                "SELECT p.channel_id, p.message_id FROM discord_posts p
             JOIN outbox o ON o.id = p.outbox_id
             WHERE o.game_id = ? AND o.kind = 'challenge_received'"
            )
            .bind(game_id)
        )?)
    }

    /// Forgets a game's thread (deleted on Discord): its next message makes a new one.
    pub async fn forget_discord_thread(&mut self, game_id: i64, thread_id: &str) -> Result<()> {
        run!(
            self,
            execute,
            query(
                "UPDATE discord_games SET thread_id = NULL, status_message_id = NULL
             WHERE game_id = ? AND thread_id = ?"
            )
            .bind(game_id)
            .bind(thread_id.to_owned())
        )?;
        Ok(())
    }

    /// The intent to post an outbox row, if one was written: (channel, when).
    pub async fn discord_intent(
        &mut self,
        outbox_id: i64,
    ) -> Result<Option<(String, DateTime<Utc>)>> {
        Ok(run!(
            self,
            fetch_optional,
            query_as("SELECT channel_id, intended_at FROM discord_intents WHERE outbox_id = ?")
                .bind(outbox_id)
        )?)
    }

    /// Records that an outbox row is about to be posted in a channel (replacing an earlier intent
    /// for another channel).
    pub async fn set_discord_intent(
        &mut self,
        outbox_id: i64,
        channel_id: &str,
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
            .bind(channel_id.to_owned())
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
    pub async fn discord_lobby_posts(&mut self) -> Result<Vec<(i64, String, String)>> {
        Ok(run!(
            self,
            fetch_all,
            query_as(
                "SELECT game_id, channel_id, message_id FROM discord_lobby WHERE closed = FALSE
             ORDER BY game_id"
            )
        )?)
    }

    /// Records the lobby post of an open challenge.
    pub async fn record_discord_lobby_post(
        &mut self,
        game_id: i64,
        channel_id: &str,
        message_id: &str,
    ) -> Result<()> {
        run!(
            self,
            execute,
            query(
                "INSERT INTO discord_lobby (game_id, channel_id, message_id) VALUES (?, ?, ?)
             ON CONFLICT (game_id) DO NOTHING"
            )
            .bind(game_id)
            .bind(channel_id.to_owned())
            .bind(message_id.to_owned())
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
    pub async fn discord_tournament_posts(&mut self) -> Result<Vec<(i64, String, String, String)>> {
        Ok(run!(
            self,
            fetch_all,
            query_as(
                "SELECT tournament_id, channel_id, message_id, shown FROM discord_tournament_posts
             ORDER BY tournament_id"
            )
        )?)
    }

    /// Records a tournament's post, or the text it shows now.
    pub async fn record_discord_tournament_post(
        &mut self,
        tournament_id: i64,
        channel_id: &str,
        message_id: &str,
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
            .bind(channel_id.to_owned())
            .bind(message_id.to_owned())
            .bind(shown.to_owned())
        )?;
        Ok(())
    }
}
