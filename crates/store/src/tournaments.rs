//! Tournaments: their settings and state, their entrants, their games by round and a Swiss's
//! byes. The games themselves are ordinary rows of `games`; a tournament only names them.
//! Pairing, standings and the withdrawal rule are `agora_domain::tournament`'s; this file keeps
//! what they are computed from.

use crate::clock_columns::{ClockColumns, timeout_policy};
use crate::dialect::run;
use crate::{Result, StoreError, Tx, parse_seat};
use agora_domain::tournament::Format;
use agora_domain::{TimeControl, TimeoutPolicy};
use agora_rules::{Seat, Variant};
use chrono::{DateTime, Utc};

/// Where a tournament stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TournamentStatus {
    /// Taking entries.
    Open,
    Running,
    Finished,
    Cancelled,
}

impl TournamentStatus {
    pub fn code(self) -> &'static str {
        match self {
            TournamentStatus::Open => "open",
            TournamentStatus::Running => "running",
            TournamentStatus::Finished => "finished",
            TournamentStatus::Cancelled => "cancelled",
        }
    }

    fn parse(code: &str) -> Result<TournamentStatus> {
        Ok(match code {
            "open" => TournamentStatus::Open,
            "running" => TournamentStatus::Running,
            "finished" => TournamentStatus::Finished,
            "cancelled" => TournamentStatus::Cancelled,
            other => {
                return Err(StoreError::Corrupt(format!("tournament status `{other}`")));
            }
        })
    }
}

/// The stable code of a format, with the number it carries (a Swiss's rounds, a ladder's reach).
pub fn format_code(format: Format) -> (&'static str, u32) {
    match format {
        Format::RoundRobin { double: false } => ("round-robin", 0),
        Format::RoundRobin { double: true } => ("double-round-robin", 0),
        Format::Swiss { rounds } => ("swiss", rounds),
        Format::Ladder { reach } => ("ladder", reach),
    }
}

fn parse_format(code: &str, rounds: u32) -> Result<Format> {
    Ok(match code {
        "round-robin" => Format::RoundRobin { double: false },
        "double-round-robin" => Format::RoundRobin { double: true },
        "swiss" => Format::Swiss { rounds },
        "ladder" => Format::Ladder { reach: rounds },
        other => return Err(StoreError::Corrupt(format!("tournament format `{other}`"))),
    })
}

/// What a new tournament asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewTournament {
    pub name: String,
    /// `None`: the operator's.
    pub organiser: Option<i64>,
    pub variant: Variant,
    pub format: Format,
    pub time_control: TimeControl,
    pub timeout: TimeoutPolicy,
    pub rated: bool,
    pub min_players: u32,
    pub max_players: u32,
    pub min_rating: Option<i64>,
    pub max_rating: Option<i64>,
    pub starts_at: Option<DateTime<Utc>>,
}

/// A tournament as kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tournament {
    pub id: i64,
    pub new: NewTournament,
    pub status: TournamentStatus,
    /// The last round paired (0 before the start).
    pub round: u32,
    pub created_at: DateTime<Utc>,
    pub started_at: Option<DateTime<Utc>>,
    pub finished_at: Option<DateTime<Utc>>,
}

/// One who joined a tournament.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entrant {
    pub player: i64,
    /// Their number once the tournament started (0 is the top seed).
    pub seed: u32,
    /// A ladder's place (1 is the top).
    pub place: Option<u32>,
    pub joined_at: DateTime<Utc>,
    pub left_at: Option<DateTime<Utc>>,
    /// Why they are out: `left`, `removed`, `timeouts` or `blocked`.
    pub left_how: Option<String>,
}

/// A tournament game with what standings need of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentGame {
    pub game: i64,
    pub round: u32,
    pub seats: [i64; 2],
    /// The game's status code (`active`, `finished`, `cancelled`, …).
    pub status: String,
    /// Finished: the winner's seat, or `None` for a draw.
    pub winner: Option<Option<Seat>>,
    /// How it ended (the end reason's code), when it did.
    pub reason: Option<String>,
    pub cancelled: bool,
    pub forfeit: bool,
}

#[derive(sqlx::FromRow)]
struct TournamentRow {
    id: i64,
    name: String,
    organiser_id: Option<i64>,
    variant: String,
    format: String,
    rounds: i64,
    days_per_move: i64,
    bank_initial: Option<i64>,
    bank_increment: Option<i64>,
    bank_max: Option<i64>,
    period_moves: Option<i64>,
    timeout_policy: String,
    rated: bool,
    min_players: i64,
    max_players: i64,
    min_rating: Option<i64>,
    max_rating: Option<i64>,
    starts_at: Option<DateTime<Utc>>,
    status: String,
    round: i64,
    created_at: DateTime<Utc>,
    started_at: Option<DateTime<Utc>>,
    finished_at: Option<DateTime<Utc>>,
}

const COLUMNS: &str = "id, name, organiser_id, variant, format, rounds, days_per_move, \
    bank_initial, bank_increment, bank_max, period_moves, timeout_policy, rated, min_players, \
    max_players, min_rating, max_rating, starts_at, status, round, created_at, started_at, \
    finished_at";

impl TryFrom<TournamentRow> for Tournament {
    type Error = StoreError;

    fn try_from(r: TournamentRow) -> Result<Tournament> {
        let variant: Variant = serde_json::from_str(&r.variant)
            .map_err(|e| StoreError::Corrupt(format!("variant of tournament {}: {e}", r.id)))?;
        let time_control = ClockColumns {
            days_per_move: r.days_per_move,
            bank_initial: r.bank_initial,
            bank_increment: r.bank_increment,
            bank_max: r.bank_max,
            period_moves: r.period_moves,
        }
        .control();
        let timeout = timeout_policy(&r.timeout_policy, &format!("tournament {}", r.id))?;
        Ok(Tournament {
            id: r.id,
            new: NewTournament {
                name: r.name,
                organiser: r.organiser_id,
                variant,
                format: parse_format(&r.format, r.rounds as u32)?,
                time_control,
                timeout,
                rated: r.rated,
                min_players: r.min_players as u32,
                max_players: r.max_players as u32,
                min_rating: r.min_rating,
                max_rating: r.max_rating,
                starts_at: r.starts_at,
            },
            status: TournamentStatus::parse(&r.status)?,
            round: r.round as u32,
            created_at: r.created_at,
            started_at: r.started_at,
            finished_at: r.finished_at,
        })
    }
}

#[derive(sqlx::FromRow)]
struct EntrantRow {
    player_id: i64,
    seed: i64,
    place: Option<i64>,
    joined_at: DateTime<Utc>,
    left_at: Option<DateTime<Utc>>,
    left_how: Option<String>,
}

#[derive(sqlx::FromRow)]
struct GameRow {
    game_id: i64,
    round: i64,
    cancelled: bool,
    forfeit: bool,
    first_player: i64,
    second_player: i64,
    status: String,
    result: Option<String>,
    end_reason: Option<String>,
}

impl Tx {
    /// Keeps a new tournament, open for entries.
    pub async fn insert_tournament(
        &mut self,
        new: &NewTournament,
        now: DateTime<Utc>,
    ) -> Result<Tournament> {
        let variant = serde_json::to_string(&new.variant).expect("variants serialise");
        let clock = ClockColumns::of(new.time_control);
        let (format, rounds) = format_code(new.format);
        let id: i64 = run!(
            self,
            fetch_one,
            query_scalar(
                "INSERT INTO tournaments (name, organiser_id, variant, format, rounds,
                 days_per_move, bank_initial, bank_increment, bank_max, period_moves,
                 timeout_policy, rated, min_players, max_players, min_rating, max_rating,
                 starts_at, status, round, created_at)
                 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', 0, ?)
                 RETURNING id"
            )
            .bind(new.name.clone())
            .bind(new.organiser)
            .bind(variant)
            .bind(format)
            .bind(i64::from(rounds))
            .bind(clock.days_per_move)
            .bind(clock.bank_initial)
            .bind(clock.bank_increment)
            .bind(clock.bank_max)
            .bind(clock.period_moves)
            .bind(new.timeout.code())
            .bind(new.rated)
            .bind(i64::from(new.min_players))
            .bind(i64::from(new.max_players))
            .bind(new.min_rating)
            .bind(new.max_rating)
            .bind(new.starts_at)
            .bind(now)
        )?;
        Ok(Tournament {
            id,
            new: new.clone(),
            status: TournamentStatus::Open,
            round: 0,
            created_at: now,
            started_at: None,
            finished_at: None,
        })
    }

    pub async fn tournament(&mut self, id: i64) -> Result<Option<Tournament>> {
        let sql = format!("SELECT {COLUMNS} FROM tournaments WHERE id = ?");
        let row: Option<TournamentRow> =
            run!(self, fetch_optional, query_as(sql.clone()).bind(id))?;
        row.map(Tournament::try_from).transpose()
    }

    /// Tournaments by status (open ones, then running, then the last finished), newest first
    /// within each, at most `limit`.
    pub async fn tournaments(&mut self, limit: i64) -> Result<Vec<Tournament>> {
        let sql = format!(
            "SELECT {COLUMNS} FROM tournaments
             ORDER BY CASE status WHEN 'open' THEN 0 WHEN 'running' THEN 1 WHEN 'finished' THEN 2
             ELSE 3 END, id DESC LIMIT ?"
        );
        let rows: Vec<TournamentRow> = run!(self, fetch_all, query_as(sql.clone()).bind(limit))?;
        rows.into_iter().map(Tournament::try_from).collect()
    }

    /// How many tournaments `player` organises that are not over.
    pub async fn tournaments_organised(&mut self, player: i64) -> Result<i64> {
        Ok(run!(
            self,
            fetch_one,
            query_scalar(
                "SELECT COUNT(*) FROM tournaments
                 WHERE organiser_id = ? AND status IN ('open', 'running')"
            )
            .bind(player)
        )?)
    }

    /// Open tournaments whose start time has come.
    pub async fn tournaments_to_start(&mut self, now: DateTime<Utc>) -> Result<Vec<i64>> {
        Ok(run!(
            self,
            fetch_all,
            query_scalar(
                "SELECT id FROM tournaments
                 WHERE status = 'open' AND starts_at IS NOT NULL AND starts_at <= ? ORDER BY id"
            )
            .bind(now)
        )?)
    }

    /// Keeps a tournament's status, round and times.
    pub async fn save_tournament(&mut self, t: &Tournament) -> Result<()> {
        run!(
            self,
            execute,
            query(
                "UPDATE tournaments SET status = ?, round = ?, started_at = ?, finished_at = ?
                 WHERE id = ?"
            )
            .bind(t.status.code())
            .bind(i64::from(t.round))
            .bind(t.started_at)
            .bind(t.finished_at)
            .bind(t.id)
        )?;
        Ok(())
    }

    /// The entrants of a tournament, by seed, then by joining.
    pub async fn entrants(&mut self, tournament: i64) -> Result<Vec<Entrant>> {
        let rows: Vec<EntrantRow> = run!(
            self,
            fetch_all,
            query_as(
                "SELECT player_id, seed, place, joined_at, left_at, left_how
                 FROM tournament_entrants WHERE tournament_id = ?
                 ORDER BY seed, joined_at, player_id"
            )
            .bind(tournament)
        )?;
        Ok(rows
            .into_iter()
            .map(|r| Entrant {
                player: r.player_id,
                seed: r.seed as u32,
                place: r.place.map(|p| p as u32),
                joined_at: r.joined_at,
                left_at: r.left_at,
                left_how: r.left_how,
            })
            .collect())
    }

    /// Adds an entrant; false when they were in already.
    pub async fn add_entrant(
        &mut self,
        tournament: i64,
        player: i64,
        now: DateTime<Utc>,
    ) -> Result<bool> {
        let done = run!(
            self,
            execute,
            query(
                "INSERT INTO tournament_entrants (tournament_id, player_id, joined_at)
                 VALUES (?, ?, ?) ON CONFLICT DO NOTHING"
            )
            .bind(tournament)
            .bind(player)
            .bind(now)
        )?;
        Ok(done.rows_affected() == 1)
    }

    /// Takes an entrant off a tournament that has not started.
    pub async fn drop_entrant(&mut self, tournament: i64, player: i64) -> Result<bool> {
        let done = run!(
            self,
            execute,
            query("DELETE FROM tournament_entrants WHERE tournament_id = ? AND player_id = ?")
                .bind(tournament)
                .bind(player)
        )?;
        Ok(done.rows_affected() == 1)
    }

    /// Keeps the entrants' seeds and places.
    pub async fn set_entrant_order(
        &mut self,
        tournament: i64,
        order: &[(i64, u32, Option<u32>)],
    ) -> Result<()> {
        for &(player, seed, place) in order {
            run!(
                self,
                execute,
                query(
                    "UPDATE tournament_entrants SET seed = ?, place = ?
                     WHERE tournament_id = ? AND player_id = ?"
                )
                .bind(i64::from(seed))
                .bind(place.map(i64::from))
                .bind(tournament)
                .bind(player)
            )?;
        }
        Ok(())
    }

    /// Marks an entrant as out.
    pub async fn set_entrant_left(
        &mut self,
        tournament: i64,
        player: i64,
        how: &str,
        now: DateTime<Utc>,
    ) -> Result<()> {
        run!(
            self,
            execute,
            query(
                "UPDATE tournament_entrants SET left_at = ?, left_how = ?
                 WHERE tournament_id = ? AND player_id = ? AND left_at IS NULL"
            )
            .bind(now)
            .bind(how)
            .bind(tournament)
            .bind(player)
        )?;
        Ok(())
    }

    /// The running tournaments `player` is still in.
    pub async fn tournaments_of_player(&mut self, player: i64) -> Result<Vec<i64>> {
        Ok(run!(
            self,
            fetch_all,
            query_scalar(
                "SELECT e.tournament_id FROM tournament_entrants e
                 JOIN tournaments t ON t.id = e.tournament_id
                 WHERE e.player_id = ? AND e.left_at IS NULL AND t.status IN ('open', 'running')
                 ORDER BY e.tournament_id"
            )
            .bind(player)
        )?)
    }

    /// Names a game as a tournament's, in a round.
    pub async fn add_tournament_game(
        &mut self,
        tournament: i64,
        game: i64,
        round: u32,
    ) -> Result<()> {
        run!(
            self,
            execute,
            query("INSERT INTO tournament_games (game_id, tournament_id, round) VALUES (?, ?, ?)")
                .bind(game)
                .bind(tournament)
                .bind(i64::from(round))
        )?;
        Ok(())
    }

    /// The tournament and round of a game, if it is a tournament's.
    pub async fn tournament_of_game(&mut self, game: i64) -> Result<Option<(i64, u32)>> {
        let row: Option<(i64, i64)> = run!(
            self,
            fetch_optional,
            query_as("SELECT tournament_id, round FROM tournament_games WHERE game_id = ?")
                .bind(game)
        )?;
        Ok(row.map(|(t, r)| (t, r as u32)))
    }

    /// Marks a tournament game's result as cancelled or as decided by forfeit.
    pub async fn mark_tournament_game(
        &mut self,
        game: i64,
        cancelled: bool,
        forfeit: bool,
    ) -> Result<()> {
        run!(
            self,
            execute,
            query("UPDATE tournament_games SET cancelled = ?, forfeit = ? WHERE game_id = ?")
                .bind(cancelled)
                .bind(forfeit)
                .bind(game)
        )?;
        Ok(())
    }

    /// Every game of a tournament with its seats and result, by round, then by game.
    pub async fn tournament_games(&mut self, tournament: i64) -> Result<Vec<TournamentGame>> {
        let rows: Vec<GameRow> = run!(
            self,
            fetch_all,
            query_as(
                "SELECT tg.game_id, tg.round, tg.cancelled, tg.forfeit, g.first_player,
                 g.second_player, g.status, g.result, g.end_reason
                 FROM tournament_games tg JOIN games g ON g.id = tg.game_id
                 WHERE tg.tournament_id = ? ORDER BY tg.round, tg.game_id"
            )
            .bind(tournament)
        )?;
        rows.into_iter()
            .map(|r| {
                let winner = match (r.status.as_str(), r.result.as_deref()) {
                    ("finished", Some("draw")) => Some(None),
                    ("finished", Some(seat)) => Some(Some(parse_seat(seat)?)),
                    _ => None,
                };
                Ok(TournamentGame {
                    game: r.game_id,
                    round: r.round as u32,
                    seats: [r.first_player, r.second_player],
                    status: r.status,
                    winner,
                    reason: r.end_reason,
                    cancelled: r.cancelled,
                    forfeit: r.forfeit,
                })
            })
            .collect()
    }

    /// Gives a Swiss round's bye.
    pub async fn add_bye(&mut self, tournament: i64, round: u32, player: i64) -> Result<()> {
        run!(
            self,
            execute,
            query("INSERT INTO tournament_byes (tournament_id, round, player_id) VALUES (?, ?, ?)")
                .bind(tournament)
                .bind(i64::from(round))
                .bind(player)
        )?;
        Ok(())
    }

    /// A tournament's byes: (round, player), by round.
    pub async fn byes(&mut self, tournament: i64) -> Result<Vec<(u32, i64)>> {
        let rows: Vec<(i64, i64)> = run!(
            self,
            fetch_all,
            query_as(
                "SELECT round, player_id FROM tournament_byes WHERE tournament_id = ?
                 ORDER BY round"
            )
            .bind(tournament)
        )?;
        Ok(rows.into_iter().map(|(r, p)| (r as u32, p)).collect())
    }
}
