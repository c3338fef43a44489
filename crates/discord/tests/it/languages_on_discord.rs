//! Whole games on the Discord double in Dutch and in Swedish: the slash commands carry Dutch and
//! Swedish names and descriptions, a player's first interaction sets their language from their
//! client's locale, and each player reads their answers, buttons and private texts in their own
//! language while playing one game of each kind.

use agora_testkit::discord as common;

use agora_rules::Variant;
use common::double::{Double, LOBBY};
use common::{
    Agora, Opt, User, click, in_server, registered, run, set_locale, short_game, temp_db,
};

fn anna() -> User {
    User {
        id: 500_000_000_000_000_031,
        name: "anna",
    }
}

fn sven() -> User {
    User {
        id: 500_000_000_000_000_032,
        name: "sven",
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn whole_games_in_dutch_and_swedish_through_slash_commands() {
    let double = Double::start().await;
    let db = temp_db("languages");
    let agora = Agora::start(&db, &double).await;
    let (anna, sven) = (anna(), sven());
    set_locale(&anna, "nl");
    set_locale(&sven, "sv-SE");
    let lobby = in_server(LOBBY);

    // Every command and option is registered with a Dutch and a Swedish name and description.
    let commands = registered(&double);
    let challenge = commands
        .iter()
        .find(|c| c["name"] == "challenge")
        .expect("/challenge");
    assert_eq!(
        challenge["name_localizations"]["nl"], "uitdagen",
        "{challenge}"
    );
    assert_eq!(
        challenge["name_localizations"]["sv-SE"], "utmana",
        "{challenge}"
    );
    for c in &commands {
        for locale in ["nl", "sv-SE"] {
            assert!(c["name_localizations"][locale].is_string(), "{c}");
            assert!(c["description_localizations"][locale].is_string(), "{c}");
            for o in c["options"].as_array().into_iter().flatten() {
                assert!(o["name_localizations"][locale].is_string(), "{c} {o}");
            }
        }
    }
    // Swedish option names keep their letters: Discord takes any lower-case letter in a name.
    let swedish_options: Vec<&str> = commands
        .iter()
        .flat_map(|c| c["options"].as_array().into_iter().flatten())
        .filter_map(|o| o["name_localizations"]["sv-SE"].as_str())
        .collect();
    for name in ["motståndare", "bräde", "bönder", "nivå", "språk"] {
        assert!(swedish_options.contains(&name), "{swedish_options:?}");
    }

    // The first interaction's locale sets each player's language.
    let hello = run(&double, &sven, lobby, "games", &[]).await;
    assert!(hello.ephemeral());
    assert!(
        hello.text().contains("partier") || hello.text().contains("parti"),
        "{}",
        hello.text()
    );

    for (game, (kind, variant)) in [
        ("agon", Variant::Agon),
        (
            "agros",
            Variant::Agros {
                board: 8,
                farmers: 3,
            },
        ),
    ]
    .into_iter()
    .enumerate()
    {
        let game = game as i64 + 1;
        let mut opts = vec![Opt::Choice("game", kind), Opt::User("user", sven.clone())];
        if kind == "agros" {
            opts.push(Opt::Choice("board", "8"));
            opts.push(Opt::Choice("farmers", "3"));
        }
        let before = double.calls().len();
        let sent = run(&double, &anna, lobby, "challenge", &opts).await;
        assert!(
            sent.text().contains(&format!("Partij #{game}")),
            "{}",
            sent.text()
        );
        // The challenge in the lobby, for sven: worded for him, with buttons in Swedish.
        let invite = double
            .wait_for("the challenge in the lobby", |calls| {
                calls
                    .iter()
                    .skip(before)
                    .find(|c| {
                        c.method == "POST"
                            && c.path == format!("/channels/{LOBBY}/messages")
                            && c.json["content"]
                                .as_str()
                                .unwrap_or("")
                                .contains(&sven.mention())
                    })
                    .cloned()
            })
            .await;
        let labels: Vec<String> = invite.json["components"]
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
            .filter_map(|b| b["label"].as_str().map(str::to_owned))
            .collect();
        assert!(labels.contains(&"Acceptera".to_owned()), "{labels:?}");
        let accept = invite
            .buttons()
            .into_iter()
            .find(|b| b.starts_with("accept:"))
            .unwrap();
        let before = double.calls().len();
        let accepted = click(&double, &sven, lobby, &invite.response, &accept).await;
        assert!(
            accepted.text().contains("accepterad"),
            "{}",
            accepted.text()
        );
        let thread = double
            .wait_for("a game thread", |calls| {
                calls
                    .iter()
                    .skip(before)
                    .find(|c| c.method == "POST" && c.path == format!("/channels/{LOBBY}/threads"))
                    .cloned()
            })
            .await;
        let thread = in_server(thread.response["id"].as_str().unwrap().parse().unwrap());

        let record = short_game(variant);
        for (ply, action) in record.iter().enumerate() {
            let (mover, words) = if ply % 2 == 0 {
                (&anna, format!("Partij #{game}"))
            } else {
                (&sven, format!("Parti #{game}"))
            };
            let answer = run(
                &double,
                mover,
                thread,
                "move",
                &[Opt::Text("action", action.clone())],
            )
            .await;
            assert!(
                answer.text().contains(&words),
                "{action}: {}",
                answer.text()
            );
            if ply + 1 == record.len() {
                let over = if ply % 2 == 0 {
                    "is afgelopen"
                } else {
                    "är slut"
                };
                assert!(answer.text().contains(over), "{}", answer.text());
            }
        }
        // A mistake is explained in the sender's language.
        let wrong = run(&double, &sven, thread, "board", &[Opt::Int("game", 99)]).await;
        assert!(wrong.text().starts_with("Tyvärr"), "{}", wrong.text());
    }
    agora.stop().await;
}
