//! The service's settings, from `[game]` and `[service]` of `config/agora.toml`.

use crate::{Clock, Language, clock};

/// The service's settings (from `[game]` and `[service]` of `config/agora.toml`).
#[derive(Debug, Clone)]
pub struct Settings {
    /// Days per move when a challenge names none.
    pub default_days: u32,
    /// The most days per move a challenge may ask for.
    pub max_days: u32,
    /// Hours before a deadline at which the player to act is reminded, each once per turn
    /// (empty = never).
    pub reminder_hours: Vec<u32>,
    /// Whether the player to act is reminded too when half of their turn's time is gone.
    pub reminder_at_half: bool,
    /// Hours before a deadline by which a reminder about the turn must have reached its player
    /// for the deadline to end the game; otherwise it moves to that many hours after the first
    /// reminder that did (once per game, by at most [`MAX_GRACE_HOURS`] in all).
    pub warned_hours: u32,
    /// Vacation days each player may take per calendar year.
    pub vacation_days: u32,
    /// Minutes a link code stays valid.
    pub link_code_minutes: u32,
    /// Wrong link codes one identity may send in a day; beyond them `link <code>` is refused
    /// without looking at the code until the oldest guess is a day old.
    pub link_guesses_per_day: u32,
    /// Challenges one player may have waiting for an answer at once.
    pub max_open_challenges: u32,
    /// Days after which an unanswered challenge is closed.
    pub challenge_expiry_days: u32,
    /// Challenges one player may send in a day to people who have never used Agora.
    pub new_opponent_challenges_per_day: u32,
    /// Players who may watch one game: every action queues a notification to each of them in
    /// the mover's transaction, so this bounds what a move writes.
    pub max_watchers_per_game: u32,
    /// Games one player may have under way (or proposed) against the computer at once: each of
    /// their moves there costs a search.
    pub max_computer_games: u32,
    /// Seed of link codes and the computer's choices; `None` = from the operating system. Tests
    /// fix it so transcripts are reproducible.
    pub seed: Option<u64>,
    /// The computer's level when a challenge names none.
    pub computer_level: String,
    /// The time the computer may think about one move (the `hard` level uses all of it; `easy`
    /// and `normal` stop sooner).
    pub computer_think: std::time::Duration,
    /// The computer's searches this process runs at once (at least 1); each takes a CPU for up
    /// to `computer_think`, and the others wait their turn in the order they came.
    pub max_searches: usize,
    /// Threads the post-game analysis of one game may use (0: no analysis), and the time its
    /// search has for each position.
    pub analysis_threads: usize,
    pub analysis_time: std::time::Duration,
    /// Tournaments a player may organise at once (open or running); the operator has no limit.
    pub tournaments_per_organiser: u32,
    /// Games lost on time after which a player is taken out of a tournament (the withdrawal
    /// rule then cancels or forfeits their games).
    pub tournament_time_losses: u32,
    /// Days after which the sweep purges sent notifications, sent mails and delivery records
    /// (0 = keep them for ever). Game records are kept for ever whatever this says.
    pub keep_days: u32,
    /// Outbox rows one delivery pass sends at once (at least 1); rows of one recipient about
    /// one game still go one after the other.
    pub parallel_sends: usize,
    /// How long one send may take before it counts as a transient failure.
    pub send_timeout: std::time::Duration,
    /// How long one delivery pass starts new sends; rows left wait for the next pass.
    pub send_pass: std::time::Duration,
    /// Attempts after which a notification or spooled mail that keeps failing transiently is
    /// given up (at least 1); a permanent failure gives it up at once.
    pub max_send_attempts: u32,
    /// The mail front end runs: a move may wait unread in the mailbox, so the sweep holds a mail
    /// player's timeout until the mailbox has been read past the deadline.
    pub mail_enabled: bool,
    /// The language of a player who has chosen none and whose client says none (every mail
    /// player until they choose): `[service] default_language`.
    pub default_language: Language,
    /// The public address of the website (`[web] base_url`, no trailing slash) when it runs:
    /// mails and Discord messages about a game link to its page there.
    pub site_url: Option<String>,
    /// What time it is ([`Service::now`]): the system's clock, which the binary gives; tests set
    /// one ([`Clock::fixed`]) to move deadlines and leases without waiting.
    pub clock: Clock,
}

/// The most hours a deadline is moved in a game because no reminder reached its player in time.
pub const MAX_GRACE_HOURS: i64 = 48;

impl Settings {
    /// When the player to act is reminded.
    pub(crate) fn reminders(&self) -> clock::Reminders<'_> {
        clock::Reminders {
            hours: &self.reminder_hours,
            half: self.reminder_at_half,
        }
    }
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            default_days: 3,
            max_days: 30,
            reminder_hours: vec![24, 2],
            reminder_at_half: true,
            warned_hours: 12,
            vacation_days: 21,
            link_code_minutes: 30,
            link_guesses_per_day: 5,
            max_open_challenges: 10,
            challenge_expiry_days: 7,
            new_opponent_challenges_per_day: 3,
            max_watchers_per_game: 100,
            max_computer_games: 5,
            seed: None,
            computer_level: "normal".into(),
            computer_think: std::time::Duration::from_millis(1000),
            max_searches: 2,
            analysis_threads: 1,
            analysis_time: std::time::Duration::from_millis(500),
            tournaments_per_organiser: 2,
            tournament_time_losses: 2,
            keep_days: 30,
            parallel_sends: 4,
            send_timeout: std::time::Duration::from_secs(60),
            send_pass: std::time::Duration::from_secs(120),
            max_send_attempts: 12,
            mail_enabled: false,
            default_language: Language::En,
            site_url: None,
            clock: Clock::system(),
        }
    }
}
