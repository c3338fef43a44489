//! `help`: the commands and the short rules in the reader's language. It reads and writes
//! nothing, so it also answers senders not yet authenticated.

use crate::fail::{Done, Fail, user};
use crate::{Answer, Language, Reader, Service, Status, commands};
use serde::Serialize;

impl Service {
    /// Answers what needs no sender: `help`, `help <command>`, and a text that is no valid
    /// command (its parse error). A front end uses it for a sender it has not authenticated yet,
    /// since none of these reads or writes anything of a player. `None` for every other command.
    /// The answer is in English, for a reader whose channel is not known.
    pub fn answer_without_sender(&self, text: &str) -> Option<Answer> {
        let reader = &Reader::without_channel(Language::En);
        let (text, status) = match commands::parse(text) {
            Ok(commands::Command::Help(topic)) => match self.help(reader, topic.as_deref()) {
                Ok(done) => (done.text, Status::Done),
                Err(Fail::User(message)) => (self.refusal(reader, message), Status::Refused),
                // `help` reads nothing, so it fails with a user error only.
                Err(Fail::Already(..) | Fail::Conflict(_) | Fail::Taken(_) | Fail::Internal(_)) => {
                    return None;
                }
            },
            Ok(_) => return None,
            Err(e) => (self.refusal(reader, e.text()), Status::Refused),
        };
        Some(Answer {
            attachments: Vec::new(),
            language: reader.language,
            text,
            status,
            game: None,
            notices: Vec::new(),
            state: None,
        })
    }

    /// `help [topic]`, for `reader`.
    pub(super) fn help(&self, reader: &Reader, topic: Option<&str>) -> Result<Done, Fail> {
        #[derive(Serialize)]
        struct Entry {
            name: &'static str,
            aliases: Vec<&'static str>,
            usage: String,
            summary: String,
            help: String,
        }
        // In the reader's language: the command's names, usage and texts in it.
        let language = reader.language;
        let entry = |c: &commands::CommandSpec| Entry {
            name: c.name_in(language),
            aliases: match language {
                Language::En => c.aliases.to_vec(),
                _ => c
                    .local_names(language)
                    .iter()
                    .skip(1)
                    .copied()
                    .chain(std::iter::once(c.name))
                    .chain(c.aliases.iter().copied())
                    .collect(),
            },
            usage: c.usage_in(language),
            summary: c.summary_in(language),
            help: c.help_in(language),
        };
        let text = match topic {
            None => {
                #[derive(Serialize)]
                struct Ctx {
                    commands: Vec<Entry>,
                }
                self.templates.render(
                    "help.txt",
                    reader,
                    Ctx {
                        commands: commands::COMMANDS.iter().map(entry).collect(),
                    },
                )
            }
            // `help rules [agon|agros]`: the short rules, both games when none is named.
            Some(topic) if topic == "rules" || topic.starts_with("rules ") => {
                let games: &[&str] = match topic.strip_prefix("rules ") {
                    Some("agon") => &["rules_agon.txt"],
                    Some("agros") => &["rules_agros.txt"],
                    _ => &["rules_agon.txt", "rules_agros.txt"],
                };
                games
                    .iter()
                    .map(|name| self.templates.render(name, reader, ()))
                    .collect::<Vec<_>>()
                    .join("\n\n")
            }
            Some(word) => match commands::spec(word) {
                Some(c) => {
                    #[derive(Serialize)]
                    struct Ctx {
                        command: Entry,
                    }
                    self.templates
                        .render("help_command.txt", reader, Ctx { command: entry(c) })
                }
                None => {
                    return user(
                        commands::ParseError::Unknown {
                            word: word.to_owned(),
                            closest: commands::closest_command(word),
                        }
                        .text(),
                    );
                }
            },
        };
        Ok(Done {
            loaded: None,
            text,
            game: None,
            attachments: Vec::new(),
        })
    }
}
