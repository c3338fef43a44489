//! The soak's look into the database beside the running servers: a SQLite file read-only (never
//! taking the write lock, so never delaying a server), or a PostgreSQL database, where it also
//! moves games' clocks (see [`Db::force_reminder`], [`Db::force_timeout`]).
//!
//! Every statement is written once with SQLite's `?` placeholders and numbered for PostgreSQL.

use agora_rules::{AnyPosition, Variant};
use sqlx::Executor;
use sqlx::postgres::{PgPool, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqlitePool, SqlitePoolOptions};
use std::path::Path;
use std::time::Duration;

pub struct Db {
    pool: Pool,
}

enum Pool {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// Runs `$body` with `$pool` the pool and `$sql` the statement as its database reads it.
macro_rules! on_pool {
    ($db:expr, $text:expr, |$pool:ident, $sql:ident| $body:expr) => {
        match &$db.pool {
            Pool::Sqlite($pool) => {
                let $sql = sqlx::AssertSqlSafe(String::from($text));
                $body
            }
            Pool::Postgres($pool) => {
                let $sql = sqlx::AssertSqlSafe(agora_store::testing::numbered($text));
                $body
            }
        }
    };
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

/// What the clock did to one game: its deliveries' replies and the notifications it queued.
#[derive(Debug, Clone, Default)]
pub struct ClockTrace {
    /// The replies recorded under the game's `clock:` deliveries.
    pub replies: Vec<String>,
    /// Reminders queued: (ply, address) of each.
    pub reminders: Vec<(i64, String)>,
    /// Final reports queued: the address of each.
    pub game_overs: Vec<String>,
    pub status: String,
    pub end_reason: Option<String>,
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
        Db {
            pool: Pool::Sqlite(pool),
        }
    }

    /// The PostgreSQL database at `url` (with its password).
    pub async fn open_postgres(url: &str) -> Db {
        let pool = PgPoolOptions::new()
            .max_connections(3)
            .connect(url)
            .await
            .unwrap();
        Db {
            pool: Pool::Postgres(pool),
        }
    }

    pub async fn player_of(&self, identity: &str) -> Option<i64> {
        on_pool!(
            self,
            "SELECT player_id FROM identities WHERE address = ?",
            |pool, sql| sqlx::query_scalar(sql)
                .bind(identity)
                .fetch_optional(pool)
                .await
                .ok()
                .flatten()
        )
    }

    /// The games between two identities' players, oldest first.
    pub async fn games_between(&self, a: &str, b: &str) -> Result<Vec<GameRow>, sqlx::Error> {
        on_pool!(
            self,
            "SELECT g.id, g.variant, g.first_player, g.second_player, g.status, g.ply
             FROM games g, identities x, identities y
             WHERE x.address = ?1 AND y.address = ?2
               AND ((g.first_player = x.player_id AND g.second_player = y.player_id)
                 OR (g.first_player = y.player_id AND g.second_player = x.player_id))
             ORDER BY g.id",
            |pool, sql| sqlx::query_as(sql).bind(a).bind(b).fetch_all(pool).await
        )
    }

    pub async fn games(&self) -> Vec<GameRow> {
        on_pool!(
            self,
            "SELECT id, variant, first_player, second_player, status, ply FROM games ORDER BY id",
            |pool, sql| sqlx::query_as(sql).fetch_all(pool).await.unwrap()
        )
    }

    /// A game's actions in order (ply 1 first).
    pub async fn actions(&self, game: i64) -> Result<Vec<String>, sqlx::Error> {
        on_pool!(
            self,
            "SELECT notation FROM actions WHERE game_id = ? ORDER BY ply",
            |pool, sql| sqlx::query_scalar(sql).bind(game).fetch_all(pool).await
        )
    }

    async fn count(&self, text: &str) -> i64 {
        on_pool!(self, text, |pool, sql| sqlx::query_scalar::<_, i64>(sql)
            .fetch_one(pool)
            .await
            .unwrap())
    }

    pub async fn backlog(&self) -> Backlog {
        Backlog {
            outbox_unsent: self
                .count("SELECT count(*) FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL")
                .await,
            outbox_failed: self
                .count("SELECT count(*) FROM outbox WHERE failed_at IS NOT NULL")
                .await,
            spool_unsent: self
                .count(
                    "SELECT count(*) FROM mail_spool WHERE sent_at IS NULL AND failed_at IS NULL",
                )
                .await,
            spool_failed: self
                .count("SELECT count(*) FROM mail_spool WHERE failed_at IS NOT NULL")
                .await,
        }
    }

    /// Rows given up on, with their last error, for the failure message.
    pub async fn failures(&self) -> Vec<String> {
        on_pool!(
            self,
            "SELECT 'outbox ' || id || ' to ' || address || ': ' || coalesce(last_error, '')
               FROM outbox WHERE failed_at IS NOT NULL
             UNION ALL
             SELECT 'spool ' || key || ' to ' || recipient || ': ' || coalesce(last_error, '')
               FROM mail_spool WHERE failed_at IS NOT NULL",
            |pool, sql| sqlx::query_scalar(sql).fetch_all(pool).await.unwrap()
        )
    }

    /// Outbox rows by channel: (channel, sent) for every row.
    pub async fn outbox(&self) -> Vec<(i64, String, bool)> {
        on_pool!(
            self,
            "SELECT id, channel, sent_at IS NOT NULL FROM outbox ORDER BY id",
            |pool, sql| sqlx::query_as(sql).fetch_all(pool).await.unwrap()
        )
    }

    /// The last mail spooled so far (0 for none).
    pub async fn last_spooled(&self) -> i64 {
        self.count("SELECT coalesce(max(id), 0) FROM mail_spool")
            .await
    }

    /// Every mail spooled after `after` that was sent: (recipient, the whole message).
    pub async fn spool_sent(&self, after: i64) -> Vec<(String, Vec<u8>)> {
        on_pool!(
            self,
            "SELECT recipient, message FROM mail_spool WHERE sent_at IS NOT NULL AND id > ?",
            |pool, sql| sqlx::query_as(sql)
                .bind(after)
                .fetch_all(pool)
                .await
                .unwrap()
        )
    }

    /// Who holds the lease `name` now.
    pub async fn lease_holder(&self, name: &str) -> Result<Option<String>, sqlx::Error> {
        on_pool!(
            self,
            "SELECT holder FROM leases WHERE name = ?",
            |pool, sql| sqlx::query_scalar(sql)
                .bind(name)
                .fetch_optional(pool)
                .await
        )
    }

    /// Moves the clock of `game` (still active at `ply`) so that the reminder points of its
    /// three-day turn have passed while its deadline is an hour away: the next sweep reminds the
    /// player to act, once. Whether the game was still so.
    pub async fn force_reminder(&self, game: i64, ply: i64) -> bool {
        self.move_clock(
            game,
            ply,
            "turn_started_at = now() - interval '71 hours',
             deadline_at = now() + interval '1 hour',
             due_at = now() - interval '23 hours',
             reminder_stage = 0, reminded_at = NULL",
        )
        .await
    }

    /// Moves the deadline of `game` (still active at `ply`) an hour into the past: the next
    /// sweep ends it on time (the game's one move of an unwarned deadline is marked spent, since
    /// no reminder of this turn may have reached its player). Whether the game was still so.
    pub async fn force_timeout(&self, game: i64, ply: i64) -> bool {
        self.move_clock(
            game,
            ply,
            "turn_started_at = now() - interval '73 hours',
             deadline_at = now() - interval '1 hour',
             due_at = now() - interval '1 hour',
             grace_ply = -1",
        )
        .await
    }

    /// Sets the clock columns of an active game at `ply`, as a command would: with a new version,
    /// so a command that read the game before fails its version check and runs again.
    async fn move_clock(&self, game: i64, ply: i64, set: &str) -> bool {
        let Pool::Postgres(pool) = &self.pool else {
            panic!("the soak moves clocks only on PostgreSQL");
        };
        let sql = format!(
            "UPDATE games SET {set}, version = version + 1
             WHERE id = $1 AND ply = $2 AND status = 'active'"
        );
        let done = pool
            .execute(sqlx::query(sqlx::AssertSqlSafe(sql)).bind(game).bind(ply))
            .await
            .unwrap();
        done.rows_affected() == 1
    }

    /// What the clock did to `game`.
    pub async fn clock_trace(&self, game: i64) -> ClockTrace {
        let clock = format!("clock:{game}:%");
        let replies = on_pool!(
            self,
            "SELECT reply FROM deliveries WHERE id LIKE ? ORDER BY handled_at",
            |pool, sql| sqlx::query_scalar(sql)
                .bind(&clock)
                .fetch_all(pool)
                .await
                .unwrap()
        );
        let reminders = on_pool!(
            self,
            "SELECT coalesce(ply, -1), address FROM outbox
             WHERE game_id = ? AND kind = 'reminder' ORDER BY id",
            |pool, sql| sqlx::query_as(sql)
                .bind(game)
                .fetch_all(pool)
                .await
                .unwrap()
        );
        let game_overs = on_pool!(
            self,
            "SELECT address FROM outbox WHERE game_id = ? AND kind = 'game_over' ORDER BY id",
            |pool, sql| sqlx::query_scalar(sql)
                .bind(game)
                .fetch_all(pool)
                .await
                .unwrap()
        );
        let (status, end_reason) = on_pool!(
            self,
            "SELECT status, end_reason FROM games WHERE id = ?",
            |pool, sql| sqlx::query_as(sql)
                .bind(game)
                .fetch_one(pool)
                .await
                .unwrap()
        );
        ClockTrace {
            replies,
            reminders,
            game_overs,
            status,
            end_reason,
        }
    }

    /// Notifications of the clock queued twice: (game, kind, ply, address, count) of every
    /// reminder queued more than once for one turn, and every final report more than once.
    pub async fn clock_notices_doubled(&self) -> Vec<(i64, String, i64, String, i64)> {
        on_pool!(
            self,
            "SELECT game_id, kind, coalesce(ply, -1), address, count(*) FROM outbox
             WHERE game_id IS NOT NULL AND kind = 'reminder'
             GROUP BY game_id, kind, ply, address HAVING count(*) > 1
             UNION ALL
             SELECT game_id, kind, -1, address, count(*) FROM outbox
             WHERE game_id IS NOT NULL AND kind = 'game_over'
             GROUP BY game_id, kind, address HAVING count(*) > 1",
            |pool, sql| sqlx::query_as(sql).fetch_all(pool).await.unwrap()
        )
    }

    /// The games that ended on time.
    pub async fn timed_out(&self) -> Vec<i64> {
        on_pool!(
            self,
            "SELECT id FROM games WHERE end_reason = 'timeout' ORDER BY id",
            |pool, sql| sqlx::query_scalar(sql).fetch_all(pool).await.unwrap()
        )
    }

    pub async fn close(&self) {
        match &self.pool {
            Pool::Sqlite(pool) => pool.close().await,
            Pool::Postgres(pool) => pool.close().await,
        }
    }
}

/// A PostgreSQL database of its own for one run, on the server of `AGORA_TEST_POSTGRES_URL`
/// (whose role may create databases); dropped by [`PostgresDatabase::drop_database`].
pub struct PostgresDatabase {
    /// The server's URL, with the password, as the tests are given it.
    admin: String,
    pub name: String,
    /// The database's URL for `agora serve`: without the password, which goes in `PGPASSWORD`.
    pub url: String,
    pub password: String,
    /// The database's URL with the password, for the soak's own look.
    pub url_with_password: String,
}

impl PostgresDatabase {
    /// Makes the database `name` anew on the server at `admin`
    /// (`postgres://USER:PASSWORD@HOST:PORT/DATABASE`).
    pub async fn create(admin: &str, name: &str) -> PostgresDatabase {
        let (scheme, rest) = admin.split_once("://").expect("a postgres:// URL");
        let (credentials, place) = rest.rsplit_once('@').expect("a user in the URL");
        let (user, password) = credentials.split_once(':').unwrap_or((credentials, ""));
        let host = place.split(['/', '?']).next().unwrap_or(place);
        let database = PostgresDatabase {
            admin: admin.to_owned(),
            name: name.to_owned(),
            url: format!("{scheme}://{user}@{host}/{name}"),
            password: password.to_owned(),
            url_with_password: format!("{scheme}://{credentials}@{host}/{name}"),
        };
        database.run_on_server(true).await;
        database
    }

    /// Drops the database (the servers must have stopped).
    pub async fn drop_database(&self) {
        self.run_on_server(false).await;
    }

    async fn run_on_server(&self, create: bool) {
        assert!(
            self.name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_'),
            "database name {}",
            self.name
        );
        let admin = PgPoolOptions::new()
            .max_connections(1)
            .connect(&self.admin)
            .await
            .expect("the test PostgreSQL answers");
        let name = &self.name;
        admin
            .execute(sqlx::AssertSqlSafe(format!(
                "DROP DATABASE IF EXISTS {name} WITH (FORCE)"
            )))
            .await
            .unwrap();
        if create {
            admin
                .execute(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
                .await
                .unwrap();
        }
        admin.close().await;
    }
}
