//! Players and their identities on a fresh real database: names unique without regard to case,
//! identities found by address with their verified flag, each player's settings (zone, channel,
//! vacation, digest) written and read back, one-time link codes used once and only in time, and
//! the merge of two players carrying everything over; wrong link codes counted per identity, the
//! first command of a player kept, and names read back clean.

use agora_testkit::store as common;

use agora_domain::Identity;
use agora_store::players::channel_of;
use agora_store::{LinkCode, LinkedIdentity, StoreError, Vacation};
use chrono::Duration;
use common::{TestDb, game, message, player, t0};

#[tokio::test]
async fn names_are_unique_without_regard_to_case() {
    let db = TestDb::fresh("names").await;
    let mut tx = db.write().await;
    let ann = player(&mut tx, "Ann", "mailto:ann@example.org").await;
    assert_eq!(ann.name, "Ann");
    assert_eq!(ann.timezone, "UTC");
    assert_eq!(
        (ann.notify.as_deref(), ann.computer.as_deref()),
        (None, None)
    );
    assert_eq!(tx.player_named("aNN").await.unwrap(), Some(ann.clone()));
    assert_eq!(tx.player_named("bo").await.unwrap(), None);

    // A name taken, whatever its case (on PostgreSQL reported as a key taken, which a command
    // meets only when another took it after it looked).
    assert!(matches!(
        tx.create_player("ANN", "discord:1", true, None, t0()).await,
        Err(StoreError::Db(_) | StoreError::Taken(_))
    ));
    assert_eq!(tx.free_name("ann").await.unwrap(), "ann2");
    player(&mut tx, "ann2", "discord:2").await;
    assert_eq!(tx.free_name("ANN").await.unwrap(), "ANN3");
    assert_eq!(tx.free_name("bo").await.unwrap(), "bo");
    assert_eq!(tx.player_names().await.unwrap(), ["Ann", "ann2"]);
}

#[tokio::test]
async fn identities_find_their_player_and_carry_the_verified_flag() {
    let db = TestDb::fresh("identities").await;
    let mut tx = db.write().await;
    let ann = player(&mut tx, "ann", "discord:7").await;
    let bo = player(&mut tx, "bo", "local:bo").await;
    tx.add_identity(
        ann.id,
        "mailto:ann@example.org",
        false,
        t0() + Duration::hours(1),
    )
    .await
    .unwrap();

    assert_eq!(
        tx.identity("mailto:ann@example.org").await.unwrap(),
        Some(LinkedIdentity {
            address: Identity::mail("ann@example.org"),
            player_id: ann.id,
            verified: false,
            blocked: false,
        })
    );
    assert_eq!(
        tx.identity_player("mailto:ann@example.org").await.unwrap(),
        Some((ann.clone(), false))
    );
    assert_eq!(
        tx.player_by_identity("local:bo").await.unwrap(),
        Some(bo.clone())
    );
    assert_eq!(tx.identity_player("discord:8").await.unwrap(), None);
    // An address belongs to one player only.
    assert!(
        tx.add_identity(bo.id, "discord:7", true, t0())
            .await
            .is_err()
    );

    // Verified first, then oldest first.
    let addresses = |ids: Vec<LinkedIdentity>| {
        ids.into_iter()
            .map(|i| i.address.to_string())
            .collect::<Vec<_>>()
    };
    tx.add_identity(ann.id, "local:ann", true, t0() + Duration::hours(2))
        .await
        .unwrap();
    assert_eq!(
        addresses(tx.identities_of(ann.id).await.unwrap()),
        ["discord:7", "local:ann", "mailto:ann@example.org"]
    );
    tx.verify_identity("mailto:ann@example.org").await.unwrap();
    assert_eq!(
        tx.identity_player("mailto:ann@example.org").await.unwrap(),
        Some((ann.clone(), true))
    );
    assert_eq!(
        addresses(tx.identities_of(ann.id).await.unwrap()),
        ["discord:7", "mailto:ann@example.org", "local:ann"]
    );
    assert_eq!(
        tx.seat_players([bo.id, ann.id]).await.unwrap(),
        [Some(bo), Some(ann)]
    );
}

/// A row whose address is no identity (written by hand) is read as a store error, not a panic.
#[tokio::test]
async fn an_unreadable_identity_is_a_store_error() {
    let db = TestDb::fresh("unreadable-identity").await;
    let mut tx = db.write().await;
    let ann = player(&mut tx, "ann", "discord:7").await;
    tx.add_identity(ann.id, "ann-by-hand", true, t0())
        .await
        .unwrap();
    assert!(matches!(
        tx.identities_of(ann.id).await,
        Err(StoreError::Corrupt(_))
    ));
    assert!(matches!(
        tx.identity("ann-by-hand").await,
        Err(StoreError::Corrupt(_))
    ));
}

#[test]
fn an_address_names_its_channel() {
    assert_eq!(channel_of("mailto:ann@example.org"), "mailto");
    assert_eq!(channel_of("discord:7"), "discord");
    assert_eq!(channel_of("local:bo"), "local");
    assert_eq!(channel_of("bo"), "local");
}

#[tokio::test]
async fn settings_vacations_and_digests_round_trip() {
    let db = TestDb::fresh("settings").await;
    let mut tx = db.write().await;
    let ann = player(&mut tx, "ann", "discord:7").await;
    let bo = player(&mut tx, "bo", "local:bo").await;
    tx.set_timezone(ann.id, "Europe/Berlin").await.unwrap();
    tx.set_notify(ann.id, "mailto").await.unwrap();
    let away = Vacation {
        from: t0(),
        until: t0() + Duration::days(7),
    };
    tx.set_vacation(ann.id, Some(away), 2026, 7 * 86_400)
        .await
        .unwrap();
    let read = tx.player(ann.id).await.unwrap().unwrap();
    assert_eq!(read.timezone, "Europe/Berlin");
    assert_eq!(read.notify.as_deref(), Some("mailto"));
    assert_eq!(read.vacation, Some(away));
    assert_eq!(
        (read.vacation_year, read.vacation_used),
        (Some(2026), 7 * 86_400)
    );
    assert_eq!(read.away(t0() - Duration::seconds(1)), None);
    assert_eq!(read.away(t0() + Duration::days(3)), Some(away));
    assert_eq!(read.away(t0() + Duration::days(7)), None);

    // Ending the vacation keeps the allowance used.
    tx.set_vacation(ann.id, None, 2026, 3 * 86_400)
        .await
        .unwrap();
    let read = tx.player(ann.id).await.unwrap().unwrap();
    assert_eq!((read.vacation, read.vacation_used), (None, 3 * 86_400));

    // Digests: due ones only, earliest first; `None` stops one.
    tx.set_digest(ann.id, Some(8), Some(t0() + Duration::hours(2)))
        .await
        .unwrap();
    tx.set_digest(bo.id, Some(6), Some(t0() + Duration::hours(1)))
        .await
        .unwrap();
    let read = tx.player(ann.id).await.unwrap().unwrap();
    assert_eq!(
        (read.digest_hour, read.digest_due_at),
        (Some(8), Some(t0() + Duration::hours(2)))
    );
    let due = |players: Vec<agora_store::Player>| players.iter().map(|p| p.id).collect::<Vec<_>>();
    assert!(tx.digests_due(t0(), 10).await.unwrap().is_empty());
    assert_eq!(
        due(tx.digests_due(t0() + Duration::hours(3), 10).await.unwrap()),
        [bo.id, ann.id]
    );
    assert_eq!(
        due(tx.digests_due(t0() + Duration::hours(3), 1).await.unwrap()),
        [bo.id]
    );
    tx.set_digest(bo.id, None, None).await.unwrap();
    assert_eq!(
        due(tx.digests_due(t0() + Duration::hours(3), 10).await.unwrap()),
        [ann.id]
    );
}

#[tokio::test]
async fn a_link_code_works_once_before_it_expires() {
    let db = TestDb::fresh("link-codes").await;
    let mut tx = db.write().await;
    let ann = player(&mut tx, "ann", "discord:7").await;
    let bo = player(&mut tx, "bo", "mailto:bo@example.org").await;
    let expires = t0() + Duration::minutes(30);
    let offer = Some(LinkCode {
        owner: ann.id,
        partner: None,
    });
    tx.create_link_code(ann.id, "old", expires).await.unwrap();
    // A new code replaces the player's older one.
    tx.create_link_code(ann.id, "new", expires).await.unwrap();
    assert_eq!(tx.take_link_code("old", bo.id, t0()).await.unwrap(), None);
    assert_eq!(tx.take_link_code("new", bo.id, t0()).await.unwrap(), offer);
    assert_eq!(tx.take_link_code("new", bo.id, t0()).await.unwrap(), None);

    // An expired code is refused, and used up all the same.
    tx.create_link_code(ann.id, "late", expires).await.unwrap();
    assert_eq!(
        tx.take_link_code("late", bo.id, expires).await.unwrap(),
        None
    );
    assert_eq!(
        tx.take_link_code("late", bo.id, t0()).await.unwrap(),
        None,
        "used up"
    );
}

#[tokio::test]
async fn a_link_confirmation_is_for_its_owner_alone() {
    let db = TestDb::fresh("link-confirmations").await;
    let mut tx = db.write().await;
    let ann = player(&mut tx, "ann", "discord:7").await;
    let bo = player(&mut tx, "bo", "mailto:bo@example.org").await;
    let cy = player(&mut tx, "cy", "discord:8").await;
    let expires = t0() + Duration::minutes(30);
    tx.create_link_confirmation(ann.id, bo.id, "CONFIRM1", expires)
        .await
        .unwrap();
    // A new offer of Ann's leaves her pending confirmation alone.
    tx.create_link_code(ann.id, "OFFER", expires).await.unwrap();
    // Neither the partner nor a third player can use it, nor even see it as valid; it stays.
    for (who, identity) in [(bo.id, "mailto:bo@example.org"), (cy.id, "discord:8")] {
        assert!(
            !tx.link_code_valid("CONFIRM1", identity, t0())
                .await
                .unwrap()
        );
        assert_eq!(
            tx.take_link_code("CONFIRM1", who, t0()).await.unwrap(),
            None
        );
    }
    assert!(
        tx.link_code_valid("CONFIRM1", "discord:7", t0())
            .await
            .unwrap()
    );
    assert_eq!(
        tx.take_link_code("CONFIRM1", ann.id, t0()).await.unwrap(),
        Some(LinkCode {
            owner: ann.id,
            partner: Some(bo.id),
        })
    );
    assert_eq!(
        tx.take_link_code("CONFIRM1", ann.id, t0()).await.unwrap(),
        None,
        "used up"
    );
    // A merge takes the player's confirmations either way with it.
    tx.create_link_confirmation(ann.id, bo.id, "CONFIRM2", expires)
        .await
        .unwrap();
    tx.create_link_confirmation(cy.id, ann.id, "CONFIRM3", expires)
        .await
        .unwrap();
    tx.merge_players(ann.id, cy.id).await.unwrap();
    assert_eq!(
        tx.take_link_code("CONFIRM2", ann.id, t0()).await.unwrap(),
        None
    );
    assert_eq!(
        tx.take_link_code("CONFIRM3", cy.id, t0()).await.unwrap(),
        None
    );
    assert_eq!(tx.take_link_code("OFFER", bo.id, t0()).await.unwrap(), None);
}

#[tokio::test]
async fn a_merge_moves_identities_seats_and_notifications() {
    let db = TestDb::fresh("merge").await;
    let mut tx = db.write().await;
    let ann = player(&mut tx, "ann", "discord:7").await;
    let mail_ann = player(&mut tx, "ann2", "mailto:ann@example.org").await;
    let bo = player(&mut tx, "bo", "local:bo").await;
    let g = game(&mut tx, [mail_ann.id, bo.id]).await;
    let queued = tx
        .queue(&message(mail_ann.id, "mailto", Some(g.id), "hello"), t0())
        .await
        .unwrap();
    tx.create_link_code(mail_ann.id, "code", t0() + Duration::hours(1))
        .await
        .unwrap();

    tx.merge_players(mail_ann.id, ann.id).await.unwrap();
    assert_eq!(tx.player(mail_ann.id).await.unwrap(), None);
    assert_eq!(
        tx.player_by_identity("mailto:ann@example.org")
            .await
            .unwrap()
            .map(|p| p.id),
        Some(ann.id)
    );
    let moved = tx.game(g.id).await.unwrap().unwrap();
    assert_eq!((moved.seats, moved.challenger), ([ann.id, bo.id], ann.id));
    let pending = tx.pending("mailto", t0(), 10).await.unwrap();
    assert_eq!(
        pending
            .iter()
            .map(|m| (m.id, m.player_id))
            .collect::<Vec<_>>(),
        [(queued, ann.id)]
    );
    assert_eq!(tx.take_link_code("code", bo.id, t0()).await.unwrap(), None);
}

#[tokio::test]
async fn wrong_link_codes_are_counted_per_identity_for_a_day() {
    let db = TestDb::fresh("guesses").await;
    let mut tx = db.write().await;
    let day = Duration::days(1);
    for minutes in [0, 10, 20] {
        let at = t0() + Duration::minutes(minutes);
        tx.record_link_guess("discord:6", at, at - day)
            .await
            .unwrap();
    }
    tx.record_link_guess("discord:7", t0(), t0() - day)
        .await
        .unwrap();
    assert_eq!(
        tx.link_guesses_since("discord:6", t0() - day)
            .await
            .unwrap(),
        3
    );
    assert_eq!(
        tx.link_guesses_since("discord:7", t0() - day)
            .await
            .unwrap(),
        1
    );
    assert_eq!(
        tx.link_guesses_since("discord:6", t0() + Duration::minutes(5))
            .await
            .unwrap(),
        2
    );
    // A guess a day later forgets those older than a day.
    let later = t0() + day + Duration::minutes(15);
    tx.record_link_guess("discord:6", later, later - day)
        .await
        .unwrap();
    assert_eq!(
        tx.link_guesses_since("discord:6", t0() - day)
            .await
            .unwrap(),
        2
    );

    // A code is valid until it expires, and looking does not use it up.
    let ann = player(&mut tx, "ann", "mailto:ann@example.org").await;
    tx.create_link_code(ann.id, "ABCDEFGH", t0() + Duration::minutes(30))
        .await
        .unwrap();
    let valid = |code: &'static str, at| (code, "discord:6", at);
    for (code, identity, at) in [valid("ABCDEFGH", t0()), valid("ABCDEFGH", t0())] {
        assert!(tx.link_code_valid(code, identity, at).await.unwrap());
    }
    for (code, identity, at) in [
        valid("ABCDEFGH", t0() + Duration::hours(1)),
        valid("ZZZZZZZZ", t0()),
    ] {
        assert!(!tx.link_code_valid(code, identity, at).await.unwrap());
    }
}

#[tokio::test]
async fn first_seen_is_kept_once_and_survives_a_merge() {
    let db = TestDb::fresh("seen").await;
    let mut tx = db.write().await;
    let ann = player(&mut tx, "ann", "mailto:ann@example.org").await;
    let bo = player(&mut tx, "bo", "discord:7").await;
    assert_eq!(ann.first_seen_at, None);
    tx.mark_seen(bo.id, t0()).await.unwrap();
    tx.mark_seen(bo.id, t0() + Duration::days(1)).await.unwrap();
    let bo = tx.player(bo.id).await.unwrap().unwrap();
    assert_eq!(bo.first_seen_at, Some(t0()));
    tx.merge_players(bo.id, ann.id).await.unwrap();
    let ann = tx.player(ann.id).await.unwrap().unwrap();
    assert_eq!(ann.first_seen_at, Some(t0()));
}

#[tokio::test]
async fn names_are_read_back_clean() {
    let db = TestDb::fresh("clean-names").await;
    let mut tx = db.write().await;
    // A name stored unclean (before names were cleaned, or by hand) is never shown so.
    let p = player(&mut tx, "@everyone\u{202E}x", "discord:9").await;
    assert_eq!(p.name, "everyonex");
    assert_eq!(tx.player_names().await.unwrap(), ["everyonex"]);

    // A free name made from a long one stays within what is shown.
    let long = "a".repeat(32);
    player(&mut tx, &long, "discord:10").await;
    let free = tx.free_name(&long).await.unwrap();
    assert_eq!(free, format!("{}2", "a".repeat(31)));
}
