//! How a command is named to a reader: the one place that knows that Discord takes commands as
//! slash commands with named options (`/accept game:5`) while mail and the terminal take a line
//! of words (`accept #5`). Templates write a command once, as a line, and call `cmd(...)`.

use super::table::{ArgKind, COMMANDS, CommandSpec};

/// `line` (a command as written by mail: `accept #5`, `settings notify email`, `help <command>`)
/// as a reader on `channel` types it: on Discord the slash command with its options, elsewhere
/// the line itself. A line that names no command of the table is left as it is.
pub fn spoken(channel: &str, line: &str) -> String {
    if channel != "discord" {
        return line.to_owned();
    }
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((first, rest)) = words.split_first() else {
        return line.to_owned();
    };
    let first = first.to_ascii_lowercase();
    let Some(spec) = COMMANDS
        .iter()
        .find(|c| c.name == first || c.aliases.contains(&first.as_str()))
    else {
        return line.to_owned();
    };
    slash(spec, rest)
}

/// `text` with every command quoted in it (between backticks) as a reader on `channel` types
/// it: for texts written in code with commands in them (a refusal's advice, a command's help).
/// A quoted span that is no command (an action, `#12`) is left as it is.
pub fn spoken_in(channel: &str, text: &str) -> String {
    if channel != "discord" {
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
            out.push_str(&spoken(channel, part));
        } else {
            out.push_str(part);
        }
    }
    out
}

/// The slash form of `spec` with the words after its name, its options in the table's order:
/// `#N` is the game option, a word that names an option gives it the next word, and other words
/// fill the remaining options in order (the last one takes what is left).
fn slash(spec: &CommandSpec, words: &[&str]) -> String {
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
            options.push((position(g.name).unwrap_or(0), format!("{}:{n}", g.name)));
        } else if let Some(arg) = spec
            .args
            .iter()
            .find(|a| a.name == word && a.kind != ArgKind::Game)
            .filter(|_| i + 1 < words.len())
        {
            options.push((
                position(arg.name).unwrap_or(0),
                format!("{}:{}", arg.name, words[i + 1]),
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
                options.push((p, format!("{}:{}", arg.name, rest.join(" "))));
            }
            Some((p, arg)) => options.push((p, format!("{}:{word}", arg.name))),
            None => extra.push(word.to_owned()),
        }
    }
    options.sort_by_key(|(p, _)| *p);
    std::iter::once(format!("/{}", spec.name))
        .chain(options.into_iter().map(|(_, o)| o))
        .chain(extra)
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::spoken;

    #[test]
    fn mail_and_the_terminal_read_the_line_itself() {
        assert_eq!(spoken("mailto", "accept #5"), "accept #5");
        assert_eq!(spoken("local", "help <command>"), "help <command>");
    }

    #[test]
    fn discord_reads_the_slash_command_with_its_options() {
        assert_eq!(spoken("discord", "accept #5"), "/accept game:5");
        assert_eq!(
            spoken("discord", "draw accept #7"),
            "/draw reply:accept game:7"
        );
        assert_eq!(
            spoken("discord", "help <command>"),
            "/help command:<command>"
        );
        assert_eq!(spoken("discord", "games"), "/games");
        assert_eq!(spoken("discord", "board <game>"), "/board game:<game>");
        assert_eq!(
            spoken("discord", "settings notify email"),
            "/settings notify:email"
        );
        assert_eq!(spoken("discord", "vacation end"), "/vacation days:end");
        assert_eq!(spoken("discord", "link 1234-5678"), "/link code:1234-5678");
    }

    #[test]
    fn commands_quoted_in_a_text_are_spoken_too() {
        let text = "game #3 has not started: `accept #3` starts it; `k1-j1` is an action";
        assert_eq!(
            super::spoken_in("discord", text),
            "game #3 has not started: `/accept game:3` starts it; `k1-j1` is an action"
        );
        assert_eq!(super::spoken_in("mailto", text), text);
        assert_eq!(super::spoken_in("discord", "one ` alone"), "one ` alone");
    }

    #[test]
    fn a_line_that_is_no_command_stays() {
        assert_eq!(spoken("discord", "k1-j1"), "k1-j1");
        assert_eq!(spoken("discord", ""), "");
    }
}
