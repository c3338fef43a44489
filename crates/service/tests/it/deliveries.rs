//! Delivering the outbox on a real database with a sender the test controls (it can hang, fail
//! transiently or fail for good for chosen recipients and games): a hanging game never delays
//! another, rows of one recipient about one game keep their order under concurrency and across a
//! failed-then-retried row, permanent failures give up at once, transient ones after
//! `max_send_attempts`, and a player is told of a given-up notification on their other linked
//! identity, once a day, never about such a notice itself. The same for the mail spool.

use agora_rules::Variant;
use agora_service::desk::SpoolEntry;
use agora_service::outbox::{Delivery, SendError, Sender};
use agora_service::{Identity, Inbound, Service, Settings, Status, StoreOptions, Templates};
use agora_store::Notice;
use chrono::{DateTime, Duration, Utc};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

fn t0() -> DateTime<Utc> {
    "2026-06-01T12:00:00Z".parse().unwrap()
}

/// What the test sender does with a row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fate {
    Deliver,
    /// Never answers (the send timeout ends it).
    Hang,
    Transient,
    Permanent,
}

/// A sender of one channel whose fate for each row the test chooses by address or game, and
/// which records what it was given, when, and how many sends of one address and game overlapped.
struct Fake {
    channel: &'static str,
    by_address: Mutex<HashMap<String, Fate>>,
    by_game: Mutex<HashMap<i64, Fate>>,
    /// Each send takes this long, so that concurrent sends overlap.
    pause: std::time::Duration,
    /// Rows delivered, in the order they were.
    delivered: Mutex<Vec<(i64, String, Option<i64>)>>,
    /// Every attempt, by row id.
    attempts: Mutex<HashMap<i64, u32>>,
    in_flight: Mutex<HashSet<(String, Option<i64>)>>,
    /// Sends started while one of the same address and game was still under way.
    overlaps: Mutex<u32>,
    /// The most sends under way at once.
    most_at_once: Mutex<usize>,
}

impl Fake {
    fn new(channel: &'static str) -> Fake {
        Fake {
            channel,
            by_address: Mutex::default(),
            by_game: Mutex::default(),
            pause: std::time::Duration::from_millis(20),
            delivered: Mutex::default(),
            attempts: Mutex::default(),
            in_flight: Mutex::default(),
            overlaps: Mutex::default(),
            most_at_once: Mutex::default(),
        }
    }

    fn set_address(&self, address: &str, fate: Fate) {
        self.by_address
            .lock()
            .unwrap()
            .insert(address.to_owned(), fate);
    }

    fn set_game(&self, game: i64, fate: Fate) {
        self.by_game.lock().unwrap().insert(game, fate);
    }

    fn fate(&self, delivery: &Delivery) -> Fate {
        let m = &delivery.message;
        let by_game = m
            .game_id
            .and_then(|g| self.by_game.lock().unwrap().get(&g).copied());
        let by_address = self.by_address.lock().unwrap().get(&m.address).copied();
        by_game.or(by_address).unwrap_or(Fate::Deliver)
    }

    fn delivered(&self) -> Vec<(i64, String, Option<i64>)> {
        self.delivered.lock().unwrap().clone()
    }

    fn attempts(&self, id: i64) -> u32 {
        self.attempts.lock().unwrap().get(&id).copied().unwrap_or(0)
    }
}

/// Leaves the in-flight set however a send ends (a timeout drops it midway).
struct InFlight<'a>(&'a Fake, (String, Option<i64>));

impl Drop for InFlight<'_> {
    fn drop(&mut self) {
        self.0.in_flight.lock().unwrap().remove(&self.1);
    }
}

impl Sender for Fake {
    fn channel(&self) -> &str {
        self.channel
    }

    async fn send(&self, delivery: &Delivery) -> Result<(), SendError> {
        let m = &delivery.message;
        *self.attempts.lock().unwrap().entry(m.id).or_default() += 1;
        let key = (m.address.clone(), m.game_id);
        {
            let mut in_flight = self.in_flight.lock().unwrap();
            if !in_flight.insert(key.clone()) {
                *self.overlaps.lock().unwrap() += 1;
            }
            let mut most = self.most_at_once.lock().unwrap();
            *most = (*most).max(in_flight.len());
        }
        let _guard = InFlight(self, key);
        tokio::time::sleep(self.pause).await;
        match self.fate(delivery) {
            Fate::Deliver => {
                self.delivered
                    .lock()
                    .unwrap()
                    .push((m.id, m.address.clone(), m.game_id));
                Ok(())
            }
            Fate::Hang => {
                tokio::time::sleep(std::time::Duration::from_secs(3600)).await;
                Ok(())
            }
            Fate::Transient => Err(SendError::Transient("421 try again later".into())),
            Fate::Permanent => Err(SendError::Permanent("550 no such user".into())),
        }
    }
}

/// An outbox row as the database holds it.
#[derive(Debug, Clone, sqlx::FromRow)]
struct Row {
    id: i64,
    address: String,
    game_id: Option<i64>,
    kind: String,
    body: String,
    attempts: i64,
    sent_at: Option<String>,
    failed_at: Option<String>,
    last_error: Option<String>,
}

async fn rows(db: &Path) -> Vec<Row> {
    use sqlx::Connection;
    const SQL: &str = "SELECT id, address, game_id, kind, body, attempts,
             CAST(sent_at AS TEXT) AS sent_at, CAST(failed_at AS TEXT) AS failed_at, last_error
         FROM outbox ORDER BY id";
    let url = agora_store::testing::url_of(db);
    if agora_store::is_postgres_url(&url) {
        let mut conn = sqlx::PgConnection::connect(&url).await.unwrap();
        let rows = sqlx::query_as(SQL).fetch_all(&mut conn).await.unwrap();
        conn.close().await.unwrap();
        return rows;
    }
    let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
    let rows = sqlx::query_as(SQL).fetch_all(&mut conn).await.unwrap();
    conn.close().await.unwrap();
    rows
}

struct World {
    service: Service,
    dir: PathBuf,
}

impl World {
    async fn new(name: &str, settings: Settings) -> World {
        let dir =
            std::env::temp_dir().join(format!("agora-deliveries-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let store = agora_store::testing::open(&dir.join("game.db"), &StoreOptions::default())
            .await
            .unwrap();
        let settings = Settings {
            seed: Some(5),
            ..settings
        };
        let service = Service::new(store, Templates::load(None).unwrap(), settings);
        World { service, dir }
    }

    fn db(&self) -> PathBuf {
        self.dir.join("game.db")
    }

    async fn say(&self, from: Identity, name: &str, text: &str, now: DateTime<Utc>) -> String {
        let inbound = Inbound {
            text: text.into(),
            name: Some(name.into()),
            delivery: Some(format!("{from}/{text}/{now}")),
            ..Inbound::new(from)
        };
        let answer = self.service.handle(&inbound, now).await.unwrap();
        assert_eq!(answer.status, Status::Done, "{text}: {}", answer.text);
        answer.text
    }

    /// A game between two local players, `moves` actions into it; returns its number.
    async fn game(&self, a: &str, b: &str, moves: usize, now: DateTime<Utc>) -> i64 {
        self.say(Identity::local(b), b, "games", now).await;
        let text = self
            .say(
                Identity::local(a),
                a,
                &format!("challenge {b} agon days 30"),
                now,
            )
            .await;
        let game = number_in(&text);
        self.say(Identity::local(b), b, &format!("accept #{game}"), now)
            .await;
        let mut position = Variant::Agon.start();
        for i in 0..moves {
            let who = [a, b][i % 2];
            let action = position.legal_actions()[0];
            let text = format!("#{game} {}", position.notation(action));
            self.say(Identity::local(who), who, &text, now).await;
            position.play_unchecked(action);
        }
        game
    }

    /// Alice on Discord (user 111) with her mail address linked, notified on `notify`.
    async fn alice(&self, notify: &str, now: DateTime<Utc>) {
        // The offer made on Discord, answered by mail; the confirmation mailed back, entered on
        // Discord.
        let code = |text: String| crate::trust::link_code_in(&text);
        let offer = code(self.say(discord(), "alice", "link", now).await);
        let confirmation = code(
            self.say(mail(), "alice", &format!("link {offer}"), now)
                .await,
        );
        self.say(discord(), "alice", &format!("link {confirmation}"), now)
            .await;
        self.say(
            discord(),
            "alice",
            &format!("settings notify {notify}"),
            now,
        )
        .await;
    }

    async fn close(self) {
        self.service.store().close().await;
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn discord() -> Identity {
    Identity::discord(111)
}

fn mail() -> Identity {
    Identity::mail("alice@example.org")
}

/// The first `#N` in a text.
fn number_in(text: &str) -> i64 {
    let digits: String = text
        .split('#')
        .nth(1)
        .unwrap_or_else(|| panic!("no game in {text:?}"))
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().unwrap()
}

/// Every delivered row of one address and game came in the order it was queued.
fn assert_in_order(delivered: &[(i64, String, Option<i64>)]) {
    let mut last: HashMap<(String, Option<i64>), i64> = HashMap::new();
    for (id, address, game) in delivered {
        if let Some(before) = last.insert((address.clone(), *game), *id) {
            assert!(
                before < *id,
                "{address} game {game:?}: row {id} after {before}"
            );
        }
    }
}

fn quick(settings: Settings) -> Settings {
    Settings {
        send_timeout: std::time::Duration::from_secs(1),
        ..settings
    }
}

#[tokio::test]
async fn a_hanging_game_does_not_delay_another() {
    let world = World::new("hang", quick(Settings::default())).await;
    let slow = world.game("ann", "bob", 3, t0()).await;
    let fast = world.game("cat", "dan", 3, t0()).await;
    let sender = Fake::new("local");
    sender.set_game(slow, Fate::Hang);

    let sent = world.service.deliver(&sender, t0()).await.unwrap();

    let all = rows(&world.db()).await;
    let of = |game: i64| all.iter().filter(move |r| r.game_id == Some(game));
    assert!(of(fast).count() >= 5, "{all:?}");
    assert!(of(fast).all(|r| r.sent_at.is_some()), "{all:?}");
    assert_eq!(sent, all.iter().filter(|r| r.sent_at.is_some()).count());
    // The slow game's first row to each player timed out once; its later rows wait behind it.
    for address in ["local:ann", "local:bob"] {
        let mine: Vec<&Row> = of(slow).filter(|r| r.address == address).collect();
        assert!(mine.len() >= 2, "{address}: {all:?}");
        assert_eq!(mine[0].attempts, 1, "{:?}", mine[0]);
        assert!(mine[0].sent_at.is_none() && mine[0].failed_at.is_none());
        let error = mine[0].last_error.as_deref().unwrap_or_default();
        assert!(error.contains("no answer within"), "{error}");
        assert!(
            mine[1..]
                .iter()
                .all(|r| r.attempts == 0 && r.sent_at.is_none())
        );
    }
    assert_eq!(*sender.overlaps.lock().unwrap(), 0);

    // Once the channel answers again, the slow game's rows follow, in order.
    sender.set_game(slow, Fate::Deliver);
    world
        .service
        .deliver(&sender, t0() + Duration::minutes(5))
        .await
        .unwrap();
    assert!(rows(&world.db()).await.iter().all(|r| r.sent_at.is_some()));
    assert_in_order(&sender.delivered());
    world.close().await;
}

#[tokio::test]
async fn order_holds_under_concurrency_and_across_a_retry() {
    let world = World::new("order", Settings::default()).await;
    let mut games = Vec::new();
    for (a, b) in [("ann", "bob"), ("cat", "dan"), ("eve", "fay")] {
        games.push(world.game(a, b, 6, t0()).await);
    }
    let all = rows(&world.db()).await;
    // The first move reported to bob in the first game fails once.
    let stuck = all
        .iter()
        .find(|r| {
            r.address == "local:bob" && r.game_id == Some(games[0]) && r.kind == "move_played"
        })
        .unwrap()
        .id;
    let sender = Fake::new("local");
    let flaky = FailOnce {
        inner: &sender,
        id: stuck,
        failed: Mutex::new(false),
    };

    world.service.deliver(&flaky, t0()).await.unwrap();

    let after = rows(&world.db()).await;
    for r in &after {
        let held = r.address == "local:bob" && r.game_id == Some(games[0]) && r.id >= stuck;
        assert_eq!(r.sent_at.is_none(), held, "{r:?}");
        if r.id > stuck && held {
            assert_eq!(r.attempts, 0, "{r:?} went before the row it follows");
        }
    }
    assert!(
        *sender.most_at_once.lock().unwrap() >= 2,
        "sends overlapped"
    );
    assert_eq!(*sender.overlaps.lock().unwrap(), 0);

    // Within the backoff nothing of that conversation goes; after it, all of it, in order.
    world
        .service
        .deliver(&flaky, t0() + Duration::seconds(10))
        .await
        .unwrap();
    assert!(
        rows(&world.db())
            .await
            .iter()
            .any(|r| r.id == stuck && r.sent_at.is_none())
    );
    world
        .service
        .deliver(&flaky, t0() + Duration::minutes(2))
        .await
        .unwrap();
    assert!(rows(&world.db()).await.iter().all(|r| r.sent_at.is_some()));
    let delivered = sender.delivered();
    assert_in_order(&delivered);
    assert_eq!(delivered.len(), after.len());
    assert_eq!(*sender.overlaps.lock().unwrap(), 0);
    world.close().await;
}

/// Two services on one database (as two processes) deliver one outbox at the same moment, pass
/// after pass, through one sender that sees every send: each row goes once, no two sends of one
/// address and game overlap, and each conversation keeps its order across both.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_processes_deliver_one_outbox_each_row_once_and_in_order() {
    let world = World::new("two-processes", Settings::default()).await;
    for (a, b) in [
        ("ann", "bob"),
        ("cat", "dan"),
        ("eve", "fay"),
        ("gil", "hal"),
        ("ida", "jon"),
        ("kim", "lou"),
    ] {
        world.game(a, b, 4, t0()).await;
    }
    let store = agora_store::testing::open(&world.db(), &StoreOptions::default())
        .await
        .unwrap();
    let settings = Settings {
        seed: Some(6),
        parallel_sends: 2,
        ..Settings::default()
    };
    let other = Service::new(store, Templates::load(None).unwrap(), settings);
    let all = rows(&world.db()).await;
    let sender = std::sync::Arc::new(Fake::new("local"));
    // Several passes of both at once, as two processes woken by the same commits (each in a
    // task of its own: on SQLite a process waiting for the other's write lock blocks its thread).
    for _ in 0..3 {
        let passes = [world.service.clone(), other.clone()].map(|service| {
            let sender = sender.clone();
            tokio::spawn(async move { service.deliver(&*sender, t0()).await })
        });
        for pass in passes {
            pass.await.unwrap().unwrap();
        }
    }
    let delivered = sender.delivered();
    let ids: HashSet<i64> = delivered.iter().map(|d| d.0).collect();
    assert_eq!(ids.len(), delivered.len(), "no row sent twice");
    assert_eq!(delivered.len(), all.len(), "every row sent");
    assert!(rows(&world.db()).await.iter().all(|r| r.sent_at.is_some()));
    assert_in_order(&delivered);
    assert_eq!(*sender.overlaps.lock().unwrap(), 0);
    // Nothing is left claimed: another pass finds the outbox free and empty.
    let mut tx = other.store().write().await.unwrap();
    let left = tx
        .claim_pending("local", "a third", t0(), t0() + Duration::minutes(1), 100)
        .await
        .unwrap();
    assert_eq!(left.conversations, 0);
    drop(tx);
    other.store().close().await;
    world.close().await;
}

/// A sender that holds every send of one game until released, and is `inner` otherwise.
struct HoldGame<'a> {
    inner: &'a Fake,
    game: i64,
    started: tokio::sync::Notify,
    released: tokio::sync::watch::Sender<bool>,
}

impl Sender for HoldGame<'_> {
    fn channel(&self) -> &str {
        self.inner.channel
    }

    async fn send(&self, delivery: &Delivery) -> Result<(), SendError> {
        if delivery.message.game_id == Some(self.game) {
            self.started.notify_one();
            let mut released = self.released.subscribe();
            let _ = released.wait_for(|r| *r).await;
        }
        self.inner.send(delivery).await
    }
}

/// Rows a command queues while a pass waits on a slow send go out in that pass, at once: a
/// notification never waits for a send it has nothing to do with.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rows_queued_while_a_send_is_slow_go_out_without_waiting_for_it() {
    let settings = Settings {
        parallel_sends: 4,
        ..Settings::default()
    };
    let world = World::new("refill", settings).await;
    let slow = world.game("ann", "bob", 0, t0()).await;
    let fake = Fake::new("local");
    let sender = HoldGame {
        inner: &fake,
        game: slow,
        started: tokio::sync::Notify::new(),
        released: tokio::sync::watch::channel(false).0,
    };
    let later = async {
        sender.started.notified().await;
        // Queued once the pass is under way, and sent while the slow game's send still waits.
        let quick = world.game("cat", "dan", 1, t0()).await;
        let queued: Vec<i64> = rows(&world.db())
            .await
            .iter()
            .filter(|r| r.game_id == Some(quick))
            .map(|r| r.id)
            .collect();
        assert!(!queued.is_empty());
        let all_out = async {
            while !queued
                .iter()
                .all(|id| fake.delivered().iter().any(|d| d.0 == *id))
            {
                tokio::time::sleep(std::time::Duration::from_millis(10)).await;
            }
        };
        let waited = tokio::time::timeout(std::time::Duration::from_secs(20), all_out).await;
        assert!(
            fake.delivered().iter().all(|d| d.2 != Some(slow)),
            "the slow game's rows were held"
        );
        sender.released.send_replace(true);
        waited.is_ok()
    };
    let (pass, in_time) = tokio::join!(world.service.deliver(&sender, t0()), later);
    assert!(
        in_time,
        "the rows queued during the pass waited for the slow send"
    );
    pass.unwrap();
    assert!(rows(&world.db()).await.iter().all(|r| r.sent_at.is_some()));
    assert_in_order(&fake.delivered());
    world.close().await;
}

/// A sender that fails row `id` transiently the first time, and is `inner` otherwise.
struct FailOnce<'a> {
    inner: &'a Fake,
    id: i64,
    failed: Mutex<bool>,
}

impl Sender for FailOnce<'_> {
    fn channel(&self) -> &str {
        self.inner.channel
    }

    async fn send(&self, delivery: &Delivery) -> Result<(), SendError> {
        if delivery.message.id == self.id
            && !std::mem::replace(&mut *self.failed.lock().unwrap(), true)
        {
            return Err(SendError::Transient("connection reset".into()));
        }
        self.inner.send(delivery).await
    }
}

/// A challenge to alice from bob (a local player); returns the game's number.
async fn challenge_alice(world: &World, now: DateTime<Utc>) -> i64 {
    world.say(Identity::local("bob"), "bob", "games", now).await;
    let text = world
        .say(Identity::local("bob"), "bob", "challenge alice agon", now)
        .await;
    number_in(&text)
}

#[tokio::test]
async fn a_permanent_failure_gives_up_and_tells_the_other_identity_once_a_day() {
    let world = World::new("permanent", Settings::default()).await;
    world.alice("discord", t0()).await;
    let game = challenge_alice(&world, t0()).await;
    let discord_sender = Fake::new("discord");
    discord_sender.set_address("discord:111", Fate::Permanent);

    assert_eq!(
        world.service.deliver(&discord_sender, t0()).await.unwrap(),
        0
    );

    let all = rows(&world.db()).await;
    let lost = all.iter().find(|r| r.address == "discord:111").unwrap();
    assert!(
        lost.failed_at.is_some() && lost.sent_at.is_none(),
        "{lost:?}"
    );
    assert_eq!(lost.attempts, 1);
    assert_eq!(lost.last_error.as_deref(), Some("550 no such user"));
    let notices: Vec<&Row> = all.iter().filter(|r| r.kind == "undeliverable").collect();
    assert_eq!(notices.len(), 1, "{all:?}");
    let notice = notices[0];
    assert_eq!(notice.address, "mailto:alice@example.org");
    assert_eq!(
        notice.game_id, None,
        "a notice about a lost message is private"
    );
    assert!(
        notice.body.contains(&format!("game #{game}")),
        "{}",
        notice.body
    );
    assert!(notice.body.contains("Discord"), "{}", notice.body);
    assert!(
        notice.body.contains("settings notify email"),
        "{}",
        notice.body
    );

    // Given up means never due again.
    world
        .service
        .deliver(&discord_sender, t0() + Duration::days(3))
        .await
        .unwrap();
    assert_eq!(discord_sender.attempts(lost.id), 1);

    // A second loss the same day tells nobody again; one the next day does.
    world
        .say(discord(), "alice", &format!("accept #{game}"), t0())
        .await;
    let start = Variant::Agon.start();
    let first = start.notation(start.legal_actions()[0]);
    let bob = Identity::local("bob");
    world
        .say(bob.clone(), "bob", &format!("#{game} {first}"), t0())
        .await;
    let later = t0() + Duration::hours(1);
    world.service.deliver(&discord_sender, later).await.unwrap();
    let count = |rows: &[Row]| rows.iter().filter(|r| r.kind == "undeliverable").count();
    let all = rows(&world.db()).await;
    assert!(
        all.iter().filter(|r| r.failed_at.is_some()).count() >= 2,
        "{all:?}"
    );
    assert_eq!(count(&all), 1);
    let next_day = t0() + Duration::hours(25);
    world
        .say(bob, "bob", &format!("resign #{game}"), next_day)
        .await;
    world
        .service
        .deliver(&discord_sender, next_day)
        .await
        .unwrap();
    assert_eq!(count(&rows(&world.db()).await), 2);

    // The notices fail for good too: nobody is told about them.
    let mail_sender = Fake::new("mailto");
    mail_sender.set_address("mailto:alice@example.org", Fate::Permanent);
    let before = rows(&world.db()).await.len();
    world.service.deliver(&mail_sender, next_day).await.unwrap();
    let all = rows(&world.db()).await;
    assert_eq!(all.len(), before, "{all:?}");
    assert!(
        all.iter()
            .filter(|r| r.kind == "undeliverable")
            .all(|r| r.failed_at.is_some()),
        "{all:?}"
    );
    world.close().await;
}

#[tokio::test]
async fn a_player_with_one_identity_is_told_nothing() {
    let world = World::new("alone", Settings::default()).await;
    world.say(discord(), "alice", "games", t0()).await;
    challenge_alice(&world, t0()).await;
    let sender = Fake::new("discord");
    sender.set_address("discord:111", Fate::Permanent);
    let before = rows(&world.db()).await.len();

    world.service.deliver(&sender, t0()).await.unwrap();

    let all = rows(&world.db()).await;
    assert_eq!(all.len(), before);
    assert!(all.iter().any(|r| r.failed_at.is_some()));
    assert!(!all.iter().any(|r| r.kind == Notice::Undeliverable.code()));
    world.close().await;
}

#[tokio::test]
async fn transient_failures_give_up_after_max_attempts() {
    let settings = Settings {
        max_send_attempts: 3,
        ..Settings::default()
    };
    let world = World::new("transient", settings).await;
    world.alice("discord", t0()).await;
    challenge_alice(&world, t0()).await;
    let sender = Fake::new("discord");
    sender.set_address("discord:111", Fate::Transient);

    let mut now = t0();
    for _ in 0..6 {
        world.service.deliver(&sender, now).await.unwrap();
        now += Duration::hours(2);
    }

    let all = rows(&world.db()).await;
    let row = all.iter().find(|r| r.address == "discord:111").unwrap();
    assert_eq!(sender.attempts(row.id), 3);
    assert_eq!(row.attempts, 3);
    assert!(row.failed_at.is_some(), "{row:?}");
    assert_eq!(row.last_error.as_deref(), Some("421 try again later"));
    let notices: Vec<&Row> = all.iter().filter(|r| r.kind == "undeliverable").collect();
    assert_eq!(notices.len(), 1, "{all:?}");
    assert_eq!(notices[0].address, "mailto:alice@example.org");
    world.close().await;
}

/// Spools a mail under `key` and returns it as due.
async fn spooled(world: &World, key: &str, now: DateTime<Utc>) -> agora_store::SpooledMail {
    let entry = SpoolEntry {
        key,
        from: "agora@example.org",
        to: "alice@example.org",
        bytes: b"Subject: x\r\n\r\nx\r\n",
        game: None,
        message_id: "<m@example.org>",
        token: None,
    };
    world.service.mail().spool(entry, now).await.unwrap();
    let due = world.service.mail().due_spool(now, 100).await.unwrap();
    due.into_iter().find(|m| m.key == key).unwrap()
}

#[tokio::test]
async fn the_spool_gives_up_and_tells_the_player_of_an_outbox_mail_only() {
    let settings = Settings {
        max_send_attempts: 2,
        ..Settings::default()
    };
    let world = World::new("spool", settings).await;
    world.alice("email", t0()).await;
    challenge_alice(&world, t0()).await;
    // The mail front end would spool this row; the test does, marking the row sent.
    let mail_sender = Fake::new("mailto");
    world.service.deliver(&mail_sender, t0()).await.unwrap();
    let row = rows(&world.db())
        .await
        .into_iter()
        .find(|r| r.address == "mailto:alice@example.org")
        .unwrap();
    let desk = world.service.mail();
    let count = |rows: &[Row]| rows.iter().filter(|r| r.kind == "undeliverable").count();

    // A stranger's answer refused for good: given up, nobody told.
    let answer = spooled(&world, "answer:<q@example.net>", t0()).await;
    let refused = SendError::Permanent("550 5.1.1 no such user".into());
    desk.spool_result(&answer, Err(&refused), t0())
        .await
        .unwrap();
    assert_eq!(count(&rows(&world.db()).await), 0);

    // The outbox row's mail fails transiently twice: given up, and alice hears on Discord.
    let key = format!("outbox:{}", row.id);
    let mail = spooled(&world, &key, t0()).await;
    let busy = SendError::Transient("451 busy".into());
    desk.spool_result(&mail, Err(&busy), t0()).await.unwrap();
    assert_eq!(count(&rows(&world.db()).await), 0);
    let later = t0() + Duration::hours(1);
    let again = desk.due_spool(later, 100).await.unwrap();
    assert_eq!(again.len(), 1, "only the retried mail is due: {again:?}");
    desk.spool_result(&again[0], Err(&busy), later)
        .await
        .unwrap();
    assert!(
        desk.due_spool(later + Duration::days(1), 100)
            .await
            .unwrap()
            .is_empty()
    );
    let all = rows(&world.db()).await;
    let notices: Vec<&Row> = all.iter().filter(|r| r.kind == "undeliverable").collect();
    assert_eq!(notices.len(), 1, "{all:?}");
    assert_eq!(notices[0].address, "discord:111");
    assert!(
        notices[0].body.contains("alice@example.org"),
        "{}",
        notices[0].body
    );

    // A spooled Undeliverable that is refused tells nobody.
    let key = format!("outbox:{}", notices[0].id);
    let next_day = later + Duration::days(2);
    let mail = spooled(&world, &key, next_day).await;
    desk.spool_result(&mail, Err(&refused), next_day)
        .await
        .unwrap();
    assert_eq!(count(&rows(&world.db()).await), 1);
    world.close().await;
}

#[tokio::test]
async fn a_pass_starts_no_send_after_its_time_and_the_next_takes_the_rest() {
    let settings = Settings {
        parallel_sends: 1,
        send_pass: std::time::Duration::from_millis(500),
        ..quick(Settings::default())
    };
    let world = World::new("pass", settings).await;
    let slow = world.game("ann", "bob", 1, t0()).await;
    world.game("cat", "dan", 1, t0()).await;
    let sender = Fake::new("local");
    sender.set_game(slow, Fate::Hang);

    // One send at a time: the first conversation's row hangs past the pass's time, which ends
    // the pass with every other row untried.
    let sent = world.service.deliver(&sender, t0()).await.unwrap();

    assert_eq!(sent, 0);
    let all = rows(&world.db()).await;
    assert_eq!(all.iter().filter(|r| r.attempts > 0).count(), 1, "{all:?}");
    sender.set_game(slow, Fate::Deliver);
    world
        .service
        .deliver(&sender, t0() + Duration::minutes(5))
        .await
        .unwrap();
    assert!(rows(&world.db()).await.iter().all(|r| r.sent_at.is_some()));
    assert_in_order(&sender.delivered());
    world.close().await;
}
