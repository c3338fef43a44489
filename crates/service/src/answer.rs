//! What goes back: the answer to the sender, how the service took the command, and the files
//! sent with it.

use crate::Language;
use crate::queries::GameState;
use std::sync::Arc;

/// How the service took a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Done; its effects are committed.
    Done,
    /// The delivery id was handled before: the reply is the one given then.
    Repeat,
    /// The sender is blocked by the operator: nothing was done and nothing is to be said (the
    /// text is empty); a front end answers nothing.
    Ignored,
    /// The same action had just been applied from another delivery: nothing changed.
    AlreadyApplied,
    /// A user error: nothing changed, the text says why and how to fix it.
    Refused,
}

/// The answer to the sender.
#[derive(Debug, Clone)]
pub struct Answer {
    pub text: String,
    pub status: Status,
    /// The game the answer is about, so a front end can thread it.
    pub game: Option<i64>,
    /// The notifications the command queued (and those of the computer's turns it caused), so a
    /// front end knows what the senders will say and need not say it again.
    pub notices: Vec<agora_store::Queued>,
    /// Files that go with the answer: a game's record (`export`), the picture of a preview.
    pub attachments: Vec<Attachment>,
    /// The language the answer is worded in (its sender's): the front end words what it adds
    /// around the answer (a mail's subject and footer, a button's label) in the same.
    pub language: Language,
    /// The game the answer is about as the command left it (and the computer's turns after it),
    /// its words in the answer's language: what a front end shows beside the answer, with no
    /// need to ask for it again. Given with a command that was done or already applied.
    pub state: Option<Arc<GameState>>,
}

/// A file sent with an answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attachment {
    /// The file's name, e.g. `agora-12.txt`.
    pub name: String,
    /// Its media type, e.g. `text/plain; charset=utf-8` or `image/png`.
    pub content_type: &'static str,
    pub bytes: Vec<u8>,
    /// What a picture shows, in words, for a reader who cannot see it (its alt text): the
    /// position read aloud ([`agora_render::describe_position`]); `None` for other files.
    pub description: Option<String>,
}

impl Answer {
    /// An answer with no files and no notifications, worded in `language`.
    pub(crate) fn plain(
        status: Status,
        language: Language,
        text: String,
        game: Option<i64>,
    ) -> Answer {
        Answer {
            attachments: Vec::new(),
            language,
            text,
            status,
            game,
            notices: Vec::new(),
            state: None,
        }
    }
}
