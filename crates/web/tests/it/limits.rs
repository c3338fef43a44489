//! The site's bounds on a real socket: a connection that sends half a request is closed within
//! the header timeout, connections beyond the cap are closed at once, idle ones are closed after
//! the timeout and the site then answers again, an overlong query gets 414; and meanwhile the
//! service answers commands as fast as ever (the site reads, it never holds the writer).

use agora_service::{Identity, Inbound, Status};
use agora_web::WebLimits;
use std::time::{Duration, Instant};
use support::Served;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use agora_testkit::web as support;

/// Reads until the server closes the connection (or `limit` passes); how long that took, and
/// what was read.
async fn until_closed(stream: &mut TcpStream, limit: Duration) -> (Duration, Vec<u8>) {
    let start = Instant::now();
    let mut read = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match tokio::time::timeout(limit.saturating_sub(start.elapsed()), stream.read(&mut buf))
            .await
        {
            Ok(Ok(0)) | Ok(Err(_)) => return (start.elapsed(), read),
            Ok(Ok(n)) => read.extend_from_slice(&buf[..n]),
            Err(_) => panic!("still open after {limit:?}"),
        }
    }
}

/// The status of one GET on a fresh connection.
async fn status_of(address: &str, path: &str) -> u16 {
    let mut stream = TcpStream::connect(address).await.unwrap();
    let head = format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    stream.write_all(head.as_bytes()).await.unwrap();
    let (_, read) = until_closed(&mut stream, Duration::from_secs(10)).await;
    let text = String::from_utf8_lossy(&read);
    text.split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status in {text:?}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_idle_and_too_many_connections_are_closed_and_commands_go_on() {
    let (service, _) = support::fresh_service("limits", 3).await;
    let limits = WebLimits {
        header_timeout: Duration::from_secs(1),
        request_timeout: Duration::from_secs(5),
        max_connections: 100,
        max_in_flight: 8,
    };
    let served = Served::start_with(service.clone(), limits).await;
    let address = served.address().to_owned();
    assert_eq!(status_of(&address, "/").await, 200);

    // Half a request, then nothing: closed within the header timeout, unanswered.
    let mut half = TcpStream::connect(&address).await.unwrap();
    half.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    let (took, read) = until_closed(&mut half, Duration::from_secs(5)).await;
    assert!(took < Duration::from_secs(3), "closed after {took:?}");
    assert!(
        !String::from_utf8_lossy(&read).contains("200 OK"),
        "{read:?}"
    );

    // Three times the cap of idle connections: those beyond it are closed at once, the rest
    // after the header timeout; the service answers a command in well under a second
    // throughout.
    let mut idle = Vec::new();
    for _ in 0..300 {
        idle.push(TcpStream::connect(&address).await.unwrap());
    }
    let start = Instant::now();
    let answer = service
        .handle(
            &Inbound {
                text: "challenge anyone agon".into(),
                ..Inbound::new(Identity::local("ann"))
            },
            chrono::Utc::now(),
        )
        .await
        .unwrap();
    assert_eq!(answer.status, Status::Done, "{}", answer.text);
    assert!(
        start.elapsed() < Duration::from_secs(1),
        "{:?}",
        start.elapsed()
    );
    // The last ones opened were beyond the cap: closed before any timeout.
    let (took, _) = until_closed(idle.last_mut().unwrap(), Duration::from_secs(5)).await;
    assert!(
        took < Duration::from_millis(500),
        "beyond the cap, closed after {took:?}"
    );
    for stream in &mut idle {
        until_closed(stream, Duration::from_secs(5)).await;
    }
    assert!(
        start.elapsed() < Duration::from_secs(3),
        "every idle connection closed after {:?}",
        start.elapsed()
    );
    drop(idle);
    // The cap freed, the site answers again.
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(status_of(&address, "/").await, 200);

    // An overlong query string is refused before anything is read for it.
    let long = format!("/games/1?ply={}", "9".repeat(600));
    assert_eq!(status_of(&address, &long).await, 414);
    assert_eq!(status_of(&address, "/games/1?ply=0").await, 404);
    served.stop().await;
}
