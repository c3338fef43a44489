//! A game as the service keeps it: where it is in its life ([`GameStatus`]), how it ended
//! ([`Ending`], [`EndReason`]), its clock and options, and one action of its record.

use crate::{TimeControl, TimeoutPolicy, ZonedRest};
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

/// How a finished game ended: the winning seat (`None` for a draw) and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ending {
    pub winner: Option<Seat>,
    pub reason: EndReason,
}

/// Why a game ended: by its rules, or by something the service records beside them. Stored as
/// the stable text codes of [`EndReason::code`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The rules ended it (`throne`, `two-passes`, …: the rules' own codes).
    Rules(agora_rules::EndReason),
    /// A player resigned (`resignation`).
    Resignation,
    /// The players agreed a draw (`agreement`).
    Agreement,
    /// A player missed their deadline (`timeout`).
    Time,
    /// The operator decided the result (`adjudication`).
    Adjudication,
    /// A tournament game lost by a player who left the tournament (`forfeit`).
    Forfeit,
}

impl EndReason {
    /// The stable code kept in the database.
    pub fn code(self) -> &'static str {
        match self {
            EndReason::Rules(r) => r.code(),
            EndReason::Resignation => "resignation",
            EndReason::Agreement => "agreement",
            EndReason::Time => "timeout",
            EndReason::Adjudication => "adjudication",
            EndReason::Forfeit => "forfeit",
        }
    }
}

impl From<agora_rules::EndReason> for EndReason {
    fn from(r: agora_rules::EndReason) -> EndReason {
        EndReason::Rules(r)
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for EndReason {
    type Err = ();
    fn from_str(s: &str) -> Result<EndReason, ()> {
        use agora_rules::EndReason as R;
        Ok(match s {
            "throne" => R::Throne.into(),
            "ring-without-queen" => R::RingWithoutQueen.into(),
            "no-legal-action" => R::NoLegalAction.into(),
            "repetition" => R::Repetition.into(),
            "two-passes" => R::TwoPasses.into(),
            "resignation" => EndReason::Resignation,
            "agreement" => EndReason::Agreement,
            "timeout" => EndReason::Time,
            "adjudication" => EndReason::Adjudication,
            "forfeit" => EndReason::Forfeit,
            _ => return Err(()),
        })
    }
}

/// A game: its players, position, clock and life.
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
    pub time_control: TimeControl,
    pub timeout: TimeoutPolicy,
    /// Time bank reserves of the two seats (seconds) as of the start of their current or next
    /// turn; unused with a per-move deadline.
    pub bank: [i64; 2],
    /// When the clock of the player to act started (later than the turn's start by any vacation
    /// that paused it).
    pub turn_started_at: Option<DateTime<Utc>>,
    pub deadline_at: Option<DateTime<Utc>>,
    pub reminded_at: Option<DateTime<Utc>>,
    /// Reminder points passed in this turn.
    pub reminder_stage: u32,
    /// When the scheduler must next look at this game.
    pub due_at: Option<DateTime<Utc>>,
    /// The turn (its ply) whose deadline was moved because no reminder reached its player in
    /// time, once per game; `None` while that has not happened.
    pub grace_ply: Option<u32>,
    /// How far that turn's deadline was moved, in seconds.
    pub grace_seconds: i64,
    /// The weekly rest of the player to act, with their zone, as it was when the turn started:
    /// their clock does not run in it. `None`: it runs at every hour.
    pub turn_rest: Option<ZonedRest>,
    pub draw_offer: Option<Seat>,
    pub undo_request: Option<Seat>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub started_at: Option<DateTime<Utc>>,
    pub finished_at: Option<DateTime<Utc>>,
    /// Rated, private, open to anyone: what the challenge asked for.
    pub options: GameOptions,
}

/// What a challenge asks for beside the game and the clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct GameOptions {
    /// The result counts for the players' ratings.
    pub rated: bool,
    /// Not listed among running games and not watchable.
    pub private: bool,
    /// A challenge to anyone, not yet taken: its second seat holds the placeholder player.
    pub open: bool,
    /// The ratings an open challenge admits, either bound optional.
    pub min_rating: Option<i64>,
    pub max_rating: Option<i64>,
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
    pub time_control: TimeControl,
    pub timeout: TimeoutPolicy,
    pub options: GameOptions,
}

/// One action of a game's record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayedAction {
    pub ply: u32,
    pub seat: Seat,
    pub notation: String,
    pub played_at: DateTime<Utc>,
    pub delivery_id: Option<String>,
    /// Milliseconds the player's clock ran for this action (vacations excluded).
    pub spent_ms: Option<i64>,
}
