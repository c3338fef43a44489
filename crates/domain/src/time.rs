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
