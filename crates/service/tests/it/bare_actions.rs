//! Bare actions never reach the wrong game.
//!
//! Whole seeded random games of every variant (Agon; Agros 8, 10 and 12 with 3, 5 and 7 farmers)
//! are played through the service with bare actions only, each written in a form the rules allow
//! (AG-15, AR-16), chosen at random: any case, spaces around separators, dashes, piece prefixes,
//! the spaced placement, long and direction forms. Two games run at once for the same pair of
//! players, on each channel as its front end sends them: as replies in a game's mail thread and as
//! messages in a game's Discord thread (the conversation names the game), and at the terminal (the
//! game named `#12` or `game 12`, or left out when only one game waits). Every action must land in
//! its game, and each game must end as the rules engine says.

use agora_rules::{AnyAction, AnyPosition, GameKind, Seat, Variant};
use agora_service::{Inbound, Service, Settings, Status, StoreOptions, Templates};
use agora_store::GameStatus;
use chrono::{DateTime, Duration, TimeZone, Utc};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// How a player's messages reach the service.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Channel {
    /// A reply in the game's mail thread: the thread names the game.
    MailThread,
    /// A message in the game's Discord thread: the thread names the game.
    DiscordThread,
    /// The terminal: no conversation, so the game is named in the text or is the only one waiting.
    Terminal,
}

impl Channel {
    fn identity(self, name: &str, n: usize) -> String {
        match self {
            Channel::MailThread => format!("mailto:{name}{n}@example.org"),
            Channel::DiscordThread => {
                format!("discord:{}{n}", if name == "ann" { 100 } else { 200 })
            }
            Channel::Terminal => format!("local:{name}{n}"),
        }
    }
}

fn variants() -> Vec<Variant> {
    let mut all = vec![Variant::new(GameKind::Agon, None, None).unwrap()];
    for board in [8, 10, 12] {
        for farmers in [3, 5, 7] {
            all.push(Variant::new(GameKind::Agros, Some(board), Some(farmers)).unwrap());
        }
    }
    all
}

/// Randomly upper-cases letters: input is case-insensitive (AG-15, AR-16).
fn any_case(text: &str, rng: &mut SmallRng) -> String {
    match rng.random_range(0..3) {
        0 => text.to_owned(),
        1 => text.to_ascii_uppercase(),
        _ => text
            .chars()
            .map(|c| {
                if rng.random_bool(0.5) {
                    c.to_ascii_uppercase()
                } else {
                    c
                }
            })
            .collect(),
    }
}

/// A separator written with or without spaces around it.
fn spaced(sep: &str, rng: &mut SmallRng) -> String {
    match rng.random_range(0..3) {
        0 => sep.to_owned(),
        1 => format!(" {sep} "),
        _ => format!(" {sep}"),
    }
}

/// The Agros direction from one square to another along a line (AR-16's direction forms).
fn direction(from: &str, to: &str) -> Option<&'static str> {
    let file = |s: &str| s.as_bytes()[0] as i32;
    let rank = |s: &str| s[1..].parse::<i32>().ok();
    let (df, dr) = (file(to) - file(from), rank(to)? - rank(from)?);
    Some(match (df.signum(), dr.signum()) {
        (0, 1) => "n",
        (1, 1) => "ne",
        (1, 0) => "e",
        (1, -1) => "se",
        (0, -1) => "s",
        (-1, -1) => "sw",
        (-1, 0) => "w",
        (-1, 1) => "nw",
        _ => return None,
    })
}

/// The written forms the rules allow for an action, besides its canonical notation.
fn forms(position: &AnyPosition, action: AnyAction, rng: &mut SmallRng) -> Vec<String> {
    let canonical = position.notation(action);
    let mut out = vec![canonical.clone()];
    match position.kind() {
        GameKind::Agon => {
            // `a5-a6xb7`: the capture suffix may be left out; `-` may be a dash; a piece prefix.
            let bare = canonical.split('x').next().unwrap_or(&canonical).to_owned();
            out.push(bare.clone());
            let sep = if bare.contains('=') { "=" } else { "-" };
            let (from, to) = bare.split_once(sep).unwrap();
            for dash in ["-", "–", "—"] {
                if sep == "-" {
                    out.push(format!("{from}{}{to}", spaced(dash, rng)));
                }
            }
            out.push(format!("{from}{}{to}", spaced(sep, rng)));
            for prefix in ["Q", "G"] {
                out.push(format!("{prefix}{from}{sep}{to}"));
            }
        }
        GameKind::Agros => {
            if let Some((from, to)) = canonical.split_once('-') {
                out.push(format!("{from}{}{to}", spaced("-", rng)));
                out.push(format!("harvest {from} {to}"));
                if let Some(d) = direction(from, to) {
                    out.push(format!("harvest {from} {d}"));
                }
            } else if let Some((from, to)) = canonical.split_once('=') {
                out.push(format!("{from}{}{to}", spaced("=", rng)));
                out.push(format!("sow {from} {to}"));
                if let Some(d) = direction(from, to) {
                    out.push(format!("sow {from} {d}"));
                }
            } else if let Some((a, b)) = canonical.split_once(',') {
                out.push(format!("{a} {b}"));
                out.push(format!("{b},{a}"));
                out.push(format!("{a}, {b}"));
                out.push(format!("{b} {a}"));
            }
        }
    }
    // Only the forms the rules engine itself reads as this action (a piece prefix fits one piece).
    out.into_iter()
        .map(|f| any_case(&f, rng))
        .filter(|f| position.parse_action(f) == Ok(action))
        .collect()
}

/// One game as the test follows it: the service's number and the rules engine's position.
struct Followed {
    id: i64,
    position: AnyPosition,
    white: String,
    black: String,
    plies: u32,
}

async fn open_service(db: &std::path::Path) -> Service {
    let store = agora_store::testing::open(db, &StoreOptions::default())
        .await
        .unwrap();
    let settings = Settings {
        seed: Some(11),
        max_days: 30,
        ..Settings::default()
    };
    Service::new(store, Templates::load(None).unwrap(), settings)
}

async fn send(
    service: &Service,
    from: &str,
    text: &str,
    game: Option<i64>,
    now: &mut DateTime<Utc>,
    n: &mut u64,
) -> agora_service::Answer {
    *now += Duration::minutes(1);
    *n += 1;
    service
        .handle(
            &Inbound {
                name: None,
                text: text.to_owned(),
                delivery: Some(format!("test:{n}")),
                game,
                ..Inbound::new(from.parse().unwrap())
            },
            *now,
        )
        .await
        .unwrap()
}

/// Starts a game between `white` and `black` and returns its number.
async fn start(
    service: &Service,
    white: &str,
    black: &str,
    black_name: &str,
    variant: Variant,
    now: &mut DateTime<Utc>,
    n: &mut u64,
) -> i64 {
    let kind = match variant {
        Variant::Agon => "agon".to_owned(),
        Variant::Agros { board, farmers } => format!("agros board {board} farmers {farmers}"),
    };
    let sent = send(
        service,
        white,
        &format!("challenge {black_name} {kind} days 30"),
        None,
        now,
        n,
    )
    .await;
    assert_eq!(sent.status, Status::Done, "{}", sent.text);
    let id = sent.game.expect("a challenge names its game");
    let accepted = send(service, black, &format!("accept #{id}"), None, now, n).await;
    assert_eq!(accepted.status, Status::Done, "{}", accepted.text);
    id
}

/// Plays two games at once between one pair on one channel, in a random interleaving.
async fn play_pair(
    service: &Service,
    channel: Channel,
    pair: usize,
    variant: Variant,
    rng: &mut SmallRng,
    now: &mut DateTime<Utc>,
    n: &mut u64,
) -> u32 {
    let ann = channel.identity("ann", pair);
    let bob = channel.identity("bob", pair);
    // Both players exist before the challenges, so they can be named.
    for who in [&ann, &bob] {
        let r = send(service, who, "games", None, now, n).await;
        assert_eq!(r.status, Status::Done, "{}", r.text);
    }
    let bob_name = match channel {
        Channel::MailThread => format!("bob{pair}@example.org"),
        Channel::DiscordThread => format!("<@200{pair}>"),
        Channel::Terminal => format!("bob{pair}"),
    };
    let ann_name = match channel {
        Channel::MailThread => format!("ann{pair}@example.org"),
        Channel::DiscordThread => format!("<@100{pair}>"),
        Channel::Terminal => format!("ann{pair}"),
    };
    // Ann is White in the first game, Bob in the second: both games often wait for one player.
    let first = start(service, &ann, &bob, &bob_name, variant, now, n).await;
    let second = start(service, &bob, &ann, &ann_name, variant, now, n).await;
    let mut games = [
        Followed {
            id: first,
            position: variant.start(),
            white: ann.clone(),
            black: bob.clone(),
            plies: 0,
        },
        Followed {
            id: second,
            position: variant.start(),
            white: bob.clone(),
            black: ann.clone(),
            plies: 0,
        },
    ];
    // Random play ends every game, but Agros's passes (AR-9) are made likelier to keep it short.
    while let Some(i) = {
        let open: Vec<usize> = (0..2)
            .filter(|&i| !games[i].position.is_finished())
            .collect();
        (!open.is_empty()).then(|| open[rng.random_range(0..open.len())])
    } {
        let g = &games[i];
        let mover = match g.position.to_act() {
            Seat::First => g.white.clone(),
            Seat::Second => g.black.clone(),
        };
        let legal = g.position.legal_actions();
        let pass = legal
            .iter()
            .copied()
            .find(|a| g.position.notation(*a) == "pass");
        let action = match pass {
            Some(p) if rng.random_bool(0.15) => p,
            _ => legal[rng.random_range(0..legal.len())],
        };
        let choices = forms(&g.position, action, rng);
        assert!(!choices.is_empty(), "no form of {action}");
        let written = choices[rng.random_range(0..choices.len())].clone();
        let (text, context) = match channel {
            Channel::MailThread | Channel::DiscordThread => (written.clone(), Some(g.id)),
            Channel::Terminal => {
                // Left out when this is the only game waiting for the mover; named otherwise.
                let other = &games[1 - i];
                let other_waits = !other.position.is_finished()
                    && match other.position.to_act() {
                        Seat::First => other.white == mover,
                        Seat::Second => other.black == mover,
                    };
                let text = match (other_waits, rng.random_range(0..4)) {
                    (false, 0) => written.clone(),
                    (_, 1) => format!("{written} #{}", g.id),
                    (_, 2) => format!("game {} {written}", g.id),
                    _ => format!("#{} {written}", g.id),
                };
                (text, None)
            }
        };
        let answer = send(service, &mover, &text, context, now, n).await;
        assert_eq!(
            answer.status,
            Status::Done,
            "{channel:?} {variant:?}: `{text}` ({action}) in game #{} was refused: {}",
            g.id,
            answer.text
        );
        assert_eq!(answer.game, Some(g.id), "`{text}` landed in another game");
        let g = &mut games[i];
        g.position.play(action).unwrap();
        g.plies += 1;
        // The service's game is the rules engine's, ply for ply; the other game did not move.
        for f in &games {
            let state = service.game_state(f.id, None).await.unwrap().unwrap();
            assert_eq!(state.current_ply, f.plies, "game #{} after `{text}`", f.id);
            assert_eq!(state.position, f.position, "game #{} after `{text}`", f.id);
        }
    }
    for f in &games {
        let state = service.game_state(f.id, None).await.unwrap().unwrap();
        assert_eq!(state.status, GameStatus::Finished, "game #{}", f.id);
        assert!(state.result.is_some());
        assert_eq!(state.position.outcome(), f.position.outcome());
        assert!(f.position.outcome().is_some());
    }
    games.iter().map(|f| f.plies).sum()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bare_actions_of_every_variant_land_in_their_game_on_every_channel() {
    let dir = std::env::temp_dir().join(format!("agora-bare-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("bare.db");
    let service = open_service(&db).await;
    let mut rng = SmallRng::seed_from_u64(2026);
    let mut now: DateTime<Utc> = Utc.with_ymd_and_hms(2026, 3, 2, 9, 0, 0).unwrap();
    let mut n = 0;
    let mut pair = 0;
    for variant in variants() {
        let mut plies = 0;
        for channel in [
            Channel::MailThread,
            Channel::DiscordThread,
            Channel::Terminal,
        ] {
            pair += 1;
            plies += play_pair(&service, channel, pair, variant, &mut rng, &mut now, &mut n).await;
        }
        eprintln!("{variant:?}: 6 games, {plies} actions");
        assert!(
            plies >= 6 * 4,
            "{variant:?}: games too short to mean anything"
        );
    }
    service.store().close().await;
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test]
async fn a_game_reference_that_disagrees_with_the_thread_is_refused() {
    let dir = std::env::temp_dir().join(format!("agora-bare-ref-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let service = open_service(&dir.join("ref.db")).await;
    let mut now: DateTime<Utc> = Utc.with_ymd_and_hms(2026, 3, 2, 9, 0, 0).unwrap();
    let mut n = 0;
    let (ann, bob) = ("mailto:ann@example.org", "mailto:bob@example.org");
    for who in [ann, bob] {
        send(&service, who, "games", None, &mut now, &mut n).await;
    }
    let agros = Variant::new(GameKind::Agros, Some(10), Some(5)).unwrap();
    let mut ids = Vec::new();
    for _ in 0..2 {
        let bob_name = "bob@example.org";
        ids.push(start(&service, ann, bob, bob_name, agros, &mut now, &mut n).await);
    }
    let (one, two) = (ids[0], ids[1]);
    // Ann opens both games; then Bob (two placements) answers game two's mail with `g1 f5`.
    for id in [one, two] {
        let r = send(&service, ann, "e5", Some(id), &mut now, &mut n).await;
        assert_eq!(r.status, Status::Done, "{}", r.text);
    }
    let r = send(&service, bob, "g1 f5", Some(two), &mut now, &mut n).await;
    assert_eq!(r.status, Status::Done, "{}", r.text);
    assert_eq!(r.game, Some(two));
    let state = |id| {
        let service = &service;
        async move { service.game_state(id, None).await.unwrap().unwrap() }
    };
    assert_eq!(state(one).await.current_ply, 1, "game one did not move");
    let mut expected = agros.start();
    for text in ["e5", "g1 f5"] {
        let action = expected.parse_action(text).unwrap();
        expected.play(action).unwrap();
    }
    assert_eq!(
        state(two).await.position,
        expected,
        "both placements in game two"
    );
    // Naming game one in game two's thread is refused, and changes nothing.
    let before = state(one).await.version;
    let r = send(&service, bob, "#1 f5", Some(two), &mut now, &mut n).await;
    assert_eq!(r.status, Status::Refused);
    assert!(r.text.contains("#1") && r.text.contains("#2"), "{}", r.text);
    let r = send(&service, bob, "game 1 g1 f5", Some(two), &mut now, &mut n).await;
    assert_eq!(r.status, Status::Refused);
    assert_eq!(state(one).await.version, before);
    assert_eq!(state(one).await.current_ply, 1);
    // The same, named as the thread's own game, is fine.
    let r = send(&service, ann, "#2 pass", Some(two), &mut now, &mut n).await;
    assert_ne!(
        r.status,
        Status::Done,
        "pass is not legal in the opening: {}",
        r.text
    );
    service.store().close().await;
    std::fs::remove_dir_all(&dir).ok();
}
