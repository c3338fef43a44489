//! How a game's clock runs: the time a player has to act, and what a missed deadline does.

/// How much time a player has to act.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeControl {
    /// A fixed time for every action.
    PerMove { days: u32 },
    /// A reserve per player (seconds): `initial` at the start, `increment` added after each of
    /// their actions, never more than `max`.
    Bank {
        initial: i64,
        increment: i64,
        max: i64,
    },
    /// ICCF's `moves N in D days`: each player has `days` for their first `moves` actions, and
    /// `days` more for each next `moves`, the time unused carried over. Kept as a reserve per
    /// player, as a time bank is.
    Moves { moves: u32, days: u32 },
}

impl TimeControl {
    /// Whether each player keeps a reserve of their own (a time bank or `moves N in D days`).
    pub fn has_reserve(self) -> bool {
        matches!(self, TimeControl::Bank { .. } | TimeControl::Moves { .. })
    }

    /// The reserve each player starts with, in seconds; `None` for a fixed time per move.
    pub fn initial_reserve(self) -> Option<i64> {
        match self {
            TimeControl::PerMove { .. } => None,
            TimeControl::Bank { initial, .. } => Some(initial),
            TimeControl::Moves { days, .. } => Some(i64::from(days) * 86_400),
        }
    }
}

/// What a missed deadline does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeoutPolicy {
    /// The player to act loses on time.
    Loss,
    /// Agros: the turn is passed for them (a loss on time while no pass is allowed).
    Pass,
}

impl TimeoutPolicy {
    /// The stable text code, as stored.
    pub fn code(self) -> &'static str {
        match self {
            TimeoutPolicy::Loss => "loss",
            TimeoutPolicy::Pass => "pass",
        }
    }
}
