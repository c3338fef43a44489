//! What a notification is about ([`Notice`]): the kind every sender branches on.

/// What a notification is. Senders branch on it (where to post, whether to attach the board)
/// and never on the wording of the text, which differs by language and channel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Notice {
    /// Someone challenged the recipient.
    ChallengeReceived,
    /// A challenge was declined or withdrawn.
    ChallengeClosed,
    /// A challenge went unanswered for too long and was closed (to both sides).
    ChallengeExpired,
    /// A game started.
    GameStarted,
    /// An action was played (by the opponent, or for the recipient by the clock).
    MovePlayed,
    /// The recipient's conditional line answered the opponent's action: for the recipient's
    /// eyes only (never a game thread's public message).
    Conditional,
    /// The clock passed a player's turn at a missed deadline (Agros auto-pass).
    Timeout,
    /// A reminder before a deadline.
    Reminder,
    /// The final report of a game, whatever ended it.
    GameOver,
    /// A draw or takeback offered, granted or declined.
    Offer,
    /// The daily digest of the games waiting for the recipient.
    Digest,
    /// The opponent went on or came back from vacation.
    Vacation,
    /// A game the recipient watches: an action's board, or its final report.
    Watching,
    /// A tournament's news for an entrant: its final standings.
    Tournament,
    /// Anything else, and rows from before kinds were kept.
    Message,
    /// A notification to another of the recipient's identities could not be delivered and was
    /// given up. Never reported itself when it fails, so failures do not beget failures.
    Undeliverable,
}

impl Notice {
    pub const ALL: [Notice; 16] = [
        Notice::ChallengeReceived,
        Notice::ChallengeClosed,
        Notice::ChallengeExpired,
        Notice::GameStarted,
        Notice::MovePlayed,
        Notice::Conditional,
        Notice::Timeout,
        Notice::Reminder,
        Notice::GameOver,
        Notice::Offer,
        Notice::Digest,
        Notice::Vacation,
        Notice::Watching,
        Notice::Tournament,
        Notice::Message,
        Notice::Undeliverable,
    ];

    /// The stable code stored in the outbox.
    pub fn code(self) -> &'static str {
        match self {
            Notice::ChallengeReceived => "challenge_received",
            Notice::ChallengeClosed => "challenge_closed",
            Notice::ChallengeExpired => "challenge_expired",
            Notice::GameStarted => "game_started",
            Notice::MovePlayed => "move_played",
            Notice::Conditional => "conditional_played",
            Notice::Timeout => "timeout",
            Notice::Reminder => "reminder",
            Notice::GameOver => "game_over",
            Notice::Offer => "offer",
            Notice::Digest => "digest",
            Notice::Vacation => "vacation",
            Notice::Watching => "watching",
            Notice::Tournament => "tournament",
            Notice::Message => "message",
            Notice::Undeliverable => "undeliverable",
        }
    }

    /// The kind of a stored code; an unknown code (a newer version's) is a plain message.
    pub fn from_code(code: &str) -> Notice {
        Notice::ALL
            .into_iter()
            .find(|n| n.code() == code)
            .unwrap_or(Notice::Message)
    }

    /// Whether only its recipient may read this kind of notification, so that a front end never
    /// shows it where others read (a watcher's copy, a conditional line's answer): on Discord it
    /// goes by direct message, never to the game's thread.
    pub fn personal(self) -> bool {
        matches!(self, Notice::Watching | Notice::Conditional)
    }

    /// Whether a picture of the game's position belongs with this kind of notification.
    pub fn shows_board(self) -> bool {
        matches!(
            self,
            Notice::GameStarted
                | Notice::MovePlayed
                | Notice::Conditional
                | Notice::Timeout
                | Notice::Reminder
                | Notice::GameOver
                | Notice::Offer
                | Notice::Vacation
                | Notice::Watching
        )
    }
}
