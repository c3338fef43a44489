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
//! a command's answer for the channel of its sender, which the service sets around each command
//! with [`answering_on`].

use serde::Serialize;
use std::future::Future;
use std::path::Path;

/// The embedded templates, by file name.
const EMBEDDED: &[(&str, &str)] = &[
    ("help.txt", include_str!("../../../templates/help.txt")),
    (
        "help_command.txt",
        include_str!("../../../templates/help_command.txt"),
    ),
    ("error.txt", include_str!("../../../templates/error.txt")),
    (
        "challenge_sent.txt",
        include_str!("../../../templates/challenge_sent.txt"),
    ),
    (
        "challenge_received.txt",
        include_str!("../../../templates/challenge_received.txt"),
    ),
    (
        "challenge_closed.txt",
        include_str!("../../../templates/challenge_closed.txt"),
    ),
    (
        "game_started.txt",
        include_str!("../../../templates/game_started.txt"),
    ),
    (
        "action_played.txt",
        include_str!("../../../templates/action_played.txt"),
    ),
    (
        "already_applied.txt",
        include_str!("../../../templates/already_applied.txt"),
    ),
    (
        "game_over.txt",
        include_str!("../../../templates/game_over.txt"),
    ),
    ("board.txt", include_str!("../../../templates/board.txt")),
    (
        "history.txt",
        include_str!("../../../templates/history.txt"),
    ),
    ("games.txt", include_str!("../../../templates/games.txt")),
    ("offer.txt", include_str!("../../../templates/offer.txt")),
    (
        "reminder.txt",
        include_str!("../../../templates/reminder.txt"),
    ),
    (
        "settings.txt",
        include_str!("../../../templates/settings.txt"),
    ),
    (
        "link_code.txt",
        include_str!("../../../templates/link_code.txt"),
    ),
    ("linked.txt", include_str!("../../../templates/linked.txt")),
    ("_turn.txt", include_str!("../../../templates/_turn.txt")),
    (
        "_operator.txt",
        include_str!("../../../templates/_operator.txt"),
    ),
    (
        "_stranger.txt",
        include_str!("../../../templates/_stranger.txt"),
    ),
    (
        "challenge_expired.txt",
        include_str!("../../../templates/challenge_expired.txt"),
    ),
    ("digest.txt", include_str!("../../../templates/digest.txt")),
    ("seeks.txt", include_str!("../../../templates/seeks.txt")),
    ("live.txt", include_str!("../../../templates/live.txt")),
    (
        "watching.txt",
        include_str!("../../../templates/watching.txt"),
    ),
    (
        "watching_reply.txt",
        include_str!("../../../templates/watching_reply.txt"),
    ),
    (
        "preview.txt",
        include_str!("../../../templates/preview.txt"),
    ),
    ("rating.txt", include_str!("../../../templates/rating.txt")),
    (
        "leaderboard.txt",
        include_str!("../../../templates/leaderboard.txt"),
    ),
    ("export.txt", include_str!("../../../templates/export.txt")),
    (
        "_reliability.txt",
        include_str!("../../../templates/_reliability.txt"),
    ),
    (
        "_ratings.txt",
        include_str!("../../../templates/_ratings.txt"),
    ),
    ("lobby.txt", include_str!("../../../templates/lobby.txt")),
    (
        "vacation.txt",
        include_str!("../../../templates/vacation.txt"),
    ),
    (
        "vacation_notice.txt",
        include_str!("../../../templates/vacation_notice.txt"),
    ),
    (
        "mail_reply.txt",
        include_str!("../../../templates/mail_reply.txt"),
    ),
    (
        "mail_footer.txt",
        include_str!("../../../templates/mail_footer.txt"),
    ),
    (
        "mail_subject.txt",
        include_str!("../../../templates/mail_subject.txt"),
    ),
    (
        "mail_put_aside.txt",
        include_str!("../../../templates/mail_put_aside.txt"),
    ),
    (
        "undeliverable.txt",
        include_str!("../../../templates/undeliverable.txt"),
    ),
    (
        "discord_apology.txt",
        include_str!("../../../templates/discord_apology.txt"),
    ),
    (
        "discord_words.txt",
        include_str!("../../../templates/discord_words.txt"),
    ),
    (
        "discord_unknown.txt",
        include_str!("../../../templates/discord_unknown.txt"),
    ),
    (
        "discord_message_refused.txt",
        include_str!("../../../templates/discord_message_refused.txt"),
    ),
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
                let channel = state
                    .lookup("channel")
                    .and_then(|c| c.as_str().map(str::to_owned))
                    .unwrap_or_default();
                crate::commands::spoken_in(&channel, &text)
            },
        );
        // `cmd("accept #5")`: a command as the reader's channel takes it, in backticks
        // (`/accept game:5` on Discord), from one place (`commands::spoken`).
        env.add_function("cmd", |state: &minijinja::State, line: String| -> String {
            let channel = state
                .lookup("channel")
                .and_then(|c| c.as_str().map(str::to_owned))
                .unwrap_or_default();
            format!("`{}`", crate::commands::spoken(&channel, &line))
        });
        for (name, source) in EMBEDDED {
            let source = match overrides.map(|d| d.join(name)) {
                Some(path) if path.exists() => {
                    std::fs::read_to_string(&path).map_err(|source| TemplateError::Io {
                        path: path.display().to_string(),
                        source,
                    })?
                }
                _ => (*source).to_owned(),
            };
            env.add_template_owned(*name, source)
                .map_err(|source| TemplateError::Syntax {
                    name: (*name).to_owned(),
                    source,
                })?;
        }
        Ok(Templates { env })
    }

    /// Renders a template for the reader of the answer under way (see [`answering_on`]; no
    /// channel outside one); trailing blank lines are dropped so front ends can join texts
    /// freely.
    ///
    /// Panics on a template name that is not embedded, and renders the error itself into the text
    /// if a context lacks a value the template uses (a bug the transcript tests catch).
    pub fn render(&self, name: &str, context: impl Serialize) -> String {
        let channel = ANSWER_CHANNEL.try_with(|c| c.clone()).unwrap_or_default();
        self.render_on(name, &channel, context)
    }

    /// Renders a template for a reader on `channel` (`discord`, `mailto`, `local`).
    pub fn render_on(&self, name: &str, channel: &str, context: impl Serialize) -> String {
        let template = self
            .env
            .get_template(name)
            .unwrap_or_else(|_| panic!("template {name} is not embedded"));
        let context = minijinja::context! {
            channel => channel,
            ..minijinja::value::Value::from(minijinja::value::Serde(context))
        };
        match template.render(context) {
            Ok(text) => text.trim_end().to_owned(),
            Err(e) => format!("(template {name} failed: {e})"),
        }
    }
}

tokio::task_local! {
    /// The channel of the sender of the command being answered.
    static ANSWER_CHANNEL: String;
}

/// Runs `work` (a command) so that the answers rendered in it are worded for a reader on the
/// channel of `identity` (`discord:42` reads on `discord`). A task-local value rather than an
/// argument: the answer's channel matters to a few templates only, and the answer is rendered
/// deep in the lifecycle, which has no other use for it.
pub(crate) async fn answering_on<T>(
    identity: &agora_domain::Identity,
    work: impl Future<Output = T>,
) -> T {
    ANSWER_CHANNEL
        .scope(identity.channel.code().to_owned(), work)
        .await
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
        assert_eq!(t.render("error.txt", M { message: "x" }), "Oops: x");
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[tokio::test]
    async fn a_text_is_rendered_for_its_readers_channel() {
        let dir = std::env::temp_dir().join(format!("agora-tpl-channel-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("error.txt"), "[{{ channel }}] {{ message }}").unwrap();
        let t = Templates::load(Some(&dir)).unwrap();
        #[derive(Serialize)]
        struct M {
            message: &'static str,
        }
        assert_eq!(
            t.render_on("error.txt", "discord", M { message: "x" }),
            "[discord] x"
        );
        assert_eq!(t.render("error.txt", M { message: "x" }), "[] x");
        let ann = "mailto:ann@example.org".parse().unwrap();
        let answer = answering_on(&ann, async { t.render("error.txt", M { message: "x" }) });
        assert_eq!(answer.await, "[mailto] x");
        std::fs::remove_dir_all(dir).unwrap();
    }
}
