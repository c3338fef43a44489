//! The soak's look into the database: a read-only connection beside the running server, which
//! never takes the write lock and so never delays it.

use agora_rules::{AnyPosition, Variant};
use sqlx::sqlite::{SqliteConnectOptions, SqlitePool, SqlitePoolOptions};
use std::path::Path;
use std::time::Duration;

pub struct Db {
    pool: SqlitePool,
}

/// A game as the players see it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct GameRow {
    pub id: i64,
    pub variant: String,
    pub first_player: i64,
    pub second_player: i64,
    pub status: String,
    pub ply: i64,
}

impl GameRow {
    /// The position after the recorded actions.
    pub fn replay(&self, actions: &[String]) -> AnyPosition {
        let variant: Variant = serde_json::from_str(&self.variant).unwrap();
        let mut position = variant.start();
        for notation in actions {
            let action = position
                .parse_action(notation)
                .unwrap_or_else(|e| panic!("game {}: `{notation}`: {e:?}", self.id));
            position.play(action).unwrap();
        }
        position
    }
}

/// Counts of what is not done yet.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Backlog {
    pub outbox_unsent: i64,
    pub outbox_failed: i64,
    pub spool_unsent: i64,
    pub spool_failed: i64,
}

impl Backlog {
    pub fn is_empty(&self) -> bool {
        *self == Backlog::default()
    }
}

impl Db {
    pub async fn open(path: &Path) -> Db {
        let options = SqliteConnectOptions::new()
            .filename(path)
            .read_only(true)
            .busy_timeout(Duration::from_secs(10));
        let pool = SqlitePoolOptions::new()
            .max_connections(2)
            .connect_with(options)
            .await
            .unwrap();
        Db { pool }
    }

    pub async fn player_of(&self, identity: &str) -> Option<i64> {
        sqlx::query_scalar("SELECT player_id FROM identities WHERE address = ?")
            .bind(identity)
            .fetch_optional(&self.pool)
            .await
            .ok()
            .flatten()
    }

    /// The games between two identities' players, oldest first.
    pub async fn games_between(&self, a: &str, b: &str) -> Result<Vec<GameRow>, sqlx::Error> {
        sqlx::query_as(
            "SELECT g.id, g.variant, g.first_player, g.second_player, g.status, g.ply
             FROM games g, identities x, identities y
             WHERE x.address = ?1 AND y.address = ?2
               AND ((g.first_player = x.player_id AND g.second_player = y.player_id)
                 OR (g.first_player = y.player_id AND g.second_player = x.player_id))
             ORDER BY g.id",
        )
        .bind(a)
        .bind(b)
        .fetch_all(&self.pool)
        .await
    }

    pub async fn games(&self) -> Vec<GameRow> {
        sqlx::query_as(
            "SELECT id, variant, first_player, second_player, status, ply FROM games ORDER BY id",
        )
        .fetch_all(&self.pool)
        .await
        .unwrap()
    }

    /// A game's actions in order (ply 1 first).
    pub async fn actions(&self, game: i64) -> Result<Vec<String>, sqlx::Error> {
        sqlx::query_scalar("SELECT notation FROM actions WHERE game_id = ? ORDER BY ply")
            .bind(game)
            .fetch_all(&self.pool)
            .await
    }

    pub async fn backlog(&self) -> Backlog {
        let count = |sql: &'static str| async move {
            sqlx::query_scalar::<_, i64>(sql)
                .fetch_one(&self.pool)
                .await
                .unwrap()
        };
        Backlog {
            outbox_unsent: count(
                "SELECT count(*) FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL",
            )
            .await,
            outbox_failed: count("SELECT count(*) FROM outbox WHERE failed_at IS NOT NULL").await,
            spool_unsent: count(
                "SELECT count(*) FROM mail_spool WHERE sent_at IS NULL AND failed_at IS NULL",
            )
            .await,
            spool_failed: count("SELECT count(*) FROM mail_spool WHERE failed_at IS NOT NULL")
                .await,
        }
    }

    /// Rows given up on, with their last error, for the failure message.
    pub async fn failures(&self) -> Vec<String> {
        sqlx::query_scalar(
            "SELECT 'outbox ' || id || ' to ' || address || ': ' || coalesce(last_error, '')
               FROM outbox WHERE failed_at IS NOT NULL
             UNION ALL
             SELECT 'spool ' || key || ' to ' || recipient || ': ' || coalesce(last_error, '')
               FROM mail_spool WHERE failed_at IS NOT NULL",
        )
        .fetch_all(&self.pool)
        .await
        .unwrap()
    }

    /// Outbox rows by channel: (channel, sent) for every row.
    pub async fn outbox(&self) -> Vec<(i64, String, bool)> {
        sqlx::query_as("SELECT id, channel, sent_at IS NOT NULL FROM outbox ORDER BY id")
            .fetch_all(&self.pool)
            .await
            .unwrap()
    }

    /// The last mail spooled so far (0 for none).
    pub async fn last_spooled(&self) -> i64 {
        sqlx::query_scalar("SELECT coalesce(max(id), 0) FROM mail_spool")
            .fetch_one(&self.pool)
            .await
            .unwrap()
    }

    /// Every mail spooled after `after` that was sent: (recipient, the whole message).
    pub async fn spool_sent(&self, after: i64) -> Vec<(String, Vec<u8>)> {
        sqlx::query_as(
            "SELECT recipient, message FROM mail_spool WHERE sent_at IS NOT NULL AND id > ?",
        )
        .bind(after)
        .fetch_all(&self.pool)
        .await
        .unwrap()
    }

    pub async fn close(&self) {
        self.pool.close().await;
    }
}
