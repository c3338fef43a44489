//! Games and their actions on a fresh real database: what is written comes back unchanged (clocks,
//! endings, offers), a write against an old version is refused and changes nothing, the record of
//! actions keeps its order and refuses a second action at one ply, the scheduler's sweep sees
//! exactly the running games and open challenges that are due, a player's late games are exactly
//! their running games past the deadline, and a player's open challenges and challenges to
//! strangers are counted.

use agora_testkit::store as common;

use agora_rules::{Seat, Variant};
use agora_store::{
    EndReason, Ending, GameStatus, NewGame, PlayedAction, StoreError, TimeControl, TimeoutPolicy,
};
use chrono::Duration;
use common::{TestDb, game, new_game, player, t0};

#[tokio::test]
async fn a_new_game_reads_back_as_written() {
    let db = TestDb::fresh("new-game").await;
    let mut tx = db.write().await;
    let ann = player(&mut tx, "ann", "mailto:ann@example.org").await;
    let bo = player(&mut tx, "bo", "discord:7").await;
    let g = game(&mut tx, [ann.id, bo.id]).await;
    assert_eq!(g.variant, Variant::Agon);
    assert_eq!(g.seats, [ann.id, bo.id]);
    assert_eq!(g.challenger, ann.id);
    assert_eq!(g.status, GameStatus::Proposed);
    assert_eq!(g.position, Variant::Agon.start().to_string());
    assert_eq!((g.ply, g.version), (0, 0));
    assert_eq!(g.time_control, TimeControl::PerMove { days: 3 });
    assert_eq!(g.timeout, TimeoutPolicy::Loss);
    assert_eq!(g.ending, None);
    assert_eq!((g.created_at, g.updated_at), (t0(), t0()));
    assert_eq!(g.seat_of(bo.id), Some(Seat::Second));
    assert_eq!(g.player_at(Seat::First), ann.id);
    assert_eq!(tx.game(g.id).await.unwrap(), Some(g.clone()));
    assert_eq!(tx.game(g.id + 1).await.unwrap(), None);
}

#[tokio::test]
async fn a_time_bank_and_the_pass_policy_round_trip() {
    let db = TestDb::fresh("bank").await;
    let mut tx = db.write().await;
    let ann = player(&mut tx, "ann", "mailto:ann@example.org").await;
    let bo = player(&mut tx, "bo", "discord:7").await;
    let variant = Variant::Agros {
        board: 10,
        farmers: 5,
    };
    let bank = TimeControl::Bank {
        initial: 7 * 86_400,
        increment: 86_400,
        max: 14 * 86_400,
    };
    let mut g = tx
        .insert_game(
            &NewGame {
                variant,
                time_control: bank,
                timeout: TimeoutPolicy::Pass,
                options: agora_store::GameOptions::default(),
                position: variant.start().to_string(),
                ..new_game([ann.id, bo.id])
            },
            t0(),
        )
        .await
        .unwrap();
    assert_eq!(g.variant, variant);
    assert_eq!(g.time_control, bank);
    assert_eq!(g.timeout, TimeoutPolicy::Pass);
    // Both seats start with the whole initial reserve.
    assert_eq!(g.bank, [7 * 86_400, 7 * 86_400]);

    g.bank = [5 * 86_400, 8 * 86_400];
    tx.save_game(&mut g, t0()).await.unwrap();
    assert_eq!(tx.game(g.id).await.unwrap().unwrap().bank, g.bank);
}

#[tokio::test]
async fn a_save_against_an_old_version_is_a_conflict_and_writes_nothing() {
    let db = TestDb::fresh("conflict").await;
    let mut tx = db.write().await;
    let ann = player(&mut tx, "ann", "mailto:ann@example.org").await;
    let bo = player(&mut tx, "bo", "discord:7").await;
    let mut game = game(&mut tx, [ann.id, bo.id]).await;
    tx.commit().await.unwrap();

    // Two front ends read the same version; the first to write wins.
    let mut stale = game.clone();
    let later = t0() + Duration::hours(1);
    let mut tx = db.write().await;
    game.status = GameStatus::Active;
    game.deadline_at = Some(later + Duration::days(3));
    game.due_at = game.deadline_at;
    tx.save_game(&mut game, later).await.unwrap();
    assert_eq!((game.version, game.updated_at), (1, later));
    tx.commit().await.unwrap();

    let mut tx = db.write().await;
    stale.status = GameStatus::Cancelled;
    match tx.save_game(&mut stale, later).await {
        Err(StoreError::Conflict(id)) => assert_eq!(id, game.id),
        other => panic!("expected a conflict, got {other:?}"),
    }
    // The refused write left the caller's copy at its old version, so a retry must read again.
    assert_eq!(stale.version, 0);
    let read = tx.game(game.id).await.unwrap().unwrap();
    assert_eq!(read, game);
    assert_eq!(read.status, GameStatus::Active);

    // Against the version just read, the same change goes through.
    let mut fresh = read;
    fresh.status = GameStatus::Cancelled;
    tx.save_game(&mut fresh, later).await.unwrap();
    assert_eq!(fresh.version, 2);
}

#[tokio::test]
async fn endings_offers_and_clock_times_round_trip() {
    let db = TestDb::fresh("ending").await;
    let mut tx = db.write().await;
    let ann = player(&mut tx, "ann", "mailto:ann@example.org").await;
    let bo = player(&mut tx, "bo", "discord:7").await;
    let mut g = game(&mut tx, [ann.id, bo.id]).await;

    let start = t0() + Duration::minutes(5);
    g.status = GameStatus::Active;
    g.started_at = Some(start);
    g.turn_started_at = Some(start);
    g.deadline_at = Some(start + Duration::days(3));
    g.reminded_at = Some(start + Duration::days(2));
    g.reminder_stage = 1;
    g.due_at = Some(start + Duration::days(3) - Duration::hours(2));
    g.draw_offer = Some(Seat::Second);
    g.undo_request = Some(Seat::First);
    g.ply = 4;
    tx.save_game(&mut g, start).await.unwrap();
    assert_eq!(tx.game(g.id).await.unwrap().unwrap(), g);

    // A win keeps its seat and reason; a draw has no winner.
    g.status = GameStatus::Finished;
    g.ending = Some(Ending {
        winner: Some(Seat::Second),
        reason: agora_rules::EndReason::Throne.into(),
    });
    g.finished_at = Some(start + Duration::days(1));
    g.draw_offer = None;
    g.undo_request = None;
    tx.save_game(&mut g, start).await.unwrap();
    assert_eq!(tx.game(g.id).await.unwrap().unwrap(), g);

    g.ending = Some(Ending {
        winner: None,
        reason: EndReason::Agreement,
    });
    tx.save_game(&mut g, start).await.unwrap();
    let read = tx.game(g.id).await.unwrap().unwrap();
    assert_eq!(read.ending, g.ending);
    assert_eq!(read.version, 3);
}

#[tokio::test]
async fn actions_keep_their_order_and_one_action_per_ply() {
    let db = TestDb::fresh("actions").await;
    let mut tx = db.write().await;
    let ann = player(&mut tx, "ann", "mailto:ann@example.org").await;
    let bo = player(&mut tx, "bo", "discord:7").await;
    let g = game(&mut tx, [ann.id, bo.id]).await;
    assert!(tx.actions(g.id).await.unwrap().is_empty());

    let played = [
        PlayedAction {
            ply: 1,
            seat: Seat::First,
            notation: "a4-a5".into(),
            played_at: t0() + Duration::hours(1),
            delivery_id: Some("<m1@example.org>".into()),
            spent_ms: Some(3_600_000),
        },
        PlayedAction {
            ply: 2,
            seat: Seat::Second,
            notation: "a6-b7".into(),
            played_at: t0() + Duration::hours(2),
            delivery_id: None,
            spent_ms: None,
        },
    ];
    // Written out of order, read back in ply order.
    tx.insert_action(g.id, &played[1]).await.unwrap();
    tx.insert_action(g.id, &played[0]).await.unwrap();
    assert_eq!(tx.actions(g.id).await.unwrap(), played);
    assert_eq!(tx.count_actions().await.unwrap(), 2);

    let again = PlayedAction {
        notation: "a4-b5".into(),
        ..played[0].clone()
    };
    assert!(matches!(
        tx.insert_action(g.id, &again).await,
        Err(StoreError::Db(_) | StoreError::Taken(_))
    ));

    // A takeback removes the last action only.
    tx.delete_action(g.id, 2).await.unwrap();
    assert_eq!(tx.actions(g.id).await.unwrap(), played[..1]);
    assert_eq!(tx.count_actions().await.unwrap(), 1);
}

#[tokio::test]
async fn the_sweep_sees_running_games_and_challenges_that_are_due_earliest_first() {
    let db = TestDb::fresh("due").await;
    let mut tx = db.write().await;
    let ann = player(&mut tx, "ann", "mailto:ann@example.org").await;
    let bo = player(&mut tx, "bo", "discord:7").await;
    let mut ids = Vec::new();
    // Due in 3, 1 and 2 hours; then a challenge (due at its expiry) and a finished game with a
    // due time all the same: the finished one is never due.
    for (hours, status) in [
        (3, GameStatus::Active),
        (1, GameStatus::Active),
        (2, GameStatus::Active),
        (1, GameStatus::Proposed),
        (1, GameStatus::Finished),
    ] {
        let mut g = game(&mut tx, [ann.id, bo.id]).await;
        g.status = status;
        g.due_at = Some(t0() + Duration::hours(hours));
        tx.save_game(&mut g, t0()).await.unwrap();
        ids.push(g.id);
    }
    let due = |games: Vec<agora_store::Game>| games.iter().map(|g| g.id).collect::<Vec<_>>();
    assert!(tx.games_due(t0(), 10).await.unwrap().is_empty());
    assert_eq!(
        due(tx.games_due(t0() + Duration::hours(2), 10).await.unwrap()),
        [ids[1], ids[3], ids[2]]
    );
    assert_eq!(
        due(tx.games_due(t0() + Duration::days(1), 10).await.unwrap()),
        [ids[1], ids[3], ids[2], ids[0]]
    );
    assert_eq!(
        due(tx.games_due(t0() + Duration::days(1), 1).await.unwrap()),
        [ids[1]]
    );
}

#[tokio::test]
async fn a_players_open_and_last_finished_games() {
    let db = TestDb::fresh("open-games").await;
    let mut tx = db.write().await;
    let ann = player(&mut tx, "ann", "mailto:ann@example.org").await;
    let bo = player(&mut tx, "bo", "discord:7").await;
    let cy = player(&mut tx, "cy", "local:cy").await;
    let proposed = game(&mut tx, [ann.id, bo.id]).await;
    let mut active = game(&mut tx, [cy.id, ann.id]).await;
    active.status = GameStatus::Active;
    tx.save_game(&mut active, t0()).await.unwrap();
    let mut declined = game(&mut tx, [ann.id, cy.id]).await;
    declined.status = GameStatus::Declined;
    declined.finished_at = Some(t0() + Duration::days(9));
    tx.save_game(&mut declined, t0()).await.unwrap();
    let mut older = game(&mut tx, [ann.id, bo.id]).await;
    let mut newer = game(&mut tx, [bo.id, ann.id]).await;
    for (g, days) in [(&mut newer, 2), (&mut older, 1)] {
        g.status = GameStatus::Finished;
        g.finished_at = Some(t0() + Duration::days(days));
        tx.save_game(g, t0()).await.unwrap();
    }

    let open: Vec<i64> = tx
        .open_games_of(ann.id)
        .await
        .unwrap()
        .iter()
        .map(|g| g.id)
        .collect();
    assert_eq!(open, [proposed.id, active.id]);
    // A refused challenge is not a finished game, however late it was refused.
    assert_eq!(
        tx.last_finished_game_of(ann.id)
            .await
            .unwrap()
            .map(|g| g.id),
        Some(newer.id)
    );
    assert_eq!(tx.last_finished_game_of(cy.id).await.unwrap(), None);
    assert!(tx.share_a_game(bo.id, ann.id).await.unwrap());
    assert!(tx.share_a_game(ann.id, cy.id).await.unwrap());
    assert!(!tx.share_a_game(bo.id, cy.id).await.unwrap());
}

#[tokio::test]
async fn the_computer_is_to_act_only_on_its_own_turn_in_a_running_game() {
    let db = TestDb::fresh("computer").await;
    let mut tx = db.write().await;
    let ann = player(&mut tx, "ann", "mailto:ann@example.org").await;
    let computer = tx
        .create_player("computer", "local:computer", true, Some("easy"), t0())
        .await
        .unwrap();
    let mut g = game(&mut tx, [ann.id, computer.id]).await;
    // Proposed: nobody is to act yet.
    g.ply = 1;
    tx.save_game(&mut g, t0()).await.unwrap();
    assert!(!tx.computer_to_act(g.id).await.unwrap());

    g.status = GameStatus::Active;
    tx.save_game(&mut g, t0()).await.unwrap();
    assert!(tx.computer_to_act(g.id).await.unwrap());
    g.ply = 2;
    tx.save_game(&mut g, t0()).await.unwrap();
    assert!(!tx.computer_to_act(g.id).await.unwrap());
}

#[tokio::test]
async fn open_challenges_and_challenges_to_strangers_are_counted() {
    let db = TestDb::fresh("challenge-counts").await;
    let mut tx = db.write().await;
    let ann = player(&mut tx, "ann", "discord:1").await;
    let bo = player(&mut tx, "bo", "discord:2").await;
    let cy = player(&mut tx, "cy", "mailto:cy@example.org").await;
    // bo has used Agora since before; cy never has.
    tx.mark_seen(bo.id, t0() - Duration::days(30))
        .await
        .unwrap();
    let to_bo = game(&mut tx, [ann.id, bo.id]).await;
    game(&mut tx, [ann.id, cy.id]).await;
    game(&mut tx, [bo.id, ann.id]).await;
    assert_eq!(tx.open_challenges_by(ann.id).await.unwrap(), 2);
    assert_eq!(tx.open_challenges_by(bo.id).await.unwrap(), 1);
    let since = t0() - Duration::days(1);
    assert_eq!(
        tx.challenges_to_strangers_since(ann.id, since)
            .await
            .unwrap(),
        1
    );
    // ann was a stranger when bo challenged her (she had never sent a command).
    assert_eq!(
        tx.challenges_to_strangers_since(bo.id, since)
            .await
            .unwrap(),
        1
    );
    // A stranger who answers later was still a stranger when challenged; a withdrawn challenge
    // still counts; nothing counts from before `since`.
    tx.mark_seen(cy.id, t0() + Duration::hours(1))
        .await
        .unwrap();
    let mut g = to_bo;
    g.status = GameStatus::Cancelled;
    tx.save_game(&mut g, t0()).await.unwrap();
    assert_eq!(tx.open_challenges_by(ann.id).await.unwrap(), 1);
    assert_eq!(
        tx.challenges_to_strangers_since(ann.id, since)
            .await
            .unwrap(),
        1
    );
    assert_eq!(
        tx.challenges_to_strangers_since(ann.id, t0())
            .await
            .unwrap(),
        0
    );
    // The computer is no stranger, though it never sends a command.
    let computer = tx
        .create_player(
            "computer-easy",
            "local:computer-easy",
            true,
            Some("easy"),
            t0(),
        )
        .await
        .unwrap();
    game(&mut tx, [ann.id, computer.id]).await;
    assert_eq!(
        tx.challenges_to_strangers_since(ann.id, since)
            .await
            .unwrap(),
        1
    );
}

#[tokio::test]
async fn late_games_are_the_players_running_games_past_their_deadline() {
    let db = TestDb::fresh("late").await;
    let mut tx = db.write().await;
    let ann = player(&mut tx, "ann", "mailto:ann@example.org").await;
    let bo = player(&mut tx, "bo", "discord:7").await;
    let cy = player(&mut tx, "cy", "local:cy").await;
    let now = t0() + Duration::days(5);
    // Running games of ann with their deadlines: one passed, one exactly now, one to come.
    let mut late = Vec::new();
    for (seats, deadline) in [
        ([ann.id, bo.id], now - Duration::hours(1)),
        ([cy.id, ann.id], now),
        ([ann.id, cy.id], now + Duration::hours(1)),
    ] {
        let mut g = game(&mut tx, seats).await;
        g.status = GameStatus::Active;
        g.deadline_at = Some(deadline);
        tx.save_game(&mut g, t0()).await.unwrap();
        late.push(g.id);
    }
    late.pop();
    // A challenge or a finished game past a deadline is not late; nor is another pair's game.
    let mut proposed = game(&mut tx, [ann.id, bo.id]).await;
    proposed.deadline_at = Some(now - Duration::days(1));
    tx.save_game(&mut proposed, t0()).await.unwrap();
    let mut finished = game(&mut tx, [bo.id, ann.id]).await;
    finished.status = GameStatus::Finished;
    finished.deadline_at = Some(now - Duration::days(1));
    tx.save_game(&mut finished, t0()).await.unwrap();
    let mut others = game(&mut tx, [bo.id, cy.id]).await;
    others.status = GameStatus::Active;
    others.deadline_at = Some(now - Duration::days(1));
    tx.save_game(&mut others, t0()).await.unwrap();

    let ids = |games: Vec<agora_store::Game>| games.iter().map(|g| g.id).collect::<Vec<_>>();
    assert_eq!(ids(tx.late_games_of(ann.id, now).await.unwrap()), late);
    assert_eq!(
        ids(tx
            .late_games_of(ann.id, now - Duration::days(1))
            .await
            .unwrap()),
        Vec::<i64>::new()
    );
    assert_eq!(
        ids(tx.late_games_of(cy.id, now).await.unwrap()),
        [late[1], others.id]
    );
}
