//! The slash commands, generated from the service's command table: one Discord command per
//! [`COMMANDS`] entry, with its name and summary, and options per command (the game, the action,
//! the challenge's settings, …). A command the table gains later (and this module does not know)
//! still appears, with one free-text option for its arguments. Every invocation becomes the
//! command text the service parses, so Discord, mail and the terminal share one language.

use crate::{Bot, DiscordError};
use agora_service::commands::{COMMANDS, CommandSpec};
use poise::serenity_prelude as serenity;
use std::borrow::Cow;
use std::sync::Arc;

type Command = poise::Command<Arc<Bot>, DiscordError>;
type Parameter = poise::CommandParameter<Arc<Bot>, DiscordError>;

/// The kind of a command option.
#[derive(Debug, Clone, Copy)]
enum Kind {
    Text,
    /// A whole number from 1.
    Number,
    User,
    /// One of these words.
    Choice(&'static [&'static str]),
    /// An action in the game's notation, autocompleted from the legal actions.
    Action,
}

/// One option of a slash command.
#[derive(Debug, Clone, Copy)]
struct Opt {
    name: &'static str,
    description: &'static str,
    kind: Kind,
    required: bool,
}

const fn opt(name: &'static str, description: &'static str, kind: Kind) -> Opt {
    Opt {
        name,
        description,
        kind,
        required: false,
    }
}

const GAME: Opt = opt(
    "game",
    "the game number; may be left out in the game's thread or when only one game fits",
    Kind::Number,
);

/// The names `/help` can explain: every command of the table.
static COMMAND_NAMES: std::sync::LazyLock<Vec<&'static str>> = std::sync::LazyLock::new(|| {
    agora_service::commands::COMMANDS
        .iter()
        .map(|c| c.name)
        .filter(|&n| n != "help")
        .collect()
});

/// The options of a command of the table; `None` for a command this module does not know.
fn options(name: &str) -> Option<Vec<Opt>> {
    Some(match name {
        "help" => vec![opt(
            "command",
            "the command to explain",
            Kind::Choice(COMMAND_NAMES.as_slice()),
        )],
        "challenge" => vec![
            Opt {
                required: true,
                ..opt("game", "agon or agros", Kind::Choice(&["agon", "agros"]))
            },
            opt("user", "the Discord user you challenge", Kind::User),
            opt(
                "opponent",
                "or: `computer`, a player's name, or an e-mail address",
                Kind::Text,
            ),
            opt(
                "board",
                "Agros: board size (default 10)",
                Kind::Choice(&["8", "10", "12"]),
            ),
            opt(
                "farmers",
                "Agros: farmers per side (default 5)",
                Kind::Choice(&["3", "5", "7"]),
            ),
            opt("days", "days per move (the time control)", Kind::Number),
            opt(
                "bank",
                "or a time bank: start+increment, e.g. 7d+1d max 14d",
                Kind::Text,
            ),
            opt(
                "timeout",
                "a missed deadline loses (default), or in Agros passes",
                Kind::Choice(&["loss", "pass"]),
            ),
            opt(
                "level",
                "the computer's strength",
                Kind::Choice(&["easy", "normal", "hard"]),
            ),
        ],
        "accept" | "decline" | "cancel" | "pass" | "resign" | "board" | "history" => vec![GAME],
        "move" => vec![
            Opt {
                required: true,
                ..opt(
                    "action",
                    "the action: pick one of your legal actions from the list",
                    Kind::Action,
                )
            },
            GAME,
        ],
        "draw" => vec![
            Opt {
                required: true,
                ..opt(
                    "reply",
                    "offer a draw, or answer an offer",
                    Kind::Choice(&["offer", "accept", "decline"]),
                )
            },
            GAME,
        ],
        "undo" => vec![
            opt(
                "reply",
                "ask to take back your last action (default), or answer the request",
                Kind::Choice(&["ask", "accept", "decline"]),
            ),
            GAME,
        ],
        "games" => vec![],
        "settings" => vec![
            opt(
                "timezone",
                "your IANA time zone, e.g. Europe/Amsterdam",
                Kind::Text,
            ),
            opt(
                "notify",
                "where notifications go",
                Kind::Choice(&["discord", "email", "terminal"]),
            ),
            opt(
                "digest",
                "a local hour (0-23) for one daily digest instead of reminders, or off",
                Kind::Text,
            ),
            opt(
                "messages",
                "on Discord: reminders and final reports in the game's thread or as direct messages",
                Kind::Choice(&["thread", "dm"]),
            ),
        ],
        "vacation" => vec![opt(
            "days",
            "days to pause your clocks, or `end`; leave out to see your allowance",
            Kind::Text,
        )],
        "link" => vec![opt(
            "code",
            "the code `link` gave your other account",
            Kind::Text,
        )],
        _ => return None,
    })
}

/// The Discord commands for the whole table.
pub fn commands() -> Vec<Command> {
    COMMANDS.iter().map(command).collect()
}

/// The names of the generated commands, in the table's order.
pub fn names() -> Vec<&'static str> {
    COMMANDS.iter().map(|c| c.name).collect()
}

fn command(spec: &CommandSpec) -> Command {
    let opts = options(spec.name)
        .unwrap_or_else(|| vec![opt("arguments", description_of_usage(spec), Kind::Text)]);
    Command {
        name: Cow::Borrowed(spec.name),
        qualified_name: Cow::Borrowed(spec.name),
        identifying_name: Cow::Borrowed(spec.name),
        source_code_name: Cow::Borrowed(spec.name),
        description: Some(Cow::Owned(crate::board::clip(spec.summary, 100))),
        help_text: Some(Cow::Borrowed(spec.help)),
        slash_action: Some(|ctx| Box::pin(crate::events::slash(ctx))),
        parameters: opts.iter().map(parameter).collect(),
        ..Default::default()
    }
}

/// The usage line without the command word, for a command known only from the table.
fn description_of_usage(spec: &CommandSpec) -> &'static str {
    let rest = spec
        .usage
        .strip_prefix(spec.name)
        .map(str::trim)
        .unwrap_or(spec.usage);
    if rest.is_empty() || rest.len() > 100 {
        "the command's arguments, as in `help`"
    } else {
        rest
    }
}

fn parameter(o: &Opt) -> Parameter {
    let choices = match o.kind {
        Kind::Choice(words) => words
            .iter()
            .map(|w| poise::CommandParameterChoice {
                name: Cow::Borrowed(w),
                localizations: Cow::Borrowed(&[]),
                __non_exhaustive: (),
            })
            .collect(),
        _ => Vec::new(),
    };
    let type_setter: fn(serenity::CreateCommandOption) -> serenity::CreateCommandOption =
        match o.kind {
            Kind::Text | Kind::Action => |b| b.kind(serenity::CommandOptionType::String),
            Kind::Number => |b| {
                b.kind(serenity::CommandOptionType::Integer)
                    .min_int_value(1)
            },
            Kind::User => |b| b.kind(serenity::CommandOptionType::User),
            // poise registers choices as integers: the index of the word.
            Kind::Choice(_) => |b| b.kind(serenity::CommandOptionType::Integer),
        };
    Parameter {
        name: Cow::Borrowed(o.name),
        name_localizations: Cow::Borrowed(&[]),
        description: Some(Cow::Borrowed(o.description)),
        description_localizations: Cow::Borrowed(&[]),
        required: o.required,
        channel_types: None,
        choices: Cow::Owned(choices),
        type_setter: Some(type_setter),
        autocomplete_callback: match o.kind {
            Kind::Action => {
                Some(|ctx, partial| Box::pin(crate::events::autocomplete(ctx, partial)))
            }
            _ => None,
        },
        __non_exhaustive: (),
    }
}

/// An option's value as the person gave it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Value {
    Text(String),
    Number(i64),
    User(u64),
}

impl Value {
    fn text(&self) -> String {
        match self {
            Value::Text(t) => t.clone(),
            Value::Number(n) => n.to_string(),
            Value::User(id) => format!("<@{id}>"),
        }
    }
}

/// The options of an invocation by name, choices turned back into their words.
pub(crate) fn values(command: &str, args: &[serenity::ResolvedOption<'_>]) -> Vec<(String, Value)> {
    let opts = options(command).unwrap_or_default();
    args.iter()
        .filter_map(|a| {
            let kind = opts.iter().find(|o| o.name == a.name).map(|o| o.kind);
            let value = match (&a.value, kind) {
                (serenity::ResolvedValue::Integer(i), Some(Kind::Choice(words))) => {
                    Value::Text((*words.get(usize::try_from(*i).ok()?)?).to_owned())
                }
                (serenity::ResolvedValue::Integer(i), _) => Value::Number(*i),
                (serenity::ResolvedValue::String(s), _) => Value::Text(s.trim().to_owned()),
                (serenity::ResolvedValue::Autocomplete { value, .. }, _) => {
                    Value::Text(value.trim().to_owned())
                }
                (serenity::ResolvedValue::User(u, _), _) => Value::User(u.id.get()),
                (serenity::ResolvedValue::Unresolved(serenity::Unresolved::User(id)), _) => {
                    Value::User(id.get())
                }
                _ => return None,
            };
            Some((a.name.to_owned(), value))
        })
        .collect()
}

/// The command texts an invocation stands for (`/move action:a1-b2 game:12` is `move #12 a1-b2`);
/// `settings` may set several things at once. The `messages` setting is the front end's own and
/// is not among them.
pub(crate) fn texts(command: &str, values: &[(String, Value)]) -> Vec<String> {
    let get = |name: &str| {
        values
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.text())
    };
    let game = get("game");
    // For every command but `challenge` (where it is the kind of game), `game` is a reference.
    let game_ref = game.clone().map(|g| format!("#{g}"));
    let join =
        |words: Vec<Option<String>>| words.into_iter().flatten().collect::<Vec<_>>().join(" ");
    let one = |t: String| vec![t];
    match command {
        "challenge" => {
            let opponent = get("user").or_else(|| get("opponent"));
            one(join(vec![
                Some("challenge".into()),
                opponent,
                game,
                get("board").map(|b| format!("board {b}")),
                get("farmers").map(|f| format!("farmers {f}")),
                get("days").map(|d| format!("days {d}")),
                get("bank").map(|b| format!("bank {b}")),
                get("timeout").map(|t| format!("timeout {t}")),
                get("level").map(|l| format!("level {l}")),
            ]))
        }
        "move" => one(join(vec![Some("move".into()), game_ref, get("action")])),
        "draw" | "undo" => one(join(vec![
            Some(command.into()),
            get("reply").map(|r| if r == "ask" { "offer".into() } else { r }),
            game_ref,
        ])),
        "help" => one(join(vec![Some("help".into()), get("command")])),
        "link" => one(join(vec![Some("link".into()), get("code")])),
        "vacation" => one(join(vec![Some("vacation".into()), get("days")])),
        "settings" => {
            let mut out = Vec::new();
            if let Some(zone) = get("timezone") {
                out.push(format!("settings timezone {zone}"));
            }
            if let Some(channel) = get("notify") {
                out.push(format!("settings notify {channel}"));
            }
            if let Some(hour) = get("digest") {
                out.push(format!("settings digest {hour}"));
            }
            if out.is_empty() && get("messages").is_none() {
                // Lets the service say what is missing, in its own words.
                out.push("settings".into());
            }
            out
        }
        other => {
            let rest = get("arguments").or(game_ref);
            one(join(vec![Some(other.to_owned()), rest]))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_table_entry_becomes_a_command_with_its_summary() {
        let commands = commands();
        assert_eq!(commands.len(), COMMANDS.len());
        for (c, spec) in commands.iter().zip(COMMANDS) {
            assert_eq!(c.name, spec.name);
            assert!(c.create_as_slash_command().is_some(), "{}", spec.name);
        }
    }

    #[test]
    fn invocations_become_command_texts() {
        let v = |pairs: &[(&str, Value)]| {
            pairs
                .iter()
                .map(|(n, v)| ((*n).to_owned(), v.clone()))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            texts(
                "move",
                &v(&[
                    ("action", Value::Text("a1-b2".into())),
                    ("game", Value::Number(12))
                ])
            ),
            ["move #12 a1-b2"]
        );
        assert_eq!(
            texts(
                "challenge",
                &v(&[
                    ("game", Value::Text("agros".into())),
                    ("user", Value::User(42)),
                    ("board", Value::Text("8".into())),
                    ("days", Value::Number(2)),
                ])
            ),
            ["challenge <@42> agros board 8 days 2"]
        );
        assert_eq!(
            texts("undo", &v(&[("reply", Value::Text("ask".into()))])),
            ["undo offer"]
        );
        assert_eq!(
            texts("vacation", &v(&[("days", Value::Text("7".into()))])),
            ["vacation 7"]
        );
        assert_eq!(
            texts(
                "challenge",
                &v(&[
                    ("game", Value::Text("agros".into())),
                    ("opponent", Value::Text("bob".into())),
                    ("bank", Value::Text("7d+1d max 14d".into())),
                    ("timeout", Value::Text("pass".into())),
                ])
            ),
            ["challenge bob agros bank 7d+1d max 14d timeout pass"]
        );
        assert_eq!(
            texts("settings", &v(&[("digest", Value::Text("8".into()))])),
            ["settings digest 8"]
        );
        // Every command of the table can be asked about, the newest included.
        assert!(COMMAND_NAMES.contains(&"vacation"));
        assert!(
            COMMANDS
                .iter()
                .all(|c| c.name == "help" || COMMAND_NAMES.contains(&c.name))
        );
    }
}
