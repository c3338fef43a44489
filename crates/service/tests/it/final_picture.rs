//! The final report's picture: the final position of a finished Agros game carries the field
//! overlay (each field tinted by its controller, AR-14); earlier positions and Agon do not.

use agora_service::{Inbound, Service, Settings, StoreOptions, Templates};
use agora_store::Notice;
use chrono::{DateTime, Duration, Utc};

async fn say(service: &Service, from: &str, text: &str, now: DateTime<Utc>) -> String {
    let inbound = Inbound {
        text: text.into(),
        ..Inbound::new(format!("local:{from}").parse().unwrap())
    };
    service.handle(&inbound, now).await.unwrap().text
}

#[tokio::test]
async fn a_finished_agros_game_is_pictured_with_its_fields() {
    let dir = std::env::temp_dir().join(format!("agora-final-picture-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let store = agora_store::testing::open(&dir.join("game.db"), &StoreOptions::default())
        .await
        .unwrap();
    let service = Service::new(store, Templates::load(None).unwrap(), Settings::default());
    let mut now: DateTime<Utc> = "2026-06-01T12:00:00Z".parse().unwrap();
    say(&service, "bob", "games", now).await;
    say(
        &service,
        "alice",
        "challenge bob agros board 8 farmers 3",
        now,
    )
    .await;
    for (who, text) in [
        ("bob", "accept"),
        ("alice", "e5"),
        ("bob", "d4,f6"),
        ("alice", "c3,e3"),
        ("bob", "d2"),
        ("alice", "c3-c4"),
        ("bob", "pass"),
    ] {
        now += Duration::minutes(5);
        say(&service, who, text, now).await;
    }
    let picture = |ply: Option<u32>| {
        let service = &service;
        async move {
            let state = service.game_state(1, ply).await.unwrap().unwrap();
            state.png(400).unwrap()
        }
    };
    // The game one ply before its end, while it was running: no overlay.
    let running = picture(None).await;
    now += Duration::minutes(5);
    let over = say(&service, "alice", "pass", now).await;
    assert!(over.starts_with("Game #1 is over"), "{over}");
    let (game, actions) = {
        let mut tx = service.store().write().await.unwrap();
        (
            tx.game(1).await.unwrap().unwrap(),
            tx.actions(1).await.unwrap(),
        )
    };

    let mut position = game.variant.start();
    let mut last = None;
    for a in &actions {
        let action = position.parse_action(&a.notation).unwrap();
        position.play_unchecked(action);
        last = Some(action);
    }
    let draw = |overlay| {
        agora_render::png(
            &position,
            last,
            &agora_render::PngOptions {
                size: 400,
                field_overlay: overlay,
                ..agora_render::PngOptions::default()
            },
        )
        .unwrap()
    };
    let final_picture = picture(None).await;
    assert_eq!(
        final_picture,
        draw(true),
        "the final report shows the fields"
    );
    assert_ne!(final_picture, draw(false));
    assert_ne!(running, final_picture);
    let earlier = picture(Some(game.ply - 1)).await;
    assert_eq!(
        running, earlier,
        "an earlier ply of a finished game is drawn as it was"
    );

    // Every notification of the game says what it is; only the final report's picture carries
    // the fields, and only notifications about a position carry a picture at all.
    let queued = {
        let mut tx = service.store().write().await.unwrap();
        tx.pending("local", now + Duration::days(1), 100)
            .await
            .unwrap()
    };
    let kinds: Vec<Notice> = queued.iter().map(|m| m.kind).collect();
    for kind in [
        Notice::ChallengeReceived,
        Notice::GameStarted,
        Notice::MovePlayed,
        Notice::GameOver,
    ] {
        assert!(kinds.contains(&kind), "{kind:?} in {kinds:?}");
    }
    for m in &queued {
        assert_eq!(m.overlay, m.kind == Notice::GameOver, "{:?}", m.kind);
        assert_eq!(m.board, m.kind != Notice::ChallengeReceived, "{:?}", m.kind);
    }
    service.store().close().await;
    let _ = std::fs::remove_dir_all(dir);
}
