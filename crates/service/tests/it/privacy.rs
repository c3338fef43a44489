//! One visibility rule for every command about a game: a private game of others is answered
//! exactly as a game that does not exist, whoever asks (a player by mail, on Discord or at the
//! terminal), however the game is named (its number in the text, the conversation it came from, a
//! button that names its version), and nothing of it (its players, its board, its state) shows.

use agora_service::{Identity, Inbound, Service, Settings, Status, StoreOptions, Templates};
use chrono::{DateTime, Utc};
use std::sync::Arc;

async fn service(name: &str) -> Arc<Service> {
    let dir = std::env::temp_dir().join(format!("agora-privacy-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let store = agora_store::testing::open(&dir.join("agora.db"), &StoreOptions::default())
        .await
        .unwrap();
    Arc::new(Service::new(
        store,
        Templates::load(None).unwrap(),
        Settings {
            seed: Some(7),
            ..Settings::default()
        },
    ))
}

fn now() -> DateTime<Utc> {
    "2026-03-02T10:00:00Z".parse().unwrap()
}

async fn done(s: &Service, who: &str, text: &str) {
    let inbound = Inbound {
        text: text.into(),
        ..Inbound::new(Identity::local(who))
    };
    let answer = s.handle(&inbound, now()).await.unwrap();
    assert_eq!(
        answer.status,
        Status::Done,
        "{who}: {text}: {}",
        answer.text
    );
}

/// Every command that names a game, with `#{g}` for the game.
const COMMANDS: &[&str] = &[
    "board #{g}",
    "history #{g}",
    "export #{g}",
    "watch #{g}",
    "unwatch #{g}",
    "preview #{g} k1-j1",
    "accept #{g}",
    "decline #{g}",
    "cancel #{g}",
    "#{g} k1-j1",
    "move #{g} ply 3 k1-j1",
    "pass #{g}",
    "resign #{g}",
    "draw offer #{g}",
    "draw accept #{g}",
    "undo #{g}",
    "undo accept #{g}",
];

/// What a stranger is told: the answer's status and text with the game's number as `N`, the
/// game it belongs to, and how much is attached.
async fn told(
    s: &Service,
    who: &Identity,
    text: &str,
    context: Option<i64>,
    version: Option<i64>,
) -> (Status, String, Option<i64>, usize) {
    let inbound = Inbound {
        text: text.into(),
        game: context,
        expect_version: version,
        ..Inbound::new(who.clone())
    };
    let answer = s.handle(&inbound, now()).await.unwrap();
    let number = context
        .or_else(|| {
            text.split('#')
                .nth(1)
                .and_then(|r| r.split(' ').next())
                .and_then(|n| n.parse().ok())
        })
        .unwrap();
    (
        answer.status,
        numbered_as_n(&answer.text, number),
        // The game the answer belongs to (a mail's subject, a thread): the asked one as `0`.
        answer.game.map(|g| if g == number { 0 } else { g }),
        answer.attachments.len(),
    )
}

#[tokio::test]
async fn a_private_game_of_others_is_one_that_does_not_exist() {
    let s = service("private").await;
    for name in ["alice", "bob"] {
        s.register(&Identity::local(name), Some(name), now())
            .await
            .unwrap();
    }
    // Game 1: private and running; game 2: a private challenge not yet answered; game 3:
    // private and over. Game 99 does not exist.
    done(&s, "alice", "challenge bob agon private").await;
    done(&s, "bob", "accept #1").await;
    done(&s, "alice", "#1 k1-j1").await;
    done(&s, "alice", "challenge bob agon private").await;
    done(&s, "alice", "challenge bob agon private").await;
    done(&s, "bob", "accept #3").await;
    done(&s, "bob", "resign #3").await;

    let strangers = [
        Identity::mail("eve@example.org"),
        Identity::discord(777),
        Identity::local("eve"),
    ];
    for eve in &strangers {
        for command in COMMANDS {
            let missing = told(&s, eve, &command.replace("{g}", "99"), None, None).await;
            assert_ne!(missing.0, Status::Done, "{eve} {command}: {missing:?}");
            for game in 1..=3 {
                let text = command.replace("{g}", &game.to_string());
                // Named in the text.
                let private = told(&s, eve, &text, None, None).await;
                assert_eq!(private, missing, "{eve} {text}");
                // From the game's conversation, and with a button's version, as well.
                let bare = command.replace(" #{g}", "").replace("#{g} ", "");
                for version in [None, Some(0), Some(1), Some(2), Some(3)] {
                    let private = told(&s, eve, &bare, Some(game), version).await;
                    let missing = told(&s, eve, &bare, Some(99), version).await;
                    assert_eq!(private, missing, "{eve} {bare} in #{game} at {version:?}");
                    for name in ["alice", "bob"] {
                        assert!(!private.1.contains(name), "{eve} {bare}: {private:?}");
                    }
                }
            }
        }
        // And nothing was changed or kept: no watcher, no move.
        let state = s.game_state(1, None).await.unwrap().unwrap();
        assert_eq!(state.current_ply, 1, "{eve}");
    }

    // The front ends' look at a game for a button follows the same rule.
    for eve in &strangers {
        for game in [1, 2, 3, 99] {
            assert!(
                s.game_state_for(eve, game, None).await.unwrap().is_none(),
                "{eve} #{game}"
            );
        }
    }
    for (player, game) in [("alice", 1), ("bob", 2), ("bob", 3)] {
        assert!(
            s.game_state_for(&Identity::local(player), game, None)
                .await
                .unwrap()
                .is_some(),
            "{player} #{game}"
        );
    }

    // The same commands on a public game are answered on their merits (the rule is about
    // privacy, not a blanket refusal): a stranger may look at it and watch it.
    done(&s, "alice", "challenge bob agon").await;
    done(&s, "bob", "accept #4").await;
    for text in [
        "board #4",
        "history #4",
        "export #4",
        "watch #4",
        "unwatch #4",
    ] {
        done(&s, "eve", text).await;
    }
}

/// `text` with every `#<number>` (and no longer number) written `#N`.
fn numbered_as_n(text: &str, number: i64) -> String {
    let wanted = format!("#{number}");
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find(&wanted) {
        let after = &rest[at + wanted.len()..];
        out.push_str(&rest[..at]);
        if after.starts_with(|c: char| c.is_ascii_digit()) {
            out.push_str(&wanted);
        } else {
            out.push_str("#N");
        }
        rest = after;
    }
    out.push_str(rest);
    out
}

/// A mail address is nobody else's business: `rating <address>` finds only the asker's own, and
/// answers any other exactly as an address nobody has.
#[tokio::test]
async fn a_rating_does_not_tell_who_owns_an_address() {
    let s = service("rating-address").await;
    let ask = |who: &'static str, text: &'static str| {
        let s = s.clone();
        async move {
            let inbound = Inbound {
                text: text.into(),
                ..Inbound::new(who.parse::<Identity>().unwrap())
            };
            let answer = s.handle(&inbound, now()).await.unwrap();
            (answer.status, answer.text)
        }
    };
    let (status, own) = ask(
        "mailto:alice@example.org",
        "rating mailto:alice@example.org",
    )
    .await;
    assert_eq!(status, Status::Done, "{own}");
    let taken = ask("discord:777", "rating mailto:alice@example.org").await;
    let free = ask("discord:777", "rating mailto:nobody@example.org").await;
    assert_eq!(taken.0, Status::Refused, "{taken:?}");
    assert_eq!(
        taken.1.replace("alice", "X"),
        free.1.replace("nobody", "X"),
        "the answers differ"
    );
    assert!(
        !taken.1.contains("Rating") && !taken.1.contains("rating of"),
        "{taken:?}"
    );
}
