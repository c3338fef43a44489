//! The community through the service on a real SQLite file: ratings that settle into an
//! established leaderboard over many rated games, games that do not count, an open challenge
//! taken by exactly one of two players who accept at once, and one that expires. And its
//! bounds: watchers per game (each still told once per move), games per player against the
//! computer, and the computer's searches at once.

use agora_service::{Identity, Inbound, Service, Settings, Status, StoreOptions, Templates};
use agora_store::Notice;
use chrono::{DateTime, Duration, Utc};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

async fn service(name: &str) -> Arc<Service> {
    service_with(
        name,
        Settings {
            seed: Some(7),
            ..Settings::default()
        },
    )
    .await
}

async fn service_with(name: &str, settings: Settings) -> Arc<Service> {
    let dir = std::env::temp_dir().join(format!("agora-community-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let store = agora_store::testing::open(&dir.join("agora.db"), &StoreOptions::default())
        .await
        .unwrap();
    Arc::new(Service::new(
        store,
        Templates::load(None).unwrap(),
        settings,
    ))
}

async fn say(s: &Service, who: &str, text: &str, now: DateTime<Utc>) -> agora_service::Answer {
    let inbound = Inbound {
        text: text.into(),
        ..Inbound::new(Identity::local(who))
    };
    s.handle(&inbound, now).await.unwrap()
}

async fn done(s: &Service, who: &str, text: &str, now: DateTime<Utc>) -> String {
    let answer = say(s, who, text, now).await;
    assert_eq!(
        answer.status,
        Status::Done,
        "{who}: {text}: {}",
        answer.text
    );
    answer.text
}

fn start() -> DateTime<Utc> {
    "2026-03-02T10:00:00Z".parse().unwrap()
}

/// One rated Agon game that `winner` wins after both sides acted: the loser resigns.
async fn rated_win(s: &Service, winner: &str, loser: &str, now: &mut DateTime<Utc>) -> String {
    *now += Duration::minutes(1);
    let text = done(s, winner, &format!("challenge {loser} agon"), *now).await;
    let game: i64 = text
        .strip_prefix("Game #")
        .and_then(|t| t.split(':').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("a game number in {text}"));
    done(s, loser, &format!("accept #{game}"), *now).await;
    done(s, winner, &format!("#{game} k1-j1"), *now).await;
    done(s, loser, &format!("#{game} a6-a5"), *now).await;
    done(s, loser, &format!("resign #{game}"), *now).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ratings_settle_into_an_established_leaderboard() {
    let s = service("ladder").await;
    let mut now = start();
    // Nobody has a rating yet, and the leaderboard says so.
    for who in ["ann", "bob", "cid", "dan"] {
        done(&s, who, "games", now).await;
    }
    let empty = done(&s, "ann", "leaderboard agon", now).await;
    assert!(
        empty.contains("Nobody has an established rating"),
        "{empty}"
    );
    // Three players, many rated games: Ann wins two of three against Bob and Cid, Bob two of
    // three against Cid.
    for round in 0..30 {
        let (w, l) = [("ann", "bob"), ("ann", "cid"), ("bob", "cid")][round % 3];
        let (w, l) = if round % 9 >= 6 { (l, w) } else { (w, l) };
        let report = rated_win(&s, w, l, &mut now).await;
        assert!(
            report.contains("Ratings:"),
            "the final report shows the changes: {report}"
        );
    }
    let board = done(&s, "dan", "leaderboard agon", now).await;
    let lines: Vec<&str> = board
        .lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .collect();
    assert_eq!(lines.len(), 3, "{board}");
    assert!(lines[0].contains("1. ann"), "{board}");
    assert!(lines[1].contains("2. bob"), "{board}");
    assert!(lines[2].contains("3. cid"), "{board}");
    let ann = done(&s, "dan", "rating ann", now).await;
    assert!(ann.contains("Agon: "), "{ann}");
    assert!(ann.contains("after 20 rated games"), "{ann}");
    assert!(!ann.contains("provisional"), "{ann}");
    assert!(ann.contains("100% of 20 turns played in time"), "{ann}");

    // Games that do not count: one aborted before both sides acted, one `unrated`, one against
    // the computer. None of them changes a rating.
    let agon_line = |text: String| {
        text.lines()
            .find(|l| l.contains("Agon:"))
            .map(str::to_owned)
            .unwrap_or_default()
    };
    let before = agon_line(done(&s, "ann", "rating", now).await);
    now += Duration::minutes(1);
    done(&s, "ann", "challenge bob agon", now).await;
    let game = 31;
    done(&s, "bob", &format!("accept #{game}"), now).await;
    done(&s, "ann", &format!("#{game} k1-j1"), now).await;
    let report = done(&s, "bob", &format!("resign #{game}"), now).await;
    assert!(!report.contains("Ratings:"), "{report}");
    done(&s, "ann", "challenge bob agon unrated", now).await;
    done(&s, "bob", "accept #32", now).await;
    done(&s, "ann", "#32 k1-j1", now).await;
    done(&s, "bob", "#32 a6-a5", now).await;
    let report = done(&s, "bob", "resign #32", now).await;
    assert!(!report.contains("Ratings:"), "{report}");
    done(&s, "ann", "challenge computer agon level easy", now).await;
    done(&s, "ann", "resign #33", now).await;
    assert_eq!(agon_line(done(&s, "ann", "rating", now).await), before);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_challenge_goes_to_exactly_one_of_two_at_once() {
    let s = service("race").await;
    let now = start();
    for round in 0..10 {
        let text = done(&s, "ann", "challenge anyone agros board 8", now).await;
        assert!(text.contains("open challenge"), "{text}");
        let game = round + 1;
        let accept = format!("accept #{game}");
        let (a, b) = tokio::join!(say(&s, "bob", &accept, now), say(&s, "cid", &accept, now));
        let won = [a.status, b.status]
            .iter()
            .filter(|&&x| x == Status::Done)
            .count();
        assert_eq!(won, 1, "{}\n{}", a.text, b.text);
        let lost = if a.status == Status::Done { &b } else { &a };
        assert_eq!(lost.status, Status::Refused, "{}", lost.text);
        let state = s.game_state(game, None).await.unwrap().unwrap();
        assert!(!state.options.open);
        let winner = if a.status == Status::Done {
            "bob"
        } else {
            "cid"
        };
        assert_eq!(state.names[1], winner);
        done(&s, "ann", &format!("resign #{game}"), now).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_challenge_expires_like_any_other() {
    let s = service("expiry").await;
    let now = start();
    done(&s, "ann", "challenge anyone agon", now).await;
    assert!(
        done(&s, "bob", "seeks", now)
            .await
            .contains("#1  Agon by ann")
    );
    // Past its expiry, nobody can take it, and the sweep closes it.
    let later = now + Duration::days(30);
    let late = say(&s, "bob", "accept #1", later).await;
    assert_eq!(late.status, Status::Refused, "{}", late.text);
    assert!(late.text.contains("no longer open"), "{}", late.text);
    s.sweep(later).await.unwrap();
    assert!(
        done(&s, "bob", "seeks", later)
            .await
            .contains("No open challenges")
    );
    let state = s.game_state(1, None).await.unwrap().unwrap();
    assert_eq!(state.status, agora_store::GameStatus::Cancelled);
    // Its maker may open another: the expired one no longer counts among theirs.
    done(&s, "ann", "challenge anyone agon", later).await;
}

/// A game's watchers are capped: one more `watch` is refused with the cap and changes nothing,
/// one who watches already is still answered so, and a move tells each watcher exactly once
/// (one outbox row each), in their own language and zone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_games_watchers_are_capped_and_each_told_once() {
    const WATCHERS: usize = 30;
    let s = service_with(
        "watchers",
        Settings {
            seed: Some(7),
            max_watchers_per_game: WATCHERS as u32,
            ..Settings::default()
        },
    )
    .await;
    let now = start();
    done(&s, "bob", "games", now).await;
    done(&s, "ann", "challenge bob agon", now).await;
    done(&s, "bob", "accept #1", now).await;
    // Watchers in three languages and two zones: six different texts of one move.
    let language = |i: usize| ["en", "nl", "sv"][i % 3];
    let zone = |i: usize| ["UTC", "Europe/Stockholm"][i % 2];
    for i in 0..WATCHERS {
        let who = format!("w{i:02}");
        done(&s, &who, &format!("settings language {}", language(i)), now).await;
        done(&s, &who, &format!("settings timezone {}", zone(i)), now).await;
        done(&s, &who, "watch #1", now).await;
    }
    let refused = say(&s, "late", "watch #1", now).await;
    assert_eq!(refused.status, Status::Refused, "{}", refused.text);
    assert!(
        refused
            .text
            .contains("game #1 has 30 watchers, the most one game may have"),
        "{}",
        refused.text
    );
    // One who watches already is answered so, not refused.
    let again = done(&s, "w00", "watch #1", now).await;
    assert!(again.contains("already"), "{again}");

    let answer = say(&s, "ann", "#1 k1-j1", now).await;
    assert_eq!(answer.status, Status::Done, "{}", answer.text);
    let told: Vec<_> = answer
        .notices
        .iter()
        .filter(|n| n.kind == Notice::Watching)
        .collect();
    assert_eq!(told.len(), WATCHERS);
    // The outbox holds exactly one row of the move for each watcher, and none for `late`.
    let mut tx = s.store().read().await.unwrap();
    let rows: Vec<_> = tx
        .pending("local", now, 1000)
        .await
        .unwrap()
        .into_iter()
        .filter(|m| m.kind == Notice::Watching && m.game_id == Some(1))
        .collect();
    drop(tx);
    assert_eq!(rows.len(), WATCHERS);
    let to: BTreeSet<&str> = rows.iter().map(|m| m.address.as_str()).collect();
    let expected: BTreeSet<String> = (0..WATCHERS).map(|i| format!("local:w{i:02}")).collect();
    assert_eq!(
        to,
        expected.iter().map(String::as_str).collect::<BTreeSet<_>>()
    );
    let ids: BTreeSet<i64> = rows.iter().map(|m| m.id).collect();
    assert_eq!(ids, told.iter().map(|n| n.id).collect::<BTreeSet<_>>());
    // Each in the watcher's own words: watchers alike read the same text, others another.
    let mut texts: BTreeMap<(&str, &str), BTreeSet<&str>> = BTreeMap::new();
    for m in &rows {
        let i: usize = m.address["local:w".len()..].parse().unwrap();
        let subject = [
            "Game #1 (watched), ply 1: ann (white) played k1-j1",
            "Partij #1 (gevolgd), zet 1: ann (wit) heeft k1-j1 gespeeld",
            "Parti #1 (som du följer), drag 1: ann (vit) spelade k1-j1",
        ][i % 3];
        assert_eq!(m.subject, subject, "{}", m.body);
        texts
            .entry((language(i), zone(i)))
            .or_default()
            .insert(&m.body);
    }
    assert_eq!(texts.len(), 6);
    assert!(texts.values().all(|t| t.len() == 1), "{texts:#?}");
    let bodies: BTreeSet<_> = texts.values().flatten().collect();
    assert_eq!(bodies.len(), 6, "a zone changes the deadline's words");
}

/// Games against the computer are capped per player: the next challenge to it is refused with
/// the cap and makes no game; another player is not held back, and a game ended frees a place.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_against_the_computer_are_capped_per_player() {
    let s = service_with(
        "computer-cap",
        Settings {
            seed: Some(7),
            max_computer_games: 2,
            ..Settings::default()
        },
    )
    .await;
    let now = start();
    for game in 1..=2 {
        let text = done(&s, "ann", "challenge computer agon level easy", now).await;
        assert!(text.starts_with(&format!("Game #{game}:")), "{text}");
    }
    let refused = say(&s, "ann", "challenge computer agros level easy", now).await;
    assert_eq!(refused.status, Status::Refused, "{}", refused.text);
    assert!(
        refused.text.contains(
            "you have 2 games against the computer under way, the most one player may have"
        ),
        "{}",
        refused.text
    );
    assert!(s.game_state(3, None).await.unwrap().is_none());
    let bob = done(&s, "bob", "challenge computer agon level easy", now).await;
    assert!(bob.starts_with("Game #3:"), "{bob}");
    done(&s, "ann", "resign #1", now).await;
    let again = done(&s, "ann", "challenge computer agros level easy", now).await;
    assert!(again.starts_with("Game #4:"), "{again}");
}

/// The computer's searches are bounded per process: with one slot, four games whose computer
/// must answer at the same moment each get their answer, one search at a time; a turn that
/// waited is played, and no move is made twice.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_computers_searches_wait_their_turn() {
    const GAMES: i64 = 4;
    let s = service_with(
        "searches",
        Settings {
            seed: Some(7),
            max_searches: 1,
            // `hard` thinks for all of it: long enough that the moves below meet while one
            // search runs.
            computer_think: std::time::Duration::from_millis(300),
            ..Settings::default()
        },
    )
    .await;
    let now = start();
    for game in 1..=GAMES {
        let who = format!("p{game}");
        let text = done(&s, &who, "challenge computer agon level hard", now).await;
        assert!(text.starts_with(&format!("Game #{game}:")), "{text}");
    }
    let moves: Vec<_> = (1..=GAMES)
        .map(|game| {
            let s = s.clone();
            tokio::spawn(async move {
                say(&s, &format!("p{game}"), &format!("#{game} k1-j1"), now).await
            })
        })
        .collect();
    for answer in futures::future::join_all(moves).await {
        let answer = answer.unwrap();
        assert_eq!(answer.status, Status::Done, "{}", answer.text);
    }
    for game in 1..=GAMES {
        let state = s.game_state(game, None).await.unwrap().unwrap();
        assert_eq!(state.ply, 2, "game #{game}: the computer answered once");
    }
    let mut tx = s.store().read().await.unwrap();
    assert_eq!(tx.count_actions().await.unwrap(), 2 * GAMES);
    drop(tx);
    let stats = s.search_stats();
    assert_eq!(stats.searches, GAMES as u64);
    assert_eq!(stats.most_at_once, 1);
    assert!(stats.waited >= 1, "{stats:?}");
    assert_eq!((stats.running, stats.waiting), (0, 0));
    // The operator sees the same on /metrics.
    let metrics = s.metrics_text(now).await;
    for line in [
        format!("agora_computer_search_waits_total {}", stats.waited),
        "agora_computer_searches{state=\"running\"} 0".to_owned(),
        "agora_computer_searches{state=\"waiting\"} 0".to_owned(),
    ] {
        assert!(metrics.lines().any(|l| l == line), "{line} in\n{metrics}");
    }
}

/// A computer's turn lives only in the task that plays it: a process stopped between a player's
/// move and the computer's answer leaves the game waiting for the computer. The sweep takes such
/// a turn up once it has waited far longer than a search takes, and the computer moves once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_computer_turn_a_stopped_process_left_is_taken_up_by_the_sweep() {
    let s = service_with(
        "lost-turn",
        Settings {
            seed: Some(7),
            // `hard` thinks for all of it: the process is stopped well before it answers.
            computer_think: std::time::Duration::from_secs(3),
            ..Settings::default()
        },
    )
    .await;
    let now = start();
    done(&s, "ann", "challenge computer agon level hard", now).await;
    let playing = tokio::spawn({
        let s = s.clone();
        async move { say(&s, "ann", "#1 k1-j1", now).await }
    });
    let ply = |s: Arc<Service>| async move { s.game_state(1, None).await.unwrap().unwrap().ply };
    while ply(s.clone()).await < 1 {
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    // Stopped while the computer thinks: its answer is never made.
    playing.abort();
    assert!(playing.await.unwrap_err().is_cancelled());
    tokio::time::sleep(std::time::Duration::from_secs(4)).await;
    assert_eq!(ply(s.clone()).await, 1);
    // A minute later the turn may still be under way somewhere: left alone.
    s.sweep(now + Duration::minutes(1)).await.unwrap();
    assert_eq!(ply(s.clone()).await, 1);
    // Later it is taken up, and the computer moves; a second sweep moves nothing more.
    s.sweep(now + Duration::minutes(3)).await.unwrap();
    assert_eq!(ply(s.clone()).await, 2);
    s.sweep(now + Duration::minutes(6)).await.unwrap();
    assert_eq!(ply(s.clone()).await, 2);
    let mut tx = s.store().read().await.unwrap();
    assert_eq!(tx.count_actions().await.unwrap(), 2);
}
