//! Claims: several processes deliver one outbox and sweep one set of due games, each taking what
//! nobody holds. A conversation of the outbox (a game's rows, or an address's rows about no game)
//! and a due game belong to one holder at a time until it releases them or its claim runs out;
//! a conversation is never split, so a later row never goes out before an earlier one. On
//! PostgreSQL two claims at the same moment take different rows and neither waits.

use agora_testkit::store as common;

use agora_store::{GameStatus, Tx};
use chrono::{DateTime, Duration, Utc};
use common::{TestDb, game, message, player, t0};

/// The ids a claim returned to send now.
async fn claim(tx: &mut Tx, holder: &str, at: DateTime<Utc>, limit: u32) -> (Vec<i64>, usize) {
    let claimed = tx
        .claim_pending("discord", holder, at, at + Duration::minutes(3), limit)
        .await
        .unwrap();
    (
        claimed.rows.iter().map(|m| m.id).collect(),
        claimed.conversations,
    )
}

/// Queues a `discord` row to `who`, about game `g` or none.
async fn queue(tx: &mut Tx, who: i64, g: Option<i64>, subject: &str) -> i64 {
    tx.queue(&message(who, "discord", g, subject), t0())
        .await
        .unwrap()
}

/// The ids of the due games a sweep claimed.
async fn claim_games(tx: &mut Tx, holder: &str, at: DateTime<Utc>, limit: u32) -> Vec<i64> {
    tx.claim_games_due(holder, at, at + Duration::seconds(30), limit)
        .await
        .unwrap()
        .iter()
        .map(|g| g.id)
        .collect()
}

#[tokio::test]
async fn each_conversation_goes_to_one_holder_until_released_or_run_out() {
    let db = TestDb::fresh("claims").await;
    let mut tx = db.write().await;
    let ann = player(&mut tx, "ann", "discord:7").await;
    let bo = player(&mut tx, "bo", "discord:8").await;
    let g1 = game(&mut tx, [ann.id, bo.id]).await;
    let g2 = game(&mut tx, [ann.id, bo.id]).await;
    let a1 = queue(&mut tx, ann.id, Some(g1.id), "g1 to ann").await;
    let b1 = queue(&mut tx, bo.id, Some(g1.id), "g1 to bo").await;
    let c1 = queue(&mut tx, ann.id, Some(g2.id), "g2 to ann").await;
    let loose = queue(&mut tx, bo.id, None, "welcome bo").await;
    let a2 = queue(&mut tx, ann.id, Some(g1.id), "g1 to ann again").await;

    // The first holder takes the two oldest conversations, with every row of each.
    assert_eq!(
        claim(&mut tx, "one", t0(), 2).await,
        (vec![a1, b1, c1, a2], 2)
    );
    // The second finds only what is left: the row about no game.
    assert_eq!(claim(&mut tx, "two", t0(), 10).await, (vec![loose], 1));
    // A row queued in a game the first holds is not taken by another, which would send it
    // before the first has sent the earlier ones.
    let b2 = queue(&mut tx, bo.id, Some(g1.id), "g1 to bo again").await;
    assert_eq!(claim(&mut tx, "two", t0(), 10).await, (vec![], 0));

    // Sent rows are done; the first holder releases the rest, and the second takes them.
    tx.mark_sent(a1, t0()).await.unwrap();
    tx.mark_sent(b1, t0()).await.unwrap();
    tx.release_claims("discord", "one").await.unwrap();
    assert_eq!(claim(&mut tx, "two", t0(), 10).await, (vec![c1, a2, b2], 2));

    // A holder that died releases nothing: its claims run out, and then another takes them.
    let before = t0() + Duration::minutes(3) - Duration::seconds(1);
    assert_eq!(claim(&mut tx, "three", before, 10).await, (vec![], 0));
    let after = t0() + Duration::minutes(3);
    assert_eq!(
        claim(&mut tx, "three", after, 10).await,
        (vec![c1, loose, a2, b2], 3)
    );
    tx.commit().await.unwrap();
}

#[tokio::test]
async fn a_row_in_backoff_holds_back_its_address_only_and_keeps_its_game_claimed() {
    let db = TestDb::fresh("claims-backoff").await;
    let mut tx = db.write().await;
    let ann = player(&mut tx, "ann", "discord:7").await;
    let bo = player(&mut tx, "bo", "discord:8").await;
    let g = game(&mut tx, [ann.id, bo.id]).await;
    let first = tx
        .queue(&message(ann.id, "discord", Some(g.id), "first"), t0())
        .await
        .unwrap();
    let later = tx
        .queue(&message(ann.id, "discord", Some(g.id), "later"), t0())
        .await
        .unwrap();
    let other = tx
        .queue(&message(bo.id, "discord", Some(g.id), "to bo"), t0())
        .await
        .unwrap();
    let retry = t0() + Duration::minutes(1);
    tx.mark_failed(first, "refused", retry).await.unwrap();

    // Ann's later row waits for her first; Bo's goes now.
    assert_eq!(claim(&mut tx, "one", t0(), 10).await, (vec![other], 1));
    tx.mark_sent(other, t0()).await.unwrap();
    // The game stays with its holder until released, the row in backoff included.
    assert_eq!(claim(&mut tx, "two", retry, 10).await, (vec![], 0));
    tx.release_claims("discord", "one").await.unwrap();
    assert_eq!(
        claim(&mut tx, "two", retry, 10).await,
        (vec![first, later], 1)
    );
    // Back in backoff, the first row holds the later one back again: with nothing to send, the
    // conversation is not taken (a pass that took it would only release it again).
    tx.release_claims("discord", "two").await.unwrap();
    tx.mark_failed(first, "refused", retry + Duration::minutes(5))
        .await
        .unwrap();
    assert_eq!(claim(&mut tx, "one", retry, 10).await, (vec![], 0));
    tx.commit().await.unwrap();
}

/// A claim says which rows an earlier try may have delivered, so a channel that cannot drop a
/// repeat looks for it first: a row whose try failed, a row whose pass took it and never gave it
/// back (a crash), and one a pass cancelled half-way freed; not a row first taken now, nor one a
/// pass gave back untried.
#[tokio::test]
async fn a_claim_tells_which_rows_an_earlier_try_may_have_delivered() {
    let db = TestDb::fresh("claims-tried").await;
    let mut tx = db.write().await;
    let ann = player(&mut tx, "ann", "discord:7").await;
    let bo = player(&mut tx, "bo", "discord:8").await;
    let g1 = game(&mut tx, [ann.id, bo.id]).await;
    let g2 = game(&mut tx, [ann.id, bo.id]).await;
    let g3 = game(&mut tx, [ann.id, bo.id]).await;
    let failed = queue(&mut tx, ann.id, Some(g1.id), "g1").await;
    let crashed = queue(&mut tx, ann.id, Some(g2.id), "g2").await;
    let untried = queue(&mut tx, ann.id, Some(g3.id), "g3").await;
    let g4 = game(&mut tx, [ann.id, bo.id]).await;
    let cancelled = queue(&mut tx, ann.id, Some(g4.id), "g4").await;
    // Who may have delivered what, as a claim says: (row, tried).
    async fn tried(
        tx: &mut Tx,
        holder: &str,
        at: DateTime<Utc>,
        limit: u32,
    ) -> Vec<(i64, Option<DateTime<Utc>>)> {
        let claimed = tx
            .claim_pending("discord", holder, at, at + Duration::minutes(3), limit)
            .await
            .unwrap();
        claimed.rows.iter().map(|m| (m.id, m.tried)).collect()
    }
    // Taken for the first time: nothing was tried.
    assert_eq!(
        tried(&mut tx, "one", t0(), 2).await,
        [(failed, None), (crashed, None)]
    );
    assert_eq!(tried(&mut tx, "zero", t0(), 1).await, [(untried, None)]);
    assert_eq!(tried(&mut tx, "three", t0(), 1).await, [(cancelled, None)]);
    // "zero" gives its row back untried; "three" is cancelled half-way and frees its row as
    // taken before; "one" fails a row and dies holding both of its own.
    tx.release_claims("discord", "zero").await.unwrap();
    tx.expire_claims("discord", "three").await.unwrap();
    let retry = t0() + Duration::minutes(1);
    tx.mark_failed(failed, "no answer within 60 s", retry)
        .await
        .unwrap();
    let later = t0() + Duration::minutes(5);
    assert_eq!(
        tried(&mut tx, "two", later, 10).await,
        [
            (failed, Some(t0())),
            (crashed, Some(t0())),
            (untried, None),
            (cancelled, Some(t0()))
        ]
    );
}

#[tokio::test]
async fn due_games_go_to_one_sweep_until_released_or_run_out() {
    let db = TestDb::fresh("claims-games").await;
    let mut tx = db.write().await;
    let ann = player(&mut tx, "ann", "mailto:ann@example.org").await;
    let bo = player(&mut tx, "bo", "discord:7").await;
    let mut ids = Vec::new();
    for hours in [2, 1, 3] {
        let mut g = game(&mut tx, [ann.id, bo.id]).await;
        g.status = GameStatus::Active;
        g.due_at = Some(t0() + Duration::hours(hours));
        tx.save_game(&mut g, t0()).await.unwrap();
        ids.push(g.id);
    }
    let now = t0() + Duration::hours(2);
    let until = now + Duration::seconds(30);
    assert_eq!(claim_games(&mut tx, "one", now, 1).await, [ids[1]]);
    // Another sweep takes the other due game; the third is not due yet.
    assert_eq!(claim_games(&mut tx, "two", now, 10).await, [ids[0]]);
    assert_eq!(
        claim_games(&mut tx, "three", now, 10).await,
        Vec::<i64>::new()
    );
    // A sweep sees its own claims again (it passes over those it handled).
    assert_eq!(claim_games(&mut tx, "one", now, 10).await, [ids[1]]);
    // Released, a game is free at once; not released, once the claim ran out.
    tx.release_games("one").await.unwrap();
    assert_eq!(claim_games(&mut tx, "three", now, 10).await, [ids[1]]);
    assert_eq!(
        claim_games(&mut tx, "four", until, 10).await,
        [ids[1], ids[0]],
        "claims of `two` and `three` ran out"
    );
    // The claim changed nothing of the game.
    let g = tx.game(ids[1]).await.unwrap().unwrap();
    assert_eq!(g.due_at, Some(t0() + Duration::hours(1)));
    tx.commit().await.unwrap();
}

/// PostgreSQL only, where each transaction is a connection of its own: a claim that has locked
/// its rows and not committed yet does not hold up a second claim, which takes other rows.
#[tokio::test]
async fn on_postgres_claims_at_the_same_moment_skip_each_others_rows() {
    let db = TestDb::fresh("claims-skip").await;
    if !db.is_postgres() {
        // SQLite has one writer: two claims never run at the same moment.
        return;
    }
    let mut tx = db.write().await;
    let ann = player(&mut tx, "ann", "discord:7").await;
    let bo = player(&mut tx, "bo", "discord:8").await;
    let mut rows = Vec::new();
    let mut games = Vec::new();
    for _ in 0..4 {
        let mut g = game(&mut tx, [ann.id, bo.id]).await;
        g.status = GameStatus::Active;
        g.due_at = Some(t0());
        tx.save_game(&mut g, t0()).await.unwrap();
        let m = message(ann.id, "discord", Some(g.id), "move");
        rows.push(tx.queue(&m, t0()).await.unwrap());
        games.push(g.id);
    }
    tx.commit().await.unwrap();

    let mut first = db.write().await;
    let (taken, _) = claim(&mut first, "one", t0(), 2).await;
    assert_eq!(taken, rows[..2]);
    let first_games = first
        .claim_games_due("one", t0(), t0() + Duration::seconds(30), 2)
        .await
        .unwrap();
    assert_eq!(first_games.len(), 2);
    // `first` is still open: its rows are locked, not yet claimed for anyone else to see.
    let mut second = db.write().await;
    let wait = std::time::Duration::from_secs(10);
    let (taken, _) = tokio::time::timeout(wait, claim(&mut second, "two", t0(), 10))
        .await
        .expect("the second claim does not wait for the first");
    assert_eq!(taken, rows[2..]);
    let second_games = tokio::time::timeout(
        wait,
        second.claim_games_due("two", t0(), t0() + Duration::seconds(30), 10),
    )
    .await
    .expect("the second sweep does not wait for the first")
    .unwrap();
    let ids = |gs: &[agora_store::Game]| gs.iter().map(|g| g.id).collect::<Vec<_>>();
    assert_eq!(ids(&first_games), games[..2]);
    assert_eq!(ids(&second_games), games[2..]);
    second.commit().await.unwrap();
    first.commit().await.unwrap();
}
