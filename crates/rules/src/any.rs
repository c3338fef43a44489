//! Both games behind one surface, for the code that handles either: the store, the service, the
//! renderer's callers and the command line. Adding a third game fails to compile here first.

use crate::{ActionError, IllegalAction, Outcome, PositionError, Seat, agon, agros};
use std::fmt;
use std::str::FromStr;

/// Which game, with its stable text code (`agon`, `agros`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    Agon,
    Agros,
}

impl GameKind {
    pub const ALL: [GameKind; 2] = [GameKind::Agon, GameKind::Agros];

    pub fn code(self) -> &'static str {
        match self {
            GameKind::Agon => "agon",
            GameKind::Agros => "agros",
        }
    }

    /// The display name, `Agon` or `Agros`.
    pub fn title(self) -> &'static str {
        match self {
            GameKind::Agon => "Agon",
            GameKind::Agros => "Agros",
        }
    }

    /// The colour of a seat in this game: white/black or light/dark.
    pub fn seat_name(self, seat: Seat) -> &'static str {
        match self {
            GameKind::Agon => agon::seat_name(seat),
            GameKind::Agros => agros::seat_name(seat),
        }
    }

    /// The seat with this colour name, case-insensitive.
    pub fn seat_named(self, name: &str) -> Option<Seat> {
        Seat::BOTH
            .into_iter()
            .find(|&s| self.seat_name(s).eq_ignore_ascii_case(name.trim()))
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for GameKind {
    type Err = String;
    fn from_str(s: &str) -> Result<GameKind, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "agon" => Ok(GameKind::Agon),
            "agros" => Ok(GameKind::Agros),
            other => Err(format!(
                "unknown game `{other}`: the games are agon and agros"
            )),
        }
    }
}

/// A game with its options: what a new game starts from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(tag = "game", rename_all = "lowercase")]
pub enum Variant {
    Agon,
    Agros { board: u8, farmers: u8 },
}

/// Why a variant is not offered.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VariantError {
    #[error("the board is 8, 10 or 12 squares wide, not {0}")]
    Board(u32),
    #[error("each side has 3, 5 or 7 farmers, not {0}")]
    Farmers(u32),
    #[error("Agon has no options: its board and pieces are fixed")]
    AgonOptions,
}

impl Variant {
    /// The variant of a game, checking the options a game offers (AR-1): board 8, 10 or 12 (default
    /// 10), farmers 3, 5 or 7 (default 5). Agon takes no options.
    pub fn new(
        kind: GameKind,
        board: Option<u32>,
        farmers: Option<u32>,
    ) -> Result<Variant, VariantError> {
        match kind {
            GameKind::Agon if board.is_some() || farmers.is_some() => {
                Err(VariantError::AgonOptions)
            }
            GameKind::Agon => Ok(Variant::Agon),
            GameKind::Agros => {
                let board = board.unwrap_or(10);
                let farmers = farmers.unwrap_or(5);
                if ![8, 10, 12].contains(&board) {
                    return Err(VariantError::Board(board));
                }
                if ![3, 5, 7].contains(&farmers) {
                    return Err(VariantError::Farmers(farmers));
                }
                Ok(Variant::Agros {
                    board: board as u8,
                    farmers: farmers as u8,
                })
            }
        }
    }

    pub fn kind(self) -> GameKind {
        match self {
            Variant::Agon => GameKind::Agon,
            Variant::Agros { .. } => GameKind::Agros,
        }
    }

    /// The position a game of this variant starts from.
    pub fn start(self) -> AnyPosition {
        match self {
            Variant::Agon => AnyPosition::Agon(agon::Position::start()),
            Variant::Agros { board, farmers } => AnyPosition::Agros(
                agros::Position::new(agros::Setup { board, farmers })
                    .expect("variants hold offered options only"),
            ),
        }
    }
}

/// Why a list of actions does not replay: the first action that cannot be read or is not legal
/// where it stands, with the rules' reason and the position it stands in.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("action {} `{text}`", .index + 1)]
pub struct ReplayError {
    /// Its place in the actions given, from 0 ([`ReplayError::ply`] counts from 1).
    pub index: usize,
    /// The action as given.
    pub text: String,
    #[source]
    pub error: ActionError,
    /// The position after the actions before it: where it was refused.
    pub position: Box<AnyPosition>,
}

impl ReplayError {
    /// The action's number, counted from 1 as records and a game's history number actions.
    pub fn ply(&self) -> usize {
        self.index + 1
    }
}

impl Variant {
    /// THE replay: plays `actions` (each in any form [`AnyPosition::parse_action`] reads) from
    /// this variant's start and returns the position they reach. `visit` sees each action, with
    /// its index and the position it is played from, before it is played; so a caller keeps what
    /// it needs (a line per action, the position at one ply) without a second walk. Stops at the
    /// first action that cannot be read or is not legal where it stands: every action after a
    /// game's end is one, since nothing is legal then.
    pub fn replay<I>(
        self,
        actions: I,
        mut visit: impl FnMut(usize, &AnyPosition, AnyAction),
    ) -> Result<AnyPosition, ReplayError>
    where
        I: IntoIterator,
        I::Item: AsRef<str>,
    {
        let mut position = self.start();
        for (index, text) in actions.into_iter().enumerate() {
            let text = text.as_ref();
            let action = match position.parse_action(text) {
                Ok(action) => action,
                Err(error) => {
                    return Err(ReplayError {
                        index,
                        text: text.to_owned(),
                        error,
                        position: Box::new(position),
                    });
                }
            };
            visit(index, &position, action);
            position.play_unchecked(action);
        }
        Ok(position)
    }
}

impl fmt::Display for Variant {
    /// `agon`, or `agros 10x10 5 farmers`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Variant::Agon => write!(f, "agon"),
            Variant::Agros { board, farmers } => {
                write!(f, "agros {board}x{board} {farmers} farmers")
            }
        }
    }
}

/// A position of either game.
// Positions are plain values copied into searches and tests; boxing the larger one would add an
// allocation to every clone for no gain.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "game", content = "position", rename_all = "lowercase")]
pub enum AnyPosition {
    Agon(agon::Position),
    Agros(agros::Position),
}

/// An action of either game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AnyAction {
    Agon(agon::Action),
    Agros(agros::Action),
}

impl fmt::Display for AnyAction {
    /// The action without an Agon capture suffix; [`AnyPosition::notation`] adds it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyAction::Agon(a) => a.fmt(f),
            AnyAction::Agros(a) => a.fmt(f),
        }
    }
}

fn mismatch() -> ActionError {
    ActionError::Illegal(IllegalAction::OtherGame)
}

impl AnyPosition {
    pub fn kind(&self) -> GameKind {
        match self {
            AnyPosition::Agon(_) => GameKind::Agon,
            AnyPosition::Agros(_) => GameKind::Agros,
        }
    }

    /// Reads a position text of the given game (see the crate docs).
    pub fn parse(kind: GameKind, text: &str) -> Result<AnyPosition, PositionError> {
        Ok(match kind {
            GameKind::Agon => AnyPosition::Agon(text.parse()?),
            GameKind::Agros => AnyPosition::Agros(text.parse()?),
        })
    }

    pub fn to_act(&self) -> Seat {
        match self {
            AnyPosition::Agon(p) => p.to_act(),
            AnyPosition::Agros(p) => p.to_act(),
        }
    }

    pub fn outcome(&self) -> Option<Outcome> {
        match self {
            AnyPosition::Agon(p) => p.outcome(),
            AnyPosition::Agros(p) => p.outcome(),
        }
    }

    pub fn is_finished(&self) -> bool {
        self.outcome().is_some()
    }

    pub fn legal_actions(&self) -> Vec<AnyAction> {
        match self {
            AnyPosition::Agon(p) => p.legal_actions().into_iter().map(AnyAction::Agon).collect(),
            AnyPosition::Agros(p) => p
                .legal_actions()
                .into_iter()
                .map(AnyAction::Agros)
                .collect(),
        }
    }

    /// The number of legal actions (`pass` included where it is legal).
    pub fn legal_count(&self) -> usize {
        match self {
            AnyPosition::Agon(p) => p.legal_actions().len(),
            AnyPosition::Agros(p) => p.legal_count(),
        }
    }

    /// Reads an action in any accepted form and checks it is legal here.
    pub fn parse_action(&self, text: &str) -> Result<AnyAction, ActionError> {
        match self {
            AnyPosition::Agon(p) => p.parse_action(text).map(AnyAction::Agon),
            AnyPosition::Agros(p) => p.parse_action(text).map(AnyAction::Agros),
        }
    }

    /// The canonical notation of a legal action here (Agon captures included).
    pub fn notation(&self, action: AnyAction) -> String {
        match (self, action) {
            (AnyPosition::Agon(p), AnyAction::Agon(a)) => p.notation(a),
            (_, a) => a.to_string(),
        }
    }

    pub fn check(&self, action: AnyAction) -> Result<(), ActionError> {
        match (self, action) {
            (AnyPosition::Agon(p), AnyAction::Agon(a)) => p.check(a),
            (AnyPosition::Agros(p), AnyAction::Agros(a)) => p.check(a),
            _ => Err(mismatch()),
        }
    }

    /// Plays a legal action, or says why it is not legal and changes nothing.
    pub fn play(&mut self, action: AnyAction) -> Result<(), ActionError> {
        match (self, action) {
            (AnyPosition::Agon(p), AnyAction::Agon(a)) => p.play(a),
            (AnyPosition::Agros(p), AnyAction::Agros(a)) => p.play(a),
            _ => Err(mismatch()),
        }
    }

    /// Plays an action known to be legal here.
    pub fn play_unchecked(&mut self, action: AnyAction) {
        match (self, action) {
            (AnyPosition::Agon(p), AnyAction::Agon(a)) => p.play_unchecked(a),
            (AnyPosition::Agros(p), AnyAction::Agros(a)) => p.play_unchecked(a),
            _ => debug_assert!(false, "action of the other game"),
        }
    }

    /// The cells an Agon action newly captures (empty for Agros).
    pub fn captures(&self, action: AnyAction) -> Vec<String> {
        match (self, action) {
            (AnyPosition::Agon(p), AnyAction::Agon(a)) => {
                p.captures(a).into_iter().map(|c| c.to_string()).collect()
            }
            _ => Vec::new(),
        }
    }
}

impl fmt::Display for AnyPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyPosition::Agon(p) => p.fmt(f),
            AnyPosition::Agros(p) => p.fmt(f),
        }
    }
}

/// Formats a record (AG-16, AR-17): `1. k1-j1 a6-b6 2. …`, the actions given in canonical form.
pub fn record<S: AsRef<str>>(actions: &[S]) -> String {
    let mut out = String::new();
    for (i, a) in actions.iter().enumerate() {
        if i % 2 == 0 {
            if i > 0 {
                out.push(' ');
            }
            out.push_str(&format!("{}. ", i / 2 + 1));
        } else {
            out.push(' ');
        }
        out.push_str(a.as_ref());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The replay shows each action with the position it is played from, and stops at the first
    /// bad one, naming it by its place and leaving the position where it was refused.
    #[test]
    fn replay_visits_each_action_and_names_the_first_bad_one() {
        let mut seen = Vec::new();
        let end = Variant::Agon
            .replay(["a4-a5", "a6-b7"], |i, before, action| {
                seen.push((i, before.to_act(), before.notation(action)))
            })
            .expect("legal actions");
        assert_eq!(
            seen,
            [
                (0, Seat::First, "a4-a5".to_owned()),
                (1, Seat::Second, "a6-b7".to_owned())
            ]
        );
        assert_eq!(end.to_act(), Seat::First);

        let error = Variant::Agon
            .replay(["a4-a5", "a6-b7", "k1-k3", "a5-a6"], |_, _, _| {})
            .expect_err("k1-k3 is not a step");
        assert_eq!(
            (error.index, error.ply(), error.text.as_str()),
            (2, 3, "k1-k3")
        );
        assert!(!error.error.is_unreadable());
        assert_eq!(*error.position, end);
        assert_eq!(error.to_string(), "action 3 `k1-k3`");
    }
}
