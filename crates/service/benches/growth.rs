//! Whether the database stays small: many actions are played through the real service (SQLite
//! file, templates, outbox) in simulated time, every notification is delivered and spooled as a
//! mail carrying a real board picture's bytes, and the scheduler's sweep runs every simulated
//! hour, purging what is older than `keep_days`. Prints the database's size and row counts as it
//! goes: with purging, the outbox, the spool and the deliveries stop growing after `keep_days`,
//! and the file with them; only the game record (a few dozen bytes an action) keeps growing.
//!
//!     cargo bench -p agora-service --bench growth [-- --actions 100000 --keep-days 7 --games 20 --minutes 10]
//!
//! `--keep-days 0` runs the same without purging, for comparison, then times purging the whole
//! backlog with `keep_days` 7 at once, and so one batch's transaction.

use agora_rules::{AnyPosition, Variant};
use agora_service::desk::SpoolEntry;
use agora_service::outbox::{Delivery, SendError, Sender};
use agora_service::{Identity, Inbound, Service, Settings, Store, StoreOptions, Templates};
use chrono::{DateTime, Duration, Utc};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::path::Path;
use std::sync::Mutex;
use std::time::Instant;

/// Plies after which a game is resigned and another begins: a live service has many games of
/// ordinary length, not one endless one.
const GAME_PLIES: usize = 150;

struct Options {
    actions: usize,
    keep_days: u32,
    games: usize,
    /// Simulated minutes between two actions.
    minutes: i64,
}

impl Options {
    fn parse() -> Options {
        let args: Vec<String> = std::env::args().collect();
        let value = |name: &str, default: usize| {
            args.iter()
                .position(|a| a == name)
                .and_then(|i| args.get(i + 1))
                .and_then(|v| v.parse().ok())
                .unwrap_or(default)
        };
        Options {
            actions: value("--actions", 100_000),
            keep_days: value("--keep-days", 7) as u32,
            games: value("--games", 20).max(1),
            minutes: value("--minutes", 10).max(1) as i64,
        }
    }
}

/// Takes the `local` notifications and spools each as a mail of the size a mail with a picture
/// has (the picture of the first notification that carries one, reused).
struct MailLike<'a> {
    service: &'a Service,
    picture: Mutex<Vec<u8>>,
    now: DateTime<Utc>,
}

impl Sender for MailLike<'_> {
    fn channel(&self) -> &str {
        "local"
    }

    async fn send(&self, delivery: &Delivery) -> Result<(), SendError> {
        let bytes = {
            let mut picture = self.picture.lock().expect("picture");
            if picture.is_empty()
                && let Some(png) = delivery.picture(480)
            {
                *picture = png.to_vec();
            }
            let mut bytes = delivery.message.body.clone().into_bytes();
            if delivery.message.board {
                bytes.extend_from_slice(&picture);
            }
            bytes
        };
        let key = format!("outbox:{}", delivery.message.id);
        let entry = SpoolEntry {
            key: &key,
            from: "agora@example.org",
            to: "player@example.org",
            bytes: &bytes,
            game: delivery.message.game_id,
            message_id: &key,
            token: None,
        };
        self.service
            .mail()
            .spool(entry, self.now)
            .await
            .map_err(|e| SendError::Transient(e.to_string()))
    }
}

/// An action that keeps the game going, or `None`.
fn choose(position: &AnyPosition, rng: &mut SmallRng) -> Option<String> {
    let going: Vec<_> = position
        .legal_actions()
        .into_iter()
        .filter(|&a| {
            let mut next = position.clone();
            next.play_unchecked(a);
            next.outcome().is_none()
        })
        .collect();
    (!going.is_empty()).then(|| position.notation(going[rng.random_range(0..going.len())]))
}

/// One game being played: its number, its position and whose turn it is.
struct Table {
    id: i64,
    players: [String; 2],
    position: AnyPosition,
    plies: usize,
}

struct Bench {
    service: Service,
    picture: Mutex<Vec<u8>>,
    next_delivery: u64,
    next_game: i64,
}

impl Bench {
    async fn say(&mut self, who: &str, text: &str, now: DateTime<Utc>) {
        self.next_delivery += 1;
        let inbound = Inbound {
            text: text.into(),
            delivery: Some(format!("bench:{}", self.next_delivery)),
            ..Inbound::new(Identity::local(who))
        };
        self.service.handle(&inbound, now).await.expect("command");
    }

    async fn new_table(&mut self, pair: usize, now: DateTime<Utc>) -> Table {
        let players = [format!("p{pair}a"), format!("p{pair}b")];
        self.say(&players[1], "games", now).await;
        let challenge = format!("challenge {} agon days 30", players[1]);
        self.say(&players[0], &challenge, now).await;
        self.next_game += 1;
        let id = self.next_game;
        self.say(&players[1], &format!("accept #{id}"), now).await;
        Table {
            id,
            players,
            position: Variant::Agon.start(),
            plies: 0,
        }
    }

    /// Delivers every due notification as a spooled mail and has the relay accept them all.
    async fn deliver(&self, now: DateTime<Utc>) {
        let sender = MailLike {
            service: &self.service,
            picture: Mutex::new(std::mem::take(&mut *self.picture.lock().expect("picture"))),
            now,
        };
        self.service.deliver(&sender, now).await.expect("deliver");
        *self.picture.lock().expect("picture") = sender.picture.into_inner().expect("picture");
        let desk = self.service.mail();
        loop {
            let due = desk.due_spool(now, 200).await.expect("spool");
            if due.is_empty() {
                break;
            }
            for mail in &due {
                desk.spool_result(mail, Ok(()), now).await.expect("sent");
            }
        }
    }
}

fn size(path: &Path) -> f64 {
    std::fs::metadata(path).map_or(0.0, |m| m.len() as f64 / 1_048_576.0)
}

async fn report(service: &Service, db: &Path, actions: usize, day: f64, sweep_ms: f64) {
    let mut tx = service.store().write().await.expect("tx");
    let outbox = tx.outbox_stats().await.expect("outbox");
    let (unsent, sent) = tx.spool_counts().await.expect("spool");
    let deliveries = tx.count_deliveries().await.expect("deliveries");
    let played = tx.count_actions().await.expect("actions");
    drop(tx);
    let wal = db.with_file_name(format!(
        "{}-wal",
        db.file_name().and_then(|n| n.to_str()).unwrap_or("")
    ));
    println!(
        "{actions:>7} actions | day {day:>6.1} | db {:>7.1} MB, wal {:>5.1} MB | outbox {:>6} \
         | spool {:>6} | deliveries {:>6} | actions kept {:>7} | slowest sweep {sweep_ms:>6.1} ms",
        size(db),
        size(&wal),
        outbox.pending + outbox.sent,
        unsent + sent,
        deliveries,
        played,
    );
}

async fn run(options: Options) {
    let dir = std::env::temp_dir().join(format!("agora-bench-growth-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let db = dir.join("growth.db");
    let store = Store::open(&db, &StoreOptions::default())
        .await
        .expect("store");
    let settings = Settings {
        seed: Some(7),
        keep_days: options.keep_days,
        max_open_challenges: u32::MAX,
        ..Settings::default()
    };
    let service = Service::new(store, Templates::load(None).expect("templates"), settings);
    let mut bench = Bench {
        service,
        picture: Mutex::new(Vec::new()),
        next_delivery: 0,
        next_game: 0,
    };
    let start: DateTime<Utc> = "2026-01-01T00:00:00Z".parse().expect("time");
    let mut now = start;
    let mut rng = SmallRng::seed_from_u64(11);
    let mut tables = Vec::new();
    for pair in 0..options.games {
        tables.push(bench.new_table(pair, now).await);
    }
    println!(
        "{} actions over {} games at a time, one every {} simulated minutes, keep_days {} \
         (0 = no purge), sweep every simulated hour",
        options.actions, options.games, options.minutes, options.keep_days
    );
    let started = Instant::now();
    let mut slowest = 0.0f64;
    let every = (options.actions / 20).max(1);
    for n in 1..=options.actions {
        now += Duration::minutes(options.minutes);
        let i = n % tables.len();
        let action = choose(&tables[i].position, &mut rng);
        let table = &mut tables[i];
        let who = table.players[table.plies % 2].clone();
        match action {
            Some(action) if table.plies < GAME_PLIES => {
                let text = format!("move #{} {action}", table.id);
                let parsed = table.position.parse_action(&action).expect("legal");
                table.position.play_unchecked(parsed);
                table.plies += 1;
                bench.say(&who, &text, now).await;
            }
            _ => {
                let text = format!("resign #{}", table.id);
                bench.say(&who, &text, now).await;
                tables[i] = bench.new_table(i, now).await;
            }
        }
        bench.deliver(now).await;
        if (n as i64 * options.minutes) % 60 == 0 {
            let sweep = Instant::now();
            bench.service.sweep(now).await.expect("sweep");
            slowest = slowest.max(sweep.elapsed().as_secs_f64() * 1000.0);
        }
        if n % every == 0 {
            let day = (now - start).num_minutes() as f64 / 1440.0;
            report(&bench.service, &db, n, day, slowest).await;
            slowest = 0.0;
        }
    }
    let secs = started.elapsed().as_secs_f64();
    println!(
        "{} actions in {secs:.0} s ({:.0} a second, each with its notifications delivered and spooled)",
        options.actions,
        options.actions as f64 / secs
    );
    if options.keep_days == 0 {
        purge_backlog(&bench.service, now).await;
    }
    bench.service.store().close().await;
    let _ = std::fs::remove_dir_all(&dir);
}

/// After a run without purging: how long purging the whole backlog at once takes (what the first
/// sweep does after `keep_days` is set on an old database), and so how long one batch holds the
/// write lock.
async fn purge_backlog(service: &Service, now: DateTime<Utc>) {
    let settings = Settings {
        keep_days: 7,
        ..Settings::default()
    };
    let purger = Service::new(
        service.store().clone(),
        Templates::load(None).expect("templates"),
        settings,
    );
    let started = Instant::now();
    let purged = purger.purge(now).await.expect("purge");
    let ms = started.elapsed().as_secs_f64() * 1000.0;
    let batches = purged
        .outbox
        .max(purged.spool)
        .max(purged.deliveries)
        .div_ceil(100)
        + 1;
    println!(
        "then keep_days 7: purged {} outbox rows, {} mails, {} deliveries in {ms:.0} ms, \
         {batches} transactions, {:.1} ms each",
        purged.outbox,
        purged.spool,
        purged.deliveries,
        ms / batches as f64
    );
}

fn main() {
    let options = Options::parse();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(run(options));
}
