//! Conditional moves: a player enters lines while the opponent is to act; the opponent's action
//! that begins a line is answered at once through the path of every move, the rest of the line
//! stays, and any other action removes the lines. Nobody but their writer learns of them, not
//! even that they exist, by any command, notification, web page, JSON answer or record, until a
//! line is played (and then it looks like any move).

use agora_rules::{AnyAction, AnyPosition, GameKind, Variant};
use agora_service::{Language, Service, Settings, Status};
use chrono::{DateTime, Duration, TimeZone, Utc};

use crate::notes::{Bodies, open_service, send, shown};

/// Quiet actions (that do not end the game) of `position`, as notations: `n` different ones.
fn quiet(position: &AnyPosition, n: usize) -> Vec<AnyAction> {
    let found: Vec<AnyAction> = position
        .legal_actions()
        .into_iter()
        .filter(|&a| {
            let mut after = position.clone();
            after.play_unchecked(a);
            !after.is_finished()
        })
        .take(n)
        .collect();
    assert_eq!(found.len(), n, "{n} quiet actions");
    found
}

/// Plays `action` on `position` and returns its notation.
fn step(position: &mut AnyPosition, action: AnyAction) -> String {
    let n = position.notation(action);
    position.play_unchecked(action);
    n
}

/// The player who is to act in `position` (the first seat is `first`).
fn to_act<'a>(position: &AnyPosition, first: &'a str, second: &'a str) -> &'a str {
    match position.to_act() {
        agora_rules::Seat::First => first,
        agora_rules::Seat::Second => second,
    }
}

/// The lines a `conditional` answer lists (indented, their actions joined by arrows).
fn listed(text: &str) -> usize {
    text.lines()
        .filter(|l| l.starts_with("  ") && l.contains('→'))
        .count()
}

/// Words that would tell anyone but the writer that lines exist.
fn hidden(what: &str, text: &str) {
    for word in ["conditional", "voorwaardelijk", "villkor", "→"] {
        assert!(
            !text.to_lowercase().contains(word),
            "{what} shows {word:?}:\n{text}"
        );
    }
}

async fn a_game(
    service: &Service,
    variant: &str,
    now: DateTime<Utc>,
) -> (i64, AnyPosition, [&'static str; 2]) {
    for who in ["alice", "bob", "carol", "dave"] {
        send(service, who, "games", now).await;
    }
    let game = send(service, "alice", &format!("challenge bob {variant}"), now)
        .await
        .game
        .unwrap();
    let accepted = send(service, "bob", &format!("accept #{game}"), now).await;
    assert_eq!(accepted.status, Status::Done, "{}", accepted.text);
    let state = service.game_state(game, None).await.unwrap().unwrap();
    let first = if state.seat_of(&agora_service::Identity::local("alice"))
        == Some(agora_rules::Seat::First)
    {
        ["alice", "bob"]
    } else {
        ["bob", "alice"]
    };
    (game, state.position, first)
}

#[tokio::test]
async fn a_line_answers_at_once_goes_on_and_is_seen_by_its_writer_alone() {
    for (variant, kind, board) in [
        ("agon", GameKind::Agon, None),
        ("agros board 8", GameKind::Agros, Some(8)),
    ] {
        let settings = Settings {
            seed: Some(5),
            ..Settings::default()
        };
        let name = format!("conditional-{}", kind.code());
        let (service, dir) = open_service(&name, settings).await;
        let post = Bodies::default();
        let mut now = Utc.with_ymd_and_hms(2026, 4, 1, 9, 0, 0).unwrap();
        let (game, mut position, [first, second]) = a_game(&service, variant, now).await;
        assert_eq!(
            position,
            Variant::new(kind, board, None).unwrap().start(),
            "{variant}"
        );
        send(&service, "carol", &format!("watch #{game}"), now).await;

        // The first player moves; the second is to act and the first enters lines.
        let (me, them) = (first, second);
        let a = quiet(&position, 1)[0];
        now += Duration::hours(1);
        let played = send(
            &service,
            me,
            &format!("#{game} {}", position.notation(a)),
            now,
        )
        .await;
        assert_eq!(played.status, Status::Done, "{}", played.text);
        step(&mut position, a);
        assert_eq!(to_act(&position, first, second), them);

        // Their x, my y, their x2, my y2; and another action of theirs, z, answered by w.
        let mut line = position.clone();
        let [x, z] = quiet(&line, 2)[..] else {
            unreachable!()
        };
        let x_n = step(&mut line, x);
        let y = quiet(&line, 1)[0];
        let y_n = step(&mut line, y);
        let x2 = quiet(&line, 1)[0];
        let x2_n = step(&mut line, x2);
        let y2 = quiet(&line, 1)[0];
        let y2_n = step(&mut line, y2);
        let mut other = position.clone();
        let z_n = step(&mut other, z);
        let w = quiet(&other, 1)[0];
        let w_n = step(&mut other, w);
        let mut after_x = position.clone();
        after_x.play_unchecked(x);
        let y_other = {
            let b = quiet(&after_x, 2)
                .into_iter()
                .find(|&b| after_x.notation(b) != y_n)
                .unwrap();
            after_x.notation(b)
        };

        let kept = send(
            &service,
            me,
            &format!("conditional #{game} {x_n} {y_n} {x2_n} {y2_n}"),
            now,
        )
        .await;
        assert_eq!(kept.status, Status::Done, "{}", kept.text);
        assert!(kept.text.contains("only you"), "{}", kept.text);
        let kept = send(&service, me, &format!("if #{game} {z_n} {w_n}"), now).await;
        assert_eq!(kept.status, Status::Done, "{}", kept.text);

        // Refused, changing nothing: another answer to x, a line ending with their action, an
        // illegal action, a line from the player to act, a line in a game one does not play.
        let refused = [
            (me, format!("conditional #{game} {x_n} {y_other}")),
            (me, format!("conditional #{game} {x_n}")),
            (me, format!("conditional #{game} {x_n} {x_n}")),
            (me, format!("conditional #{game} zz9 {y_n}")),
            (them, format!("conditional #{game} {y_n} {x2_n}")),
            ("dave", format!("conditional #{game} {x_n} {y_n}")),
        ];
        for (who, text) in &refused {
            let answer = send(&service, who, text, now).await;
            assert_eq!(
                answer.status,
                Status::Refused,
                "{who}: {text}: {}",
                answer.text
            );
        }
        now += Duration::minutes(1);
        let list = send(&service, me, &format!("conditional #{game}"), now).await;
        let expected = [
            format!("{x_n} → {y_n} → {x2_n} → {y2_n}"),
            format!("{z_n} → {w_n}"),
        ];
        for e in &expected {
            assert!(list.text.contains(e.as_str()), "{e}: {}", list.text);
        }
        assert_eq!(listed(&list.text), 2, "{}", list.text);
        service.deliver(&post, now).await.unwrap();
        post.take();

        // Nobody else learns of them by any command, page, JSON answer or record.
        for who in [them, "carol", "dave"] {
            for command in ["board", "history", "export", "games", "next", "conditional"] {
                let answer = send(&service, who, &format!("{command} #{game}"), now).await;
                if command == "conditional" {
                    // Their own lines (none) are theirs to ask about; mine never show.
                    assert!(!answer.text.contains('→'), "{who}: {}", answer.text);
                    assert!(!answer.text.contains(&y_n), "{who}: {}", answer.text);
                    continue;
                }
                hidden(&format!("{who}: {command}"), &shown(&answer));
            }
        }
        let state = service.game_state(game, None).await.unwrap().unwrap();
        hidden("game_state", &format!("{state:?}"));
        for lang in [Language::En, Language::Nl, Language::Sv] {
            let page = service.game_page(game, None, lang).await.unwrap().unwrap();
            hidden("the game page", &format!("{page:?}"));
        }
        let record = service.game_record(game).await.unwrap().unwrap();
        hidden("the public record", &record);
        let legal = service
            .legal_actions(&format!("local:{them}"), Some(game))
            .await
            .unwrap();
        assert!(legal.contains(&x_n), "{legal:?}");

        // They play x: my y is played at once, in the same command, as a move like any other.
        now += Duration::hours(2);
        let ply = state.current_ply;
        let answer = send(&service, them, &format!("#{game} {x_n}"), now).await;
        assert_eq!(answer.status, Status::Done, "{}", answer.text);
        hidden("the answer to x", &answer.text);
        let state = service.game_state(game, None).await.unwrap().unwrap();
        assert_eq!(state.current_ply, ply + 2, "{variant}");
        assert_eq!(state.last.as_deref(), Some(y_n.as_str()));
        assert_eq!(
            state.to_act.map(|s| state.names[s.index()].as_str()),
            Some(them)
        );
        let history = send(&service, "carol", &format!("history #{game}"), now).await;
        assert!(history.text.contains(&y_n), "{}", history.text);
        hidden("the history after y", &history.text);
        let record = service.game_record(game).await.unwrap().unwrap();
        hidden("the record after y", &record);
        assert!(record.contains(&y_n), "{record}");

        // One message to me says both; they and the watcher hear of y as of any move.
        service.deliver(&post, now).await.unwrap();
        let bodies = post.take();
        let mine: Vec<&String> = bodies
            .iter()
            .filter(|(to, _)| *to == format!("local:{me}"))
            .map(|(_, b)| b)
            .collect();
        assert_eq!(mine.len(), 1, "{bodies:#?}");
        assert!(mine[0].contains("conditional answer"), "{}", mine[0]);
        assert!(
            mine[0].contains(&x_n) && mine[0].contains(&y_n),
            "{}",
            mine[0]
        );
        for (to, body) in &bodies {
            if *to != format!("local:{me}") {
                hidden(&format!("a notification to {to}"), body);
            }
        }
        let theirs: Vec<&String> = bodies
            .iter()
            .filter(|(to, _)| *to == format!("local:{them}"))
            .map(|(_, b)| b)
            .collect();
        assert_eq!(theirs.len(), 1, "{bodies:#?}");
        assert!(theirs[0].contains(&y_n), "{}", theirs[0]);

        // The rest of the line stays; the line that began with z is gone.
        now += Duration::minutes(1);
        let list = send(&service, me, &format!("voorwaardelijk #{game}"), now).await;
        assert!(
            list.text.contains(&format!("{x2_n} → {y2_n}")),
            "{}",
            list.text
        );
        assert_eq!(listed(&list.text), 1, "{}", list.text);

        // They play something else: nothing answers it and my lines are gone.
        let mut now_position = position.clone();
        now_position.play_unchecked(x);
        now_position.play_unchecked(y);
        let something_else = quiet(&now_position, 2)
            .into_iter()
            .find(|&b| now_position.notation(b) != x2_n)
            .unwrap();
        let else_n = now_position.notation(something_else);
        now += Duration::hours(1);
        let answer = send(&service, them, &format!("#{game} {else_n}"), now).await;
        assert_eq!(answer.status, Status::Done, "{}", answer.text);
        let state = service.game_state(game, None).await.unwrap().unwrap();
        assert_eq!(state.current_ply, ply + 3);
        assert_eq!(
            state.to_act.map(|s| state.names[s.index()].as_str()),
            Some(me)
        );
        now += Duration::minutes(1);
        let list = send(&service, me, &format!("villkor #{game}"), now).await;
        assert_eq!(list.status, Status::Done, "{}", list.text);
        assert_eq!(listed(&list.text), 0, "{}", list.text);

        // Cancelling: lines entered, one removed by its beginning, the rest by `cancel`.
        now_position.play_unchecked(something_else);
        let [mine_now] = quiet(&now_position, 1)[..] else {
            unreachable!()
        };
        let mine_n = step(&mut now_position, mine_now);
        now += Duration::hours(1);
        let answer = send(&service, me, &format!("#{game} {mine_n}"), now).await;
        assert_eq!(answer.status, Status::Done, "{}", answer.text);
        let theirs = quiet(&now_position, 2);
        let mut entered = Vec::new();
        for t in theirs {
            let mut p = now_position.clone();
            let t_n = step(&mut p, t);
            let r = quiet(&p, 1)[0];
            let r_n = step(&mut p, r);
            let kept = send(&service, me, &format!("om #{game} {t_n} {r_n}"), now).await;
            assert_eq!(kept.status, Status::Done, "{}", kept.text);
            entered.push(t_n);
        }
        let cancelled = send(
            &service,
            me,
            &format!("conditional #{game} cancel {}", entered[0]),
            now,
        )
        .await;
        assert_eq!(cancelled.status, Status::Done, "{}", cancelled.text);
        now += Duration::minutes(1);
        let list = send(&service, me, &format!("conditional #{game}"), now).await;
        assert_eq!(listed(&list.text), 1, "{}", list.text);
        let cancelled = send(&service, me, &format!("villkor #{game} avbryt"), now).await;
        assert_eq!(cancelled.status, Status::Done, "{}", cancelled.text);
        now += Duration::minutes(1);
        let list = send(&service, me, &format!("conditional #{game}"), now).await;
        assert_eq!(listed(&list.text), 0, "{}", list.text);

        // Lines end with the game, unplayed: none is left in the store.
        let kept = send(
            &service,
            me,
            &format!("conditional #{game} {} {}", entered[1], "x"),
            now,
        )
        .await;
        assert_eq!(kept.status, Status::Refused, "{}", kept.text);
        let mut p = now_position.clone();
        let t = quiet(&p, 1)[0];
        let t_n = step(&mut p, t);
        let r = quiet(&p, 1)[0];
        let r_n = step(&mut p, r);
        let kept = send(
            &service,
            me,
            &format!("conditional #{game} {t_n} {r_n}"),
            now,
        )
        .await;
        assert_eq!(kept.status, Status::Done, "{}", kept.text);
        let resigned = send(&service, them, &format!("resign #{game}"), now).await;
        assert_eq!(resigned.status, Status::Done, "{}", resigned.text);
        let mut tx = service.store().read().await.unwrap();
        for player in state.players {
            assert!(
                tx.conditional_lines(game, player).await.unwrap().is_empty(),
                "{variant}"
            );
        }
        drop(tx);
        service.store().close().await;
        let _ = std::fs::remove_dir_all(dir);
    }
}

/// The engine policy: while a game runs, nothing its players can ask consults the computer about
/// it. Every command of the table, from both players, on their turn and off it, runs no search
/// (only the computer opponent's own turns do), and no answer gives an evaluation.
#[tokio::test]
async fn no_command_consults_the_computer_about_a_running_game() {
    let settings = Settings {
        seed: Some(9),
        ..Settings::default()
    };
    let (service, dir) = open_service("engine-policy", settings).await;
    let mut now = Utc.with_ymd_and_hms(2026, 4, 1, 9, 0, 0).unwrap();
    let (game, mut position, [first, second]) = a_game(&service, "agon", now).await;
    let a = quiet(&position, 1)[0];
    let played = send(
        &service,
        first,
        &format!("#{game} {}", step(&mut position, a)),
        now,
    )
    .await;
    assert_eq!(played.status, Status::Done, "{}", played.text);
    // Everything but what ends the game or answers offers nobody made.
    let asked: Vec<&str> = agora_service::commands::COMMANDS
        .iter()
        .map(|c| c.name)
        .filter(|n| !matches!(*n, "resign" | "cancel" | "decline" | "accept" | "challenge"))
        .collect();
    assert!(asked.contains(&"preview") && asked.contains(&"conditional"));
    let theirs = position.notation(quiet(&position, 1)[0]);
    for who in [first, second] {
        for name in &asked {
            for text in [
                format!("{name} #{game}"),
                name.to_string(),
                format!("{name} #{game} {theirs}"),
                format!("help {name}"),
            ] {
                now += Duration::seconds(1);
                let answer = send(&service, who, &text, now).await;
                if text.starts_with("help") {
                    // What a command does, in general: about no game.
                    continue;
                }
                let words = answer.text.to_lowercase();
                for word in ["evaluation", "winning chance", "best move", "suggest"] {
                    assert!(!words.contains(word), "{who}: {text}: {}", answer.text);
                }
            }
        }
    }
    assert_eq!(service.search_stats().searches, 0, "no search ran");
    service.store().close().await;
    let _ = std::fs::remove_dir_all(dir);
}
