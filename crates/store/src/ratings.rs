//! Ratings and reliability: each player's Glicko-2 rating per pool, the change every finished
//! rated game made to it, the leaderboard of a pool, and how reliably a player keeps to their
//! deadlines.
//!
//! A pool is a text code chosen by the service (`agon`, `agros-8`, …); the store keeps the
//! numbers and does no arithmetic on them: the rating system lives in the service, which also
//! decides which games are rated and what an unrated player's rating is.

use crate::dialect::run;
use crate::{Result, Tx};
use chrono::{DateTime, Utc};

/// A Glicko-2 rating on the Glicko scale (1500 is the usual start) and the rated games behind it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    pub rating: f64,
    /// The rating deviation (RD): how uncertain the rating is.
    pub deviation: f64,
    pub volatility: f64,
    /// Rated games played in the pool.
    pub games: u32,
}

/// What one finished rated game did to one player's rating.
#[derive(Debug, Clone, PartialEq)]
pub struct RatingChange {
    pub player: i64,
    pub pool: String,
    pub before: Rating,
    pub after: Rating,
}

/// How reliably a player keeps to their deadlines, over every game they played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Reliability {
    /// Turns the player had and that were settled: the actions they made themselves, the turns
    /// the clock passed for them and the games they lost on time.
    pub turns: u32,
    /// Of those, the actions they made themselves.
    pub turns_in_time: u32,
    /// Games of theirs that finished (with a result; not aborted or refused).
    pub finished_games: u32,
    /// Of those, the games they lost on time.
    pub games_timed_out: u32,
}

#[derive(sqlx::FromRow)]
struct RatingRow {
    rating: f64,
    deviation: f64,
    volatility: f64,
    games: i64,
}

impl From<RatingRow> for Rating {
    fn from(r: RatingRow) -> Rating {
        Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
            games: u32::try_from(r.games).unwrap_or(0),
        }
    }
}

#[derive(sqlx::FromRow)]
struct PoolRatingRow {
    pool: String,
    #[sqlx(flatten)]
    rating: RatingRow,
}

#[derive(sqlx::FromRow)]
struct LeaderRow {
    name: String,
    id: i64,
    #[sqlx(flatten)]
    rating: RatingRow,
}

#[derive(sqlx::FromRow)]
struct ChangeRow {
    player_id: i64,
    pool: String,
    rating_before: f64,
    deviation_before: f64,
    volatility_before: f64,
    games_before: i64,
    rating_after: f64,
    deviation_after: f64,
    volatility_after: f64,
    games_after: i64,
}

impl From<ChangeRow> for RatingChange {
    fn from(r: ChangeRow) -> RatingChange {
        RatingChange {
            player: r.player_id,
            pool: r.pool,
            before: RatingRow {
                rating: r.rating_before,
                deviation: r.deviation_before,
                volatility: r.volatility_before,
                games: r.games_before,
            }
            .into(),
            after: RatingRow {
                rating: r.rating_after,
                deviation: r.deviation_after,
                volatility: r.volatility_after,
                games: r.games_after,
            }
            .into(),
        }
    }
}

impl Tx {
    /// A player's rating in `pool`; `None` if they have played no rated game there.
    pub async fn rating(&mut self, player: i64, pool: &str) -> Result<Option<Rating>> {
        let row: Option<RatingRow> = run!(
            self,
            fetch_optional,
            query_as(
                "SELECT rating, deviation, volatility, games FROM ratings
             WHERE player_id = ? AND pool = ?"
            )
            .bind(player)
            .bind(pool.to_owned())
        )?;
        Ok(row.map(Rating::from))
    }

    /// Every rating a player has, by pool code.
    pub async fn ratings_of(&mut self, player: i64) -> Result<Vec<(String, Rating)>> {
        let rows: Vec<PoolRatingRow> = run!(
            self,
            fetch_all,
            query_as(
                "SELECT pool, rating, deviation, volatility, games FROM ratings
             WHERE player_id = ? ORDER BY pool"
            )
            .bind(player)
        )?;
        Ok(rows
            .into_iter()
            .map(|r| (r.pool, r.rating.into()))
            .collect())
    }

    /// Records what game `game_id` did to `player`'s rating in `pool` and makes `after` their
    /// rating there. `before` is the rating the change was computed from (read in the same
    /// transaction). Returns `false`, changing nothing, when a change of this game for this
    /// player is recorded already: an ending that is handled twice is rated once.
    pub async fn record_rating_change(
        &mut self,
        game_id: i64,
        player: i64,
        pool: &str,
        before: Rating,
        after: Rating,
        now: DateTime<Utc>,
    ) -> Result<bool> {
        let done = run!(
            self,
            execute,
            query(
                "INSERT INTO rating_changes (game_id, player_id, pool, rating_before, rating_after,
                 deviation_before, deviation_after, volatility_before, volatility_after,
                 games_before, games_after, created_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
             ON CONFLICT (game_id, player_id) DO NOTHING"
            )
            .bind(game_id)
            .bind(player)
            .bind(pool.to_owned())
            .bind(before.rating)
            .bind(after.rating)
            .bind(before.deviation)
            .bind(after.deviation)
            .bind(before.volatility)
            .bind(after.volatility)
            .bind(i64::from(before.games))
            .bind(i64::from(after.games))
            .bind(now)
        )?;
        if done.rows_affected() == 0 {
            return Ok(false);
        }
        run!(self, execute, query("INSERT INTO ratings (player_id, pool, rating, deviation, volatility, games, updated_at)
             VALUES (?, ?, ?, ?, ?, ?, ?)
             ON CONFLICT (player_id, pool) DO UPDATE SET rating = excluded.rating,
                 deviation = excluded.deviation, volatility = excluded.volatility,
                 games = excluded.games, updated_at = excluded.updated_at").bind(player).bind(pool.to_owned()).bind(after.rating).bind(after.deviation).bind(after.volatility).bind(i64::from(after.games)).bind(now))?;
        Ok(true)
    }

    /// The rating changes a game made, the first seat's player first; empty for an unrated game.
    pub async fn rating_changes_of_game(&mut self, game_id: i64) -> Result<Vec<RatingChange>> {
        let rows: Vec<ChangeRow> = run!(self, fetch_all, query_as("SELECT c.player_id, c.pool, c.rating_before, c.deviation_before, c.volatility_before,
                 c.games_before, c.rating_after, c.deviation_after, c.volatility_after,
                 c.games_after
             FROM rating_changes c JOIN games g ON g.id = c.game_id
             WHERE c.game_id = ?
             ORDER BY c.player_id <> g.first_player, c.player_id").bind(game_id))?;
        Ok(rows.into_iter().map(RatingChange::from).collect())
    }

    /// The best established ratings of `pool`, highest first: people whose deviation is below
    /// `max_deviation` and who played at least `min_games` rated games there, with their names
    /// and ids. Read from the top of the pool's index, so it costs about `limit` rows when most
    /// of the top is established.
    pub async fn leaderboard(
        &mut self,
        pool: &str,
        max_deviation: f64,
        min_games: u32,
        limit: u32,
    ) -> Result<Vec<(String, i64, Rating)>> {
        let rows: Vec<LeaderRow> = run!(
            self,
            fetch_all,
            query_as(
                "SELECT p.name, p.id, r.rating, r.deviation, r.volatility, r.games
             FROM ratings r JOIN players p ON p.id = r.player_id
             WHERE r.pool = ? AND r.deviation < ? AND r.games >= ? AND p.computer IS NULL
             ORDER BY r.rating DESC, r.player_id
             LIMIT ?"
            )
            .bind(pool.to_owned())
            .bind(max_deviation)
            .bind(i64::from(min_games))
            .bind(i64::from(limit))
        )?;
        Ok(rows
            .into_iter()
            .map(|r| {
                (
                    agora_domain::shown_name(&r.name),
                    r.id,
                    Rating::from(r.rating),
                )
            })
            .collect())
    }

    /// Moves `from`'s ratings and rating changes to `into`, before the two players are merged
    /// ([`Tx::merge_players`]). In a pool where both have a rating, the one backed by more games
    /// stays (the two rate the same person; they cannot be combined game by game). The two share
    /// no game, so their changes never collide.
    pub async fn merge_ratings(&mut self, from: i64, into: i64) -> Result<()> {
        for sql in [
            "DELETE FROM ratings WHERE player_id = ?1 AND pool IN
                 (SELECT pool FROM ratings f WHERE f.player_id = ?2
                    AND f.games > (SELECT games FROM ratings i
                                   WHERE i.player_id = ?1 AND i.pool = f.pool))",
            "UPDATE ratings SET player_id = ?1 WHERE player_id = ?2 AND NOT EXISTS
                 (SELECT 1 FROM ratings i WHERE i.player_id = ?1 AND i.pool = ratings.pool)",
            "DELETE FROM ratings WHERE player_id = ?2",
            "UPDATE rating_changes SET player_id = ?1 WHERE player_id = ?2",
        ] {
            run!(self, execute, query(sql).bind(into).bind(from))?;
        }
        Ok(())
    }

    /// How reliably `player` keeps to their deadlines, over all their games. A turn is in time
    /// when the player made the action themselves; it is not when the clock passed it for them
    /// (an action whose delivery is `clock:<game>:<ply>:pass`) or when they lost the game on time.
    /// Each count reads the player's games through the `games_first` / `games_second` indexes
    /// and their actions through the actions' key, so the cost follows the player's own games.
    pub async fn reliability(&mut self, player: i64) -> Result<Reliability> {
        let (own, passed, finished, timed_out): (i64, i64, i64, i64) = run!(
            self,
            fetch_one,
            query_as(
                "WITH turns AS (
                 SELECT COUNT(*) AS n, CAST(COALESCE(SUM(CASE WHEN delivery_id LIKE 'clock:%:pass' THEN 1 ELSE 0 END), 0)
                     AS BIGINT) AS passed
                 FROM (SELECT a.delivery_id FROM games g JOIN actions a ON a.game_id = g.id
                        WHERE g.first_player = ?1 AND a.seat = 'first'
                       UNION ALL
                       SELECT a.delivery_id FROM games g JOIN actions a ON a.game_id = g.id
                        WHERE g.second_player = ?1 AND a.seat = 'second') AS own),
             ended AS (
                 SELECT COUNT(*) AS n,
                     CAST(COALESCE(SUM(CASE WHEN end_reason = 'timeout'
                         AND ((first_player = ?1 AND result = 'second')
                           OR (second_player = ?1 AND result = 'first')) THEN 1 ELSE 0 END), 0)
                         AS BIGINT) AS lost
                 FROM games
                 WHERE (first_player = ?1 OR second_player = ?1) AND status = 'finished')
             SELECT turns.n - turns.passed, turns.passed, ended.n, ended.lost FROM turns, ended"
            )
            .bind(player)
        )?;
        let count = |n: i64| u32::try_from(n).unwrap_or(u32::MAX);
        Ok(Reliability {
            turns: count(own + passed + timed_out),
            turns_in_time: count(own),
            finished_games: count(finished),
            games_timed_out: count(timed_out),
        })
    }
}
