//! How a command fails: an internal failure the front end apologises for, and inside the
//! service, why a command did not go through and what one that did produced.

use crate::{Attachment, StoreError, Text};

/// An internal failure: logged in full by the front end, shown as a short apology.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("stored game does not replay: {0}")]
    Corrupt(String),
}

/// Why a command did not go through, inside the service.
pub(crate) enum Fail {
    /// The person's mistake, with the fix, worded in the reader's language when answered.
    User(Text),
    /// The same action was already applied; carries the reply text.
    Already(String, i64),
    /// The game changed since the command read it (another process's command on PostgreSQL,
    /// where transactions do not wait for each other to read): the command is run again on
    /// what is there now ([`CONFLICT_RETRIES`]).
    Conflict(i64),
    /// A key the command wrote (a new player's name) was taken by another process's command
    /// after this one found it free (PostgreSQL): the command is run again, as for `Conflict`.
    Taken(String),
    Internal(ServiceError),
}

/// How many times a command that met a changed game is run again before it is refused with
/// "the game changed meanwhile". Each run reads what the last committed, so a second run finds
/// the command already applied, or stale, exactly as if the two had run one after the other.
pub(crate) const CONFLICT_RETRIES: u32 = 4;

/// How many times a command that met a key taken meanwhile is run again. Of the commands racing
/// for one name, one wins each round; people arriving at once under one name (a Discord server's
/// members named alike) may be more than [`CONFLICT_RETRIES`].
pub(crate) const TAKEN_RETRIES: u32 = 16;

impl From<StoreError> for Fail {
    fn from(e: StoreError) -> Fail {
        match e {
            StoreError::Conflict(id) => Fail::Conflict(id),
            StoreError::Taken(key) => Fail::Taken(key),
            e => Fail::Internal(e.into()),
        }
    }
}

impl From<ServiceError> for Fail {
    fn from(e: ServiceError) -> Fail {
        Fail::Internal(e)
    }
}

pub(crate) fn user<T>(message: impl Into<Text>) -> Result<T, Fail> {
    Err(Fail::User(message.into()))
}

/// What a command produced: the reply and the game it concerns.
pub(crate) struct Done {
    pub(crate) text: String,
    pub(crate) game: Option<i64>,
    pub(crate) attachments: Vec<Attachment>,
    /// The game as the command left it, where the command holds it: the answer's view of the
    /// game is built from it, not from a second replay.
    pub(crate) loaded: Option<Box<crate::replay::Loaded>>,
}
