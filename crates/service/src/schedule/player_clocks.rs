//! The player commands that move a player's due times and clocks: `settings digest` (the hour
//! of the daily digest) and `vacation` (a pause of every clock waiting for the player, within a
//! yearly allowance).

use crate::clock::{self, seat_to_act};
use crate::commands::VacationRequest;
use crate::games::{Extra, Timing};
use crate::{Done, Fail, Reader, Service, user};
use agora_store::{GameStatus, Notice, Player, Tx, Vacation};
use chrono::{DateTime, Datelike, Duration, Utc};
use serde::Serialize;

impl Service {
    /// `settings digest <hour|off>`.
    pub(crate) async fn set_digest(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        me: &Player,
        hour: Option<u32>,
        now: DateTime<Utc>,
    ) -> Result<Done, Fail> {
        let lang = reader.language;
        let value = match hour {
            Some(h) => {
                let next = clock::next_local_hour(h, &me.timezone, now);
                tx.set_digest(me.id, Some(h), Some(next)).await?;
                agora_i18n::tr(
                    lang,
                    "digest-on",
                    &[
                        ("hour", format!("{h:02}:00").into()),
                        ("zone", me.timezone.as_str().into()),
                        (
                            "next",
                            crate::views::local_time_in(next, &me.timezone, lang).into(),
                        ),
                    ],
                )
            }
            None => {
                tx.set_digest(me.id, None, None).await?;
                agora_i18n::tr(lang, "digest-off", &[])
            }
        };
        self.settings_reply(reader, "digest", &value)
    }

    /// `vacation [days | end]`.
    pub(crate) async fn vacation(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        me: &Player,
        request: VacationRequest,
        at: Timing,
    ) -> Result<Done, Fail> {
        // A vacation starts or ends when its command arrived: a mail read late neither takes
        // days off the vacation nor lets the clocks run meanwhile.
        let now = at.arrived;
        let year = now.year();
        // The allowance is per calendar year: a new year starts from nothing used.
        let used = if me.vacation_year == Some(year) {
            me.vacation_used
        } else {
            0
        };
        let away = me.away(now);
        let hours = self.settings.reminders();
        let (event, until) = match request {
            VacationRequest::Show => match away {
                Some(v) => ("away", Some(v.until)),
                None => ("show", None),
            },
            VacationRequest::Days(days) => {
                let until = self.start_vacation(tx, reader, me, days, used, at).await?;
                ("started", Some(until))
            }
            VacationRequest::End => {
                let Some(v) = away else {
                    return user(agora_i18n::text!("vacation-none"));
                };
                let unused = v.until - now;
                let used = (used - unused.num_seconds()).max(0);
                tx.set_vacation(
                    me.id,
                    Some(Vacation {
                        from: v.from,
                        until: now,
                    }),
                    year,
                    used,
                )
                .await?;
                self.shift_clocks(tx, reader, me, -unused, at, hours)
                    .await?;
                ("ended", None)
            }
        };
        let used = tx.player(me.id).await?.map_or(used, |p| {
            if p.vacation_year == Some(year) {
                p.vacation_used
            } else {
                0
            }
        });
        Ok(self.vacation_reply(reader, me, event, until, used))
    }

    /// The answer to `vacation`: what happened (`event`), the vacation's end in `me`'s zone and
    /// what is left of the year's allowance after `used` seconds.
    fn vacation_reply(
        &self,
        reader: &Reader,
        me: &Player,
        event: &'static str,
        until: Option<DateTime<Utc>>,
        used: i64,
    ) -> Done {
        #[derive(Serialize)]
        struct Ctx {
            event: &'static str,
            until: Option<String>,
            left: String,
            allowance: u32,
        }
        Done {
            loaded: None,
            attachments: Vec::new(),
            text: self.templates.render(
                "vacation.txt",
                reader,
                Ctx {
                    event,
                    until: until
                        .map(|u| crate::views::local_time_in(u, &me.timezone, reader.language)),
                    left: self.vacation_left(used),
                    allowance: self.settings.vacation_days,
                },
            ),
            game: None,
        }
    }

    /// The vacation left of the year's allowance after `used` seconds, in words.
    fn vacation_left(&self, used: i64) -> String {
        let allowance = i64::from(self.settings.vacation_days) * 86_400;
        clock::span(Duration::seconds((allowance - used).max(0)))
    }

    /// Starts a vacation of `days` for `me`, who has used `used` seconds of this year's
    /// allowance, and pauses their running clocks; returns its end.
    async fn start_vacation(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        me: &Player,
        days: u32,
        used: i64,
        at: Timing,
    ) -> Result<DateTime<Utc>, Fail> {
        let now = at.arrived;
        if let Some(v) = me.away(now) {
            return user(agora_i18n::text!(
                "vacation-already",
                until = crate::views::local_time_in(v.until, &me.timezone, reader.language)
            ));
        }
        let allowance = i64::from(self.settings.vacation_days) * 86_400;
        let length = i64::from(days) * 86_400;
        if used + length > allowance {
            return user(agora_i18n::text!(
                "vacation-too-long",
                days = days,
                left = self.vacation_left(used),
                allowance = self.settings.vacation_days
            ));
        }
        let until = now + Duration::seconds(length);
        let vacation = Vacation { from: now, until };
        tx.set_vacation(me.id, Some(vacation), now.year(), used + length)
            .await?;
        // Pause the running clocks: the turns waiting for this player start later by the whole
        // vacation; turns that reach them during it start at its end.
        let hours = self.settings.reminders();
        self.shift_clocks(tx, reader, me, Duration::seconds(length), at, hours)
            .await?;
        Ok(until)
    }

    /// Moves the clocks of the games waiting for `me` by `shift`, and tells each opponent. A
    /// game whose deadline had passed when the command arrived is timed out instead: a vacation
    /// asked too late does not save it.
    async fn shift_clocks(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        me: &Player,
        shift: Duration,
        at: Timing,
        hours: crate::clock::Reminders<'_>,
    ) -> Result<(), Fail> {
        let now = at.now;
        for game in tx.open_games_of(me.id).await? {
            if game.status != GameStatus::Active {
                continue;
            }
            let Some(seat) = game.seat_of(me.id) else {
                continue;
            };
            let mut l = self.load(tx, game, Some(now)).await?;
            if self
                .clock_first(tx, reader, &mut l, me, at)
                .await?
                .is_some()
            {
                continue;
            }
            if seat_to_act(&l.game) == seat {
                clock::shift_turn(&mut l.game, shift, hours);
                tx.save_game(&mut l.game, now).await?;
            }
            // The opponent reads `by`'s colour in their own language.
            let extra = |language| Extra {
                by: Some(l.seat_view_in(seat, language)),
                event: Some(if shift > Duration::zero() {
                    "away"
                } else {
                    "back"
                }),
                ..Extra::default()
            };
            self.notify_game_in(
                tx,
                &l,
                l.game.player_at(seat.other()),
                Notice::Vacation,
                extra,
                now,
            )
            .await?;
        }
        Ok(())
    }
}
