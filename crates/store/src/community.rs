//! What players see of games beside their own: open challenges, the games running in public,
//! and who watches which game.

use crate::dialect::run;
use crate::games::{GAME_COLUMNS, GameRow};
use crate::players::{Addressee, IdentityRow, PLAYER_COLUMNS, PLAYER_WIDTH, PlayerRow};
use crate::{Game, LinkedIdentity, Player, Result, Tx};
use chrono::{DateTime, Utc};

/// One row of [`Tx::watchers`]: a watcher and one of their identities.
#[derive(sqlx::FromRow)]
struct WatcherRow {
    #[sqlx(flatten)]
    player: PlayerRow,
    #[sqlx(flatten)]
    identity: IdentityRow,
    mail_confirmed: bool,
}

impl Tx {
    /// Open challenges (to anyone) still waiting, oldest first.
    pub async fn open_challenges(&mut self, limit: u32) -> Result<Vec<Game>> {
        let rows: Vec<GameRow> = run!(
            self,
            fetch_all,
            query_as(format!(
                "SELECT {GAME_COLUMNS} FROM games
             WHERE open = TRUE AND status = 'proposed' ORDER BY id LIMIT ?"
            ))
            .bind(i64::from(limit))
        )?;
        rows.into_iter().map(Game::try_from).collect()
    }

    /// Running games that are not private, the most recently changed first.
    pub async fn live_games(&mut self, limit: u32) -> Result<Vec<Game>> {
        let rows: Vec<GameRow> = run!(
            self,
            fetch_all,
            query_as(format!(
                "SELECT {GAME_COLUMNS} FROM games
             WHERE status = 'active' AND private = FALSE ORDER BY updated_at DESC, id DESC LIMIT ?"
            ))
            .bind(i64::from(limit))
        )?;
        rows.into_iter().map(Game::try_from).collect()
    }

    /// Gives the open seat of an open challenge to `player`, if it is still open. `false` when
    /// someone else took it first (or it was withdrawn meanwhile).
    pub async fn take_open_seat(&mut self, game_id: i64, player: i64) -> Result<bool> {
        let done = run!(
            self,
            execute,
            query(
                "UPDATE games SET second_player = ?, open = FALSE, version = version + 1
             WHERE id = ? AND open = TRUE AND status = 'proposed'"
            )
            .bind(player)
            .bind(game_id)
        )?;
        Ok(done.rows_affected() == 1)
    }

    /// Makes `player` a watcher of a game; `false` if they watched it already.
    pub async fn watch(&mut self, game_id: i64, player: i64, now: DateTime<Utc>) -> Result<bool> {
        let done = run!(
            self,
            execute,
            query(
                "INSERT INTO watchers (game_id, player_id, created_at) VALUES (?, ?, ?)
             ON CONFLICT DO NOTHING"
            )
            .bind(game_id)
            .bind(player)
            .bind(now)
        )?;
        Ok(done.rows_affected() == 1)
    }

    /// Stops `player` watching a game; `false` if they did not watch it.
    pub async fn unwatch(&mut self, game_id: i64, player: i64) -> Result<bool> {
        let done = run!(
            self,
            execute,
            query("DELETE FROM watchers WHERE game_id = ? AND player_id = ?")
                .bind(game_id)
                .bind(player)
        )?;
        Ok(done.rows_affected() == 1)
    }

    /// The players who watch a game, in the order they began, each with every identity of
    /// theirs (see [`Addressee`]): what telling them of an action needs, read in one query
    /// whatever their number. A watcher without an identity is left out.
    pub async fn watchers(&mut self, game_id: i64) -> Result<Vec<Addressee>> {
        let player_columns = PLAYER_COLUMNS
            .split(',')
            .map(|c| format!("p.{}", c.trim()))
            .collect::<Vec<_>>()
            .join(", ");
        // A `mailto:` identity is confirmed when its address's sender is verified (as
        // `Tx::mail_sender` reads it).
        let sql = format!(
            "SELECT {player_columns}, i.address, i.player_id, i.channel, i.verified,
                 EXISTS (SELECT 1 FROM blocked_identities b WHERE b.identity = i.address)
                     AS blocked,
                 EXISTS (SELECT 1 FROM mail_senders m
                         WHERE substr(i.address, 1, 7) = 'mailto:'
                           AND m.address = substr(i.address, 8) AND m.verified_at IS NOT NULL)
                     AS mail_confirmed
             FROM watchers w JOIN players p ON p.id = w.player_id
                 JOIN identities i ON i.player_id = w.player_id
             WHERE w.game_id = ?
             ORDER BY w.created_at, w.player_id, i.verified DESC, i.created_at, i.address"
        );
        let rows: Vec<(Player, IdentityRow, bool)> = if self.is_postgres() {
            let rows: Vec<WatcherRow> = run!(self, fetch_all, query_as(sql).bind(game_id))?;
            rows.into_iter()
                .map(|r| (r.player.into(), r.identity, r.mail_confirmed))
                .collect()
        } else {
            // Read after every action: run directly on the connection (see `direct`).
            let db = self.db().await?;
            let mut query = db.prepare_cached(&sql)?;
            let rows = query.query_map([game_id], |row| {
                Ok((
                    PlayerRow::direct(row, 0)?.into(),
                    IdentityRow::direct(row, PLAYER_WIDTH)?,
                    row.get(PLAYER_WIDTH + 5)?,
                ))
            })?;
            rows.collect::<rusqlite::Result<Vec<_>>>()?
        };
        let mut watchers: Vec<Addressee> = Vec::new();
        for (player, identity, confirmed) in rows {
            let identity = LinkedIdentity::try_from(identity)?;
            match watchers.last_mut() {
                Some(w) if w.player.id == player.id => w.identities.push((identity, confirmed)),
                _ => watchers.push(Addressee {
                    player,
                    identities: vec![(identity, confirmed)],
                }),
            }
        }
        Ok(watchers)
    }

    /// How many players watch a game (to cap it).
    pub async fn watcher_count(&mut self, game_id: i64) -> Result<u32> {
        let n: i64 = run!(
            self,
            fetch_one,
            query_scalar("SELECT COUNT(*) FROM watchers WHERE game_id = ?").bind(game_id)
        )?;
        Ok(u32::try_from(n).unwrap_or(u32::MAX))
    }

    /// Whether `player` watches a game.
    pub async fn watches(&mut self, game_id: i64, player: i64) -> Result<bool> {
        let found: Option<i64> = run!(
            self,
            fetch_optional,
            query_scalar("SELECT player_id FROM watchers WHERE game_id = ? AND player_id = ?")
                .bind(game_id)
                .bind(player)
        )?;
        Ok(found.is_some())
    }

    /// How many games a player watches (to cap it).
    pub async fn watched_count(&mut self, player: i64) -> Result<u32> {
        let n: i64 = run!(
            self,
            fetch_one,
            query_scalar("SELECT COUNT(*) FROM watchers WHERE player_id = ?").bind(player)
        )?;
        Ok(u32::try_from(n).unwrap_or(u32::MAX))
    }

    /// The running games a player watches that changed since `since`, oldest change first (for
    /// their digest).
    pub async fn watched_since(&mut self, player: i64, since: DateTime<Utc>) -> Result<Vec<Game>> {
        let rows: Vec<GameRow> = run!(
            self,
            fetch_all,
            query_as(format!(
                "SELECT {GAME_COLUMNS} FROM games
             WHERE id IN (SELECT game_id FROM watchers WHERE player_id = ?)
               AND updated_at > ? AND status IN ('active', 'finished')
             ORDER BY updated_at, id"
            ))
            .bind(player)
            .bind(since)
        )?;
        rows.into_iter().map(Game::try_from).collect()
    }
}
