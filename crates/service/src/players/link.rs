//! Linking a second identity to a player with one-time codes: `link` gives a code, `link
//! <code>` on the other account offers the link, and the confirmation typed back on the first one
//! joins the two; wrong guesses are limited per day.

use crate::{Channel, Done, Fail, Reader, Service, user};
use agora_store::{Player, Tx};
use chrono::{DateTime, Duration, Utc};
use rand::Rng;
use serde::Serialize;

impl Service {
    /// The limit on wrong link codes, met before `link <code>` runs: `Some(refusal)` when the
    /// sender has used up their wrong guesses of the day (the code is not even looked at), or
    /// when the code is wrong (the guess is recorded and committed); `None` when the code may be
    /// redeemed. A code is 8 characters of 32, so 5 guesses a day find one with a chance of about
    /// one in 200 billion.
    pub(crate) async fn guard_link_guess(
        &self,
        inbound: &crate::Inbound,
        code: &str,
        now: DateTime<Utc>,
    ) -> Result<Option<crate::Text>, crate::ServiceError> {
        let limit = self.settings.link_guesses_per_day;
        let identity = inbound.from.to_string();
        let since = now - Duration::days(1);
        let mut tx = self.store.write().await?;
        // A delivery seen before is no new guess: the command path gives its first answer again.
        if let Some(id) = &inbound.delivery
            && tx.delivery_reply(id, &identity).await?.is_some()
        {
            return Ok(None);
        }
        let wrong = tx.link_guesses_since(&identity, since).await?;
        if wrong >= limit {
            return Ok(Some(agora_i18n::text!(
                "link-guesses-exhausted",
                wrong = wrong
            )));
        }
        if tx
            .link_code_valid(&code.to_ascii_uppercase(), &identity, now)
            .await?
        {
            return Ok(None);
        }
        tx.record_link_guess(&identity, now, since).await?;
        tx.commit().await?;
        Ok(Some(agora_i18n::text!(
            "link-code-invalid-left",
            code = code,
            minutes = self.settings.link_code_minutes,
            left = limit - wrong - 1
        )))
    }

    /// Joining two accounts takes a code delivered to each side, so that a leaked reply token,
    /// a leaked code or a forged sender cannot join anything: `link` on the first account makes
    /// an offer; `link <offer>` on the second makes a confirmation, which is delivered to the
    /// second account (to a mail address, whoever claimed to send from it) and must be entered on
    /// the first; `link <confirmation>` there joins the second account's player into the first.
    // Making a code, answering an offer and confirming share the checks on both identities; kept
    // together so the three steps of the exchange read as one.
    pub(crate) async fn link(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        me: &Player,
        code: Option<&str>,
        now: DateTime<Utc>,
    ) -> Result<Done, Fail> {
        let minutes = self.settings.link_code_minutes;
        let expires = now + Duration::minutes(minutes.into());
        let Some(code) = code else {
            let code = self.link_code();
            tx.create_link_code(me.id, &code, expires).await?;
            return Ok(self.link_text(
                reader,
                "link_code.txt",
                LinkCtx {
                    code: &code,
                    minutes,
                    name: &me.name,
                    accounts: 0,
                    first: "",
                },
            ));
        };
        let code = code.to_ascii_uppercase();
        let Some(found) = tx.take_link_code(&code, me.id, now).await? else {
            return user(agora_i18n::text!(
                "link-code-invalid",
                code = code.as_str(),
                minutes = minutes
            ));
        };
        match found.partner {
            // An offer from the other account: the confirmation goes to this one.
            None => {
                self.offer_link(tx, reader, me, found.owner, minutes, expires)
                    .await
            }
            // The confirmation delivered to the other account, entered here: join it.
            Some(partner) => self.join_link(tx, reader, me, partner, minutes).await,
        }
    }

    /// `link <code>` with the code of `owner_id`'s offer, entered on `me`: a confirmation code
    /// for the first account, valid until `expires`.
    async fn offer_link(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        me: &Player,
        owner_id: i64,
        minutes: u32,
        expires: DateTime<Utc>,
    ) -> Result<Done, Fail> {
        if owner_id == me.id {
            return user(agora_i18n::text!("link-same-account"));
        }
        if tx.share_a_game(owner_id, me.id).await? {
            return user(agora_i18n::text!("link-played-each-other"));
        }
        let owner = tx
            .player(owner_id)
            .await?
            .ok_or_else(|| Fail::User(agora_i18n::text!("player-gone")))?;
        let confirmation = self.link_code();
        tx.create_link_confirmation(owner.id, me.id, &confirmation, expires)
            .await?;
        // The confirmation is typed on the first account: named in its channel's form
        // when all its identities are on one channel.
        let channels: std::collections::BTreeSet<Channel> = tx
            .identities_of(owner.id)
            .await?
            .into_iter()
            .map(|i| i.address.channel)
            .collect();
        let first = match channels.len() {
            1 => channels.into_iter().next().map_or("", Channel::code),
            _ => "",
        };
        Ok(self.link_text(
            reader,
            "link_confirm.txt",
            LinkCtx {
                code: &confirmation,
                minutes,
                name: &owner.name,
                accounts: 0,
                first,
            },
        ))
    }

    /// `link <code>` with the confirmation `partner`'s account was sent, entered on `me`: the two
    /// players become one.
    async fn join_link(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        me: &Player,
        partner: i64,
        minutes: u32,
    ) -> Result<Done, Fail> {
        if tx.player(partner).await?.is_none() {
            return user(agora_i18n::text!("player-gone"));
        }
        if tx.share_a_game(partner, me.id).await? {
            return user(agora_i18n::text!("link-played-each-other"));
        }
        tx.merge_players(partner, me.id).await?;
        // How many accounts, not which: the reply names no address.
        let accounts = tx.identities_of(me.id).await?.len();
        Ok(self.link_text(
            reader,
            "linked.txt",
            LinkCtx {
                code: "",
                minutes,
                name: &me.name,
                accounts,
                first: "",
            },
        ))
    }

    /// A fresh link code: 8 characters of an alphabet without look-alikes.
    fn link_code(&self) -> String {
        const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
        let mut rng = self.secrets.lock().expect("secrets lock");
        (0..8)
            .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char)
            .collect()
    }

    fn link_text(&self, reader: &Reader, template: &str, ctx: LinkCtx<'_>) -> Done {
        Done {
            loaded: None,
            attachments: Vec::new(),
            text: self.templates.render(template, reader, ctx),
            game: None,
        }
    }
}

/// What the link templates show: the code to enter, how long it holds, the player the accounts
/// join into, once joined how many accounts they have, and the channel the code is to be typed on
/// (`discord`, `mailto`) when it is known.
#[derive(Serialize)]
struct LinkCtx<'a> {
    code: &'a str,
    minutes: u32,
    name: &'a str,
    accounts: usize,
    first: &'a str,
}
