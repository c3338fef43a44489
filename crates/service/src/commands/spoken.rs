//! How a command is named to a reader: the one place that knows that Discord takes commands as
//! slash commands with named options (`/accept game:5`) while mail and the terminal take a line
//! of words (`accept #5`). Templates write a command once, as a line, and call `cmd(...)`.

use super::table::{ArgKind, CommandSpec, spec};
use agora_i18n::Language;

/// `line` (a command as written by mail, in any language: `accept #5`, `instellingen meldingen
/// e-mail`, `help <command>`) as a reader of `language` on `channel` types it: on Discord the
/// slash command with its options, named in the reader's language (`/accepteer partij:5`),
/// elsewhere the line itself. A line that names no command of the table is left as it is.
pub fn spoken(channel: &str, language: Language, line: &str) -> String {
    if channel != "discord" {
        return line.to_owned();
    }
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((first, rest)) = words.split_first() else {
        return line.to_owned();
    };
    let Some(spec) = spec(first) else {
        return line.to_owned();
    };
    slash(spec, language, rest)
}

/// The channels a quoted command may name as the one it is typed on: `mailto:link` is `link` on
/// every reader's channel, `discord:link` is `/link`, for a text that tells its reader to type a
/// command on another channel than the one they read it on.
const TYPED_ON: [&str; 2] = ["mailto", "discord"];

/// `text` with every command quoted in it (between backticks) as a reader on `channel` types
/// it: for texts written in code with commands in them (a refusal's advice, a command's help).
/// A span that names its channel (`mailto:link`, `discord:link`) is the command as typed there.
/// A quoted span that is no command (an action, `#12`) is left as it is.
pub fn spoken_in(channel: &str, language: Language, text: &str) -> String {
    let names_a_channel = TYPED_ON.iter().any(|c| text.contains(&format!("`{c}:")));
    if channel != "discord" && !names_a_channel {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len());
    let mut parts = text.split('`');
    if let Some(first) = parts.next() {
        out.push_str(first);
    }
    let rest: Vec<&str> = parts.collect();
    // Spans alternate: quoted, plain, quoted, … An unpaired last backtick is kept as it came.
    for (i, part) in rest.iter().enumerate() {
        out.push('`');
        let quoted = i % 2 == 0 && i + 1 < rest.len();
        if quoted {
            let typed_on = TYPED_ON.iter().find_map(|c| {
                part.strip_prefix(c)
                    .and_then(|rest| rest.strip_prefix(':'))
                    .map(|rest| (*c, rest))
            });
            let (on, line) = typed_on.unwrap_or((channel, part));
            out.push_str(&spoken(on, language, line));
        } else {
            out.push_str(part);
        }
    }
    out
}

/// The slash form of `spec` with the words after its name, its options in the table's order:
/// `#N` is the game option, a word that names an option gives it the next word, and other words
/// fill the remaining options in order (the last one takes what is left).
fn slash(spec: &CommandSpec, language: Language, words: &[&str]) -> String {
    let position = |name: &str| spec.args.iter().position(|a| a.name == name);
    let game = spec.args.iter().find(|a| a.kind == ArgKind::Game);
    let mut options: Vec<(usize, String)> = Vec::new();
    let mut free: Vec<&str> = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let word = words[i];
        if let (Some(g), Some(n)) = (game, word.strip_prefix('#'))
            && !n.is_empty()
        {
            options.push((
                position(g.name).unwrap_or(0),
                format!("{}:{n}", g.name_in(language)),
            ));
        } else if let Some(arg) = spec
            .args
            .iter()
            .find(|a| a.kind != ArgKind::Game && a.is_named(word))
            .filter(|_| i + 1 < words.len())
        {
            options.push((
                position(arg.name).unwrap_or(0),
                format!("{}:{}", arg.name_in(language), words[i + 1]),
            ));
            i += 1;
        } else {
            free.push(word);
        }
        i += 1;
    }
    let taken: Vec<usize> = options.iter().map(|(p, _)| *p).collect();
    // The game option last: a word left over names it (`board <game>`).
    let mut open = spec
        .args
        .iter()
        .enumerate()
        .filter(|(p, a)| a.kind != ArgKind::Game && !taken.contains(p))
        .chain(
            spec.args
                .iter()
                .enumerate()
                .filter(|(p, a)| a.kind == ArgKind::Game && !taken.contains(p)),
        )
        .peekable();
    let mut extra = Vec::new();
    let mut free = free.into_iter().peekable();
    while let Some(word) = free.next() {
        match open.next() {
            Some((p, arg)) if open.peek().is_none() => {
                let rest: Vec<&str> = std::iter::once(word).chain(free.by_ref()).collect();
                options.push((p, format!("{}:{}", arg.name_in(language), rest.join(" "))));
            }
            Some((p, arg)) => options.push((p, format!("{}:{word}", arg.name_in(language)))),
            None => extra.push(word.to_owned()),
        }
    }
    options.sort_by_key(|(p, _)| *p);
    std::iter::once(format!("/{}", spec.name_in(language)))
        .chain(options.into_iter().map(|(_, o)| o))
        .chain(extra)
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::{spoken, spoken_in};
    use agora_i18n::Language::{En, Nl, Sv};

    #[test]
    fn dutch_and_swedish_lines_are_spoken_in_the_readers_language() {
        assert_eq!(
            spoken("discord", Nl, "instellingen meldingen e-mail"),
            "/instellingen meldingen:e-mail"
        );
        assert_eq!(
            spoken("discord", Nl, "remise accepteer #12"),
            "/remise antwoord:accepteer partij:12"
        );
        assert_eq!(
            spoken("discord", Nl, "vakantie einde"),
            "/vakantie dagen:einde"
        );
        assert_eq!(
            spoken("discord", Nl, "hulp <commando>"),
            "/hulp commando:<commando>"
        );
        assert_eq!(spoken("discord", Sv, "bräde #12"), "/bräde parti:12");
        assert_eq!(
            spoken("discord", Sv, "inställningar aviseringar e-post"),
            "/inställningar aviseringar:e-post"
        );
        assert_eq!(spoken("discord", Sv, "accept #5"), "/acceptera parti:5");
        assert_eq!(spoken("discord", En, "accepteer #5"), "/accept game:5");
        assert_eq!(spoken("mailto", Nl, "vakantie einde"), "vakantie einde");
    }

    #[test]
    fn a_command_to_type_on_another_channel_is_in_that_channels_form() {
        let text = "send `mailto:link` by mail or `discord:link` on Discord, then `link <code>`";
        assert_eq!(
            spoken_in("discord", En, text),
            "send `link` by mail or `/link` on Discord, then `/link code:<code>`"
        );
        assert_eq!(
            spoken_in("mailto", Nl, "`mailto:koppel` of `discord:koppel`"),
            "`koppel` of `/koppel`"
        );
        assert_eq!(spoken_in("mailto", En, "`link`"), "`link`");
    }

    #[test]
    fn mail_and_the_terminal_read_the_line_itself() {
        assert_eq!(spoken("mailto", En, "accept #5"), "accept #5");
        assert_eq!(spoken("local", En, "help <command>"), "help <command>");
    }

    #[test]
    fn discord_reads_the_slash_command_with_its_options() {
        assert_eq!(spoken("discord", En, "accept #5"), "/accept game:5");
        assert_eq!(
            spoken("discord", En, "draw accept #7"),
            "/draw reply:accept game:7"
        );
        assert_eq!(
            spoken("discord", En, "help <command>"),
            "/help command:<command>"
        );
        assert_eq!(spoken("discord", En, "games"), "/games");
        assert_eq!(spoken("discord", En, "board <game>"), "/board game:<game>");
        assert_eq!(
            spoken("discord", En, "settings notify email"),
            "/settings notify:email"
        );
        assert_eq!(spoken("discord", En, "vacation end"), "/vacation days:end");
        assert_eq!(
            spoken("discord", En, "link 1234-5678"),
            "/link code:1234-5678"
        );
    }

    #[test]
    fn commands_quoted_in_a_text_are_spoken_too() {
        let text = "game #3 has not started: `accept #3` starts it; `k1-j1` is an action";
        assert_eq!(
            super::spoken_in("discord", En, text),
            "game #3 has not started: `/accept game:3` starts it; `k1-j1` is an action"
        );
        assert_eq!(super::spoken_in("mailto", En, text), text);
        assert_eq!(
            super::spoken_in("discord", En, "one ` alone"),
            "one ` alone"
        );
    }

    #[test]
    fn a_line_that_is_no_command_stays() {
        assert_eq!(spoken("discord", En, "k1-j1"), "k1-j1");
        assert_eq!(spoken("discord", En, ""), "");
    }
}
