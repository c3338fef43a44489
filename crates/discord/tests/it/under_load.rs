//! The website under attack does not slow the game: while 2,000 connections sit idle on the
//! site and 300 requests trickle in a byte at a time (and pages are read as fast as they are
//! answered), a Discord `/move` is answered in under a second, a mailed move is made less than a
//! second later than one before the attack (a mail's own way through the mail servers, about
//! half a second here, is the same with or without it), and a connection that sent half a
//! request is closed within the header timeout. The site runs on the same service as the
//! Discord front end, as in `agora serve`; the mail front end is a process of its own on the
//! same database.
//!
//! Needs the mail servers of `tests/mail/servers.sh` (it prints `SKIPPED` and passes without
//! them, or fails when `AGORA_REQUIRE_MAIL_SERVERS=1`, as in CI) and the local Discord double.

use agora_testkit::discord as common;
use agora_testkit::mail;
use agora_testkit::web::Served;

use agora_rules::Variant;
use agora_web::WebLimits;
use common::double::{Double, LOBBY};
use common::{Agora, Opt, User, in_server, run};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

const WAIT: Duration = Duration::from_secs(120);
const IDLE: usize = 2_000;
const SLOW: usize = 300;
const READERS: usize = 16;

/// What the attack keeps up until told to stop, and what it counted.
#[derive(Default)]
struct Attack {
    stop: AtomicBool,
    /// Idle and slow connections open now, as the attacker sees them.
    open: AtomicUsize,
    /// Pages answered, and answered 503 (too many in flight).
    pages: AtomicUsize,
    busy: AtomicUsize,
}

/// Reads until the server closes the connection or `limit` passes; whether it closed.
async fn closed_within(stream: &mut TcpStream, limit: Duration) -> bool {
    let mut buf = [0u8; 1024];
    let end = Instant::now() + limit;
    loop {
        let left = end.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, stream.read(&mut buf)).await {
            Ok(Ok(0)) | Ok(Err(_)) => return true,
            Ok(Ok(_)) => {}
            Err(_) => return false,
        }
    }
}

/// One idle attacker: opens a connection, sends nothing, and opens another once it is closed.
async fn idle(address: String, attack: Arc<Attack>) {
    while !attack.stop.load(Ordering::Relaxed) {
        let Ok(mut stream) = TcpStream::connect(&address).await else {
            tokio::time::sleep(Duration::from_millis(200)).await;
            continue;
        };
        attack.open.fetch_add(1, Ordering::Relaxed);
        closed_within(&mut stream, Duration::from_secs(60)).await;
        attack.open.fetch_sub(1, Ordering::Relaxed);
        // Beyond the cap a connection is closed at once: the attacker comes back, not in a loop
        // that would only measure this machine's two CPUs.
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

/// One slow attacker: a request line, then a header line every half second, never the end of
/// the head; again once the server closed it.
async fn slow(address: String, attack: Arc<Attack>) {
    while !attack.stop.load(Ordering::Relaxed) {
        let Ok(mut stream) = TcpStream::connect(&address).await else {
            tokio::time::sleep(Duration::from_millis(200)).await;
            continue;
        };
        attack.open.fetch_add(1, Ordering::Relaxed);
        let mut sent = stream.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n").await;
        let mut n = 0;
        while sent.is_ok() && !attack.stop.load(Ordering::Relaxed) {
            tokio::time::sleep(Duration::from_millis(500)).await;
            n += 1;
            sent = stream
                .write_all(format!("X-Slow-{n}: y\r\n").as_bytes())
                .await;
        }
        attack.open.fetch_sub(1, Ordering::Relaxed);
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

/// One reader of pages: the game's page, again and again, on fresh connections.
async fn reader(address: String, path: String, attack: Arc<Attack>) {
    while !attack.stop.load(Ordering::Relaxed) {
        let Ok(mut stream) = TcpStream::connect(&address).await else {
            tokio::time::sleep(Duration::from_millis(200)).await;
            continue;
        };
        let head = format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        if stream.write_all(head.as_bytes()).await.is_err() {
            continue;
        }
        let mut answer = Vec::new();
        let _ =
            tokio::time::timeout(Duration::from_secs(20), stream.read_to_end(&mut answer)).await;
        if answer.starts_with(b"HTTP/1.1 200") {
            attack.pages.fetch_add(1, Ordering::Relaxed);
        } else if answer.starts_with(b"HTTP/1.1 503") {
            attack.busy.fetch_add(1, Ordering::Relaxed);
        }
    }
}

/// The attack on a runtime of its own (its own thread), so the attacker's tasks do not queue
/// behind the service's in one scheduler; stopped and joined by the returned closure.
fn start_attack(address: String, page: String, attack: Arc<Attack>) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async move {
            let mut tasks = Vec::new();
            for _ in 0..IDLE {
                tasks.push(tokio::spawn(idle(address.clone(), attack.clone())));
            }
            for _ in 0..SLOW {
                tasks.push(tokio::spawn(slow(address.clone(), attack.clone())));
            }
            for _ in 0..READERS {
                tasks.push(tokio::spawn(reader(
                    address.clone(),
                    page.clone(),
                    attack.clone(),
                )));
            }
            while !attack.stop.load(Ordering::Relaxed) {
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            for task in tasks {
                task.abort();
            }
        });
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_are_answered_at_once_while_the_site_is_attacked() {
    let Some(mut servers) = mail::servers("moves_are_answered_at_once_while_the_site_is_attacked")
    else {
        return;
    };
    let _turn = mail::MAILBOXES.lock(&mut servers).await;
    mail::empty_mailboxes(&servers).await;
    let double = Double::start().await;
    let db = common::temp_db("under-load");
    let discord = Agora::start(&db, &double).await;
    let post = mail::Agora::start(&db, mail::settings(&servers)).await;
    let limits = WebLimits {
        header_timeout: Duration::from_secs(3),
        ..WebLimits::default()
    };
    let site = Served::start_with(discord.service.clone(), limits.clone()).await;
    let alice = User {
        id: 500_000_000_000_000_021,
        name: "alice",
    };
    let mut bob = mail::Player::new(&servers, "bob");

    // Alice (Discord) challenges bob (mail) to Agon; bob accepts.
    run(
        &double,
        &alice,
        in_server(LOBBY),
        "challenge",
        &[
            Opt::Choice("game", "agon"),
            Opt::Text("opponent", bob.address.clone()),
        ],
    )
    .await;
    let invitation = bob.next_mail(WAIT).await;
    // Before the attack: how long a mailed command takes to be made here.
    bob.reply(&invitation, "accept").await;
    let accepted = Instant::now();
    loop {
        let state = discord.service.game_state(1, None).await.unwrap().unwrap();
        if state.status == agora_store::GameStatus::Active {
            break;
        }
        assert!(accepted.elapsed() < WAIT, "bob's acceptance was never made");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let quiet_mail = accepted.elapsed();
    let started = bob.next_mail(WAIT).await;
    assert!(started.text.contains("has started"), "{started:?}");
    let thread = common::new_thread(&double, 0).await;
    let record = agora_testkit::short_game(Variant::Agon);
    let state = discord.service.game_state(1, None).await.unwrap().unwrap();
    assert_eq!(state.ply, 0);

    // The attack, until both moves are made.
    let attack = Arc::new(Attack::default());
    let attacker = start_attack(site.address().to_owned(), "/games/1".into(), attack.clone());
    let ramp = Instant::now();
    while attack.open.load(Ordering::Relaxed) < limits.max_connections
        && ramp.elapsed() < Duration::from_secs(30)
    {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let open = attack.open.load(Ordering::Relaxed);
    assert!(
        open >= limits.max_connections,
        "only {open} connections opened"
    );

    // Half a request, then nothing: closed within the header timeout.
    let mut half = TcpStream::connect(site.address()).await;
    for _ in 0..50 {
        if half.is_ok() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        half = TcpStream::connect(site.address()).await;
    }
    let mut half = half.unwrap();
    half.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    let sent_half = Instant::now();
    // Watched from now on, beside the rest: the time it took to close is when it closed, not
    // when the test came to look.
    let limit = limits.header_timeout + Duration::from_secs(5);
    let closing = tokio::spawn(async move {
        let closed = closed_within(&mut half, limit).await;
        (closed, sent_half.elapsed())
    });

    // Alice's /move on Discord.
    let asked = Instant::now();
    let answer = run(
        &double,
        &alice,
        thread,
        "move",
        &[Opt::Text("action", record[0].clone())],
    )
    .await;
    let discord_took = asked.elapsed();
    assert!(answer.text().contains(&record[0]), "{}", answer.text());

    // Bob's move by mail, in answer to the mail that told him of hers.
    let told = bob.next_mail(WAIT).await;
    assert!(told.text.contains(&record[0]), "{told:?}");
    bob.reply(&told, &record[1]).await;
    let mailed = Instant::now();
    loop {
        let state = discord.service.game_state(1, None).await.unwrap().unwrap();
        if state.ply >= 2 {
            break;
        }
        assert!(mailed.elapsed() < WAIT, "bob's mailed move was never made");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let mail_took = mailed.elapsed();
    let answered = bob.next_mail(WAIT).await;
    let mail_answered = mailed.elapsed();
    assert!(!answered.text.starts_with("Sorry"), "{answered:?}");

    let (half_closed, half_took) = closing.await.unwrap();
    let open_at_end = attack.open.load(Ordering::Relaxed);
    attack.stop.store(true, Ordering::Relaxed);
    attacker.join().unwrap();
    println!(
        "under attack ({IDLE} idle, {SLOW} slow, {READERS} page readers; {open_at_end} open at \
         the end; {} pages answered, {} answered 503): Discord /move answered in {discord_took:?}; \
         mailed move made {mail_took:?} after it was sent, its answer in bob's mailbox after \
         {mail_answered:?} (a mailed command before the attack: {quiet_mail:?}); half a request \
         closed after {half_took:?}",
        attack.pages.load(Ordering::Relaxed),
        attack.busy.load(Ordering::Relaxed),
    );
    assert!(half_closed, "half a request still open after {half_took:?}");
    assert!(half_took < limits.header_timeout + Duration::from_secs(2));
    assert!(discord_took < Duration::from_secs(1), "{discord_took:?}");
    // A mail's way through the mail servers (submission, queue, delivery to the mailbox) takes
    // about half a second on this machine before Agora can read it, attack or not: what Agora
    // adds under the attack must stay under a second.
    assert!(
        mail_took < quiet_mail + Duration::from_secs(1),
        "{mail_took:?} under attack, {quiet_mail:?} before it"
    );
    // The site still answers once the attack is over.
    let mut stream = TcpStream::connect(site.address()).await.unwrap();
    stream
        .write_all(b"GET /games/1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut page = Vec::new();
    stream.read_to_end(&mut page).await.unwrap();
    assert!(
        page.starts_with(b"HTTP/1.1 200"),
        "{}",
        String::from_utf8_lossy(&page)
    );

    site.stop().await;
    post.stop().await;
    discord.stop().await;
}
