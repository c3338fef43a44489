//! Ratings and reliability on a fresh real database: a recorded change becomes the player's rating
//! and is recorded once per game and player however often the ending is repeated; a game's
//! changes come back first seat first; the leaderboard keeps to its pool, leaves out uncertain,
//! new and computer ratings and reads from the top; merged players keep one rating per pool; and
//! reliability counts a player's own actions, the clock's passes and losses on time, seat by seat.
//! One test, run by hand, measures the queries on a database of thousands of games.

use agora_testkit::store as common;

use agora_rules::Seat;
use agora_store::{
    EndReason, Ending, Game, GameStatus, PlayedAction, Rating, RatingChange, Reliability, Tx,
};
use chrono::Duration;
use common::{TestDb, game, player, t0};

fn rating(rating: f64, deviation: f64, games: u32) -> Rating {
    Rating {
        rating,
        deviation,
        volatility: 0.06,
        games,
    }
}

const NEW: Rating = Rating {
    rating: 1500.0,
    deviation: 350.0,
    volatility: 0.06,
    games: 0,
};

#[tokio::test]
async fn a_recorded_change_becomes_the_rating_and_is_recorded_once() {
    let db = TestDb::fresh("ratings-change").await;
    let mut tx = db.write().await;
    let ann = player(&mut tx, "ann", "mailto:ann@example.org").await;
    let bo = player(&mut tx, "bo", "discord:7").await;
    let g = game(&mut tx, [ann.id, bo.id]).await;
    assert_eq!(tx.rating(ann.id, "agon").await.unwrap(), None);
    assert_eq!(tx.ratings_of(ann.id).await.unwrap(), []);

    let won = Rating {
        volatility: 0.059_999,
        ..rating(1662.3, 290.3, 1)
    };
    assert!(
        tx.record_rating_change(g.id, ann.id, "agon", NEW, won, t0())
            .await
            .unwrap()
    );
    assert_eq!(tx.rating(ann.id, "agon").await.unwrap(), Some(won));
    assert_eq!(tx.rating(ann.id, "agros-10").await.unwrap(), None);
    assert_eq!(tx.rating(bo.id, "agon").await.unwrap(), None);

    // The same ending handled again changes nothing, whatever it computed this time.
    let again = rating(1800.0, 200.0, 2);
    assert!(
        !tx.record_rating_change(g.id, ann.id, "agon", won, again, t0())
            .await
            .unwrap()
    );
    assert_eq!(tx.rating(ann.id, "agon").await.unwrap(), Some(won));

    // A later game starts from the stored rating and replaces it.
    let g2 = game(&mut tx, [bo.id, ann.id]).await;
    let lost = rating(1600.0, 260.0, 2);
    assert!(
        tx.record_rating_change(g2.id, ann.id, "agon", won, lost, t0() + Duration::days(1))
            .await
            .unwrap()
    );
    let g3 = game(&mut tx, [ann.id, bo.id]).await;
    let agros = rating(1400.0, 300.0, 1);
    assert!(
        tx.record_rating_change(g3.id, ann.id, "agros-10", NEW, agros, t0())
            .await
            .unwrap()
    );
    assert_eq!(
        tx.ratings_of(ann.id).await.unwrap(),
        [("agon".to_string(), lost), ("agros-10".to_string(), agros)]
    );
    tx.commit().await.unwrap();

    // Read back through a reader connection: committed, and the reals kept exactly.
    let mut read = db.store.read().await.unwrap();
    assert_eq!(read.rating(ann.id, "agon").await.unwrap(), Some(lost));
}

#[tokio::test]
async fn a_games_changes_come_back_first_seat_first() {
    let db = TestDb::fresh("ratings-of-game").await;
    let mut tx = db.write().await;
    let ann = player(&mut tx, "ann", "mailto:ann@example.org").await;
    let bo = player(&mut tx, "bo", "discord:7").await;
    // Bo holds the first seat, and has the higher id.
    let g = game(&mut tx, [bo.id, ann.id]).await;
    assert_eq!(tx.rating_changes_of_game(g.id).await.unwrap(), []);
    let (ann_after, bo_after) = (rating(1338.0, 290.0, 1), rating(1662.0, 290.0, 1));
    tx.record_rating_change(g.id, ann.id, "agon", NEW, ann_after, t0())
        .await
        .unwrap();
    tx.record_rating_change(g.id, bo.id, "agon", NEW, bo_after, t0())
        .await
        .unwrap();
    assert_eq!(
        tx.rating_changes_of_game(g.id).await.unwrap(),
        [
            RatingChange {
                player: bo.id,
                pool: "agon".into(),
                before: NEW,
                after: bo_after,
            },
            RatingChange {
                player: ann.id,
                pool: "agon".into(),
                before: NEW,
                after: ann_after,
            },
        ]
    );
}

#[tokio::test]
async fn the_leaderboard_keeps_to_its_pool_and_to_established_people() {
    let db = TestDb::fresh("ratings-leaderboard").await;
    let mut tx = db.write().await;
    let cpu = tx
        .create_player("Computer", "local:computer", true, Some("hard"), t0())
        .await
        .unwrap();
    let entries = [
        ("ann", "agon", rating(1700.0, 80.0, 20)),
        ("bo", "agon", rating(1900.0, 60.0, 40)),
        // Uncertain: too high a deviation.
        ("cy", "agon", rating(2100.0, 150.0, 30)),
        // New: too few games, however certain.
        ("di", "agon", rating(2000.0, 90.0, 3)),
        ("ed", "agon", rating(1500.0, 100.0, 12)),
        ("fay", "agros-10", rating(2500.0, 50.0, 50)),
        ("gus", "agon", rating(1700.0, 70.0, 10)),
    ];
    let mut ids = std::collections::HashMap::new();
    for (name, pool, r) in entries {
        let p = player(&mut tx, name, &format!("local:{name}")).await;
        let g = game(&mut tx, [p.id, cpu.id]).await;
        tx.record_rating_change(g.id, p.id, pool, NEW, r, t0())
            .await
            .unwrap();
        ids.insert(name, p.id);
    }
    // The computer's own row, if one were ever written, is not a person's place.
    let g = game(&mut tx, [cpu.id, ids["ann"]]).await;
    tx.record_rating_change(g.id, cpu.id, "agon", NEW, rating(2600.0, 30.0, 90), t0())
        .await
        .unwrap();

    let board = tx.leaderboard("agon", 110.0, 5, 10).await.unwrap();
    let names: Vec<(&str, f64)> = board
        .iter()
        .map(|(name, _, r)| (name.as_str(), r.rating))
        .collect();
    // Equal ratings: the older player first.
    assert_eq!(
        names,
        [
            ("bo", 1900.0),
            ("ann", 1700.0),
            ("gus", 1700.0),
            ("ed", 1500.0)
        ]
    );
    assert_eq!(board[0].1, ids["bo"]);
    assert_eq!(board[0].2, rating(1900.0, 60.0, 40));
    assert_eq!(tx.leaderboard("agon", 110.0, 5, 2).await.unwrap().len(), 2);
    // Looser thresholds let in the uncertain and the new.
    let all = tx.leaderboard("agon", 200.0, 0, 10).await.unwrap();
    assert_eq!(all.len(), 6);
    assert_eq!(all[0].0, "cy");
    let agros = tx.leaderboard("agros-10", 110.0, 5, 10).await.unwrap();
    assert_eq!(agros.len(), 1);
    assert_eq!(agros[0].0, "fay");
    assert_eq!(tx.leaderboard("agros-8", 110.0, 5, 10).await.unwrap(), []);
}

#[tokio::test]
async fn merged_players_keep_one_rating_per_pool_and_every_change() {
    let db = TestDb::fresh("ratings-merge").await;
    let mut tx = db.write().await;
    let ann = player(&mut tx, "ann", "mailto:ann@example.org").await;
    let ann2 = player(&mut tx, "ann2", "discord:7").await;
    let bo = player(&mut tx, "bo", "local:bo").await;
    let record = async |tx: &mut Tx, who: i64, pool: &str, r: Rating| {
        let g = game(tx, [who, bo.id]).await;
        tx.record_rating_change(g.id, who, pool, NEW, r, t0())
            .await
            .unwrap();
        g.id
    };
    // Agon: the merged-away player has more games, so theirs stays. Agros 8: the remaining
    // player's. Agros 10: only the merged-away player has one.
    record(&mut tx, ann.id, "agon", rating(1600.0, 200.0, 2)).await;
    let moved = record(&mut tx, ann2.id, "agon", rating(1700.0, 100.0, 9)).await;
    record(&mut tx, ann.id, "agros-8", rating(1550.0, 150.0, 5)).await;
    record(&mut tx, ann2.id, "agros-8", rating(1450.0, 150.0, 5)).await;
    record(&mut tx, ann2.id, "agros-10", rating(1400.0, 250.0, 1)).await;

    tx.merge_ratings(ann2.id, ann.id).await.unwrap();
    tx.merge_players(ann2.id, ann.id).await.unwrap();
    assert_eq!(
        tx.ratings_of(ann.id).await.unwrap(),
        [
            ("agon".to_string(), rating(1700.0, 100.0, 9)),
            ("agros-10".to_string(), rating(1400.0, 250.0, 1)),
            ("agros-8".to_string(), rating(1550.0, 150.0, 5)),
        ]
    );
    assert_eq!(tx.ratings_of(ann2.id).await.unwrap(), []);
    assert_eq!(
        tx.rating_changes_of_game(moved).await.unwrap()[0].player,
        ann.id
    );
}

/// Plays `actions` (seat, delivery) into a game and, if `ending`, finishes it.
async fn play(tx: &mut Tx, g: &mut Game, actions: &[(Seat, &str)], ending: Option<Ending>) {
    for (i, (seat, delivery)) in actions.iter().enumerate() {
        let ply = i as u32 + 1;
        let delivery = match *delivery {
            "" => None,
            "pass" => Some(format!("clock:{}:{}:pass", g.id, ply - 1)),
            other => Some(other.to_string()),
        };
        tx.insert_action(
            g.id,
            &PlayedAction {
                ply,
                seat: *seat,
                notation: "pass".into(),
                played_at: t0() + Duration::hours(i64::from(ply)),
                delivery_id: delivery,
                spent_ms: None,
            },
        )
        .await
        .unwrap();
    }
    g.ply = actions.len() as u32;
    g.status = if ending.is_some() {
        GameStatus::Finished
    } else {
        GameStatus::Active
    };
    g.ending = ending;
    tx.save_game(g, t0()).await.unwrap();
}

#[tokio::test]
async fn reliability_counts_own_actions_clock_passes_and_losses_on_time() {
    let db = TestDb::fresh("ratings-reliability").await;
    let mut tx = db.write().await;
    let ann = player(&mut tx, "ann", "mailto:ann@example.org").await;
    let bo = player(&mut tx, "bo", "discord:7").await;
    let cy = player(&mut tx, "cy", "local:cy").await;
    assert_eq!(
        tx.reliability(ann.id).await.unwrap(),
        Reliability::default()
    );
    let (first, second) = (Seat::First, Seat::Second);

    // Ann first: three own actions (mail, the terminal, none recorded), one the clock passed;
    // Bo's actions and Bo's pass are Bo's. Ann then wins by the rules.
    let mut g1 = game(&mut tx, [ann.id, bo.id]).await;
    let rules = Ending {
        winner: Some(first),
        reason: EndReason::Rules(agora_rules::EndReason::Throne),
    };
    play(
        &mut tx,
        &mut g1,
        &[
            (first, "<m1@example.org>"),
            (second, "d1"),
            (first, "pass"),
            (second, "pass"),
            (first, "local:7"),
            (second, "d2"),
            (first, ""),
        ],
        Some(rules),
    )
    .await;

    // Ann second: one own action, then she loses on time.
    let mut g2 = game(&mut tx, [bo.id, ann.id]).await;
    let time = |winner| Ending {
        winner: Some(winner),
        reason: EndReason::Time,
    };
    play(
        &mut tx,
        &mut g2,
        &[(first, "d3"), (second, "<m2@example.org>"), (first, "d4")],
        Some(time(first)),
    )
    .await;

    // Ann second again, and Bo is the one who runs out of time: a finished game, not hers.
    let mut g3 = game(&mut tx, [bo.id, ann.id]).await;
    play(
        &mut tx,
        &mut g3,
        &[(first, "d5"), (second, "<m3@example.org>")],
        Some(time(second)),
    )
    .await;

    // A running game against Cy: one own action and one pass count; not finished.
    let mut g4 = game(&mut tx, [cy.id, ann.id]).await;
    play(
        &mut tx,
        &mut g4,
        &[
            (first, "c1"),
            (second, "pass"),
            (first, "c2"),
            (second, "x"),
        ],
        None,
    )
    .await;

    // A game between others changes nothing for Ann.
    let mut g5 = game(&mut tx, [bo.id, cy.id]).await;
    play(&mut tx, &mut g5, &[(first, "pass")], Some(time(second))).await;

    assert_eq!(
        tx.reliability(ann.id).await.unwrap(),
        Reliability {
            // Own: 3 + 1 + 1 + 1; passed: 1 + 1; lost on time: 1.
            turns: 9,
            turns_in_time: 6,
            finished_games: 3,
            games_timed_out: 1,
        }
    );
    assert_eq!(
        tx.reliability(bo.id).await.unwrap(),
        Reliability {
            // Own: 2 in g1, 2 in g2, 1 in g3; passed: 1 in g1, 1 in g5; lost on time: g3, g5.
            turns: 9,
            turns_in_time: 5,
            finished_games: 4,
            games_timed_out: 2,
        }
    );
}

/// The reliability and leaderboard queries on a database of some thousands of games, each with
/// its actions; prints how long each takes. Run by hand:
/// `cargo test -p agora-store --test it ratings:: -- --ignored --nocapture`.
#[tokio::test]
#[ignore = "a measurement: builds a large database"]
async fn reliability_and_leaderboard_on_thousands_of_games() {
    const PLAYERS: i64 = 200;
    const GAMES: i64 = 6_000;
    const PLIES: i64 = 80;
    let db = TestDb::sqlite("ratings-scale").await;
    let mut tx = db.write().await;
    let mut ids = Vec::new();
    for i in 0..PLAYERS {
        ids.push(
            player(&mut tx, &format!("p{i}"), &format!("local:p{i}"))
                .await
                .id,
        );
    }
    tx.commit().await.unwrap();

    // Rows written beside the store (one statement each), the way a long life would leave them:
    // player 0 is in every tenth game.
    let pool = sqlx::SqlitePool::connect(&format!("sqlite:{}", db.path().display()))
        .await
        .unwrap();
    let first = ids[0];
    let started = std::time::Instant::now();
    sqlx::query(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
         INSERT INTO games (id, kind, variant, first_player, second_player, challenger, status,
             position, days_per_move, result, end_reason, created_at, updated_at)
         SELECT i, 'agon', '\"Agon\"',
             CASE WHEN i % 10 = 0 THEN ?2 ELSE ?2 + 1 + i % (?3 - 1) END,
             ?2 + 1 + (i * 7) % (?3 - 1), ?2, 'finished', '', 3,
             CASE WHEN i % 3 = 0 THEN 'first' ELSE 'second' END,
             CASE WHEN i % 5 = 0 THEN 'timeout' ELSE 'throne' END, '', ''
         FROM n",
    )
    .bind(GAMES)
    .bind(first)
    .bind(PLAYERS)
    .execute(&pool)
    .await
    .unwrap();
    sqlx::query(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
         INSERT INTO actions (game_id, ply, seat, notation, played_at, delivery_id)
         SELECT g.id, n.i, CASE WHEN n.i % 2 = 1 THEN 'first' ELSE 'second' END, 'pass', '',
             CASE WHEN n.i % 17 = 0 THEN 'clock:' || g.id || ':' || (n.i - 1) || ':pass'
                  ELSE 'delivery-' || n.i END
         FROM games g, n",
    )
    .bind(PLIES)
    .execute(&pool)
    .await
    .unwrap();
    sqlx::query(
        "INSERT INTO ratings (player_id, pool, rating, deviation, volatility, games, updated_at)
         SELECT id, 'agon', 1000 + (id * 37) % 1500, 50 + id % 100, 0.06, id % 30, ''
         FROM players",
    )
    .execute(&pool)
    .await
    .unwrap();
    pool.close().await;
    println!(
        "{GAMES} games of {PLIES} plies written in {:?}",
        started.elapsed()
    );

    let mut tx = db.store.read().await.unwrap();
    // Player 0 plays every tenth game; player 1 some thirty.
    for who in [first, ids[1]] {
        let started = std::time::Instant::now();
        let r = tx.reliability(who).await.unwrap();
        println!("reliability: {r:?} in {:?}", started.elapsed());
        assert!(r.finished_games > 0 && r.turns >= r.turns_in_time);
    }
    let r = tx.reliability(first).await.unwrap();
    assert_eq!(r.finished_games, (GAMES / 10) as u32);
    assert_eq!(r.turns, (GAMES / 10 * PLIES / 2) as u32 + r.games_timed_out);
    let started = std::time::Instant::now();
    let board = tx.leaderboard("agon", 110.0, 5, 20).await.unwrap();
    println!("leaderboard of {} in {:?}", board.len(), started.elapsed());
    assert_eq!(board.len(), 20);
}
