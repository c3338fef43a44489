//! The command table: every command's name, aliases, usage, help, arguments (with their kinds)
//! and whether it only reads. The text parser, the `help` reply, Discord's slash commands with
//! their options and autocompletion, and the front ends' lists of read-only commands all derive
//! from it.

use agora_i18n::Language;

/// What kind of value an argument takes. A front end picks its input widget from it (a Discord
/// integer option, a user picker, a list of choices, autocompletion of actions).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArgKind {
    /// A game number: `#12`, `game 12` or `12` in text.
    Game,
    /// An action in the game's notation, one of the legal actions of the position.
    Action,
    /// Who to play: a player's name, an e-mail address, a Discord mention or `computer`.
    Player,
    /// One of these words.
    Choice(&'static [&'static str]),
    /// A whole number from `min`, up to `max` when there is a fixed bound.
    Number { min: i64, max: Option<i64> },
    /// Amounts of time such as `7d`, `12h` or `30m`.
    Duration,
    /// The name of a command of this table.
    Command,
    /// Free text, read by the command itself.
    Text,
}

/// One argument of a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Arg {
    pub name: &'static str,
    pub kind: ArgKind,
    pub optional: bool,
    /// One line of at most 100 characters (Discord's limit for an option's description).
    pub help: &'static str,
}

const fn required(name: &'static str, kind: ArgKind, help: &'static str) -> Arg {
    Arg {
        name,
        kind,
        optional: false,
        help,
    }
}

const fn optional(name: &'static str, kind: ArgKind, help: &'static str) -> Arg {
    Arg {
        name,
        kind,
        optional: true,
        help,
    }
}

/// The game a command is for, which may be left out where the game is known.
const GAME: Arg = optional(
    "game",
    ArgKind::Game,
    "the game number; may be left out in the game's thread or when only one game fits",
);

/// One entry of the command table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CommandSpec {
    pub name: &'static str,
    pub aliases: &'static [&'static str],
    pub usage: &'static str,
    /// One line, for the command list.
    pub summary: &'static str,
    /// A paragraph, for `help <command>`.
    pub help: &'static str,
    /// The arguments, in the order the usage names them.
    pub args: &'static [Arg],
    /// The command only shows something to its sender: it changes no game and no setting, so a
    /// front end may answer it to a sender it has not fully authenticated, and only to them.
    pub reads_only: bool,
}

impl CommandSpec {
    /// The argument of this name, if the command has one.
    pub fn arg(&self, name: &str) -> Option<&'static Arg> {
        self.args.iter().find(|a| a.name == name)
    }
}

/// Every command, in the order `help` lists them.
pub const COMMANDS: &[CommandSpec] = &[
    CommandSpec {
        name: "help",
        aliases: &["?", "commands"],
        usage: "help [command]",
        summary: "list the commands, or explain one",
        help: "Without a command, lists every command. With one, shows its usage and what it does.",
        args: &[optional(
            "command",
            ArgKind::Command,
            "the command to explain",
        )],
        reads_only: true,
    },
    CommandSpec {
        name: "challenge",
        aliases: &["invite", "new"],
        usage: "challenge <opponent|anyone> <agon|agros> [board 8|10|12] [farmers 3|5|7] [days D | bank 7d+1d max 14d | moves 10 in 50d] [timeout loss|pass] [level easy|normal|hard] [unrated] [private] [rating MIN-MAX]",
        summary: "invite someone, anyone or the computer to a game",
        help: "The opponent is a player's name, an e-mail address, a Discord mention, `computer`, \
               or `anyone` for an open challenge that `seeks` lists and the first eligible player \
               takes (`rating 1400-1800`, `rating 1500+` or `rating -1800` admits only those \
               ratings). Games between people are rated unless you add `unrated`; `private` \
               keeps the game out of `games live` and from watchers. \
               You take the first seat (White in Agon, Light in Agros). Agros takes a board size \
               (default 10) and farmers per side (default 5). The clock is `days D` per move \
               (default 3) or a time bank: `bank 7d+1d max 14d` starts each player with 7 days, \
               adds 1 day after each of their actions and never holds more than 14 (amounts in \
               d, h or m; the increment defaults to 1d, the cap to twice the start), or ICCF's \
               `moves 10 in 50d`: 10 actions within 50 days, then 50 days more for each next 10, \
               the time unused carried over. A missed \
               deadline loses the game; in Agros `timeout pass` passes the turn instead. `level` \
               sets the computer's strength.",
        args: &[
            required(
                "opponent",
                ArgKind::Player,
                "`computer`, `anyone`, a player's name, or an e-mail address",
            ),
            required("game", ArgKind::Choice(&["agon", "agros"]), "agon or agros"),
            optional(
                "board",
                ArgKind::Choice(&["8", "10", "12"]),
                "Agros: board size (default 10)",
            ),
            optional(
                "farmers",
                ArgKind::Choice(&["3", "5", "7"]),
                "Agros: farmers per side (default 5)",
            ),
            optional(
                "days",
                ArgKind::Number { min: 1, max: None },
                "days per move (the time control)",
            ),
            optional(
                "bank",
                ArgKind::Duration,
                "or a time bank: start+increment, e.g. 7d+1d max 14d",
            ),
            optional(
                "moves",
                ArgKind::Text,
                "or ICCF's clock: N moves in D days, the time unused carried over, e.g. 10 in 50d",
            ),
            optional(
                "timeout",
                ArgKind::Choice(&["loss", "pass"]),
                "a missed deadline loses (default), or in Agros passes",
            ),
            optional(
                "level",
                ArgKind::Choice(&["easy", "normal", "hard"]),
                "the computer's strength",
            ),
            optional(
                "rated",
                ArgKind::Choice(&["rated", "unrated"]),
                "whether the result counts for ratings (default: rated between people)",
            ),
            optional(
                "private",
                ArgKind::Choice(&["private", "public"]),
                "a private game is not listed and cannot be watched (default: public)",
            ),
            optional(
                "rating",
                ArgKind::Text,
                "for a challenge to anyone: the ratings admitted, e.g. 1400-1800 or 1500+",
            ),
        ],
        reads_only: false,
    },
    CommandSpec {
        name: "accept",
        aliases: &["yes"],
        usage: "accept [#game]",
        summary: "accept a challenge",
        help: "Starts a game you were challenged to, e.g. `accept #12`. The game may be left out \
               when only one challenge waits for you.",
        args: &[GAME],
        reads_only: false,
    },
    CommandSpec {
        name: "decline",
        aliases: &["no", "refuse"],
        usage: "decline [#game]",
        summary: "refuse a challenge",
        help: "Refuses a game you were challenged to; nothing is recorded against anyone.",
        args: &[GAME],
        reads_only: false,
    },
    CommandSpec {
        name: "cancel",
        aliases: &["withdraw"],
        usage: "cancel [#game]",
        summary: "withdraw a challenge you made",
        help: "Withdraws a challenge that has not been accepted yet. A game under way ends with \
               `resign` instead.",
        args: &[GAME],
        reads_only: false,
    },
    CommandSpec {
        name: "move",
        aliases: &["mv", "m", "play"],
        usage: "move [#game] [ply N] <action>",
        summary: "play an action",
        help: "Plays an action in the game's notation: Agon `k1-j1`, a return `b7=f6`; Agros `e5`, \
               `c3,h8` (or `c3 h8`), a harvest `e5-e7`, a sow `e6=e8`, `pass`; any case, spaces around \
               `-` and `=` allowed. Name the game as `#12` (or `game 12`) when several wait for you; \
               in an answer to a game's mail or in its Discord thread the game is known. `ply N` \
               guards against acting on a position that has changed: N must be the number of \
               actions played so far. With only one game waiting for you, a bare action is enough.",
        args: &[
            GAME,
            optional(
                "ply",
                ArgKind::Number { min: 0, max: None },
                "the number of actions played so far, so a changed position refuses the action",
            ),
            required(
                "action",
                ArgKind::Action,
                "the action: pick one of your legal actions from the list",
            ),
        ],
        reads_only: false,
    },
    CommandSpec {
        name: "pass",
        aliases: &[],
        usage: "pass [#game]",
        summary: "pass your turn (Agros, movement phase)",
        help: "Passes in Agros (AR-7). A pass right after your opponent's pass ends the game (AR-9). \
               Agon has no passing.",
        args: &[GAME],
        reads_only: false,
    },
    CommandSpec {
        name: "resign",
        aliases: &["forfeit"],
        usage: "resign [#game]",
        summary: "give up a game under way",
        help: "Ends the game at once as a loss for you.",
        args: &[GAME],
        reads_only: false,
    },
    CommandSpec {
        name: "draw",
        aliases: &[],
        usage: "draw offer|accept|decline [#game]",
        summary: "offer, accept or decline a draw (Agon)",
        help: "Offers a draw in Agon; the offer stands until your opponent accepts, declines or acts.",
        args: &[
            required(
                "reply",
                ArgKind::Choice(&["offer", "accept", "decline"]),
                "offer a draw, or answer an offer",
            ),
            GAME,
        ],
        reads_only: false,
    },
    CommandSpec {
        name: "undo",
        aliases: &["takeback"],
        usage: "undo [accept|decline] [#game]",
        summary: "ask to take back your last action, or grant it",
        help: "`undo` asks your opponent to let you take back your last action, as long as they have \
               not acted since; `undo accept` grants it, `undo decline` refuses.",
        args: &[
            optional(
                "reply",
                ArgKind::Choice(&["ask", "accept", "decline"]),
                "ask to take back your last action (default), or answer the request",
            ),
            GAME,
        ],
        reads_only: false,
    },
    CommandSpec {
        name: "board",
        aliases: &["show", "position"],
        usage: "board [#game]",
        summary: "show the board of a game",
        help: "Shows the current position, whose turn it is and the deadline (and the score so far in \
               Agros).",
        args: &[GAME],
        reads_only: true,
    },
    CommandSpec {
        name: "history",
        aliases: &["record", "moves"],
        usage: "history [#game]",
        summary: "show a game's record",
        help: "Shows every action of the game, numbered per pair (AG-16, AR-17), and the result.",
        args: &[GAME],
        reads_only: true,
    },
    CommandSpec {
        name: "games",
        aliases: &["list", "mygames"],
        usage: "games [live]",
        summary: "list your open games, or every game being played",
        help: "Lists your challenges and games under way, most urgent first: the games whose turn \
               is yours, nearest deadline first, then challenges to you, then the rest; with the \
               opponent, whose turn it is, the deadline and the time left. `games live` lists the \
               games being played that anyone may watch.",
        args: &[optional(
            "which",
            ArgKind::Choice(&["mine", "live"]),
            "your games (default), or the games being played that anyone may watch",
        )],
        reads_only: true,
    },
    CommandSpec {
        name: "next",
        aliases: &["urgent", "waiting"],
        usage: "next",
        summary: "show the game that needs you most",
        help: "Shows the board of the game whose turn is yours with the nearest deadline (of those \
               without one, the one waiting longest), with its actions.",
        args: &[],
        reads_only: true,
    },
    CommandSpec {
        name: "seeks",
        aliases: &["lobby", "open"],
        usage: "seeks",
        summary: "list the open challenges anyone may accept",
        help: "Lists the challenges to anyone that wait for a player: game, clock, its maker with \
               their rating and the ratings admitted. `accept #12` takes one.",
        args: &[],
        reads_only: true,
    },
    CommandSpec {
        name: "watch",
        aliases: &["follow", "observe"],
        usage: "watch #game",
        summary: "follow a game you do not play in",
        help: "Sends you each action's board of a game and its final report, on your channel (in \
               your digest if you chose one). You can never act in it. `games live` lists the \
               games you may watch; private games cannot be watched.",
        args: &[required("game", ArgKind::Game, "the game number")],
        reads_only: false,
    },
    CommandSpec {
        name: "unwatch",
        aliases: &["unfollow"],
        usage: "unwatch #game",
        summary: "stop following a game",
        help: "Stops the boards and the final report of a game you watch.",
        args: &[required("game", ArgKind::Game, "the game number")],
        reads_only: false,
    },
    CommandSpec {
        name: "preview",
        aliases: &["try", "whatif"],
        usage: "preview [#game] <action>",
        summary: "see the board after an action without playing it",
        help: "Shows the board as it would be after the action, without playing it, so you can \
               check a move before you send it. Your opponent sees nothing.",
        args: &[
            GAME,
            required(
                "action",
                ArgKind::Action,
                "the action to try: pick one of your legal actions from the list",
            ),
        ],
        reads_only: true,
    },
    CommandSpec {
        name: "export",
        aliases: &["download", "pgn"],
        usage: "export [#game]",
        summary: "get a game's record as a file",
        help: "Sends the record of a game (yours, or any game that is not private) as a text \
               file: tag pairs and the numbered actions, readable by `agora rules replay \
               --record` and `agora render --record` (docs/records.md).",
        args: &[GAME],
        reads_only: true,
    },
    CommandSpec {
        name: "note",
        aliases: &["notes"],
        usage: "note [#game] [text | clear]",
        summary: "keep a private note on a game, for you alone",
        help: "`note #12 push the left guard next` keeps a note on game 12 that only you ever \
               see: `board` and `history` show your notes, and your own `export` has them as \
               comments. `note #12` lists them, `note #12 clear` removes them. A note is at most \
               400 characters, a game holds at most 50 of yours.",
        args: &[
            GAME,
            optional(
                "text",
                ArgKind::Text,
                "your note, or clear to remove your notes",
            ),
        ],
        reads_only: false,
    },
    CommandSpec {
        name: "conditional",
        aliases: &["if", "conditionals", "premove"],
        usage: "conditional [#game] [actions | cancel]",
        summary: "answer your opponent's next action in advance",
        help: "While your opponent is to act, `conditional #12 e5 d4` means: if they play e5, \
               play d4 for me at once. A line goes on in turns (`conditional #12 e5 d4 f6 c3`: \
               then if they play f6, c3), and several lines may answer different actions. Every \
               action is checked when you enter it; any action of theirs that no line expects \
               removes your lines. `conditional #12` lists them, `conditional #12 cancel` \
               removes them (`cancel e5`: those that begin with e5). Nobody else ever sees them.",
        args: &[
            GAME,
            optional(
                "line",
                ArgKind::Text,
                "their action, your answer, and so on; or cancel",
            ),
        ],
        reads_only: false,
    },
    CommandSpec {
        name: "analysis",
        aliases: &["analyse", "analyze", "review"],
        usage: "analysis [#game]",
        summary: "the computer's look at a finished game: its largest mistakes",
        help: "After a game ends, the computer looks at every position and finds the actions \
               that lost most of the mover's winning chance, with a better one for each. \
               `analysis #12` sends the largest mistakes of each side, the evaluation graph as a \
               picture and the annotated record; the game's web page shows them too. A game \
               still being played is never analysed: the computer does not advise during a game.",
        args: &[GAME],
        // A game that ended before analyses were kept is queued when asked about.
        reads_only: false,
    },
    CommandSpec {
        name: "tournament",
        aliases: &["tournaments", "tourney"],
        usage: "tournament [list | create … | join N | leave N | standings N | pairings N [round] \
                | start N | cancel N | remove N player | challenge N player]",
        summary: "round robins, Swiss tournaments and ladders: list, create, join, standings",
        help: "`tournament` lists the tournaments. `tournament create agon round-robin days 3 \
               players 4-10` makes one (also `double`, `swiss 5`, `ladder reach 3`; `board`, \
               `farmers` and a clock as in `challenge`; `unrated`, `rating 1400-1800`, \
               `start 2027-01-10`, and `name` followed by its name). `tournament join 3` and \
               `leave 3` enter and leave, `standings 3` shows the table and crosstable, \
               `pairings 3 2` a round's games. Its organiser may `start 3` (once enough joined), \
               `cancel 3` and `remove 3 <player>`. On a ladder, `challenge 3 <player>` challenges \
               someone up to its reach above you: win and you take their place; a challenge not \
               answered in time is lost by the one challenged. Tournament games are ordinary games.",
        args: &[
            optional(
                "action",
                ArgKind::Choice(&[
                    "list",
                    "create",
                    "join",
                    "leave",
                    "standings",
                    "pairings",
                    "start",
                    "cancel",
                    "remove",
                    "challenge",
                ]),
                "what to do (default: list the tournaments)",
            ),
            optional(
                "tournament",
                ArgKind::Number { min: 1, max: None },
                "the tournament's number",
            ),
            optional(
                "details",
                ArgKind::Text,
                "create: game, format, clock…; pairings: the round; remove: the player",
            ),
        ],
        reads_only: false,
    },
    CommandSpec {
        name: "rating",
        aliases: &["ratings", "rank", "elo"],
        usage: "rating [player]",
        summary: "show your ratings, or another player's",
        help: "Shows a player's Glicko-2 ratings (one per game, and per board size in Agros) with \
               their deviation and games played, and how reliably they play: the share of their \
               turns played in time and of their games finished rather than lost on time.",
        args: &[optional(
            "player",
            ArgKind::Player,
            "a player's name or a Discord mention (default: you)",
        )],
        reads_only: true,
    },
    CommandSpec {
        name: "leaderboard",
        aliases: &["top", "ladder"],
        usage: "leaderboard agon|agros [board 8|10|12]",
        summary: "the best established ratings",
        help: "Lists the highest ratings of a game among players whose rating is established \
               (a deviation under 110 after enough games). Agros boards are rated apart: name \
               the board (default 10).",
        args: &[
            required("game", ArgKind::Choice(&["agon", "agros"]), "agon or agros"),
            optional(
                "board",
                ArgKind::Choice(&["8", "10", "12"]),
                "Agros: the board size (default 10)",
            ),
        ],
        reads_only: true,
    },
    CommandSpec {
        name: "settings",
        aliases: &["set"],
        usage: "settings timezone <IANA zone> | settings notify <discord|email|terminal> | settings digest <hour|off> | settings language <en|nl|sv> | settings rest <weekend|night 23-07|off> | settings calendar [off]",
        summary: "set your time zone, where notifications go, a daily digest, your language, rest time, or a calendar",
        help: "`settings timezone Europe/Amsterdam` shows deadlines in your zone. `settings notify \
               email` sends your notifications by mail (to a linked address), `discord` to Discord. \
               `settings digest 8` sends one message at 08:00 your time listing every game waiting \
               for you, instead of a reminder per game; `settings digest off` goes back to \
               reminders. `settings language nl` writes to you in Dutch (`sv` Swedish, `en` \
               English). `settings rest weekend night 23-07` stops your clock at weekends and \
               from 23:00 to 07:00 your time, from your next turn in each game (`off` ends it). \
               `settings calendar` gives you a secret address of a calendar of your deadlines; \
               asking again replaces it, `settings calendar off` removes it.",
        // One of them per command.
        args: &[
            optional(
                "timezone",
                ArgKind::Text,
                "your IANA time zone, e.g. Europe/Amsterdam",
            ),
            optional(
                "notify",
                ArgKind::Choice(&["discord", "email", "terminal"]),
                "where notifications go",
            ),
            optional(
                "digest",
                ArgKind::Text,
                "a local hour (0-23) for one daily digest instead of reminders, or off",
            ),
            optional(
                "language",
                ArgKind::Choice(&["en", "nl", "sv"]),
                "the language Agora writes to you in: en, nl or sv",
            ),
            optional(
                "rest",
                ArgKind::Text,
                "when your clock rests: weekend, night 23-07, both, or off",
            ),
            optional(
                "calendar",
                ArgKind::Choice(&["new", "off"]),
                "a new secret address of your calendar of deadlines, or off",
            ),
        ],
        reads_only: false,
    },
    CommandSpec {
        name: "vacation",
        aliases: &["holiday", "away"],
        usage: "vacation [days | end]",
        summary: "pause your clocks in all your games",
        help: "`vacation 7` pauses the clocks of all your games for 7 days, taken from your yearly \
               allowance; your opponents see it on their boards. `vacation end` comes back early \
               and returns the unused days. `vacation` alone shows what is left of your allowance.",
        args: &[optional(
            "days",
            ArgKind::Text,
            "days to pause your clocks, or `end`; leave out to see your allowance",
        )],
        reads_only: false,
    },
    CommandSpec {
        name: "link",
        aliases: &[],
        usage: "link [code]",
        summary: "link another Discord account or e-mail address to you",
        help: "`link` gives a one-time code; send it from your other account \
               (`discord:link <code>` on Discord, `mailto:link <code>` by mail), which is then sent \
               a second code: send that one back from the first account in the same way, and both \
               become one player, with the same games.",
        args: &[optional(
            "code",
            ArgKind::Text,
            "the code `link` gave your other account",
        )],
        reads_only: false,
    },
];

/// The Dutch and Swedish names of each command (by English name), accepted from everyone beside
/// the English ones; the first of each list is the one texts in that language show.
const LOCAL_NAMES: &[(&str, &[&str], &[&str])] = &[
    ("help", &["hulp"], &["hjälp"]),
    ("challenge", &["uitdagen", "daag-uit"], &["utmana"]),
    ("accept", &["accepteer", "aannemen"], &["acceptera", "anta"]),
    ("decline", &["weiger"], &["avböj", "neka"]),
    (
        "cancel",
        &["annuleer", "intrekken"],
        &["återkalla", "avbryt"],
    ),
    ("move", &["zet"], &["drag"]),
    ("pass", &["pas"], &["passa"]),
    ("resign", &["opgeven"], &["ge-upp", "kapitulera"]),
    ("draw", &["remise"], &["remi"]),
    ("undo", &["terugnemen"], &["ångra"]),
    ("board", &["bord"], &["bräde"]),
    ("history", &["geschiedenis", "zetten"], &["historik"]),
    ("games", &["partijen"], &["partier"]),
    ("next", &["volgende"], &["nästa"]),
    ("seeks", &["uitdagingen"], &["utmaningar"]),
    ("watch", &["volg", "kijk"], &["följ", "titta"]),
    ("unwatch", &["ontvolg"], &["avfölj"]),
    (
        "preview",
        &["probeer", "voorbeeld"],
        &["förhandsvisa", "prova"],
    ),
    ("export", &["exporteer"], &["exportera"]),
    ("note", &["notitie"], &["anteckning"]),
    (
        "conditional",
        &["voorwaardelijk", "als"],
        &["villkor", "om"],
    ),
    ("analysis", &["analyse"], &["analys"]),
    (
        "tournament",
        &["toernooi", "toernooien"],
        &["turnering", "turneringar"],
    ),
    ("rating", &["rating", "waardering"], &["rating", "rankning"]),
    ("leaderboard", &["ranglijst"], &["topplista"]),
    ("settings", &["instellingen"], &["inställningar"]),
    ("vacation", &["vakantie"], &["semester"]),
    ("link", &["koppel"], &["koppla"]),
];

/// The lines only mail takes (`verify <code>` confirms an address, `revoke` replaces the sender's
/// personal keys), which are no commands of the table: their Dutch and Swedish names, the first of
/// each list the one texts in that language show. Read by [`mail_line`].
const MAIL_LINES: &[(&str, &[&str], &[&str])] = &[
    (
        "verify",
        &["verifieer", "bevestig"],
        &["verifiera", "bekräfta"],
    ),
    ("revoke", &["herroep"], &["spärra"]),
];

/// The English name of the mail-only line (`verify` or `revoke`) that `word` names in any
/// language, in any case, with or without diacritics (`Spärra`, `sparra`).
pub fn mail_line(word: &str) -> Option<&'static str> {
    let folded = fold(word);
    MAIL_LINES
        .iter()
        .find(|e| {
            std::iter::once(&e.0)
                .chain(e.1)
                .chain(e.2)
                .any(|w| fold(w) == folded)
        })
        .map(|e| e.0)
}

/// The fixed words inside commands: each English word with its Dutch and Swedish ones (the first
/// is the one texts in that language show). Read by [`english_word`].
const LOCAL_WORDS: &[(&str, &[&str], &[&str])] = &[
    ("anyone", &["iedereen"], &["alla"]),
    ("computer", &["computer"], &["datorn"]),
    ("board", &["bord"], &["bräde"]),
    ("farmers", &["boeren"], &["bönder"]),
    ("days", &["dagen"], &["dagar"]),
    ("moves", &["zetten"], &["drag"]),
    ("in", &["in"], &["på"]),
    ("timeout", &["tijd"], &["tid"]),
    ("loss", &["verlies"], &["förlust"]),
    ("pass", &["pas"], &["passa"]),
    ("level", &["niveau"], &["nivå"]),
    ("easy", &["makkelijk"], &["lätt"]),
    ("normal", &["normaal"], &["normal"]),
    ("hard", &["moeilijk"], &["svår"]),
    ("unrated", &["vriendschappelijk"], &["vänskaplig"]),
    ("rated", &["rated"], &["rated"]),
    ("private", &["privé"], &["privat"]),
    ("public", &["openbaar"], &["offentlig"]),
    ("offer", &["aanbieden"], &["erbjud"]),
    ("ask", &["vraag"], &["be"]),
    ("accept", &["accepteer", "aannemen"], &["acceptera", "anta"]),
    ("decline", &["weiger"], &["avböj", "neka"]),
    ("mine", &["mijn"], &["mina"]),
    ("live", &["live"], &["live"]),
    ("timezone", &["tijdzone"], &["tidszon"]),
    ("notify", &["meldingen"], &["aviseringar"]),
    ("digest", &["overzicht"], &["sammanfattning"]),
    ("language", &["taal"], &["språk"]),
    ("rest", &["rust"], &["vila"]),
    ("weekend", &["weekend"], &["helg"]),
    ("night", &["nacht"], &["natt"]),
    ("calendar", &["agenda"], &["kalender"]),
    ("new", &["nieuw"], &["ny"]),
    ("clear", &["wis"], &["rensa"]),
    ("cancel", &["annuleer"], &["avbryt"]),
    ("off", &["uit"], &["av"]),
    ("end", &["einde"], &["slut"]),
    ("game", &["partij"], &["parti"]),
    ("email", &["e-mail"], &["e-post"]),
    ("discord", &["discord"], &["discord"]),
    ("terminal", &["terminal"], &["terminal"]),
    ("rules", &["regels"], &["regler"]),
    ("list", &["lijst"], &["lista"]),
    ("create", &["maak"], &["skapa"]),
    ("join", &["meedoen"], &["delta"]),
    ("leave", &["verlaat"], &["lämna"]),
    ("standings", &["stand"], &["ställning"]),
    ("pairings", &["indeling"], &["lottning"]),
    ("start", &["start"], &["starta"]),
    ("remove", &["verwijder"], &["stryk"]),
    ("challenge", &["daag-uit", "uitdagen"], &["utmana"]),
    ("round-robin", &["competitie"], &["alla-mot-alla"]),
    ("double", &["dubbel"], &["dubbel"]),
    ("swiss", &["zwitsers"], &["schweizer"]),
    ("ladder", &["ladder"], &["stege"]),
    ("reach", &["bereik"], &["räckvidd"]),
    ("rounds", &["ronden"], &["ronder"]),
    ("players", &["spelers"], &["spelare"]),
    ("name", &["naam"], &["namn"]),
];

/// A text made `'static` once: the table's translated names and keys, a bounded set (the table
/// is fixed), so the leak is too.
pub(crate) fn intern(text: String) -> &'static str {
    static TEXTS: std::sync::OnceLock<std::sync::Mutex<std::collections::HashSet<&'static str>>> =
        std::sync::OnceLock::new();
    let mut texts = TEXTS
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    if let Some(t) = texts.get(text.as_str()) {
        return t;
    }
    let t: &'static str = Box::leak(text.into_boxed_str());
    texts.insert(t);
    t
}

/// A word lowercased and without diacritics (`Bräde` = `brade`, `privé` = `prive`), as words
/// of the command language are compared.
pub fn fold(word: &str) -> String {
    word.trim()
        .chars()
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'ä' | 'å' | 'á' | 'à' | 'â' => 'a',
            'ö' | 'ó' | 'ò' | 'ô' | 'ø' => 'o',
            'é' | 'è' | 'ê' | 'ë' => 'e',
            'ü' | 'ú' | 'û' => 'u',
            'ï' | 'í' => 'i',
            c => c,
        })
        .collect()
}

fn in_lang(
    entry: &'static (
        &'static str,
        &'static [&'static str],
        &'static [&'static str],
    ),
    language: Language,
) -> &'static [&'static str] {
    match language {
        Language::En => std::slice::from_ref(&entry.0),
        Language::Nl => entry.1,
        Language::Sv => entry.2,
    }
}

/// The English fixed word a Dutch or Swedish one (or an English one, in any case, with or
/// without diacritics) stands for; other words lowercased as they are.
pub fn english_word(word: &str) -> String {
    let folded = fold(word);
    LOCAL_WORDS
        .iter()
        .find(|e| e.1.iter().chain(e.2).any(|w| fold(w) == folded))
        .map_or_else(|| word.to_lowercase(), |e| e.0.to_owned())
}

/// The word of `language` for an English fixed word (`board` is `bord` in Dutch); the word itself
/// where there is none.
pub fn word_in(language: Language, english: &str) -> &str {
    LOCAL_WORDS
        .iter()
        .find(|e| e.0 == english)
        .and_then(|e| in_lang(e, language).first().copied())
        .unwrap_or(english)
}

impl CommandSpec {
    /// The command's Dutch or Swedish names (empty in English: see `name` and `aliases`).
    pub fn local_names(&self, language: Language) -> &'static [&'static str] {
        match language {
            Language::En => &[],
            _ => LOCAL_NAMES
                .iter()
                .find(|e| e.0 == self.name)
                .map_or(&[], |e| in_lang(e, language)),
        }
    }

    /// Every name the command is known by, in every language.
    pub fn all_names(&self) -> impl Iterator<Item = &'static str> + '_ {
        std::iter::once(self.name)
            .chain(self.aliases.iter().copied())
            .chain(self.local_names(Language::Nl).iter().copied())
            .chain(self.local_names(Language::Sv).iter().copied())
    }

    /// The command's name in `language`: its first Dutch or Swedish name, the English name in
    /// English.
    pub fn name_in(&self, language: Language) -> &'static str {
        self.local_names(language)
            .first()
            .copied()
            .unwrap_or(self.name)
    }

    fn localized(&self, language: Language, part: &str, english: &'static str) -> String {
        if language == Language::En {
            return english.to_owned();
        }
        let key = format!("cmd-{}-{part}", self.name);
        if agora_i18n::has(language, &key) {
            agora_i18n::tr(language, &key, &[])
        } else {
            english.to_owned()
        }
    }

    /// The one-line summary in `language`.
    pub fn summary_in(&self, language: Language) -> String {
        self.localized(language, "summary", self.summary)
    }

    /// The paragraph of `help <command>` in `language`.
    pub fn help_in(&self, language: Language) -> String {
        self.localized(language, "help", self.help)
    }

    /// The usage line in `language` (the command's and the fixed words in that language).
    pub fn usage_in(&self, language: Language) -> String {
        self.localized(language, "usage", self.usage)
    }

    /// The command of the table that owns this argument (the first, for a shared one).
    fn owner_of(arg: &Arg) -> &'static str {
        if *arg == GAME {
            return "any";
        }
        COMMANDS
            .iter()
            .find(|c| c.args.contains(arg))
            .map_or("any", |c| c.name)
    }
}

impl Arg {
    #[cfg(test)]
    pub(crate) fn key_for_catalogue(&self) -> String {
        self.key("")
    }

    fn key(&self, part: &str) -> String {
        format!(
            "cmd-{}-arg-{}{part}",
            CommandSpec::owner_of(self),
            self.name
        )
    }

    /// The argument's name in `language` (a Discord option name: lowercase letters, digits, `-`
    /// and `_`, at most 32 characters).
    pub fn name_in(&self, language: Language) -> &'static str {
        if language == Language::En {
            return self.name;
        }
        let key = self.key("");
        if !agora_i18n::has(language, &key) {
            return self.name;
        }
        intern(agora_i18n::tr(language, &key, &[]))
    }

    /// The argument's one-line help in `language` (at most 100 characters).
    pub fn help_in(&self, language: Language) -> String {
        if language == Language::En {
            return self.help.to_owned();
        }
        let key = self.key("-help");
        if agora_i18n::has(language, &key) {
            agora_i18n::tr(language, &key, &[])
        } else {
            self.help.to_owned()
        }
    }

    /// The label of one of the argument's choices in `language` (the value sent stays the
    /// English word).
    pub fn choice_in(&self, language: Language, choice: &str) -> String {
        word_in(language, choice).to_owned()
    }

    /// Whether `word` names this argument in any language.
    pub fn is_named(&self, word: &str) -> bool {
        let folded = fold(word);
        Language::ALL
            .iter()
            .any(|&l| fold(self.name_in(l)) == folded)
            || english_word(word) == self.name
    }
}

/// The table entry for a name or alias in any language, case-insensitive, with or without
/// diacritics.
pub fn spec(word: &str) -> Option<&'static CommandSpec> {
    let word = fold(word);
    COMMANDS
        .iter()
        .find(|c| c.all_names().any(|n| n == word || fold(n) == word))
}

/// The command name closest to a mistyped word, if any is close enough to be a likely typo.
pub fn closest_command(word: &str) -> Option<&'static str> {
    let word = fold(word);
    // An English name or alias suggests the English name; a Dutch or Swedish one itself. English
    // wins a tie.
    COMMANDS
        .iter()
        .flat_map(|c| {
            std::iter::once(c.name)
                .chain(c.aliases.iter().copied())
                .map(move |n| (false, c.name, n))
                .chain(
                    c.local_names(Language::Nl)
                        .iter()
                        .chain(c.local_names(Language::Sv))
                        .map(|&n| (true, n, n)),
                )
        })
        .map(|(local, name, n)| (edit_distance(&word, &fold(n)), local, name))
        // A Dutch or Swedish word is suggested only for a closer slip than an English one, so a
        // short English typo is never answered with a foreign word.
        .filter(|&(d, local, name)| {
            let reach = if local {
                1.max(name.chars().count() / 4)
            } else {
                2.max(name.chars().count() / 3)
            };
            d <= reach && d < word.len().max(1)
        })
        .min()
        .map(|(_, _, name)| name)
}

/// The longest word fuzzy matching compares: no command, player name or time zone is longer.
pub const MAX_FUZZY_CHARS: usize = 32;

/// The Levenshtein distance, for suggestions of commands, player names and time zones. Bounded:
/// a word longer than [`MAX_FUZZY_CHARS`] is near nothing (`usize::MAX`), so a hostile word costs
/// at most 32 × 32 steps per comparison however long it is.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let too_long = |s: &str| s.chars().nth(MAX_FUZZY_CHARS).is_some();
    if too_long(a) || too_long(b) {
        return usize::MAX;
    }
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}
