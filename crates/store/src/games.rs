//! Games and their actions: creating a game, reading it, saving a change against its version, and
//! the record of actions it is replayed from.

use crate::{Result, StoreError, Tx, parse_code, parse_seat, seat_code};
use agora_rules::{Seat, Variant};
use chrono::{DateTime, Utc};
use std::fmt;
use std::str::FromStr;

/// Where a game is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameStatus {
    /// Challenged, waiting for the opponent to accept.
    Proposed,
    Active,
    Finished,
    Declined,
    Cancelled,
}

impl GameStatus {
    pub fn code(self) -> &'static str {
        match self {
            GameStatus::Proposed => "proposed",
            GameStatus::Active => "active",
            GameStatus::Finished => "finished",
            GameStatus::Declined => "declined",
            GameStatus::Cancelled => "cancelled",
        }
    }

    /// Proposed or active: the game still wants something from someone.
    pub fn is_open(self) -> bool {
        matches!(self, GameStatus::Proposed | GameStatus::Active)
    }
}

impl fmt::Display for GameStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for GameStatus {
    type Err = ();
    fn from_str(s: &str) -> Result<GameStatus, ()> {
        Ok(match s {
            "proposed" => GameStatus::Proposed,
            "active" => GameStatus::Active,
            "finished" => GameStatus::Finished,
            "declined" => GameStatus::Declined,
            "cancelled" => GameStatus::Cancelled,
            _ => return Err(()),
        })
    }
}

/// How a finished game ended: the winning seat (`None` for a draw) and a reason code, either a
/// rules code (`throne`, `two-passes`, …) or a service ending (`resignation`, `agreement`,
/// `timeout`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ending {
    pub winner: Option<Seat>,
    pub reason: String,
}

/// A game as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    pub id: i64,
    pub variant: Variant,
    /// The players on the first and second seat.
    pub seats: [i64; 2],
    pub challenger: i64,
    pub status: GameStatus,
    /// The current position text; see the actions for the authority.
    pub position: String,
    /// Actions played so far.
    pub ply: u32,
    pub version: i64,
    pub ending: Option<Ending>,
    pub days_per_move: u32,
    pub deadline_at: Option<DateTime<Utc>>,
    pub reminded_at: Option<DateTime<Utc>>,
    pub draw_offer: Option<Seat>,
    pub undo_request: Option<Seat>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
}

impl Game {
    /// The seat a player holds in this game, if any (the first one when they play themselves).
    pub fn seat_of(&self, player_id: i64) -> Option<Seat> {
        Seat::BOTH
            .into_iter()
            .find(|s| self.seats[s.index()] == player_id)
    }

    pub fn player_at(&self, seat: Seat) -> i64 {
        self.seats[seat.index()]
    }
}

/// What a challenge creates.
#[derive(Debug, Clone)]
pub struct NewGame {
    pub variant: Variant,
    pub seats: [i64; 2],
    pub challenger: i64,
    pub status: GameStatus,
    pub position: String,
    pub days_per_move: u32,
    pub deadline_at: Option<DateTime<Utc>>,
}

/// One action of a game's record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayedAction {
    pub ply: u32,
    pub seat: Seat,
    pub notation: String,
    pub played_at: DateTime<Utc>,
    pub delivery_id: Option<String>,
}

#[derive(sqlx::FromRow)]
struct GameRow {
    id: i64,
    variant: String,
    first_player: i64,
    second_player: i64,
    challenger: i64,
    status: String,
    position: String,
    ply: i64,
    version: i64,
    result: Option<String>,
    end_reason: Option<String>,
    days_per_move: i64,
    deadline_at: Option<DateTime<Utc>>,
    reminded_at: Option<DateTime<Utc>>,
    draw_offer: Option<String>,
    undo_request: Option<String>,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
    finished_at: Option<DateTime<Utc>>,
}

const GAME_COLUMNS: &str = "id, variant, first_player, second_player, challenger, status, \
    position, ply, version, result, end_reason, days_per_move, deadline_at, reminded_at, \
    draw_offer, undo_request, created_at, updated_at, finished_at";

impl TryFrom<GameRow> for Game {
    type Error = StoreError;
    fn try_from(r: GameRow) -> Result<Game> {
        let variant: Variant = serde_json::from_str(&r.variant)
            .map_err(|e| StoreError::Corrupt(format!("variant of game {}: {e}", r.id)))?;
        let ending = match (r.result.as_deref(), r.end_reason) {
            (Some("draw"), Some(reason)) => Some(Ending {
                winner: None,
                reason,
            }),
            (Some(seat), Some(reason)) => Some(Ending {
                winner: Some(parse_seat(seat)?),
                reason,
            }),
            _ => None,
        };
        Ok(Game {
            id: r.id,
            variant,
            seats: [r.first_player, r.second_player],
            challenger: r.challenger,
            status: parse_code("status", &r.status)?,
            position: r.position,
            ply: r.ply as u32,
            version: r.version,
            ending,
            days_per_move: r.days_per_move as u32,
            deadline_at: r.deadline_at,
            reminded_at: r.reminded_at,
            draw_offer: r.draw_offer.as_deref().map(parse_seat).transpose()?,
            undo_request: r.undo_request.as_deref().map(parse_seat).transpose()?,
            created_at: r.created_at,
            updated_at: r.updated_at,
            finished_at: r.finished_at,
        })
    }
}

#[derive(sqlx::FromRow)]
struct ActionRow {
    ply: i64,
    seat: String,
    notation: String,
    played_at: DateTime<Utc>,
    delivery_id: Option<String>,
}

impl Tx {
    pub async fn insert_game(&mut self, new: &NewGame, now: DateTime<Utc>) -> Result<Game> {
        let variant = serde_json::to_string(&new.variant).expect("variants serialise");
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO games (kind, variant, first_player, second_player, challenger, status,
                 position, days_per_move, deadline_at, created_at, updated_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        )
        .bind(new.variant.kind().code())
        .bind(variant)
        .bind(new.seats[0])
        .bind(new.seats[1])
        .bind(new.challenger)
        .bind(new.status.code())
        .bind(new.position.clone())
        .bind(new.days_per_move as i64)
        .bind(new.deadline_at)
        .bind(now)
        .bind(now)
        .fetch_one(&mut *self.tx)
        .await?;
        self.game(id)
            .await?
            .ok_or_else(|| StoreError::Corrupt(format!("game {id} vanished")))
    }

    pub async fn game(&mut self, id: i64) -> Result<Option<Game>> {
        let row: Option<GameRow> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE id = ?"
        )))
        .bind(id)
        .fetch_optional(&mut *self.tx)
        .await?;
        row.map(Game::try_from).transpose()
    }

    /// A player's games that are still open (proposed or active), oldest first.
    pub async fn open_games_of(&mut self, player_id: i64) -> Result<Vec<Game>> {
        let rows: Vec<GameRow> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT {GAME_COLUMNS} FROM games
             WHERE (first_player = ?1 OR second_player = ?1)
               AND status IN ('proposed', 'active')
             ORDER BY id"
        )))
        .bind(player_id)
        .fetch_all(&mut *self.tx)
        .await?;
        rows.into_iter().map(Game::try_from).collect()
    }

    /// Whether two players share any game, finished or not.
    pub async fn share_a_game(&mut self, a: i64, b: i64) -> Result<bool> {
        let n: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM games
             WHERE (first_player = ?1 AND second_player = ?2)
                OR (first_player = ?2 AND second_player = ?1)",
        )
        .bind(a)
        .bind(b)
        .fetch_one(&mut *self.tx)
        .await?;
        Ok(n > 0)
    }

    /// Writes every changeable field of `game`, provided the stored version is still
    /// `game.version`; bumps the version (also in `game`). A mismatch is [`StoreError::Conflict`]
    /// and writes nothing.
    pub async fn save_game(&mut self, game: &mut Game, now: DateTime<Utc>) -> Result<()> {
        let (result, reason) = match &game.ending {
            Some(e) => (
                Some(e.winner.map_or("draw", seat_code)),
                Some(e.reason.clone()),
            ),
            None => (None, None),
        };
        let done = sqlx::query(
            "UPDATE games SET status = ?, position = ?, ply = ?, version = version + 1,
                 result = ?, end_reason = ?, deadline_at = ?, reminded_at = ?, draw_offer = ?,
                 undo_request = ?, updated_at = ?, finished_at = ?, first_player = ?,
                 second_player = ?
             WHERE id = ? AND version = ?",
        )
        .bind(game.status.code())
        .bind(game.position.clone())
        .bind(game.ply as i64)
        .bind(result)
        .bind(reason)
        .bind(game.deadline_at)
        .bind(game.reminded_at)
        .bind(game.draw_offer.map(seat_code))
        .bind(game.undo_request.map(seat_code))
        .bind(now)
        .bind(game.finished_at)
        .bind(game.seats[0])
        .bind(game.seats[1])
        .bind(game.id)
        .bind(game.version)
        .execute(&mut *self.tx)
        .await?;
        if done.rows_affected() != 1 {
            return Err(StoreError::Conflict(game.id));
        }
        game.version += 1;
        game.updated_at = now;
        Ok(())
    }

    /// A game's actions in order.
    pub async fn actions(&mut self, game_id: i64) -> Result<Vec<PlayedAction>> {
        let rows: Vec<ActionRow> = sqlx::query_as(
            "SELECT ply, seat, notation, played_at, delivery_id FROM actions
             WHERE game_id = ? ORDER BY ply",
        )
        .bind(game_id)
        .fetch_all(&mut *self.tx)
        .await?;
        rows.into_iter()
            .map(|r| {
                Ok(PlayedAction {
                    ply: r.ply as u32,
                    seat: parse_seat(&r.seat)?,
                    notation: r.notation,
                    played_at: r.played_at,
                    delivery_id: r.delivery_id,
                })
            })
            .collect()
    }

    /// Appends an action; the primary key (game, ply) refuses a second action at the same ply.
    pub async fn insert_action(&mut self, game_id: i64, action: &PlayedAction) -> Result<()> {
        sqlx::query(
            "INSERT INTO actions (game_id, ply, seat, notation, played_at, delivery_id)
             VALUES (?, ?, ?, ?, ?, ?)",
        )
        .bind(game_id)
        .bind(action.ply as i64)
        .bind(seat_code(action.seat))
        .bind(action.notation.clone())
        .bind(action.played_at)
        .bind(action.delivery_id.clone())
        .execute(&mut *self.tx)
        .await?;
        Ok(())
    }

    /// Removes the action at `ply` (a granted takeback).
    pub async fn delete_action(&mut self, game_id: i64, ply: u32) -> Result<()> {
        sqlx::query("DELETE FROM actions WHERE game_id = ? AND ply = ?")
            .bind(game_id)
            .bind(ply as i64)
            .execute(&mut *self.tx)
            .await?;
        Ok(())
    }

    /// Active games whose deadline is at or before `now`, earliest first (the deadline sweep).
    pub async fn games_due(&mut self, now: DateTime<Utc>, limit: u32) -> Result<Vec<Game>> {
        let rows: Vec<GameRow> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT {GAME_COLUMNS} FROM games
             WHERE status = 'active' AND deadline_at <= ?
             ORDER BY deadline_at LIMIT ?"
        )))
        .bind(now)
        .bind(limit as i64)
        .fetch_all(&mut *self.tx)
        .await?;
        rows.into_iter().map(Game::try_from).collect()
    }

    /// Counts actions in the whole database (for tests and the benchmark).
    pub async fn count_actions(&mut self) -> Result<i64> {
        Ok(sqlx::query_scalar("SELECT COUNT(*) FROM actions")
            .fetch_one(&mut *self.tx)
            .await?)
    }
}
