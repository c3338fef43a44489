//! The calendar of deadlines: `settings calendar` gives a secret address whose iCalendar feed
//! (RFC 5545) holds one event per running game whose turn is the player's, at its deadline, with
//! its reminders as alarms. The feed is read back by an independent parser (the `ical` crate) and
//! checked against the RFC's rules of form, after moves, a weekly rest and a vacation.

use crate::time_controls::quiet_action;
use agora_rules::{GameKind, Variant};
use agora_service::{Answer, Clock, Service, Settings, Status, StoreOptions, Templates};
use chrono::{DateTime, Duration, NaiveDateTime, TimeZone, Utc};
use ical::parser::ical::component::{IcalCalendar, IcalEvent};
use std::collections::HashSet;

async fn open_service(db: &std::path::Path, clock: Clock) -> Service {
    let store = agora_store::testing::open(db, &StoreOptions::default())
        .await
        .unwrap();
    let settings = Settings {
        seed: Some(7),
        site_url: Some("https://agora.example".into()),
        clock,
        ..Settings::default()
    };
    Service::new(store, Templates::load(None).unwrap(), settings)
}

/// Sends `text` from terminal player `from` at the service's time, about `game` if given.
async fn send(service: &Service, from: &str, text: &str, game: Option<i64>) -> Answer {
    crate::time_controls::send(service, from, text, game, service.now()).await
}

/// The secret of the address an answer to `settings calendar` gives.
fn token_of(answer: &Answer) -> String {
    assert_eq!(answer.status, Status::Done, "{}", answer.text);
    let start = answer
        .text
        .find("https://agora.example/calendar/")
        .unwrap_or_else(|| panic!("no address in {}", answer.text))
        + "https://agora.example/calendar/".len();
    let rest = &answer.text[start..];
    rest[..rest.find(".ics").expect("an .ics address")].to_owned()
}

/// The RFC 5545 rules of form every feed keeps: CRLF line ends, lines of at most 75 octets,
/// components opened and closed in order, and the properties each component must have.
fn check_form(text: &str) {
    assert!(text.ends_with("\r\n"), "the feed ends with CRLF");
    let body = text.strip_suffix("\r\n").unwrap();
    let mut open: Vec<String> = Vec::new();
    let mut seen: Vec<HashSet<String>> = Vec::new();
    for line in body.split("\r\n") {
        assert!(
            !line.contains('\n') && !line.contains('\r'),
            "a bare line end in {line:?}"
        );
        assert!(
            line.len() <= 75,
            "a line of {} octets: {line:?}",
            line.len()
        );
        if line.starts_with(' ') || line.starts_with('\t') {
            continue;
        }
        let name = line.split([':', ';']).next().unwrap().to_ascii_uppercase();
        let value = line.split_once(':').map(|(_, v)| v).unwrap_or("");
        match name.as_str() {
            "BEGIN" => {
                open.push(value.to_owned());
                seen.push(HashSet::new());
            }
            "END" => {
                assert_eq!(open.pop().as_deref(), Some(value), "END:{value} closes it");
                let props = seen.pop().unwrap();
                let needed: &[&str] = match value {
                    "VCALENDAR" => &["PRODID", "VERSION"],
                    "VEVENT" => &["UID", "DTSTAMP", "DTSTART"],
                    "VALARM" => &["ACTION", "TRIGGER", "DESCRIPTION"],
                    _ => &[],
                };
                for p in needed {
                    assert!(props.contains(*p), "{value} lacks {p}");
                }
            }
            _ => {
                let props = seen.last_mut().expect("a property inside a component");
                // UID, DTSTAMP, DTSTART, SEQUENCE, URL and the like come at most once.
                if [
                    "UID", "DTSTAMP", "DTSTART", "SEQUENCE", "URL", "SUMMARY", "VERSION",
                ]
                .contains(&name.as_str())
                {
                    assert!(props.insert(name.clone()), "{name} twice");
                } else {
                    props.insert(name.clone());
                }
            }
        }
    }
    assert!(open.is_empty(), "{open:?} left open");
}

/// The feed of `token`, checked for form and parsed by the `ical` crate.
async fn feed(service: &Service, token: &str) -> Option<IcalCalendar> {
    let text = service.calendar_feed(token).await.unwrap()?;
    check_form(&text);
    let mut parser = ical::IcalParser::new(std::io::BufReader::new(text.as_bytes()));
    let calendar = parser.next().expect("one calendar").expect("it parses");
    assert!(parser.next().is_none(), "one calendar only");
    Some(calendar)
}

fn property<'a>(event: &'a IcalEvent, name: &str) -> Option<&'a str> {
    event
        .properties
        .iter()
        .find(|p| p.name == name)
        .and_then(|p| p.value.as_deref())
}

/// A `…Z` date-time of iCalendar.
fn instant(value: &str) -> DateTime<Utc> {
    NaiveDateTime::parse_from_str(value, "%Y%m%dT%H%M%SZ")
        .unwrap_or_else(|e| panic!("{value}: {e}"))
        .and_utc()
}

/// Each event's game (read from its UID) with its deadline and its alarms' times.
fn events(calendar: &IcalCalendar) -> Vec<(i64, DateTime<Utc>, Vec<DateTime<Utc>>)> {
    let mut out: Vec<_> = calendar
        .events
        .iter()
        .map(|e| {
            let uid = property(e, "UID").expect("a UID");
            let game = uid
                .strip_prefix("game-")
                .and_then(|u| u.split('@').next())
                .and_then(|g| g.parse().ok())
                .unwrap_or_else(|| panic!("UID {uid}"));
            let start = instant(property(e, "DTSTART").expect("DTSTART"));
            let mut alarms: Vec<DateTime<Utc>> = e
                .alarms
                .iter()
                .map(|a| {
                    let trigger = a
                        .properties
                        .iter()
                        .find(|p| p.name == "TRIGGER")
                        .expect("TRIGGER");
                    let absolute = trigger.params.as_ref().is_some_and(|ps| {
                        ps.iter()
                            .any(|(k, v)| k == "VALUE" && v.iter().any(|v| v == "DATE-TIME"))
                    });
                    assert!(absolute, "an alarm at an absolute time");
                    assert_eq!(
                        a.properties
                            .iter()
                            .find(|p| p.name == "ACTION")
                            .and_then(|p| p.value.as_deref()),
                        Some("DISPLAY")
                    );
                    instant(trigger.value.as_deref().unwrap())
                })
                .collect();
            alarms.sort();
            (game, start, alarms)
        })
        .collect();
    out.sort_by_key(|e| e.0);
    out
}

async fn deadline_of(service: &Service, game: i64) -> DateTime<Utc> {
    service
        .game_state(game, None)
        .await
        .unwrap()
        .unwrap()
        .deadline
        .expect("a deadline")
}

#[tokio::test]
async fn the_calendar_holds_each_deadline_after_moves_rest_and_vacations() {
    let dir = std::env::temp_dir().join(format!("agora-calendar-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // Monday 2 March 2026, 10:00 UTC.
    let clock = Clock::fixed(Utc.with_ymd_and_hms(2026, 3, 2, 10, 0, 0).unwrap());
    let service = open_service(&dir.join("agora.db"), clock.clone()).await;
    for who in ["alice", "bob"] {
        send(&service, who, "games", None).await;
    }
    send(
        &service,
        "alice",
        "settings timezone Europe/Stockholm",
        None,
    )
    .await;
    send(&service, "alice", "settings rest weekend", None).await;
    let token = token_of(&send(&service, "alice", "settings calendar", None).await);

    // Three games: alice to act in #1 (public) and #3 (private), bob in #2.
    let mut games = Vec::new();
    for (challenger, text) in [
        ("alice", "challenge bob agon days 3"),
        ("bob", "challenge alice agon days 2"),
        ("alice", "challenge bob agros days 5 private"),
    ] {
        let sent = send(&service, challenger, text, None).await;
        assert_eq!(sent.status, Status::Done, "{}", sent.text);
        let game = sent.game.unwrap();
        let other = if challenger == "alice" {
            "bob"
        } else {
            "alice"
        };
        let accepted = send(&service, other, &format!("accept #{game}"), None).await;
        assert_eq!(accepted.status, Status::Done, "{}", accepted.text);
        games.push(game);
    }
    let calendar = feed(&service, &token).await.expect("the feed");
    let shown = events(&calendar);
    assert_eq!(
        shown.iter().map(|e| e.0).collect::<Vec<_>>(),
        [games[0], games[2]],
        "the games whose turn is alice's"
    );
    let now = clock.now();
    for (game, start, alarms) in &shown {
        assert_eq!(*start, deadline_of(&service, *game).await, "game #{game}");
        assert!(!alarms.is_empty(), "game #{game} has reminders");
        assert!(alarms.iter().all(|a| *a > now && a < start), "{alarms:?}");
    }
    // Monday 11:00 in Stockholm plus 3 days of clock time: Thursday 11:00. Plus 5 days: 109
    // hours to Saturday 00:00, the weekend's rest, then 11 hours: the next Monday 11:00.
    assert_eq!(
        shown[0].1,
        Utc.with_ymd_and_hms(2026, 3, 5, 10, 0, 0).unwrap()
    );
    assert_eq!(
        shown[1].1,
        Utc.with_ymd_and_hms(2026, 3, 9, 10, 0, 0).unwrap()
    );
    // The reminders: at half the time and 24 and 2 hours before, of clock time.
    assert_eq!(
        shown[0].2,
        [
            Utc.with_ymd_and_hms(2026, 3, 3, 22, 0, 0).unwrap(),
            Utc.with_ymd_and_hms(2026, 3, 4, 10, 0, 0).unwrap(),
            Utc.with_ymd_and_hms(2026, 3, 5, 8, 0, 0).unwrap(),
        ]
    );
    // The public game links to its page; the private one has none.
    let url = |game: i64| {
        calendar
            .events
            .iter()
            .find(|e| property(e, "UID").is_some_and(|u| u.starts_with(&format!("game-{game}@"))))
            .and_then(|e| property(e, "URL"))
            .map(str::to_owned)
    };
    assert_eq!(
        url(games[0]).as_deref(),
        Some(format!("https://agora.example/games/{}", games[0]).as_str())
    );
    assert_eq!(url(games[2]), None);
    let summary = property(&calendar.events[0], "SUMMARY").unwrap();
    assert!(summary.contains("against bob"), "{summary}");

    // Alice moves in #1: it leaves her calendar; bob answers: it comes back with a new deadline.
    let mut position = Variant::new(GameKind::Agon, None, None).unwrap().start();
    clock.advance(Duration::hours(5));
    let action = quiet_action(&position);
    let played = send(
        &service,
        "alice",
        &position.notation(action),
        Some(games[0]),
    )
    .await;
    assert_eq!(played.status, Status::Done, "{}", played.text);
    position.play_unchecked(action);
    let shown = events(&feed(&service, &token).await.unwrap());
    assert_eq!(shown.iter().map(|e| e.0).collect::<Vec<_>>(), [games[2]]);
    // Friday 6 March, 10:00 UTC: bob answers; alice's 3 days run 13 hours to Saturday 00:00 in
    // Stockholm, rest through the weekend, and end on Wednesday 11:00 local.
    clock.set(Utc.with_ymd_and_hms(2026, 3, 6, 10, 0, 0).unwrap());
    let action = quiet_action(&position);
    let played = send(&service, "bob", &position.notation(action), Some(games[0])).await;
    assert_eq!(played.status, Status::Done, "{}", played.text);
    let shown = events(&feed(&service, &token).await.unwrap());
    assert_eq!(shown[0].0, games[0]);
    assert_eq!(shown[0].1, deadline_of(&service, games[0]).await);
    assert_eq!(
        shown[0].1,
        Utc.with_ymd_and_hms(2026, 3, 11, 10, 0, 0).unwrap()
    );
    // Alarms already passed (the half of #3's time) are gone.
    let now = clock.now();
    for (_, start, alarms) in &shown {
        assert!(alarms.iter().all(|a| *a > now && a < start), "{alarms:?}");
    }

    // A vacation of 2 days moves both deadlines, as the game pages show them.
    let before: Vec<DateTime<Utc>> = shown.iter().map(|e| e.1).collect();
    let away = send(&service, "alice", "vacation 2", None).await;
    assert_eq!(away.status, Status::Done, "{}", away.text);
    let shown = events(&feed(&service, &token).await.unwrap());
    for ((game, start, _), old) in shown.iter().zip(&before) {
        assert_eq!(*start, deadline_of(&service, *game).await);
        assert!(start > old, "game #{game}: {start} after {old}");
    }

    // A new address replaces the old one; `off` removes it; a made-up one was never there.
    let newer = token_of(&send(&service, "alice", "settings calendar", None).await);
    assert_ne!(newer, token);
    assert!(
        feed(&service, &token).await.is_none(),
        "the old address is dead"
    );
    assert!(feed(&service, &newer).await.is_some());
    // Bob's calendar is his own: none of alice's games whose turn is hers.
    let bobs = token_of(&send(&service, "bob", "instellingen agenda", None).await);
    let shown = events(&feed(&service, &bobs).await.unwrap());
    assert!(shown.iter().all(|e| e.0 == games[1]), "{shown:?}");
    let off = send(&service, "alice", "settings calendar off", None).await;
    assert_eq!(off.status, Status::Done, "{}", off.text);
    assert!(feed(&service, &newer).await.is_none());
    for made_up in [
        "",
        "x",
        "abcdefghjkmnpqrstuvwxyz234",
        "../../etc/passwd",
        "ABCDEFGHJKMNPQRSTUVWXYZ234",
    ] {
        assert!(service.calendar_feed(made_up).await.unwrap().is_none());
    }
    service.store().close().await;
    let _ = std::fs::remove_dir_all(dir);
}
