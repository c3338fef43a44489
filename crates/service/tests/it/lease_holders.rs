//! The lease as the front ends hold it ([`agora_service::Lease`]): two services on one SQLite file,
//! as two processes. One holds it and the other stands by; the holder that stops renewing (it died)
//! loses it once it runs out, and learns so at its next look; a clean stop hands it over at once.

use agora_service::{Clock, Held, Lease, Service, Settings, StoreOptions, Templates};
use std::sync::Arc;
use std::time::Duration;

async fn two_services() -> [Arc<Service>; 2] {
    two_services_with("agora-lease-holders", Settings::default()).await
}

/// Two services on one new database file in the directory `name` (with the process id), each
/// with `settings`.
async fn two_services_with(name: &str, settings: Settings) -> [Arc<Service>; 2] {
    let dir = std::env::temp_dir().join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("agora.db");
    let mut out = Vec::new();
    for _ in 0..2 {
        let store = agora_store::testing::open(&path, &StoreOptions::default())
            .await
            .unwrap();
        out.push(Arc::new(Service::new(
            store,
            Templates::load(None).unwrap(),
            settings.clone(),
        )));
    }
    [out[0].clone(), out[1].clone()]
}

/// Whether a service's metrics say it holds the lease `name`.
fn held_gauge(text: &str, name: &str) -> bool {
    text.lines()
        .any(|l| l == format!("agora_lease_held{{lease=\"{name}\"}} 1"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_holds_the_other_takes_over_when_it_dies_or_leaves() {
    let [a, b] = two_services().await;
    let length = Duration::from_secs(3);
    let first = Lease::new(a.clone(), "work", length);
    let second = Lease::new(b.clone(), "work", length);
    assert_ne!(first.holder(), second.holder());
    assert_eq!(first.check_every(), Duration::from_secs(1));

    assert_eq!(first.keep().await.unwrap(), Held::Taken);
    assert_eq!(first.keep().await.unwrap(), Held::Kept);
    assert_eq!(second.keep().await.unwrap(), Held::Elsewhere);
    let text = a.metrics_text(chrono::Utc::now()).await;
    assert!(held_gauge(&text, "work"), "{text}");
    let text = b.metrics_text(chrono::Utc::now()).await;
    assert!(!held_gauge(&text, "work"));

    // Renewed at every third of its length, the lease stays with its holder however long.
    for _ in 0..4 {
        tokio::time::sleep(first.check_every()).await;
        assert!(first.keep().await.unwrap().held());
        assert_eq!(second.keep().await.unwrap(), Held::Elsewhere);
    }
    assert_eq!(
        b.lease_holder("work").await.unwrap().unwrap().0,
        first.holder()
    );

    // The holder stops renewing, as a process that died: once the lease ran out the other
    // takes it, and the first learns at its next look that it lost it.
    tokio::time::sleep(length + Duration::from_millis(100)).await;
    assert_eq!(second.keep().await.unwrap(), Held::Taken);
    assert_eq!(first.keep().await.unwrap(), Held::Elsewhere);
    assert!(!first.is_held());
    assert_eq!(
        a.lease_holder("work").await.unwrap().unwrap().0,
        second.holder()
    );

    // A clean stop gives it up: the other takes it at once, not when it would have run out.
    assert!(second.leave().await);
    assert!(!second.leave().await, "given up once");
    assert_eq!(b.lease_holder("work").await.unwrap(), None);
    assert_eq!(first.keep().await.unwrap(), Held::Taken);
    assert!(first.leave().await);
}

/// A process killed with its lease held (`kill -9`, then a restart at once): the next process
/// on the same machine sees that the holder no longer runs and takes the lease at once, not
/// when it runs out a minute later. A holder that still runs keeps it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_holder_s_lease_is_taken_at_once() {
    let [a, b] = two_services().await;
    let length = Duration::from_secs(60);
    let mut child = std::process::Command::new("sleep")
        .arg("300")
        .spawn()
        .unwrap();
    let holder = agora_service::lease::holder_name_of(child.id());
    assert!(
        a.hold_lease("mailbox", &holder, chrono::Duration::seconds(60))
            .await
            .unwrap()
    );
    let restarted = Lease::new(b.clone(), "mailbox", length);
    assert_eq!(restarted.keep().await.unwrap(), Held::Elsewhere, "it runs");
    child.kill().unwrap();
    child.wait().unwrap();
    // At the first look after the kill, with the lease's minute not nearly over.
    assert_eq!(restarted.keep().await.unwrap(), Held::Taken);
    assert_eq!(
        a.lease_holder("mailbox").await.unwrap().unwrap().0,
        restarted.holder()
    );
}

/// The service's clock says when a lease runs out: with a set clock ([`Clock::fixed`]) shared by
/// two processes, the lease changes hands once the clock passes its end, however little time
/// passed on the wall, and not a second before.
#[tokio::test]
async fn a_set_clock_says_when_a_lease_runs_out() {
    let start = chrono::DateTime::from_timestamp(2_000_000_000, 0).unwrap();
    let clock = Clock::fixed(start);
    let settings = Settings {
        clock: clock.clone(),
        ..Settings::default()
    };
    let [a, b] = two_services_with("agora-lease-set-clock", settings).await;
    let minute = chrono::Duration::seconds(60);
    assert!(a.hold_lease("work", "first", minute).await.unwrap());
    assert!(!b.hold_lease("work", "second", minute).await.unwrap());
    assert_eq!(
        b.lease_holder("work").await.unwrap(),
        Some(("first".to_owned(), start + minute))
    );

    clock.advance(chrono::Duration::seconds(59));
    assert!(
        !b.hold_lease("work", "second", minute).await.unwrap(),
        "a second is left"
    );
    clock.advance(chrono::Duration::seconds(1));
    assert!(b.hold_lease("work", "second", minute).await.unwrap());
    assert_eq!(
        a.lease_holder("work").await.unwrap(),
        Some(("second".to_owned(), start + minute + minute))
    );
    assert!(!a.hold_lease("work", "first", minute).await.unwrap());
}
