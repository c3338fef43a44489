//! Players as the service sees them: who sent a command, where their notifications go, their
//! settings, and linking a second identity with a one-time code.

use crate::{Channel, Done, Fail, Identity, Language, Reader, Service, user};
use agora_domain::{MAX_NAME_CHARS, NEUTRAL_NAME, clean_name};
use agora_store::{LinkedIdentity, NewMessage, Notice, Player, Tx};
use chrono::{DateTime, Utc};
use serde::Serialize;

mod link;

/// A player name made from a display name, else from the identity (the local part of an address,
/// `discord-<id>`, the local name). Either is cleaned first ([`clean_name`]: nothing
/// hidden, no mention, no link), then kept to letters, digits, `-`, `_` and `.` so it can be typed
/// in a challenge.
pub(crate) fn name_from(identity: &Identity, display: Option<&str>) -> String {
    let raw = display
        .and_then(clean_name)
        .or_else(|| clean_name(&identity.name_hint()))
        .unwrap_or_default();
    let clean: String = raw
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '.'))
        .take(MAX_NAME_CHARS)
        .collect();
    // The computer's names (`computer`, `computer-easy`, `computer-hard`, …) are its own: a
    // person named so would pass for it in challenges and lists.
    let lower = clean.to_lowercase();
    if clean.is_empty() || lower.starts_with("computer") || lower == "anyone" {
        NEUTRAL_NAME.into()
    } else {
        clean
    }
}

/// What a queued notification is about: the game and ply it reports, its kind, and whether its
/// picture carries the final field overlay.
pub(crate) struct Queued {
    pub game: Option<(i64, u32)>,
    pub kind: Notice,
    pub overlay: bool,
}

impl Queued {
    /// The outbox row of this notification to `player` at `identity`, with its words.
    pub(crate) fn message(
        &self,
        player: i64,
        identity: &LinkedIdentity,
        (subject, body): (String, String),
    ) -> NewMessage {
        let game = self.game;
        NewMessage {
            player_id: player,
            channel: identity.address.channel.code().to_owned(),
            address: identity.address.to_string(),
            game_id: game.map(|g| g.0),
            ply: game.map(|g| g.1),
            kind: self.kind,
            board: game.is_some() && self.kind.shows_board(),
            overlay: game.is_some() && self.overlay,
            subject,
            body,
        }
    }
}

/// Which of a player's `identities` (as the store lists them) their notifications go to: the
/// `notify` setting if they have an identity there, otherwise their first verified identity,
/// otherwise any. The service's own identities (the placeholder of open challenges) are never
/// written to.
pub(crate) fn notice_identity_among(p: &Player, identities: &[&LinkedIdentity]) -> Option<usize> {
    let usable = |i: &&&LinkedIdentity| i.address.channel != Channel::System;
    let first = |fits: &dyn Fn(&LinkedIdentity) -> bool| {
        identities.iter().position(|i| usable(&i) && fits(i))
    };
    p.notify
        .as_deref()
        .and_then(|c| first(&|i| i.address.channel.code() == c))
        .or_else(|| first(&|i| i.verified))
        .or_else(|| first(&|_| true))
}

/// The address of a mail identity the player has not verified, whose owner only the mail front
/// end can have confirmed (see [`Service::unconfirmed_mail`]); `None` for any other identity.
pub(crate) fn unproven_mail(identity: &LinkedIdentity) -> Option<&str> {
    let address = identity.address.mail_address()?;
    (!identity.verified && !address.is_empty()).then_some(address)
}

/// The template a kind of notification is written with.
pub(crate) fn template_of(kind: Notice) -> &'static str {
    match kind {
        Notice::ChallengeReceived => "challenge_received.txt",
        Notice::ChallengeClosed => "challenge_closed.txt",
        Notice::ChallengeExpired => "challenge_expired.txt",
        Notice::GameStarted => "game_started.txt",
        Notice::MovePlayed | Notice::Conditional | Notice::Timeout => "action_played.txt",
        Notice::Reminder => "reminder.txt",
        Notice::GameOver => "game_over.txt",
        Notice::Offer => "offer.txt",
        Notice::Digest => "digest.txt",
        Notice::Vacation => "vacation_notice.txt",
        Notice::Watching => "watching.txt",
        Notice::Undeliverable => "undeliverable.txt",
        Notice::Tournament => "tournament.txt",
        // The service queues no plain messages; older rows are read, never written, as these.
        Notice::Message => "error.txt",
    }
}

impl Service {
    /// Makes sure an identity has a player (a terminal front end registers its local players up
    /// front so they can challenge each other by name). Returns the player's name.
    pub async fn register(
        &self,
        identity: &Identity,
        name: Option<&str>,
        now: DateTime<Utc>,
    ) -> Result<String, crate::ServiceError> {
        let mut runs = 0;
        loop {
            match self.register_once(identity, name, now).await {
                // Another process registered someone under the name this one chose: choose again.
                Err(crate::ServiceError::Store(agora_store::StoreError::Taken(key)))
                    if runs < crate::TAKEN_RETRIES =>
                {
                    runs += 1;
                    tracing::debug!(%key, %identity, "a name was taken meanwhile: registering again");
                }
                done => return done,
            }
        }
    }

    /// One run of [`Service::register`], in one transaction.
    async fn register_once(
        &self,
        identity: &Identity,
        name: Option<&str>,
        now: DateTime<Utc>,
    ) -> Result<String, crate::ServiceError> {
        let mut tx = self.store.write().await?;
        let inbound = crate::Inbound {
            name: name.map(str::to_owned),
            ..crate::Inbound::new(identity.clone())
        };
        let now = crate::truncate(now);
        let player = match self.player_of_identity(&mut tx, &inbound, now).await {
            Ok(p) => p,
            Err(crate::Fail::Internal(e)) => return Err(e),
            Err(crate::Fail::User(m)) => {
                let m = m.in_lang(Language::En);
                return Err(crate::ServiceError::Corrupt(format!("registering: {m}")));
            }
            Err(crate::Fail::Already(m, _)) => {
                return Err(crate::ServiceError::Corrupt(format!("registering: {m}")));
            }
            Err(crate::Fail::Conflict(game)) => {
                return Err(agora_store::StoreError::Conflict(game).into());
            }
            Err(crate::Fail::Taken(key)) => {
                return Err(agora_store::StoreError::Taken(key).into());
            }
        };
        // A terminal's players sit at the terminal: they use Agora. Anyone else registered here
        // (a Discord user named in a challenge) has not used it until they send a command.
        if identity.channel == Channel::Local {
            tx.mark_seen(player.id, now).await?;
        }
        tx.commit().await?;
        Ok(player.name)
    }

    /// The player behind the sender of a command, created on first contact, and marked as having
    /// used Agora.
    pub(crate) async fn actor(
        &self,
        tx: &mut Tx,
        inbound: &crate::Inbound,
        now: DateTime<Utc>,
    ) -> Result<Player, Fail> {
        let mut player = self.player_of_identity(tx, inbound, now).await?;
        // A Discord player's first interaction tells their language until they choose one.
        if player.locale.is_none()
            && let Some(language) = inbound.locale.as_deref().and_then(Language::from_locale)
        {
            tx.set_locale(player.id, language.code()).await?;
            player.locale = Some(language.code().to_owned());
        }
        if player.first_seen_at.is_none() {
            tx.mark_seen(player.id, now).await?;
            player.first_seen_at = Some(now);
        }
        Ok(player)
    }

    /// The player behind an inbound identity, created on first contact. The front end has
    /// authenticated the identity, so it is marked verified.
    async fn player_of_identity(
        &self,
        tx: &mut Tx,
        inbound: &crate::Inbound,
        now: DateTime<Utc>,
    ) -> Result<Player, Fail> {
        let address = inbound.from.to_string();
        if let Some((player, verified)) = tx.identity_player(&address).await? {
            if !verified {
                tx.verify_identity(&address).await?;
            }
            return Ok(player);
        }
        let name = tx
            .free_name(&name_from(&inbound.from, inbound.name.as_deref()))
            .await?;
        Ok(tx.create_player(&name, &address, true, None, now).await?)
    }

    /// Queues a notification for a player on their preferred channel: the `notify` setting if they
    /// have an identity there, otherwise their first verified identity, otherwise any. The computer
    /// gets none.
    pub(crate) async fn notify(
        &self,
        tx: &mut Tx,
        player: i64,
        game: Option<(i64, u32)>,
        kind: Notice,
        context: impl Serialize,
        now: DateTime<Utc>,
    ) -> Result<(), Fail> {
        let Some(p) = tx.player(player).await? else {
            return Ok(());
        };
        let notice = Queued {
            game,
            kind,
            overlay: false,
        };
        self.notify_player(tx, &p, notice, context, now).await
    }

    /// [`Service::notify`] for a player already read.
    pub(crate) async fn notify_player(
        &self,
        tx: &mut Tx,
        p: &Player,
        notice: Queued,
        context: impl Serialize,
        now: DateTime<Utc>,
    ) -> Result<(), Fail> {
        if p.computer.is_some() {
            return Ok(());
        }
        let Some(identity) = self.notice_identity(tx, p).await? else {
            return Ok(());
        };
        self.notify_at(tx, p, &identity, notice, context, now).await
    }

    /// [`Service::notify_player`] at the identity [`Service::notice_identity`] chose.
    pub(crate) async fn notify_at(
        &self,
        tx: &mut Tx,
        p: &Player,
        identity: &LinkedIdentity,
        notice: Queued,
        context: impl Serialize,
        now: DateTime<Utc>,
    ) -> Result<(), Fail> {
        let player = p.id;
        // A blocked identity is sent nothing (see `admin`).
        if identity.blocked {
            tracing::info!(identity = %identity.address, kind = notice.kind.code(), "not queued: the recipient is blocked");
            return Ok(());
        }
        let channel = identity.address.channel.code();
        let text = self.notice_text(notice.kind, channel, self.language_of(p), context);
        tx.queue(&notice.message(player, identity, text), now)
            .await?;
        Ok(())
    }

    /// A notification's subject and text, as `kind`'s template words them on `channel` in
    /// `language`: the subject is the text's first line.
    pub(crate) fn notice_text(
        &self,
        kind: Notice,
        channel: &str,
        language: Language,
        context: impl Serialize,
    ) -> (String, String) {
        let body = self
            .templates
            .render_in(template_of(kind), channel, language, context);
        let subject = body.lines().next().unwrap_or("Agora").trim().to_owned();
        (subject, body)
    }

    /// Where a player's notifications go: the `notify` setting if they have an identity there,
    /// otherwise their first verified identity, otherwise any.
    pub(crate) async fn notice_identity(
        &self,
        tx: &mut Tx,
        p: &Player,
    ) -> Result<Option<LinkedIdentity>, Fail> {
        let mut identities = tx.identities_of(p.id).await?;
        let chosen = notice_identity_among(p, &identities.iter().collect::<Vec<_>>());
        Ok(chosen.map(|i| identities.swap_remove(i)))
    }

    /// Whether a notification to `identity` goes to a mail address whose owner has not confirmed
    /// it (never sent an authenticated command from it, never confirmed it to the mail front end,
    /// or never seen at all): such a mail must not carry anything someone else wrote, since
    /// anyone may name any address in a challenge.
    pub(crate) async fn unconfirmed_mail(
        &self,
        tx: &mut Tx,
        identity: &LinkedIdentity,
    ) -> Result<bool, Fail> {
        let Some(address) = unproven_mail(identity) else {
            return Ok(false);
        };
        let sender = tx.mail_sender(address).await?;
        Ok(!sender.is_some_and(|s| s.verified))
    }

    /// How a player is named to someone whose mail address is not confirmed: by an identity the
    /// player proved (a confirmed mail address, a Discord user), never by a name they chose;
    /// worded in `language`, the reader's. It reads the same on every channel.
    pub(crate) async fn identity_label(
        &self,
        tx: &mut Tx,
        player: i64,
        language: Language,
    ) -> Result<String, Fail> {
        #[derive(Serialize, Default)]
        struct Ctx {
            mail: Option<String>,
            discord: Option<String>,
        }
        let mut ctx = Ctx::default();
        for identity in tx.identities_of(player).await? {
            let parsed = &identity.address;
            match parsed.channel {
                Channel::Mail
                    if ctx.mail.is_none() && !self.unconfirmed_mail(tx, &identity).await? =>
                {
                    ctx.mail = Some(parsed.id.clone());
                }
                Channel::Discord if ctx.discord.is_none() => {
                    ctx.discord = Some(parsed.id.clone());
                }
                _ => {}
            }
        }
        Ok(self
            .templates
            .render_in("_stranger.txt", "", language, ctx)
            .trim()
            .to_owned())
    }

    pub(crate) async fn set_timezone(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        me: &Player,
        zone: &str,
        now: DateTime<Utc>,
    ) -> Result<Done, Fail> {
        // Zone names are case-sensitive in the database; accept any case from a person.
        let Some(tz) = chrono_tz::TZ_VARIANTS
            .iter()
            .find(|t| t.name().eq_ignore_ascii_case(zone))
        else {
            let close = chrono_tz::TZ_VARIANTS
                .iter()
                .map(|t| {
                    (
                        crate::commands::edit_distance(
                            &zone.to_ascii_lowercase(),
                            &t.name().to_ascii_lowercase(),
                        ),
                        t.name(),
                    )
                })
                .min();
            return user(match close {
                Some((d, name)) if d <= 4 => {
                    agora_i18n::text!("timezone-suggest", zone = zone, suggestion = name)
                }
                _ => agora_i18n::text!("timezone-unknown", zone = zone),
            });
        };
        tx.set_timezone(me.id, tz.name()).await?;
        // A digest keeps its local hour in the new zone.
        if let Some(hour) = me.digest_hour {
            let due = crate::clock::next_local_hour(hour, tz.name(), now);
            tx.set_digest(me.id, Some(hour), Some(due)).await?;
        }
        self.settings_reply(reader, "timezone", tz.name())
    }

    /// `settings rest`: the player's weekly rest, in their zone, from their next turn in each
    /// game (a turn under way keeps the rest it started with: time already spent is not given
    /// back).
    pub(crate) async fn set_rest(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        me: &Player,
        rest: agora_domain::Rest,
    ) -> Result<Done, Fail> {
        tx.set_rest(me.id, rest).await?;
        let value = crate::views::rest_words_in(rest, &me.timezone, reader.language);
        self.settings_reply(reader, "rest", &value)
    }

    /// `settings calendar [off]`: a new secret address of the player's calendar of deadlines
    /// (the old one stops working), or none. Only the address's hash is kept.
    pub(crate) async fn set_calendar(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        me: &Player,
        on: bool,
        now: DateTime<Utc>,
    ) -> Result<Done, Fail> {
        if !on {
            let had = tx.remove_calendar(me.id).await?;
            return self.settings_reply(
                reader,
                if had { "calendar-off" } else { "calendar-none" },
                "",
            );
        }
        let Some(site) = self.settings.site_url.as_deref() else {
            return user(agora_i18n::text!("calendar-no-site"));
        };
        let token = crate::calendar::new_token();
        tx.set_calendar(me.id, &agora_store::mail::token_hash(&token), now)
            .await?;
        let address = crate::calendar::address(site, &token);
        self.settings_reply(reader, "calendar", &address)
    }

    /// `settings language`: the player's language from now on, this answer included.
    pub(crate) async fn set_language(
        &self,
        tx: &mut Tx,
        reader: &mut Reader,
        me: &Player,
        language: Language,
    ) -> Result<Done, Fail> {
        tx.set_language(me.id, language.code()).await?;
        reader.language = language;
        self.settings_reply(reader, "language", language.native_name())
    }

    pub(crate) async fn set_notify(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        me: &Player,
        channel: Channel,
    ) -> Result<Done, Fail> {
        let identities = tx.identities_of(me.id).await?;
        let word = match channel {
            Channel::Mail => "e-mail",
            Channel::Discord => "Discord",
            Channel::Local | Channel::System => "the terminal",
        };
        if !identities.iter().any(|i| i.address.channel == channel) {
            let channel = channel.code();
            return user(agora_i18n::text!("notify-no-identity", channel = channel));
        }
        tx.set_notify(me.id, channel.code()).await?;
        self.settings_reply(reader, "notify", word)
    }

    pub(crate) fn settings_reply(
        &self,
        reader: &Reader,
        what: &str,
        value: &str,
    ) -> Result<Done, Fail> {
        #[derive(Serialize)]
        struct Ctx<'a> {
            what: &'a str,
            value: &'a str,
        }
        Ok(Done {
            loaded: None,
            attachments: Vec::new(),
            text: self
                .templates
                .render("settings.txt", reader, Ctx { what, value }),
            game: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::name_from;
    use crate::Identity;

    #[test]
    fn names_from_identities() {
        let id = |text: &str| text.parse::<Identity>().unwrap();
        assert_eq!(
            name_from(&id("mailto:ann.smith@example.org"), None),
            "ann.smith"
        );
        assert_eq!(name_from(&id("discord:42"), None), "discord-42");
        assert_eq!(name_from(&id("discord:42"), Some("Bo Rad!")), "BoRad");
        assert_eq!(name_from(&id("local:computer"), None), "player");
        let hostile = format!(
            "@everyone \u{202E}evil\u{200B} [x](http://e.vil) {}",
            "y".repeat(40)
        );
        for taken in [
            "computer-hard",
            "Computer_Easy",
            "COMPUTER",
            "computerhard",
            "anyone",
        ] {
            assert_eq!(
                name_from(&id("discord:42"), Some(taken)),
                "player",
                "{taken}"
            );
        }
        assert_eq!(
            name_from(&id("mailto:computer-hard@example.org"), None),
            "player"
        );
        let name = name_from(&id("discord:42"), Some(&hostile));
        assert!(name.starts_with("everyoneevilyyy"), "{name}");
        assert!(name.chars().count() <= 32);
        assert_eq!(
            name_from(&id("discord:42"), Some("\u{200B}<@1>")),
            "discord-42"
        );
        // An address named in a challenge gives a name the same way.
        assert_eq!(
            name_from(&id("mailto:[x](http://e.vil)@e.vil.com"), None),
            "player"
        );
        assert_eq!(name_from(&id("mailto:**bob**@example.org"), None), "bob");
    }
}
