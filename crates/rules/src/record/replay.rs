//! The game a record holds: the variant its tags give, and its actions played by the rules.

use super::{Record, RecordError, ResultToken};
use crate::{AnyAction, AnyPosition, GameKind, Variant, VariantError};

impl Record {
    /// The tag's value and the line it was read on.
    fn tag_at(&self, name: &str) -> Option<(Option<usize>, &str)> {
        self.tags
            .iter()
            .position(|(n, _)| n == name)
            .map(|i| (self.tag_lines[i], self.tags[i].1.as_str()))
    }

    /// The variant its tags give: `Game` (`agon` or `agros`, any case), and for Agros `Board`
    /// (default 10) and `Farmers` (default 5), checked as a new game's options are (AR-1).
    pub fn variant(&self) -> Result<Variant, RecordError> {
        let (game_line, game) = self.tag_at("Game").ok_or(RecordError::MissingGame)?;
        let kind: GameKind = game.parse().map_err(|message| RecordError::Variant {
            line: game_line,
            tag: "Game",
            message,
        })?;
        let number = |tag: &'static str| -> Result<Option<(Option<usize>, u32)>, RecordError> {
            let Some((line, value)) = self.tag_at(tag) else {
                return Ok(None);
            };
            value
                .trim()
                .parse::<u32>()
                .map(|n| Some((line, n)))
                .map_err(|_| RecordError::Variant {
                    line,
                    tag,
                    message: format!("`{value}` is not a number"),
                })
        };
        let board = number("Board")?;
        let farmers = number("Farmers")?;
        Variant::new(kind, board.map(|b| b.1), farmers.map(|f| f.1)).map_err(|e| {
            let (tag, line) = match e {
                VariantError::Board(_) => ("Board", board.and_then(|b| b.0)),
                VariantError::Farmers(_) => ("Farmers", farmers.and_then(|f| f.0)),
                VariantError::AgonOptions => match board {
                    Some((line, _)) => ("Board", line),
                    None => ("Farmers", farmers.and_then(|f| f.0)),
                },
            };
            RecordError::Variant {
                line,
                tag,
                message: e.to_string(),
            }
        })
    }

    /// The positions of the game: the start, then the position after each action (so one more
    /// than there are actions). Stops at the first action that cannot be read or is not legal,
    /// naming it by its number and giving the rules' reason. A `Result` tag that contradicts an
    /// ending by the rules is an error too; any result may stand for a game the rules have not
    /// ended (a resignation, a loss on time, AR-15).
    pub fn replay(&self) -> Result<Vec<AnyPosition>, RecordError> {
        let mut positions = Vec::with_capacity(self.actions.len() + 1);
        let last = self.play(|_, before, _| positions.push(before.clone()))?;
        self.check_result(&last)?;
        positions.push(last);
        Ok(positions)
    }

    /// The position after the first `ply` actions, playing only those (so later actions are not
    /// checked), without keeping the positions before it.
    pub fn position_after(&self, ply: usize) -> Result<AnyPosition, RecordError> {
        if ply > self.actions.len() {
            return Err(RecordError::NoSuchPly {
                ply,
                actions: self.actions.len(),
            });
        }
        self.play_actions(&self.actions[..ply], |_, _, _| {})
    }

    /// Checks the `Result` tag against the position the actions lead to: when the rules ended the
    /// game, the tag is `*` or the result they give.
    pub fn check_result(&self, last: &AnyPosition) -> Result<(), RecordError> {
        let result = self.result();
        let Some(outcome) = last.outcome() else {
            return Ok(());
        };
        let rules = ResultToken::of(Some(outcome));
        if result == ResultToken::Unfinished || result == rules {
            return Ok(());
        }
        let kind = last.kind();
        let how = match outcome.winner {
            Some(seat) => format!("with a win for {}", kind.seat_name(seat)),
            None => "in a draw".into(),
        };
        Err(RecordError::ResultContradicts {
            result,
            rules: format!("{how} ({}), `{rules}`", outcome.reason.code()),
        })
    }

    /// Plays the actions from the variant's start through [`Variant::replay`] (the one replay),
    /// showing `visit` each action with its index and the position it is played from; returns
    /// the last position. The `Result` tag is not checked ([`Record::check_result`] does).
    pub fn play(
        &self,
        visit: impl FnMut(usize, &AnyPosition, AnyAction),
    ) -> Result<AnyPosition, RecordError> {
        self.play_actions(&self.actions, visit)
    }

    /// [`Record::play`] of the first actions only.
    fn play_actions(
        &self,
        actions: &[String],
        visit: impl FnMut(usize, &AnyPosition, AnyAction),
    ) -> Result<AnyPosition, RecordError> {
        self.variant()?
            .replay(actions, visit)
            .map_err(|e| RecordError::Action {
                line: self.action_line(e.index),
                ply: e.ply(),
                text: e.text,
                error: e.error,
            })
    }

    /// The line an action was read on, if it was read from text.
    pub fn action_line(&self, index: usize) -> Option<usize> {
        self.action_lines.get(index).copied().flatten()
    }
}
