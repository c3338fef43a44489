//! A player's calendar of deadlines: an iCalendar feed (RFC 5545) at a secret address that
//! `settings calendar` gives and replaces and `settings calendar off` removes. It holds one event
//! per running game whose turn is the player's, at its deadline, with an alarm at each reminder
//! still to come and a link to the game's page. Only the address's SHA-256 is kept: a copy of the
//! database shows no one's calendar.

use crate::clock::{self, seat_to_act};
use crate::{Service, ServiceError};
use agora_i18n::{Arg, tr};
use agora_store::GameStatus;
use chrono::{DateTime, Utc};
use icalendar::{Alarm, Calendar, Component, Event, EventLike, Property};
use rand::Rng;

/// Lower-case letters and digits without look-alikes, as in reply tokens.
const ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";
/// 26 symbols of 31 are about 128.8 bits: no one guesses an address.
const LENGTH: usize = 26;

/// A fresh secret for a calendar's address, from the thread's cryptographic generator.
pub(crate) fn new_token() -> String {
    let mut rng = rand::rng();
    (0..LENGTH)
        .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char)
        .collect()
}

/// Whether `token` could be a calendar's secret (anything else is not looked up).
fn well_formed(token: &str) -> bool {
    token.len() == LENGTH && token.bytes().all(|b| ALPHABET.contains(&b))
}

/// The feed's address on the website at `site`.
pub(crate) fn address(site: &str, token: &str) -> String {
    format!("{site}/calendar/{token}.ics")
}

impl Service {
    /// The calendar feed whose secret is `token` (the address's last part without `.ics`), as
    /// iCalendar text; `None` when no calendar has that address (never made, replaced, removed).
    pub async fn calendar_feed(&self, token: &str) -> Result<Option<String>, ServiceError> {
        if !well_formed(token) {
            return Ok(None);
        }
        let hash = agora_store::mail::token_hash(token);
        let mut tx = self.store.read().await?;
        let Some(owner) = tx.calendar_owner(&hash).await? else {
            return Ok(None);
        };
        let Some(me) = tx.player(owner).await? else {
            return Ok(None);
        };
        let lang = self.language_of(&me);
        let now = self.now();
        let host = self.feed_host();
        let mut calendar = Calendar::new();
        calendar
            .name(&tr(
                lang,
                "calendar-name",
                &[("name", Arg::Str(crate::site::public_name(&me.name)))],
            ))
            // RFC 7986: how often a client should fetch the feed again.
            .append_property(
                Property::new("REFRESH-INTERVAL", "PT1H")
                    .add_parameter("VALUE", "DURATION")
                    .done(),
            );
        for game in tx.open_games_of(owner).await? {
            let Some(deadline) = game.deadline_at else {
                continue;
            };
            if game.status != GameStatus::Active || game.player_at(seat_to_act(&game)) != owner {
                continue;
            }
            let opponent = match game.seat_of(owner) {
                Some(seat) => tx
                    .player(game.player_at(seat.other()))
                    .await?
                    .map_or_else(|| "?".to_owned(), |p| crate::site::public_name(&p.name)),
                None => continue,
            };
            let event = self.deadline_event(&game, deadline, opponent, &host, now, lang);
            calendar.push(event);
        }
        Ok(Some(calendar.done().to_string()))
    }

    /// The host the events' ids are under: the website's, else `agora`.
    fn feed_host(&self) -> String {
        self.settings
            .site_url
            .as_deref()
            .and_then(|u| u.split("://").nth(1))
            .and_then(|u| u.split(['/', ':']).next())
            .unwrap_or("agora")
            .to_owned()
    }

    /// The event of one game waiting for the calendar's owner, against `opponent`: at its
    /// `deadline`, linking its page, with an alarm at each reminder still to come.
    fn deadline_event(
        &self,
        game: &agora_store::Game,
        deadline: DateTime<Utc>,
        opponent: String,
        host: &str,
        now: DateTime<Utc>,
        lang: agora_i18n::Language,
    ) -> Event {
        let args = [
            ("game", Arg::Num(game.id)),
            (
                "title",
                Arg::Str(crate::views::title_in(game.variant, lang)),
            ),
            ("opponent", Arg::Str(opponent)),
        ];
        let mut event = Event::new();
        event
            .uid(&format!("game-{}@{host}", game.id))
            .timestamp(now)
            .sequence(game.ply)
            .summary(&tr(lang, "calendar-summary", &args))
            .starts(deadline);
        // A private game has no page.
        let page = (!game.options.private)
            .then(|| self.game_url(game.id))
            .flatten();
        event.description(&tr(
            lang,
            "calendar-description",
            &[
                ("game", Arg::Num(game.id)),
                ("link", Arg::Str(page.clone().unwrap_or_default())),
            ],
        ));
        if let Some(page) = page {
            event.url(&page);
        }
        let reminders = self.settings.reminders();
        for at in clock::reminders_ahead(game, now, reminders) {
            event.alarm(Alarm::display(
                &tr(lang, "calendar-alarm", &args),
                alarm_at(at),
            ));
        }
        event.done()
    }
}

/// An alarm's absolute time.
fn alarm_at(at: DateTime<Utc>) -> icalendar::Trigger {
    icalendar::Trigger::from(at)
}
