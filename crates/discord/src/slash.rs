//! The slash commands, derived from the service's command table: one Discord command per
//! [`COMMANDS`] entry, with its name and summary, and one option per argument of the table, its
//! Discord type following the argument's kind (a game or a number is an integer, a choice a list,
//! an action is autocompleted from the legal actions). A player argument becomes two options: a
//! Discord user picker and a text for anyone else. `/settings` also takes `messages`, a setting
//! of this front end's own.
//!
//! An invocation's options are read back into typed values and built into typed commands by the
//! service's [`commands::build`], so Discord, mail and the terminal share one language without
//! any text going between.

use crate::board::clip;
use crate::{Bot, DiscordError};
use agora_i18n::{Arg, tr};
use agora_service::commands::{self, ArgKind, COMMANDS, Command, CommandSpec, ParseError};
use agora_service::{Identity, Language};
use poise::serenity_prelude as serenity;
use std::borrow::Cow;
use std::sync::Arc;

pub(crate) use agora_service::commands::Value;

type SlashCommand = poise::Command<Arc<Bot>, DiscordError>;
type Parameter = poise::CommandParameter<Arc<Bot>, DiscordError>;

/// The Discord type of an option.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Text,
    /// A whole number from `min`, up to `max` if given.
    Number {
        min: i64,
        max: Option<i64>,
    },
    User,
    /// One of these words.
    Choice(&'static [&'static str]),
    /// An action in the game's notation, autocompleted from the legal actions.
    Action,
}

/// One option of a slash command.
#[derive(Debug, Clone)]
struct Opt {
    name: &'static str,
    description: Cow<'static, str>,
    kind: Kind,
    required: bool,
    /// Its name and description in Dutch and Swedish (Discord shows them to users whose client
    /// is in that language; the interaction still names the option by `name`).
    localized: Vec<(Language, String, String)>,
}

/// The languages other than English whose names and descriptions are registered.
const OTHER: [Language; 2] = [Language::Nl, Language::Sv];

/// The localisations of the front end's own options, from `templates/*/discord.ftl`.
fn own_localized(name_key: &str, help_key: &str) -> Vec<(Language, String, String)> {
    OTHER
        .iter()
        .map(|&l| (l, tr(l, name_key, &[]), clip(&tr(l, help_key, &[]), 100)))
        .collect()
}

/// The option that picks a challenged Discord user; it stands in for a player argument's text.
const USER: &str = "user";

/// Discord's own setting: reminders and final reports in the game's thread or as direct messages.
const MESSAGES: &str = "messages";

/// The names `/help` can explain: every command of the table.
static COMMAND_NAMES: std::sync::LazyLock<Vec<&'static str>> = std::sync::LazyLock::new(|| {
    COMMANDS
        .iter()
        .map(|c| c.name)
        .filter(|&n| n != "help")
        .collect()
});

/// The options of a command: its table arguments, required ones first (as Discord demands).
fn options(spec: &CommandSpec) -> Vec<Opt> {
    let mut opts = Vec::new();
    for arg in spec.args {
        let opt = |kind: Kind| Opt {
            name: arg.name,
            description: Cow::Borrowed(arg.help),
            kind,
            required: !arg.optional,
            localized: OTHER
                .iter()
                .map(|&l| (l, arg.name_in(l).to_string(), clip(&arg.help_in(l), 100)))
                .collect(),
        };
        match arg.kind {
            ArgKind::Game => opts.push(opt(Kind::Number { min: 1, max: None })),
            ArgKind::Number { min, max } => opts.push(opt(Kind::Number { min, max })),
            ArgKind::Action => opts.push(opt(Kind::Action)),
            ArgKind::Choice(words) => opts.push(opt(Kind::Choice(words))),
            ArgKind::Command => opts.push(opt(Kind::Choice(COMMAND_NAMES.as_slice()))),
            ArgKind::Duration | ArgKind::Text => opts.push(opt(Kind::Text)),
            // Either one names the player, so neither is required.
            ArgKind::Player => {
                opts.push(Opt {
                    name: USER,
                    description: Cow::Owned(tr(Language::En, "discord-user-help", &[])),
                    kind: Kind::User,
                    required: false,
                    localized: own_localized("discord-user-option", "discord-user-help"),
                });
                let text = opt(Kind::Text);
                let or = |l: Language, help: &str| {
                    clip(
                        &tr(l, "discord-player-text-help", &[("help", Arg::from(help))]),
                        100,
                    )
                };
                opts.push(Opt {
                    description: Cow::Owned(or(Language::En, arg.help)),
                    required: false,
                    localized: text
                        .localized
                        .iter()
                        .map(|(l, name, _)| (*l, name.clone(), or(*l, &arg.help_in(*l))))
                        .collect(),
                    ..text
                });
            }
        }
    }
    if spec.name == "settings" {
        opts.push(Opt {
            name: MESSAGES,
            description: Cow::Owned(tr(Language::En, "discord-messages-help", &[])),
            kind: Kind::Choice(&["thread", "dm"]),
            required: false,
            localized: own_localized("discord-messages-option", "discord-messages-help"),
        });
    }
    // A stable sort keeps the table's order within each group.
    opts.sort_by_key(|o| !o.required);
    opts
}

/// The Discord commands for the whole table.
pub fn commands() -> Vec<SlashCommand> {
    COMMANDS.iter().map(command).collect()
}

/// The names of the generated commands, in the table's order.
pub fn names() -> Vec<&'static str> {
    COMMANDS.iter().map(|c| c.name).collect()
}

fn command(spec: &CommandSpec) -> SlashCommand {
    SlashCommand {
        name: Cow::Borrowed(spec.name),
        qualified_name: Cow::Borrowed(spec.name),
        identifying_name: Cow::Borrowed(spec.name),
        source_code_name: Cow::Borrowed(spec.name),
        description: Some(Cow::Owned(crate::board::clip(spec.summary, 100))),
        name_localizations: Cow::Owned(
            OTHER
                .iter()
                .map(|&l| {
                    (
                        Cow::Borrowed(l.discord_locale()),
                        Cow::Owned(spec.name_in(l).to_string()),
                    )
                })
                .collect(),
        ),
        description_localizations: Cow::Owned(
            OTHER
                .iter()
                .map(|&l| {
                    (
                        Cow::Borrowed(l.discord_locale()),
                        Cow::Owned(clip(&spec.summary_in(l), 100)),
                    )
                })
                .collect(),
        ),
        help_text: Some(Cow::Borrowed(spec.help)),
        slash_action: Some(|ctx| Box::pin(crate::events::slash(ctx))),
        parameters: options(spec).into_iter().map(parameter).collect(),
        ..Default::default()
    }
}

fn parameter(o: Opt) -> Parameter {
    let choices = match o.kind {
        Kind::Choice(words) => words
            .iter()
            .map(|w| poise::CommandParameterChoice {
                name: Cow::Borrowed(w),
                // The label a Dutch or Swedish client shows (a command by its name in that
                // language); the value sent back is the English word's index all the same.
                localizations: Cow::Owned(
                    OTHER
                        .iter()
                        .map(|&l| {
                            let label = match commands::spec(w) {
                                Some(spec) if matches!(o.kind, Kind::Choice(ws) if ws == COMMAND_NAMES.as_slice()) => {
                                    spec.name_in(l).to_owned()
                                }
                                _ => commands::word_in(l, w).to_owned(),
                            };
                            (Cow::Borrowed(l.discord_locale()), Cow::Owned(label))
                        })
                        .collect(),
                ),
                __non_exhaustive: (),
            })
            .collect(),
        _ => Vec::new(),
    };
    // A type setter is a plain function, so the bounds of a number are picked from a few.
    let type_setter: fn(serenity::CreateCommandOption) -> serenity::CreateCommandOption =
        match o.kind {
            Kind::Text | Kind::Action => |b| b.kind(serenity::CommandOptionType::String),
            Kind::Number { min: 0, max: None } => |b| {
                b.kind(serenity::CommandOptionType::Integer)
                    .min_int_value(0)
            },
            Kind::Number { min: 1, max: None } => |b| {
                b.kind(serenity::CommandOptionType::Integer)
                    .min_int_value(1)
            },
            Kind::Number { .. } => |b| b.kind(serenity::CommandOptionType::Integer),
            Kind::User => |b| b.kind(serenity::CommandOptionType::User),
            // poise registers choices as integers: the index of the word.
            Kind::Choice(_) => |b| b.kind(serenity::CommandOptionType::Integer),
        };
    let names = o
        .localized
        .iter()
        .map(|(l, name, _)| (Cow::Borrowed(l.discord_locale()), Cow::Owned(name.clone())))
        .collect::<Vec<_>>();
    let descriptions = o
        .localized
        .iter()
        .map(|(l, _, d)| (Cow::Borrowed(l.discord_locale()), Cow::Owned(d.clone())))
        .collect::<Vec<_>>();
    Parameter {
        name: Cow::Borrowed(o.name),
        name_localizations: Cow::Owned(names),
        description: Some(o.description),
        description_localizations: Cow::Owned(descriptions),
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

/// The options of an invocation by name, choices turned back into their words.
pub(crate) fn values(command: &str, args: &[serenity::ResolvedOption<'_>]) -> Vec<(String, Value)> {
    let opts = commands::spec(command).map(options).unwrap_or_default();
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
                (serenity::ResolvedValue::User(u, _), _) => {
                    Value::Identity(Identity::discord(u.id))
                }
                (serenity::ResolvedValue::Unresolved(serenity::Unresolved::User(id)), _) => {
                    Value::Identity(Identity::discord(id))
                }
                _ => return None,
            };
            Some((a.name.to_owned(), value))
        })
        .collect()
}

/// The commands an invocation stands for, each built or refused: one, except that `/settings`
/// may set several things at once (one command each, in the table's order). The `messages`
/// setting is the front end's own and is not among them.
pub(crate) fn commands_of(
    command: &str,
    values: &[(String, Value)],
) -> Vec<Result<Command, ParseError>> {
    let Some(spec) = commands::spec(command) else {
        return vec![Err(ParseError::Unknown {
            word: command.to_owned(),
            closest: commands::closest_command(command),
        })];
    };
    let picked = values.iter().any(|(n, _)| n == USER);
    let messages = values.iter().any(|(n, _)| n == MESSAGES);
    let player = spec.args.iter().find(|a| a.kind == ArgKind::Player);
    let mut values: Vec<(String, Value)> = values
        .iter()
        .filter(|(n, _)| n != MESSAGES)
        // A picked user is the player; the text option is for anyone else.
        .filter(|(n, _)| !(picked && player.is_some_and(|p| p.name == n)))
        .map(|(n, v)| match (n.as_str(), player) {
            (USER, Some(p)) => (p.name.to_owned(), v.clone()),
            _ => (n.clone(), v.clone()),
        })
        .collect();
    if spec.name != "settings" {
        return vec![commands::build(spec, &values)];
    }
    if values.is_empty() {
        // Only `messages`: nothing for the service. Nothing at all: the service says what is
        // missing, in its own words.
        return if messages {
            Vec::new()
        } else {
            vec![commands::build(spec, &values)]
        };
    }
    let position = |name: &str| spec.args.iter().position(|a| a.name == name);
    values.sort_by_key(|(n, _)| position(n));
    values
        .into_iter()
        .map(|one| commands::build(spec, &[one]))
        .collect()
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

    /// Discord's rule for a command or option name in any locale.
    fn valid_name(name: &str) -> bool {
        (1..=32).contains(&name.chars().count())
            && name
                .chars()
                .all(|c| c == '-' || c == '_' || c.is_alphanumeric())
            && name.to_lowercase() == name
    }

    #[test]
    fn every_command_and_option_has_a_dutch_and_a_swedish_name_and_description() {
        let commands = commands();
        for locale in ["nl", "sv-SE"] {
            let mut names = std::collections::HashSet::new();
            for c in &commands {
                let name = c
                    .name_localizations
                    .iter()
                    .find(|(l, _)| l == locale)
                    .map(|(_, n)| n.to_string())
                    .unwrap_or_else(|| panic!("/{} has no {locale} name", c.name));
                assert!(valid_name(&name), "/{}: {locale} name {name:?}", c.name);
                assert!(
                    names.insert(name.clone()),
                    "{locale}: two commands are {name}"
                );
                let description = c
                    .description_localizations
                    .iter()
                    .find(|(l, _)| l == locale)
                    .map(|(_, d)| d.to_string())
                    .unwrap_or_default();
                assert!(
                    (1..=100).contains(&description.chars().count()),
                    "/{}: {locale} description {description:?}",
                    c.name
                );
                let mut options = std::collections::HashSet::new();
                for p in &c.parameters {
                    let name = p
                        .name_localizations
                        .iter()
                        .find(|(l, _)| l == locale)
                        .map(|(_, n)| n.to_string())
                        .unwrap_or_else(|| panic!("/{} {}: no {locale} name", c.name, p.name));
                    assert!(
                        valid_name(&name),
                        "/{} {}: {locale} {name:?}",
                        c.name,
                        p.name
                    );
                    assert!(
                        options.insert(name.clone()),
                        "/{}: two options {name}",
                        c.name
                    );
                    let d = p
                        .description_localizations
                        .iter()
                        .find(|(l, _)| l == locale)
                        .map(|(_, d)| d.to_string())
                        .unwrap_or_default();
                    assert!(
                        (1..=100).contains(&d.chars().count()),
                        "/{} {}",
                        c.name,
                        p.name
                    );
                }
            }
        }
        let help = commands.iter().find(|c| c.name == "help").unwrap();
        assert!(
            help.name_localizations
                .iter()
                .any(|(l, n)| l == "nl" && n == "hulp")
        );
        assert!(
            help.name_localizations
                .iter()
                .any(|(l, n)| l == "sv-SE" && n == "hjälp")
        );
    }

    /// The Discord type an argument of the table gets.
    fn kind_of(kind: ArgKind) -> Kind {
        match kind {
            ArgKind::Game => Kind::Number { min: 1, max: None },
            ArgKind::Number { min, max } => Kind::Number { min, max },
            ArgKind::Action => Kind::Action,
            ArgKind::Choice(words) => Kind::Choice(words),
            ArgKind::Command => Kind::Choice(COMMAND_NAMES.as_slice()),
            ArgKind::Duration | ArgKind::Text | ArgKind::Player => Kind::Text,
        }
    }

    #[test]
    fn options_derive_from_the_table() {
        for spec in COMMANDS {
            let opts = options(spec);
            let players = spec
                .args
                .iter()
                .filter(|a| a.kind == ArgKind::Player)
                .count();
            let own = usize::from(spec.name == "settings");
            assert_eq!(
                opts.len(),
                spec.args.len() + players + own,
                "/{}",
                spec.name
            );
            for arg in spec.args {
                let o = opts.iter().find(|o| o.name == arg.name).unwrap();
                assert_eq!(o.kind, kind_of(arg.kind), "/{} {}", spec.name, arg.name);
                let required = !arg.optional && arg.kind != ArgKind::Player;
                assert_eq!(o.required, required, "/{} {}", spec.name, arg.name);
                assert!(o.description.len() <= 100, "/{} {}", spec.name, arg.name);
            }
            // Discord refuses a required option after an optional one.
            assert!(
                opts.windows(2).all(|w| w[0].required || !w[1].required),
                "/{}",
                spec.name
            );
        }
        let challenge = options(commands::spec("challenge").unwrap());
        let names: Vec<&str> = challenge.iter().map(|o| o.name).collect();
        assert_eq!(
            names,
            [
                "game", "user", "opponent", "board", "farmers", "days", "bank", "moves", "timeout",
                "level", "rated", "private", "rating"
            ]
        );
        let moves = options(commands::spec("move").unwrap());
        assert_eq!(moves[0].name, "action");
        assert_eq!(moves[0].kind, Kind::Action);
        // Every command of the table can be asked about, the newest included.
        assert!(COMMAND_NAMES.contains(&"vacation"));
    }

    /// An invocation's values by option name.
    type Values = Vec<(String, Value)>;

    fn v(pairs: &[(&str, Value)]) -> Values {
        pairs
            .iter()
            .map(|(n, v)| ((*n).to_owned(), v.clone()))
            .collect()
    }

    fn text(t: &str) -> Value {
        Value::Text(t.into())
    }

    /// What an invocation builds is what its command text, as this front end once sent it,
    /// parses to.
    #[test]
    fn invocations_build_the_commands_their_texts_stood_for() {
        let cases: Vec<(&str, Values, Vec<&str>)> = vec![
            (
                "move",
                v(&[("action", text("a1-b2")), ("game", Value::Number(12))]),
                vec!["move #12 a1-b2"],
            ),
            (
                "challenge",
                v(&[
                    ("game", text("agros")),
                    ("user", Value::Identity(Identity::discord(42))),
                    ("board", text("8")),
                    ("days", Value::Number(2)),
                ]),
                vec!["challenge <@42> agros board 8 days 2"],
            ),
            (
                "challenge",
                v(&[
                    ("game", text("agon")),
                    ("user", Value::Identity(Identity::discord(42))),
                    ("opponent", text("bob")),
                ]),
                vec!["challenge <@42> agon"],
            ),
            (
                "challenge",
                v(&[
                    ("game", text("agros")),
                    ("opponent", text("bob")),
                    ("bank", text("7d+1d max 14d")),
                    ("timeout", text("pass")),
                ]),
                vec!["challenge bob agros bank 7d+1d max 14d timeout pass"],
            ),
            ("undo", v(&[("reply", text("ask"))]), vec!["undo offer"]),
            ("vacation", v(&[("days", text("7"))]), vec!["vacation 7"]),
            (
                "settings",
                v(&[("digest", text("8")), ("timezone", text("Europe/Paris"))]),
                vec!["settings timezone Europe/Paris", "settings digest 8"],
            ),
            (
                "settings",
                v(&[("notify", text("email")), ("messages", text("dm"))]),
                vec!["settings notify email"],
            ),
            ("settings", v(&[("messages", text("dm"))]), vec![]),
            ("settings", v(&[]), vec!["settings"]),
            ("help", v(&[("command", text("move"))]), vec!["help move"]),
            ("games", v(&[]), vec!["games"]),
        ];
        for (command, values, texts) in cases {
            let built = commands_of(command, &values);
            let parsed: Vec<_> = texts.iter().map(|t| commands::parse(t)).collect();
            assert_eq!(built, parsed, "/{command} {values:?}");
        }
    }
}
