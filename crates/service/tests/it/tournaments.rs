//! Tournaments through the service, checked against small independent computations written
//! here (not the domain crate's): a 10-player double round robin in which one player leaves after
//! round 3 (before half their games: every result of theirs is cancelled) and one loses a game
//! on time; a 9-player Swiss of 5 rounds with a bye each round; the commands' refusals.

use agora_service::{Service, Settings, TournamentTable};
use chrono::{DateTime, Duration, TimeZone, Utc};
use std::collections::HashMap;

use crate::notes::{Bodies, open_service, send};

/// How a game of the test ends, from the first seat's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum End {
    FirstWins,
    SecondWins,
    Draw,
}

/// The result the test gives the game of `first` against `second` in `round`: spread so that
/// points and tie-breaks differ.
fn planned(first: usize, second: usize, round: u32) -> End {
    match (first * 7 + second * 3 + round as usize) % 5 {
        0 | 1 => End::FirstWins,
        2 | 3 => End::SecondWins,
        _ => End::Draw,
    }
}

/// Plays a result through the commands: the loser resigns, or a draw is offered and accepted.
async fn play(
    service: &Service,
    game: i64,
    first: &str,
    second: &str,
    end: End,
    now: &mut DateTime<Utc>,
) {
    *now += Duration::minutes(1);
    let answer = match end {
        End::FirstWins => send(service, second, &format!("resign #{game}"), *now).await,
        End::SecondWins => send(service, first, &format!("resign #{game}"), *now).await,
        End::Draw => {
            let offer = send(service, first, &format!("draw offer #{game}"), *now).await;
            assert!(!offer.text.starts_with("Sorry"), "{}", offer.text);
            *now += Duration::minutes(1);
            send(service, second, &format!("draw accept #{game}"), *now).await
        }
    };
    assert!(
        !answer.text.starts_with("Sorry"),
        "#{game}: {}",
        answer.text
    );
}

fn table_of(t: &TournamentTable) -> HashMap<&str, &agora_service::TableEntrant> {
    t.entrants.iter().map(|e| (e.name.as_str(), e)).collect()
}

#[tokio::test]
async fn a_double_round_robin_with_a_withdrawal_and_a_loss_on_time() {
    let settings = Settings {
        seed: Some(5),
        warned_hours: 0,
        ..Settings::default()
    };
    let (service, dir) = open_service("tournament-rr", settings).await;
    let post = Bodies::default();
    let names = [
        "ann", "bob", "cas", "dee", "eve", "fay", "gus", "hal", "ivy", "jan",
    ];
    let mut now = Utc.with_ymd_and_hms(2026, 4, 1, 9, 0, 0).unwrap();

    let made = send(
        &service,
        "ann",
        "tournament create agon double days 3 players 10-10 name Winter cup",
        now,
    )
    .await;
    assert!(made.text.contains("T1 Winter cup"), "{}", made.text);
    assert!(made.text.contains("double round robin"), "{}", made.text);
    // Not the organiser: no start; not enough players either.
    let early = send(&service, "bob", "tournament start 1", now).await;
    assert!(early.text.starts_with("Sorry"), "{}", early.text);
    for name in &names {
        now += Duration::seconds(1);
        let joined = send(&service, name, "tournament join 1", now).await;
        assert!(joined.text.contains("T1"), "{name}: {}", joined.text);
    }
    // Full: it started by itself, every game at once.
    let t = service.tournament_table(1).await.unwrap().unwrap();
    assert_eq!(t.status, "running");
    assert_eq!(t.games.len(), 90);
    let mut pairs: HashMap<(String, String), usize> = HashMap::new();
    for g in &t.games {
        assert_eq!(g.result, "*");
        *pairs
            .entry((g.first.clone(), g.second.clone()))
            .or_default() += 1;
    }
    for a in &names {
        for b in &names {
            if a != b {
                assert_eq!(
                    pairs.get(&(a.to_string(), b.to_string())),
                    Some(&1),
                    "{a} against {b} with the first move once"
                );
            }
        }
    }
    // Everyone is told of each game, naming the tournament and round.
    service.deliver(&post, now).await.unwrap();
    let started = post.take();
    for name in &names {
        let theirs = started
            .iter()
            .filter(|(to, body)| to == &format!("local:{name}") && body.contains("has started"))
            .count();
        assert_eq!(theirs, 18, "{name}");
    }
    assert!(
        started
            .iter()
            .any(|(_, b)| b.contains("Tournament T1 Winter cup, round 18"))
    );

    let index = |n: &str| names.iter().position(|m| *m == n).unwrap();
    // The games of rounds 1 to 3 are played; then cas leaves, before half of his 18 games.
    let mut results: HashMap<i64, End> = HashMap::new();
    let mut games = t.games.clone();
    games.sort_by_key(|g| (g.round, g.game));
    for g in games.iter().filter(|g| g.round <= 3) {
        let end = planned(index(&g.first), index(&g.second), g.round);
        play(&service, g.game, &g.first, &g.second, end, &mut now).await;
        results.insert(g.game, end);
    }
    now += Duration::minutes(1);
    let left = send(&service, "cas", "tournament leave 1", now).await;
    assert!(left.text.contains("You left"), "{}", left.text);
    let t = service.tournament_table(1).await.unwrap().unwrap();
    for g in t
        .games
        .iter()
        .filter(|g| g.first == "cas" || g.second == "cas")
    {
        assert_eq!(g.result, "×", "every game of cas is cancelled: {g:?}");
    }
    // Jan will lose one game on time: his first game of round 4 with the first move.
    let late = games
        .iter()
        .find(|g| g.round == 4 && g.first == "jan" && g.second != "cas")
        .unwrap()
        .game;
    for g in games
        .iter()
        .filter(|g| g.round > 3 && g.first != "cas" && g.second != "cas" && g.game != late)
    {
        let end = planned(index(&g.first), index(&g.second), g.round);
        play(&service, g.game, &g.first, &g.second, end, &mut now).await;
        results.insert(g.game, end);
    }
    let t = service.tournament_table(1).await.unwrap().unwrap();
    assert_eq!(t.status, "running", "one game is still on");
    service.sweep(now + Duration::days(4)).await.unwrap();
    results.insert(late, End::SecondWins);
    let t = service.tournament_table(1).await.unwrap().unwrap();
    assert_eq!(t.status, "finished");

    // The independent count: points (half-points) from the results kept, cas's cancelled, and
    // Sonneborn–Berger (quarter-points) from those points.
    let counted: Vec<(&str, &str, End, u32)> = games
        .iter()
        .filter(|g| g.first != "cas" && g.second != "cas")
        .map(|g| {
            (
                g.first.as_str(),
                g.second.as_str(),
                results[&g.game],
                g.round,
            )
        })
        .collect();
    let mut points: HashMap<&str, u32> = names.iter().map(|n| (*n, 0)).collect();
    for &(a, b, end, _) in &counted {
        let (pa, pb) = match end {
            End::FirstWins => (2, 0),
            End::SecondWins => (0, 2),
            End::Draw => (1, 1),
        };
        *points.get_mut(a).unwrap() += pa;
        *points.get_mut(b).unwrap() += pb;
    }
    let mut sb: HashMap<&str, u32> = names.iter().map(|n| (*n, 0)).collect();
    for &(a, b, end, _) in &counted {
        match end {
            End::FirstWins => *sb.get_mut(a).unwrap() += 2 * points[b],
            End::SecondWins => *sb.get_mut(b).unwrap() += 2 * points[a],
            End::Draw => {
                *sb.get_mut(a).unwrap() += points[b];
                *sb.get_mut(b).unwrap() += points[a];
            }
        }
    }
    let table = table_of(&t);
    for name in &names {
        let e = table[name];
        assert_eq!(e.points, points[name], "{name}'s points");
        assert_eq!(e.sonneborn_berger, sb[name], "{name}'s Sonneborn–Berger");
        assert_eq!(e.out, *name == "cas", "{name}");
    }
    assert_eq!(table["cas"].played, 0);
    assert_eq!(table["jan"].played, 16);
    // The order: points, then Sonneborn–Berger.
    for pair in t.entrants.windows(2) {
        let key = |e: &agora_service::TableEntrant| (e.points, e.sonneborn_berger);
        assert!(key(&pair[0]) >= key(&pair[1]), "{pair:?}");
        assert!(pair[0].rank <= pair[1].rank);
    }
    // The crosstable: each cell the row's results against the column, round by round.
    let order: Vec<&str> = t.entrants.iter().map(|e| e.name.as_str()).collect();
    for (row, e) in t.entrants.iter().enumerate() {
        for (col, other) in order.iter().enumerate() {
            let mut met: Vec<(u32, &str)> = games
                .iter()
                .filter(|g| {
                    (g.first == e.name && g.second == *other)
                        || (g.second == e.name && g.first == *other)
                })
                .map(|g| {
                    let mark = if g.first == "cas" || g.second == "cas" {
                        "×"
                    } else {
                        let first = g.first == e.name;
                        match (results[&g.game], first) {
                            (End::Draw, _) => "½",
                            (End::FirstWins, true) | (End::SecondWins, false) => "1",
                            _ => "0",
                        }
                    };
                    (g.round, mark)
                })
                .collect();
            met.sort();
            let expected: String = if row == col {
                "x".into()
            } else {
                met.iter().map(|m| m.1).collect()
            };
            assert_eq!(e.crosstable[col], expected, "{} against {other}", e.name);
        }
    }

    // Everyone hears the final standings; the text shows the crosstable.
    service
        .deliver(&post, now + Duration::days(4))
        .await
        .unwrap();
    let last = post.take();
    for name in &names {
        assert!(
            last.iter().any(|(to, b)| to == &format!("local:{name}")
                && b.contains("Tournament T1 Winter cup is over")),
            "{name}"
        );
    }
    let shown = send(
        &service,
        "bob",
        "tournament standings 1",
        now + Duration::days(5),
    )
    .await;
    assert!(shown.text.contains("Crosstable"), "{}", shown.text);
    assert!(
        shown.text.contains("cas") && shown.text.contains("(out)"),
        "{}",
        shown.text
    );
    let listed = send(&service, "ivy", "toernooi", now + Duration::days(5)).await;
    assert!(listed.text.contains("T1 Winter cup"), "{}", listed.text);
    std::fs::remove_dir_all(dir).ok();
}

#[tokio::test]
async fn a_swiss_of_nine_players_pairs_by_score_without_repeats_and_gives_one_bye_a_round() {
    let settings = Settings {
        seed: Some(6),
        warned_hours: 0,
        ..Settings::default()
    };
    let (service, dir) = open_service("tournament-swiss", settings).await;
    let names = [
        "ann", "bob", "cas", "dee", "eve", "fay", "gus", "hal", "ivy",
    ];
    let mut now = Utc.with_ymd_and_hms(2026, 4, 1, 9, 0, 0).unwrap();
    let made = send(
        &service,
        "ann",
        "turnering skapa agros bräde 8 bönder 3 schweizer 5 spelare 9-9",
        now,
    )
    .await;
    assert!(made.text.contains("T1"), "{}", made.text);
    for name in &names {
        now += Duration::seconds(1);
        send(&service, name, "tournament join 1", now).await;
    }
    let index = |n: &str| names.iter().position(|m| *m == n).unwrap();
    let mut score = [0u32; 9];
    let mut met = std::collections::HashSet::new();
    let mut byes = Vec::new();
    let mut colours = [0i32; 9];
    for round in 1..=5u32 {
        let t = service.tournament_table(1).await.unwrap().unwrap();
        assert_eq!(
            t.round, round,
            "round {round} is paired once the last ended"
        );
        let games: Vec<_> = t
            .games
            .iter()
            .filter(|g| g.round == round)
            .cloned()
            .collect();
        assert_eq!(games.len(), 4, "round {round}");
        let bye = t
            .byes
            .iter()
            .find(|(r, _)| *r == round)
            .map(|(_, n)| n.clone())
            .expect("a bye");
        assert!(!byes.contains(&bye), "{bye} has a second bye");
        byes.push(bye.clone());
        let mut seen = vec![bye.clone()];
        for g in &games {
            let (a, b) = (index(&g.first), index(&g.second));
            assert!(
                met.insert((a.min(b), a.max(b))),
                "{} met {} again",
                g.first,
                g.second
            );
            seen.push(g.first.clone());
            seen.push(g.second.clone());
            if round == 2 {
                // Winners meet winners: the score groups of round 1 (one may float).
                assert!(score[a].abs_diff(score[b]) <= 2, "{g:?}");
            }
            colours[a] += 1;
            colours[b] -= 1;
        }
        seen.sort();
        seen.dedup();
        assert_eq!(
            seen.len(),
            9,
            "everyone plays or has the bye in round {round}"
        );
        score[index(&bye)] += 2;
        for g in &games {
            let (a, b) = (index(&g.first), index(&g.second));
            // Agros has no draws (AR-9).
            let end = match planned(a, b, round) {
                End::Draw => End::FirstWins,
                end => end,
            };
            play(&service, g.game, &g.first, &g.second, end, &mut now).await;
            match end {
                End::FirstWins => score[a] += 2,
                End::SecondWins => score[b] += 2,
                End::Draw => {
                    score[a] += 1;
                    score[b] += 1;
                }
            }
        }
    }
    for (i, c) in colours.iter().enumerate() {
        assert!(
            c.abs() <= 2,
            "{}: first moves minus second moves {c}",
            names[i]
        );
    }
    let t = service.tournament_table(1).await.unwrap().unwrap();
    assert_eq!(t.status, "finished");
    let table = table_of(&t);
    // Points with the bye as a win, and Buchholz: the sum of the opponents' points.
    for (i, name) in names.iter().enumerate() {
        assert_eq!(table[name].points, score[i], "{name}");
        let opponents: u32 = t
            .games
            .iter()
            .filter_map(|g| {
                (g.first == *name)
                    .then_some(&g.second)
                    .or((g.second == *name).then_some(&g.first))
            })
            .map(|o| score[index(o)])
            .sum();
        assert_eq!(table[name].buchholz, opponents, "{name}'s Buchholz");
    }
    for pair in t.entrants.windows(2) {
        let key = |e: &agora_service::TableEntrant| (e.points, e.buchholz, e.median_buchholz);
        assert!(key(&pair[0]) >= key(&pair[1]), "{pair:?}");
    }
    let pairings = send(&service, "bob", "tournament pairings 1 3", now).await;
    assert!(pairings.text.contains("round 3"), "{}", pairings.text);
    assert!(pairings.text.contains("has the bye"), "{}", pairings.text);
    std::fs::remove_dir_all(dir).ok();
}

#[tokio::test]
async fn tournament_commands_refuse_what_they_cannot_do_and_change_nothing() {
    let (service, dir) = open_service("tournament-refusals", Settings::default()).await;
    let now = Utc.with_ymd_and_hms(2026, 4, 1, 9, 0, 0).unwrap();
    for (who, line) in [
        ("ann", "tournament join 4"),
        ("ann", "tournament create agon"),
        ("ann", "tournament create agon swiss 0"),
        ("ann", "tournament create agon round-robin players 1-40"),
        ("ann", "tournament create chess round-robin"),
        ("ann", "tournament create agon round-robin start 2020-01-01"),
        ("ann", "tournament dance 1"),
    ] {
        let answer = send(&service, who, line, now).await;
        assert!(answer.text.starts_with("Sorry"), "{line}: {}", answer.text);
    }
    let made = send(&service, "ann", "tournament create agon round-robin", now).await;
    assert!(made.text.contains("T1"), "{}", made.text);
    for (who, line, why) in [
        ("bob", "tournament cancel 1", "organiser"),
        ("bob", "tournament remove 1 ann", "organiser"),
        ("ann", "tournament start 1", "needs at least"),
        ("bob", "tournament leave 1", "not in"),
    ] {
        let answer = send(&service, who, line, now + Duration::seconds(1)).await;
        assert!(answer.text.contains(why), "{line}: {}", answer.text);
    }
    send(
        &service,
        "ann",
        "tournament create agon swiss 3",
        now + Duration::seconds(2),
    )
    .await;
    let third = send(
        &service,
        "ann",
        "tournament create agon ladder",
        now + Duration::seconds(3),
    )
    .await;
    assert!(third.text.contains("already organise 2"), "{}", third.text);
    let list = service.tournament_table(3).await.unwrap();
    assert!(list.is_none());
    std::fs::remove_dir_all(dir).ok();
}

#[tokio::test]
async fn a_ladder_moves_winners_up_and_a_challenge_unanswered_is_lost() {
    let settings = Settings {
        seed: Some(7),
        warned_hours: 0,
        ..Settings::default()
    };
    let (service, dir) = open_service("tournament-ladder", settings).await;
    let mut now = Utc.with_ymd_and_hms(2026, 4, 1, 9, 0, 0).unwrap();
    let made = send(
        &service,
        "ann",
        "toernooi maak agros bord 8 boeren 3 ladder bereik 2",
        now,
    )
    .await;
    assert!(made.text.contains("T1"), "{}", made.text);
    for name in ["ann", "bob", "cas", "dee", "eve"] {
        now += Duration::seconds(1);
        send(&service, name, "tournament join 1", now).await;
    }
    now += Duration::seconds(1);
    send(&service, "ann", "tournament start 1", now).await;
    let ladder = |t: &TournamentTable| -> Vec<String> {
        t.entrants.iter().map(|e| e.name.clone()).collect()
    };
    let t = service.tournament_table(1).await.unwrap().unwrap();
    assert_eq!(ladder(&t), ["ann", "bob", "cas", "dee", "eve"]);

    // Out of reach: three places above.
    now += Duration::minutes(1);
    let far = send(&service, "eve", "tournament challenge 1 bob", now).await;
    assert!(far.text.contains("up to 2 places"), "{}", far.text);
    // Eve beats cas, two above, and takes his place.
    let sent = send(&service, "eve", "tournament challenge 1 cas", now).await;
    let game = sent.game.expect("a game");
    assert!(sent.text.contains("you challenged cas"), "{}", sent.text);
    let again = send(&service, "dee", "tournament challenge 1 cas", now).await;
    assert!(
        again.text.contains("already have a challenge"),
        "{}",
        again.text
    );
    now += Duration::minutes(1);
    send(&service, "cas", &format!("accept #{game}"), now).await;
    now += Duration::minutes(1);
    send(&service, "cas", &format!("resign #{game}"), now).await;
    let t = service.tournament_table(1).await.unwrap().unwrap();
    assert_eq!(ladder(&t), ["ann", "bob", "eve", "cas", "dee"]);

    // Dee challenges eve, who does not answer in time: dee takes her place.
    now += Duration::minutes(1);
    let game = send(&service, "dee", "tournament challenge 1 eve", now)
        .await
        .game
        .unwrap();
    service.sweep(now + Duration::days(8)).await.unwrap();
    now += Duration::days(8);
    let t = service.tournament_table(1).await.unwrap().unwrap();
    assert_eq!(ladder(&t), ["ann", "bob", "dee", "eve", "cas"]);
    let lapsed = t.games.iter().find(|g| g.game == game).unwrap();
    assert_eq!(lapsed.result, "+/-");

    // Bob challenges ann, who declines: declined is lost.
    now += Duration::minutes(1);
    let game = send(&service, "bob", "tournament challenge 1 ann", now)
        .await
        .game
        .unwrap();
    now += Duration::minutes(1);
    send(&service, "ann", &format!("decline #{game}"), now).await;
    let t = service.tournament_table(1).await.unwrap().unwrap();
    assert_eq!(ladder(&t), ["bob", "ann", "dee", "eve", "cas"]);

    // The one above wins: nothing moves.
    now += Duration::minutes(1);
    let game = send(&service, "dee", "tournament challenge 1 ann", now)
        .await
        .game
        .unwrap();
    now += Duration::minutes(1);
    send(&service, "ann", &format!("accept #{game}"), now).await;
    now += Duration::minutes(1);
    send(&service, "dee", &format!("resign #{game}"), now).await;
    let t = service.tournament_table(1).await.unwrap().unwrap();
    assert_eq!(ladder(&t), ["bob", "ann", "dee", "eve", "cas"]);

    // A newcomer starts at the bottom; one who leaves is off the ladder.
    now += Duration::minutes(1);
    send(&service, "fay", "tournament join 1", now).await;
    send(&service, "eve", "tournament leave 1", now).await;
    let t = service.tournament_table(1).await.unwrap().unwrap();
    assert_eq!(ladder(&t), ["bob", "ann", "dee", "cas", "fay", "eve"]);
    assert!(t.entrants.last().unwrap().out);
    std::fs::remove_dir_all(dir).ok();
}

#[tokio::test]
async fn the_operator_organises_without_a_limit_and_a_blocked_player_is_taken_out() {
    let settings = Settings {
        seed: Some(8),
        ..Settings::default()
    };
    let (service, dir) = open_service("tournament-operator", settings).await;
    let now = Utc.with_ymd_and_hms(2026, 4, 1, 9, 0, 0).unwrap();
    let admin = service.admin();
    for i in 0..3 {
        let made = admin
            .tournament(&format!("create agon round-robin name Club {i}"), now)
            .await
            .unwrap();
        assert!(made.contains(&format!("Club {i}")), "{made}");
    }
    let refused = admin.tournament("join 1", now).await.unwrap_err();
    assert!(refused.to_string().contains("plays in none"), "{refused}");
    let refused = admin.tournament("create agon", now).await.unwrap_err();
    assert!(refused.to_string().contains("format"), "{refused}");
    for name in ["ann", "bob", "cas"] {
        send(&service, name, "tournament join 1", now).await;
    }
    // Only the operator organises it: a player may not start it.
    let early = send(&service, "ann", "tournament start 1", now).await;
    assert!(early.text.contains("organiser"), "{}", early.text);
    let started = admin.tournament("start 1", now).await.unwrap();
    assert!(started.contains("round 1"), "{started}");
    // Cas is blocked: out of the tournament, his games cancelled, nothing waits on him.
    admin
        .block(&"local:cas".parse().unwrap(), now)
        .await
        .unwrap();
    let t = service.tournament_table(1).await.unwrap().unwrap();
    for g in t
        .games
        .iter()
        .filter(|g| g.first == "cas" || g.second == "cas")
    {
        assert_eq!(g.result, "×", "{g:?}");
    }
    assert!(t.entrants.iter().any(|e| e.name == "cas" && e.out));
    let standings = admin.tournament("standings 1", now).await.unwrap();
    assert!(standings.contains("(out)"), "{standings}");
    std::fs::remove_dir_all(dir).ok();
}

#[tokio::test]
async fn a_tournament_starts_on_its_day_with_enough_players_and_is_cancelled_without() {
    let (service, dir) = open_service("tournament-day", Settings::default()).await;
    let now = Utc.with_ymd_and_hms(2026, 4, 1, 9, 0, 0).unwrap();
    send(
        &service,
        "ann",
        "tournament create agon swiss 3 start 2026-04-05",
        now,
    )
    .await;
    send(
        &service,
        "bob",
        "tournament create agon round-robin players 3-8 start 2026-04-05",
        now,
    )
    .await;
    for name in ["ann", "bob", "cas", "dee"] {
        send(
            &service,
            name,
            "tournament join 1",
            now + Duration::seconds(1),
        )
        .await;
    }
    send(
        &service,
        "ann",
        "tournament join 2",
        now + Duration::seconds(2),
    )
    .await;
    // Not before its day.
    service.sweep(now + Duration::days(3)).await.unwrap();
    let t = service.tournament_table(1).await.unwrap().unwrap();
    assert_eq!(t.status, "open");
    service.sweep(now + Duration::days(4)).await.unwrap();
    let t = service.tournament_table(1).await.unwrap().unwrap();
    assert_eq!(t.status, "running");
    assert_eq!((t.round, t.games.len()), (1, 2));
    let two = service.tournament_table(2).await.unwrap().unwrap();
    assert_eq!(two.status, "cancelled", "one player of at least three");
    std::fs::remove_dir_all(dir).ok();
}
