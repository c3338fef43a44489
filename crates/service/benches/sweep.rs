//! How long one sweep of the scheduler takes when many running games are due at once: 10,000
//! games of three days a move (each between two players of its own, on a real SQLite file) are
//! started, every other one's first player resting at weekends and nights in Amsterdam (their
//! clock's deadline and reminders walk through the rest), then swept three times, each time with
//! every game due:
//!
//! 1. at half the turn's time: every player to act is reminded;
//! 2. at the deadline, those reminders never delivered: every deadline moves (nobody loses on time
//!    unwarned), and the player is told at once;
//! 3. after those notices were delivered and the moved deadlines passed: every game ends on time.
//!
//! Prints each sweep's games handled, its time and the games per second.
//!
//!     cargo bench -p agora-service --bench sweep [-- --games 10000]

use agora_service::outbox::{Delivery, SendError, Sender};
use agora_service::{Identity, Inbound, Service, Settings, StoreOptions, Templates};
use chrono::{DateTime, Duration, TimeZone, Utc};
use std::time::Instant;

/// Delivers every terminal notification at once.
struct Accept;

impl Sender for Accept {
    fn channel(&self) -> &str {
        "local"
    }

    async fn send(&self, _delivery: &Delivery) -> Result<(), SendError> {
        Ok(())
    }
}

fn games() -> usize {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == "--games")
        .and_then(|i| args.get(i + 1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(10_000)
}

async fn say(service: &Service, n: &mut u64, who: &str, text: &str, now: DateTime<Utc>) {
    *n += 1;
    let inbound = Inbound {
        text: text.into(),
        delivery: Some(format!("bench:{n}")),
        ..Inbound::new(Identity::local(who))
    };
    let answer = service.handle(&inbound, now).await.expect("command");
    assert_eq!(
        answer.status,
        agora_service::Status::Done,
        "`{text}`: {}",
        answer.text
    );
}

/// Sweeps at `now` and prints what it did, as `what`.
async fn timed_sweep(service: &Service, what: &str, now: DateTime<Utc>) -> usize {
    let started = Instant::now();
    let changed = service.sweep(now).await.expect("sweep");
    let secs = started.elapsed().as_secs_f64();
    println!(
        "sweep {what:<44} {changed:>6} games in {:>8.0} ms  ({:>6.0} games/s)",
        secs * 1000.0,
        changed as f64 / secs
    );
    changed
}

#[tokio::main]
async fn main() {
    let count = games();
    let dir = std::env::temp_dir().join(format!("agora-sweep-bench-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("bench folder");
    let store = agora_service::Store::open(&dir.join("sweep.db"), &StoreOptions::default())
        .await
        .expect("store");
    let service = Service::new(
        store,
        Templates::load(None).expect("templates"),
        Settings {
            seed: Some(1),
            ..Settings::default()
        },
    );
    let start = Utc.with_ymd_and_hms(2026, 3, 2, 12, 0, 0).unwrap();
    let made = Instant::now();
    let mut n = 0;
    for g in 0..count {
        let (a, b) = (format!("p{g}a"), format!("p{g}b"));
        say(&service, &mut n, &b, "games", start).await;
        if g % 2 == 1 {
            say(
                &service,
                &mut n,
                &a,
                "settings timezone Europe/Amsterdam",
                start,
            )
            .await;
            say(
                &service,
                &mut n,
                &a,
                "settings rest weekend night 23-07",
                start,
            )
            .await;
        }
        say(
            &service,
            &mut n,
            &a,
            &format!("challenge {b} agon days 3"),
            start,
        )
        .await;
        say(&service, &mut n, &b, &format!("accept #{}", g + 1), start).await;
    }
    service.deliver(&Accept, start).await.expect("deliver");
    println!(
        "{count} running games started in {:.1} s ({n} commands)",
        made.elapsed().as_secs_f64()
    );

    // The resting players' 72 hours of clock time from Monday 13:00 in Amsterdam end on Friday
    // 21:00 local, after four nights; half of them is gone on Wednesday 17:00.
    let reminded = timed_sweep(
        &service,
        "at half the turn: reminders",
        start + Duration::hours(60),
    )
    .await;
    // The reminders are never delivered: the deadlines move.
    let deadline = start + Duration::days(4) + Duration::hours(9);
    let moved = timed_sweep(&service, "at the deadline, nobody warned: moved", deadline).await;
    service.deliver(&Accept, deadline).await.expect("deliver");
    let ended = timed_sweep(
        &service,
        "12 h later, warned: ended on time",
        deadline + Duration::hours(12) + Duration::minutes(1),
    )
    .await;
    println!("games reminded {reminded}, deadlines moved {moved}, games ended {ended}");
    service.store().close().await;
    let _ = std::fs::remove_dir_all(&dir);
}
