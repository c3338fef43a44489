//! The texts people receive, rendered with minijinja from `templates/`.
//!
//! The files are embedded in the binary, so a bare `agora` needs nothing beside it; a directory
//! given in the configuration overrides any of them by file name. A notification's first line is
//! its subject (a mail's Subject, a Discord embed's title).
//!
//! Every template sees `channel`, the channel its reader reads it on (`discord`, `mailto`,
//! `local`, or empty when unknown), so a text can leave out what that channel shows in its own
//! way: on Discord a picture (or a code block the front end adds) shows the board, so the ASCII
//! board is left out of the text there. A notification is rendered for its recipient's channel;
//! a command's answer for the channel of its sender, a [`Reader`] the command's run hands to
//! what words the answer.
//!
//! One template serves every language Agora speaks: it holds a text's structure (its lines, what
//! each channel shows) and words every sentence with `t("key", name=value)`, a Fluent message of
//! `templates/*.ftl` (`templates/texts.ftl` holds the templates' sentences) in the reader's
//! language, Dutch from `templates/nl/`, Swedish from `templates/sv/`. A command a text names is
//! a message too (`cmd(t("cmd-accept", id=5))`), so each language quotes its own command words.
//! A notification is rendered in its recipient's language, an answer in its sender's. Every
//! template also sees `lang`, the reader's language code.

use agora_domain::Channel;
use agora_i18n::{Arg, Catalogue, Language};
use serde::Serialize;
use std::path::Path;

/// The embedded templates: (file name, source), one for every language. A template holds a
/// text's structure (its lines, what each channel shows); its sentences are Fluent messages of
/// `templates/*.ftl` (`t("board-over", …)`), worded in the reader's language.
macro_rules! embedded {
    ($($name:literal),* $(,)?) => {
        &[$(($name, include_str!(concat!("../../../templates/", $name))),)*]
    };
}

const EMBEDDED: &[(&str, &str)] = embedded![
    "help.txt",
    "help_command.txt",
    "error.txt",
    "challenge_sent.txt",
    "challenge_received.txt",
    "challenge_closed.txt",
    "game_started.txt",
    "action_played.txt",
    "already_applied.txt",
    "game_over.txt",
    "board.txt",
    "history.txt",
    "games.txt",
    "offer.txt",
    "reminder.txt",
    "settings.txt",
    "link_code.txt",
    "linked.txt",
    "link_confirm.txt",
    "_turn.txt",
    "_operator.txt",
    "_stranger.txt",
    "challenge_expired.txt",
    "digest.txt",
    "seeks.txt",
    "live.txt",
    "watching.txt",
    "watching_reply.txt",
    "preview.txt",
    "rating.txt",
    "leaderboard.txt",
    "export.txt",
    "note.txt",
    "conditional.txt",
    "analysis.txt",
    "tournament.txt",
    "_notes.txt",
    "_reliability.txt",
    "_ratings.txt",
    "lobby.txt",
    "vacation.txt",
    "vacation_notice.txt",
    "mail_reply.txt",
    "mail_footer.txt",
    "mail_subject.txt",
    "mail_put_aside.txt",
    "undeliverable.txt",
    "discord_apology.txt",
    "discord_words.txt",
    "discord_unknown.txt",
    "discord_message_refused.txt",
    "rules_agon.txt",
    "rules_agros.txt",
];

/// Why the templates could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum TemplateError {
    #[error("template {name}: {source}")]
    Syntax {
        name: String,
        source: minijinja::Error,
    },
    #[error("template override {path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
}

/// The loaded templates.
#[derive(Debug)]
pub struct Templates {
    env: minijinja::Environment<'static>,
}

impl Templates {
    /// The embedded templates, each replaced by a file of the same name in `overrides` if there is
    /// one. Every template is compiled here, so a broken override stops the start, not a reply.
    pub fn load(overrides: Option<&Path>) -> Result<Templates, TemplateError> {
        let mut env = minijinja::Environment::new();
        env.set_syntax(
            minijinja::syntax::SyntaxConfig::builder()
                .trim_blocks(true)
                .lstrip_blocks(true)
                .build()
                .expect("default delimiters"),
        );
        env.set_undefined_behavior(minijinja::UndefinedBehavior::Strict);
        // `text | commands`: the commands quoted in a text written in code, as the reader's
        // channel takes them.
        env.add_filter(
            "commands",
            |state: &minijinja::State, text: String| -> String {
                crate::commands::spoken_in(&channel_of(state), language_of(state), &text)
            },
        );
        // `cmd("accept #5")`: a command as the reader's channel takes it, in backticks
        // (`/accept game:5` on Discord), from one place (`commands::spoken`).
        env.add_function("cmd", |state: &minijinja::State, line: String| -> String {
            format!(
                "`{}`",
                crate::commands::spoken(&channel_of(state), language_of(state), &line)
            )
        });
        // `cmd_on("mailto", "link X")`: a command to be typed on another channel than the
        // reader's, as that channel takes it (`link X` by mail, `/link code:X` on Discord).
        env.add_function(
            "cmd_on",
            |state: &minijinja::State, channel: String, line: String| -> String {
                format!(
                    "`{}`",
                    crate::commands::spoken(&channel, language_of(state), &line)
                )
            },
        );
        // `t("key", name=value)`: a sentence of `templates/*.ftl` in the reader's language.
        env.add_function(
            "t",
            |state: &minijinja::State, key: String, kwargs: minijinja::value::Kwargs| {
                keyed_text_of(catalogue_of(state), &key, &kwargs)
            },
        );
        for (name, source) in EMBEDDED {
            let key = (*name).to_owned();
            let source = match overrides.map(|d| d.join(name)) {
                Some(path) if path.exists() => {
                    std::fs::read_to_string(&path).map_err(|source| TemplateError::Io {
                        path: path.display().to_string(),
                        source,
                    })?
                }
                _ => (*source).to_owned(),
            };
            env.add_template_owned(key.clone(), source)
                .map_err(|source| TemplateError::Syntax { name: key, source })?;
        }
        Ok(Templates { env })
    }

    /// Renders a template for `reader` (their channel and language); trailing blank lines are
    /// dropped so front ends can join texts freely.
    ///
    /// Panics on a template name that is not embedded, and renders the error itself into the text
    /// if a context lacks a value the template uses (a bug the transcript tests catch).
    pub fn render(&self, name: &str, reader: &Reader, context: impl Serialize) -> String {
        self.render_in(name, reader.channel_code(), reader.language, context)
    }

    /// Renders a template for a reader on `channel` (`discord`, `mailto`, `local`, or empty when
    /// it is not known) who reads `language`.
    pub fn render_in(
        &self,
        name: &str,
        channel: &str,
        language: Language,
        context: impl Serialize,
    ) -> String {
        self.render_with(name, channel, Catalogue::of(language), context)
    }

    /// Renders a template for a reader on `channel` in the language of `catalogue`, which may be
    /// one built from Fluent files alone ([`Catalogue::from_ftl`]): the templates are the same for
    /// every language. The words that code puts together (commands, a game's view) are those of
    /// the catalogue's [`Catalogue::language`].
    pub fn render_with(
        &self,
        name: &str,
        channel: &str,
        catalogue: &'static Catalogue,
        context: impl Serialize,
    ) -> String {
        let template = self
            .env
            .get_template(name)
            .unwrap_or_else(|_| panic!("template {name} is not embedded"));
        let context = minijinja::context! {
            channel => channel,
            lang => catalogue.language().code(),
            catalogue => minijinja::Value::from_object(Words(catalogue)),
            ..minijinja::value::Value::from(minijinja::value::Serde(context))
        };
        match template.render(context) {
            Ok(text) => text.trim_end().to_owned(),
            Err(e) => format!("(template {name} failed: {e})"),
        }
    }
}

fn channel_of(state: &minijinja::State) -> String {
    state
        .lookup("channel")
        .and_then(|c| c.as_str().map(str::to_owned))
        .unwrap_or_default()
}

/// The catalogue a template is being rendered with, a context value of every rendering.
#[derive(Debug)]
struct Words(&'static Catalogue);

impl minijinja::value::Object for Words {}

fn catalogue_of(state: &minijinja::State) -> &'static Catalogue {
    state
        .lookup("catalogue")
        .and_then(|c| c.downcast_object_ref::<Words>().map(|w| w.0))
        .unwrap_or_else(|| Catalogue::of(language_of(state)))
}

/// The reader's language of a template being rendered.
pub(crate) fn language_of(state: &minijinja::State) -> Language {
    state
        .lookup("lang")
        .and_then(|c| c.as_str().and_then(Language::parse))
        .unwrap_or_default()
}

/// Who a text is worded for: the channel they read it on (`None` when it is not known, as for
/// a sender not yet authenticated) and the language they read. A command's answer is worded for
/// its sender: the command's run makes one from the sender's identity and first language, sets
/// the language again once the sender's player is known, and hands it to whatever words the
/// answer; a notification is worded for its recipient.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reader {
    pub channel: Option<Channel>,
    pub language: Language,
}

impl Reader {
    /// The reader of an answer to `identity`, in `language` until their player says otherwise.
    pub fn of(identity: &agora_domain::Identity, language: Language) -> Reader {
        Reader {
            channel: Some(identity.channel),
            language,
        }
    }

    /// A reader whose channel is not known, who reads `language`: a text for them names
    /// commands as typed in a text, and says nothing that only one channel shows.
    pub fn without_channel(language: Language) -> Reader {
        Reader {
            channel: None,
            language,
        }
    }

    /// The channel's code a template sees as `channel` (empty when it is not known).
    pub fn channel_code(&self) -> &'static str {
        self.channel.map_or("", Channel::code)
    }
}

/// The templates' `t("key", name=value)`: the keyed text `key` of `templates/*.ftl` in
/// `language`, each keyword argument passed as a number when it is one, else as text. The
/// notification templates and the website's pages both call it.
pub fn keyed_text(
    language: Language,
    key: &str,
    kwargs: &minijinja::value::Kwargs,
) -> Result<String, minijinja::Error> {
    keyed_text_of(Catalogue::of(language), key, kwargs)
}

fn keyed_text_of(
    catalogue: &Catalogue,
    key: &str,
    kwargs: &minijinja::value::Kwargs,
) -> Result<String, minijinja::Error> {
    let mut args = Vec::new();
    for name in kwargs.args() {
        let value: minijinja::Value = kwargs.get(name)?;
        // A number Fluent holds exactly (a Discord id is longer: it stays text).
        let arg = match value.as_i64() {
            Some(n)
                if value.kind() == minijinja::value::ValueKind::Number
                    && n.unsigned_abs() < 1 << 53 =>
            {
                Arg::Num(n)
            }
            // `true` / `false`, the keys a selector names (minijinja writes `True`).
            _ if value.kind() == minijinja::value::ValueKind::Bool => {
                Arg::Str(value.is_true().to_string())
            }
            // `none`, the key a selector names for a value that is absent.
            _ if value.is_none() || value.is_undefined() => Arg::Str("none".to_owned()),
            _ => Arg::Str(value.to_string()),
        };
        args.push((name, arg));
    }
    Ok(catalogue.tr(key, &args))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_templates_compile() {
        Templates::load(None).unwrap();
    }

    #[test]
    fn overrides_replace_by_name() {
        let dir = std::env::temp_dir().join(format!("agora-tpl-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("error.txt"), "Oops: {{ message }}").unwrap();
        let t = Templates::load(Some(&dir)).unwrap();
        #[derive(Serialize)]
        struct M {
            message: &'static str,
        }
        let reader = Reader::without_channel(Language::En);
        assert_eq!(
            t.render("error.txt", &reader, M { message: "x" }),
            "Oops: x"
        );
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_text_is_rendered_for_its_readers_channel() {
        let dir = std::env::temp_dir().join(format!("agora-tpl-channel-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("error.txt"), "[{{ channel }}] {{ message }}").unwrap();
        let t = Templates::load(Some(&dir)).unwrap();
        #[derive(Serialize)]
        struct M {
            message: &'static str,
        }
        assert_eq!(
            t.render_in("error.txt", "discord", Language::En, M { message: "x" }),
            "[discord] x"
        );
        assert_eq!(
            t.render_in("error.txt", "", Language::En, M { message: "x" }),
            "[] x"
        );
        let ann = "mailto:ann@example.org".parse().unwrap();
        let reader = Reader::of(&ann, Language::En);
        assert_eq!(
            t.render("error.txt", &reader, M { message: "x" }),
            "[mailto] x"
        );
        std::fs::remove_dir_all(dir).unwrap();
    }
}
