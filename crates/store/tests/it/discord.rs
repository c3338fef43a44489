//! The Discord front end's tables on a fresh real database: a game's origin written once and its
//! thread found both ways, an outbox row posted once whatever happens after, and each user's
//! choice between the game's thread and direct messages, the intent to post a row (gone with the
//! row) and the failures of events. Ids are full 64-bit snowflakes, kept as their decimal text;
//! one that is not is a corrupt row.

use agora_testkit::store as common;

use agora_store::StoreError;
use agora_store::discord::{
    DiscordChannelId, DiscordGame, DiscordGuildId, DiscordMessageId, DiscordUserId,
};
use common::{TestDb, game, message, player, t0};
use sqlx::SqlitePool;

/// Snowflakes above `i64::MAX`: they must survive as text.
const CHANNEL: DiscordChannelId = DiscordChannelId::new(18446744073709551000).unwrap();
const GUILD: DiscordGuildId = DiscordGuildId::new(18446744073709551001).unwrap();
const THREAD: DiscordChannelId = DiscordChannelId::new(18446744073709551002).unwrap();
const USER: DiscordUserId = DiscordUserId::new(18446744073709551003).unwrap();

fn channel(id: u64) -> DiscordChannelId {
    DiscordChannelId::new(id).unwrap()
}

fn message_id(id: u64) -> DiscordMessageId {
    DiscordMessageId::new(id).unwrap()
}

#[tokio::test]
async fn a_games_origin_is_kept_and_its_thread_found_both_ways() {
    let db = TestDb::fresh("origin").await;
    let mut tx = db.write().await;
    let ann = player(&mut tx, "ann", "discord:7").await;
    let bo = player(&mut tx, "bo", "discord:8").await;
    let g = game(&mut tx, [ann.id, bo.id]).await;
    let dm = game(&mut tx, [bo.id, ann.id]).await;
    assert_eq!(tx.discord_game(g.id).await.unwrap(), None);

    tx.set_discord_origin(g.id, CHANNEL, Some(GUILD), t0())
        .await
        .unwrap();
    // The first origin stays: a later command from elsewhere does not move the game.
    tx.set_discord_origin(g.id, channel(1), None, t0())
        .await
        .unwrap();
    assert_eq!(
        tx.discord_game(g.id).await.unwrap(),
        Some(DiscordGame {
            game_id: g.id,
            channel_id: CHANNEL,
            guild_id: Some(GUILD),
            thread_id: None,
        })
    );
    assert_eq!(tx.discord_game_by_thread(THREAD).await.unwrap(), None);

    tx.set_discord_thread(g.id, THREAD).await.unwrap();
    let placed = tx.discord_game(g.id).await.unwrap().unwrap();
    assert_eq!(placed.thread_id, Some(THREAD));
    assert_eq!(
        tx.discord_game_by_thread(THREAD).await.unwrap(),
        Some(placed)
    );

    // A game started in a direct message has no server.
    tx.set_discord_origin(dm.id, channel(55), None, t0())
        .await
        .unwrap();
    tx.set_discord_thread(dm.id, channel(55)).await.unwrap();
    let found = tx
        .discord_game_by_thread(channel(55))
        .await
        .unwrap()
        .unwrap();
    assert_eq!((found.game_id, found.guild_id), (dm.id, None));
    // One thread belongs to one game.
    assert!(tx.set_discord_thread(dm.id, THREAD).await.is_err());
}

#[tokio::test]
async fn an_outbox_row_is_posted_once() {
    let db = TestDb::fresh("posts").await;
    let mut tx = db.write().await;
    let ann = player(&mut tx, "ann", "discord:7").await;
    let row = tx
        .queue(&message(ann.id, "discord", None, "hello"), t0())
        .await
        .unwrap();
    assert_eq!(tx.discord_post(row).await.unwrap(), None);
    tx.record_discord_post(row, THREAD, message_id(900), t0())
        .await
        .unwrap();
    // A second record (a retry after a crash) keeps the message the row first became.
    tx.record_discord_post(row, THREAD, message_id(901), t0())
        .await
        .unwrap();
    assert_eq!(tx.discord_post(row).await.unwrap(), Some(message_id(900)));
    // Only outbox rows can be posted.
    assert!(
        tx.record_discord_post(row + 1, THREAD, message_id(902), t0())
            .await
            .is_err()
    );
}

#[tokio::test]
async fn a_users_choice_of_direct_messages_round_trips() {
    let db = TestDb::fresh("dm").await;
    let mut tx = db.write().await;
    // Nobody chose: the game's thread.
    assert!(!tx.discord_wants_dm(USER).await.unwrap());
    tx.set_discord_wants_dm(USER, true).await.unwrap();
    assert!(tx.discord_wants_dm(USER).await.unwrap());
    let other = DiscordUserId::new(7).unwrap();
    assert!(!tx.discord_wants_dm(other).await.unwrap());
    tx.set_discord_wants_dm(USER, false).await.unwrap();
    assert!(!tx.discord_wants_dm(USER).await.unwrap());
}

#[tokio::test]
async fn an_intent_is_kept_until_its_row_goes_and_failures_are_counted() {
    let db = TestDb::fresh("intents").await;
    let mut tx = db.write().await;
    let ann = player(&mut tx, "ann", "discord:7").await;
    let row = tx
        .queue(&message(ann.id, "discord", None, "hello"), t0())
        .await
        .unwrap();
    assert_eq!(tx.discord_intent(row).await.unwrap(), None);
    tx.set_discord_intent(row, CHANNEL, t0()).await.unwrap();
    // A later attempt to another channel replaces the intent.
    let later = t0() + chrono::Duration::minutes(1);
    tx.set_discord_intent(row, THREAD, later).await.unwrap();
    assert_eq!(tx.discord_intent(row).await.unwrap(), Some((THREAD, later)));
    // The intent goes with its row (a purge deletes sent rows).
    tx.mark_sent(row, t0()).await.unwrap();
    let purged = tx.purge_sent_outbox(later, 10).await.unwrap();
    assert_eq!(purged, 1);
    assert_eq!(tx.discord_intent(row).await.unwrap(), None);

    assert_eq!(tx.discord_failures("interaction:1").await.unwrap(), 0);
    for n in 1..=3 {
        let counted = tx
            .record_discord_failure("interaction:1", "boom", t0())
            .await
            .unwrap();
        assert_eq!(counted, n);
    }
    assert_eq!(tx.discord_failures("interaction:1").await.unwrap(), 3);
    assert_eq!(tx.discord_failures("interaction:2").await.unwrap(), 0);

    // A deleted thread is forgotten only if it is still the game's.
    let bo = player(&mut tx, "bo", "discord:8").await;
    let g = game(&mut tx, [ann.id, bo.id]).await;
    tx.set_discord_origin(g.id, CHANNEL, Some(GUILD), t0())
        .await
        .unwrap();
    tx.set_discord_thread(g.id, THREAD).await.unwrap();
    tx.forget_discord_thread(g.id, channel(1)).await.unwrap();
    assert!(
        tx.discord_game(g.id)
            .await
            .unwrap()
            .unwrap()
            .thread_id
            .is_some()
    );
    tx.forget_discord_thread(g.id, THREAD).await.unwrap();
    assert_eq!(
        tx.discord_game(g.id).await.unwrap().unwrap().thread_id,
        None
    );
}

/// The ids are kept as their decimal text, as before they were typed: a row written as text
/// reads back, and one whose id is no number (written by hand) is a store error, not a panic.
#[tokio::test]
async fn ids_are_kept_as_decimal_text_and_other_text_is_corrupt() {
    let db = TestDb::sqlite("discord-text").await;
    let mut tx = db.write().await;
    let ann = player(&mut tx, "ann", "discord:7").await;
    let bo = player(&mut tx, "bo", "discord:8").await;
    let g = game(&mut tx, [ann.id, bo.id]).await;
    tx.set_discord_origin(g.id, CHANNEL, Some(GUILD), t0())
        .await
        .unwrap();
    tx.set_discord_status_message(g.id, Some(message_id(900)))
        .await
        .unwrap();
    tx.commit().await.unwrap();

    let lite = SqlitePool::connect(&format!("sqlite:{}", db.path().display()))
        .await
        .unwrap();
    let stored: (String, Option<String>, Option<String>) = sqlx::query_as(
        "SELECT channel_id, guild_id, status_message_id FROM discord_games WHERE game_id = ?",
    )
    .bind(g.id)
    .fetch_one(&lite)
    .await
    .unwrap();
    assert_eq!(
        stored,
        (
            "18446744073709551000".to_owned(),
            Some("18446744073709551001".to_owned()),
            Some("900".to_owned())
        )
    );
    sqlx::query("UPDATE discord_games SET thread_id = 'general', status_message_id = '0'")
        .execute(&lite)
        .await
        .unwrap();
    lite.close().await;

    let mut tx = db.write().await;
    assert!(matches!(
        tx.discord_game(g.id).await,
        Err(StoreError::Corrupt(_))
    ));
    assert!(matches!(
        tx.discord_status_message(g.id).await,
        Err(StoreError::Corrupt(_))
    ));
}
