//! The one reply to a received mail: its parts, put into words by the templates, with the
//! game's subject, the board and the footer, spooled once per Message-ID. What goes into the
//! parts is decided in [`super::received`].

use super::MailFrontEnd;
use super::notification::game_subject;
use super::received::Line;
use crate::compose::{self, Outgoing};
use crate::parse::Incoming;
use crate::{MailError, token};
use agora_service::GameStatus;
use agora_service::Language;
use agora_service::desk::SpoolEntry;
use agora_service::queries::GameState;
use chrono::{DateTime, Utc};
use serde::Serialize;

/// The parts of one reply to a received mail; `templates/mail_reply.txt` puts them into words
/// (its header says what each part means), and `templates/mail_subject.txt` names a reply that
/// must not repeat the received subject.
#[derive(Debug, Default, Serialize)]
pub(super) struct ReplyParts {
    pub(super) address: String,
    pub(super) service: String,
    /// The reply goes to an address that proved nothing: it gets our own subject and no
    /// threading headers, so nothing the sender wrote goes back out.
    #[serde(skip)]
    pub(super) fixed_subject: bool,
    pub(super) limited: bool,
    /// The mail failed too often and was put aside (only the subject says so; the text is
    /// `mail_put_aside.txt`).
    pub(super) put_aside: bool,
    pub(super) too_large_kb: Option<u32>,
    pub(super) confirmed: bool,
    pub(super) already_confirmed: bool,
    pub(super) wrong_code: bool,
    pub(super) codes_locked: bool,
    pub(super) revoked: bool,
    pub(super) revoke_refused: bool,
    pub(super) answers: Vec<Answered>,
    /// Files the answers carry (a record, a preview's picture), attached to the reply.
    #[serde(skip)]
    pub(super) files: Vec<agora_service::Attachment>,
    /// The game the reply is about as the answers left it, where they give it.
    #[serde(skip)]
    pub(super) state: Option<std::sync::Arc<GameState>>,
    pub(super) not_done: Vec<String>,
    pub(super) not_commands: Vec<NotCommand>,
    /// The mail came from a confirmed address without its key: its commands that were not
    /// done and its lines that are no command are only counted, none of its words repeated.
    pub(super) unproven: Option<Unproven>,
    pub(super) nothing: bool,
    pub(super) request: Option<VerifyRequest>,
}

#[derive(Debug, Default, Serialize)]
pub(super) struct Unproven {
    pub(super) not_done: usize,
    pub(super) not_commands: usize,
}

#[derive(Debug, Serialize)]
pub(super) struct Answered {
    /// The command answered, quoted above its answer when there are several.
    pub(super) line: String,
    pub(super) text: String,
}

#[derive(Debug, Serialize)]
pub(super) struct NotCommand {
    pub(super) line: String,
    pub(super) closest: Option<&'static str>,
}

/// How to confirm an address: its code, and whether the mail held more than was answered.
#[derive(Debug, Serialize)]
pub(super) struct VerifyRequest {
    pub(super) code: String,
    /// How long the code stays valid.
    pub(super) hours: i64,
    pub(super) not_done: bool,
}

impl ReplyParts {
    /// The commands among `lines`, in order; the lines that are no command are kept to be
    /// answered together, and `verify` and `revoke` lines are left out (the caller deals with
    /// them).
    pub(super) fn take_commands(
        &mut self,
        lines: impl IntoIterator<Item = (String, Line)>,
    ) -> Vec<String> {
        let mut commands = Vec::new();
        for (line, kind) in lines {
            match kind {
                Line::Verify(_) | Line::Revoke => {}
                Line::NotCommand { closest } => {
                    self.not_commands.push(NotCommand { line, closest })
                }
                Line::Read | Line::Other => commands.push(line),
            }
        }
        commands
    }
}

#[derive(Serialize)]
struct Footer<'a> {
    game: Option<i64>,
    /// The game's page on the website, where it has one.
    url: Option<String>,
    service: &'a str,
}

impl MailFrontEnd {
    /// The parts of a reply to `address`, with nothing said yet.
    pub(super) fn parts(&self, address: &str) -> ReplyParts {
        ReplyParts {
            address: address.to_owned(),
            service: self.settings.address.clone(),
            ..ReplyParts::default()
        }
    }

    /// The language the owner of a mail address reads (the service's default for an address it
    /// does not know).
    async fn language_of_address(&self, address: &str) -> Result<Language, MailError> {
        match format!("mailto:{address}").parse::<agora_service::Identity>() {
            Ok(identity) => Ok(self.service.language_for(&identity, None).await?),
            Err(_) => Ok(self.service.default_language()),
        }
    }

    /// The footer of a mail, about `game` (whose page on the website is `url`) or about no
    /// game, in `language`.
    pub(super) fn footer(
        &self,
        game: Option<i64>,
        url: Option<String>,
        language: Language,
    ) -> String {
        self.service.templates().render_in(
            "mail_footer.txt",
            "",
            language,
            Footer {
                game,
                url,
                service: &self.settings.address,
            },
        )
    }

    /// Spools the one reply to a received mail, threaded under it (once per Message-ID) unless
    /// it has a fixed subject. A reply about `game` carries the game's subject and the sender's
    /// key to it, and the board when `picture`; any other carries the sender's own key. The key
    /// is only ever in the Reply-To, never in the text.
    #[allow(clippy::too_many_arguments)]
    pub(super) async fn reply(
        &self,
        mail: &Incoming,
        to: &str,
        delivery: &str,
        mut parts: ReplyParts,
        game: Option<i64>,
        picture: bool,
        now: DateTime<Utc>,
    ) -> Result<(), MailError> {
        // The sender's address is part of the key: a Message-ID is the sender's to choose, so
        // another sender who guesses it must not pre-empt this answer.
        let key = format!("answer:{}:{delivery}", to.to_ascii_lowercase());
        let desk = self.service.mail();
        // Every mail carries a token of its own; only its hash is kept (see `MailDesk::spool`).
        let token = token::generate();
        let language = self.language_of_address(to).await?;
        // The answers give the game as they left it; it is asked for only when they do not
        // (an answer about no game in a game's conversation) or gave it in another language.
        let state = match (game, parts.state.take()) {
            (Some(g), Some(s)) if s.id == g && s.language == language => Some(s),
            (Some(g), _) => self
                .service
                .game_state_in(g, None, language)
                .await?
                .map(std::sync::Arc::new),
            (None, _) => None,
        };
        let templates = self.service.templates();
        let (subject, png) = match &state {
            Some(state) => {
                // The board goes along once the game has started.
                let png = (picture && self.settings.png && state.status != GameStatus::Proposed)
                    .then(|| self.picture(state, language))
                    .flatten();
                (game_subject(state, language), png)
            }
            None if parts.fixed_subject => {
                let subject = templates.render_in("mail_subject.txt", "", language, &parts);
                (subject.trim().to_owned(), None)
            }
            None => (compose::reply_subject(&mail.subject), None),
        };
        let (in_reply_to, references) = if parts.fixed_subject {
            (None, Vec::new())
        } else {
            let mut references = mail.references.clone();
            if let Some(id) = &mail.message_id {
                references.push(id.clone());
            }
            (mail.message_id.clone(), references)
        };
        let url = match game {
            Some(id) => self.service.page_url_of(id).await?,
            None => None,
        };
        let message_id =
            compose::message_id(&format!("reply.{}", token::generate()), &self.settings);
        let outgoing = Outgoing {
            to: to.to_owned(),
            subject,
            text: templates.render_in("mail_reply.txt", "", language, &parts),
            message_id: message_id.clone(),
            in_reply_to,
            references,
            token: token.clone(),
            png,
            files: std::mem::take(&mut parts.files),
            footer: self.footer(game, url, language),
        };
        let bytes = compose::build(&self.settings, &outgoing)?;
        let entry = SpoolEntry {
            key: &key,
            from: &self.settings.address,
            to,
            bytes: &bytes,
            game,
            message_id: &message_id,
            token: Some(&token),
        };
        desk.spool(entry, now).await?;
        Ok(())
    }

    /// The picture of a game's shown position, its words in `language`, if pictures are on,
    /// drawn once by the service for everyone who is shown it in that language; a failure is
    /// logged and the mail goes without it.
    fn picture(&self, state: &GameState, language: Language) -> Option<Vec<u8>> {
        self.service
            .picture_in(state, self.settings.png_size, language)
            .map(|png| png.to_vec())
            .map_err(|e| tracing::warn!(game = state.id, error = %e, "board picture failed; sending text only"))
            .ok()
    }
}
