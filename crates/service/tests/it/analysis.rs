//! Post-game analysis through the service: a game in which one side deliberately blunders (an
//! Agros pass while behind, after which the opponent's pass ends the game, AR-9) is played to its
//! end by two people; the final report says an analysis is coming, the job claims and analyses
//! it, and `analysis #12` lists the blunder among its player's largest mistakes, with the graph
//! and the annotated record; the game's web page shows them. While the game runs, nobody gets an
//! analysis.

use agora_ai::Budget;
use agora_rules::{AnyAction, AnyPosition, Seat, Variant};
use agora_service::{Language, Settings, Status};
use chrono::{Duration, TimeZone, Utc};

use crate::notes::{Bodies, open_service, send};

/// A whole game of the engine against itself in which, once the side to act has fair chances
/// and could let its opponent win at once, it does: the actions and the blunder's ply.
fn a_game_with_a_blunder(start: &AnyPosition) -> (Vec<AnyAction>, usize) {
    let mut p = start.clone();
    let mut actions = Vec::new();
    let mut blunder = None;
    while !p.is_finished() {
        let ply = actions.len();
        let action = match blunder {
            None if ply >= 8 => match agora_ai::blunder(&p) {
                Some(a)
                    if agora_ai::evaluate(&p, Budget::playouts(600), 1).chance(p.to_act())
                        >= 0.4 =>
                {
                    blunder = Some(ply + 1);
                    a
                }
                _ => agora_ai::search(&p, 300, ply as u64).0.unwrap(),
            },
            _ => agora_ai::search(&p, 300, ply as u64).0.unwrap(),
        };
        p.play_unchecked(action);
        actions.push(action);
        assert!(actions.len() < 400, "the game ends");
    }
    (actions, blunder.expect("a chance to blunder"))
}

#[tokio::test]
async fn a_blunder_is_found_and_shown_after_the_game_and_never_during_it() {
    let settings = Settings {
        seed: Some(11),
        analysis_threads: 2,
        analysis_time: std::time::Duration::from_millis(40),
        ..Settings::default()
    };
    let (service, dir) = open_service("analysis", settings).await;
    let post = Bodies::default();
    let mut now = Utc.with_ymd_and_hms(2026, 4, 1, 9, 0, 0).unwrap();
    for who in ["alice", "bob", "carol"] {
        send(&service, who, "games", now).await;
    }
    let game = send(
        &service,
        "alice",
        "challenge bob agros board 8 farmers 3",
        now,
    )
    .await
    .game
    .unwrap();
    send(&service, "bob", &format!("accept #{game}"), now).await;
    send(&service, "carol", &format!("watch #{game}"), now).await;
    let state = service.game_state(game, None).await.unwrap().unwrap();
    let start = Variant::Agros {
        board: 8,
        farmers: 3,
    }
    .start();
    assert_eq!(state.position, start);
    let names = [state.names[0].clone(), state.names[1].clone()];
    let (actions, blunder) = a_game_with_a_blunder(&start);
    let mut position = start.clone();
    let mut blunderer = Seat::First;
    for (i, &action) in actions.iter().enumerate() {
        let who = names[position.to_act().index()].clone();
        if i + 1 == blunder {
            blunderer = position.to_act();
        }
        // The engine policy: while it runs, the game is analysed for nobody.
        if i == actions.len() / 2 {
            for asker in ["alice", "bob", "carol"] {
                now += Duration::seconds(1);
                let refused = send(&service, asker, &format!("analysis #{game}"), now).await;
                assert_eq!(refused.status, Status::Refused, "{}", refused.text);
                assert!(
                    refused.text.contains("still being played"),
                    "{}",
                    refused.text
                );
            }
        }
        now += Duration::minutes(5);
        let text = format!("#{game} {}", position.notation(action));
        let played = send(&service, &who, &text, now).await;
        assert_eq!(played.status, Status::Done, "{text}: {}", played.text);
        position.play_unchecked(action);
    }
    let state = service.game_state(game, None).await.unwrap().unwrap();
    assert_eq!(state.status, agora_store::GameStatus::Finished);
    service.deliver(&post, now).await.unwrap();
    let reports: Vec<String> = post
        .0
        .lock()
        .unwrap()
        .iter()
        .filter(|(_, b)| b.contains("is over") || b.contains("wins"))
        .map(|(_, b)| b.clone())
        .collect();
    assert!(
        reports
            .iter()
            .any(|b| b.contains(&format!("analysis #{game}"))),
        "{reports:#?}"
    );

    // Before the job: asked about, it is on its way.
    now += Duration::minutes(1);
    let waiting = send(&service, "bob", &format!("analysis #{game}"), now).await;
    assert_eq!(waiting.status, Status::Done, "{}", waiting.text);
    assert!(waiting.attachments.is_empty());
    assert!(waiting.text.contains("not finished"), "{}", waiting.text);

    // The job: one claim, one analysis; nothing is left for a second.
    assert_eq!(service.analyse_next("one").await.unwrap(), Some(game));
    assert_eq!(service.analyse_next("two").await.unwrap(), None);

    now += Duration::minutes(1);
    let ready = send(&service, "alice", &format!("analysis #{game}"), now).await;
    assert_eq!(ready.status, Status::Done, "{}", ready.text);
    let blunder_text = format!("Ply {blunder}, {}", names[blunderer.index()]);
    assert!(
        ready.text.contains(&blunder_text),
        "{blunder_text}:\n{}",
        ready.text
    );
    assert_eq!(ready.attachments.len(), 2);
    assert!(ready.attachments[0].bytes.starts_with(b"\x89PNG"));
    assert!(ready.attachments[0].description.is_some());
    let record = String::from_utf8(ready.attachments[1].bytes.clone()).unwrap();
    let parsed = agora_rules::record::Record::parse(&record).expect("the annotated record reads");
    assert_eq!(parsed.comments().len(), actions.len(), "{record}");
    assert!(
        parsed
            .comments()
            .iter()
            .any(|c| c.after == blunder && c.text.contains("mistake")),
        "{record}"
    );
    // In Dutch and Swedish too, and for anyone who may see the game.
    let nl = send(&service, "carol", &format!("analyse #{game}"), now).await;
    assert_eq!(nl.status, Status::Done, "{}", nl.text);
    // The web page shows the graph and the mistakes, in each language.
    for lang in [Language::En, Language::Nl, Language::Sv] {
        let page = service.game_page(game, None, lang).await.unwrap().unwrap();
        let analysis = page.analysis.expect("the analysis on the page");
        assert!(analysis.graph_svg.contains("<svg"), "{lang:?}");
        assert!(
            analysis.mistakes.iter().any(|m| m.ply as usize == blunder),
            "{lang:?}: {:?}",
            analysis.mistakes
        );
    }
    service.store().close().await;
    let _ = std::fs::remove_dir_all(dir);
}
