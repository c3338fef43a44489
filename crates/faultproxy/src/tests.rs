//! Each fault against a small echo server on 127.0.0.1.

use super::*;
use std::io::ErrorKind;

/// An echo server: every connection gets back what it sends.
async fn echo() -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((mut s, _)) = listener.accept().await {
            tokio::spawn(async move {
                let mut buf = [0u8; 4096];
                while let Ok(n) = s.read(&mut buf).await {
                    if n == 0 || s.write_all(&buf[..n]).await.is_err() {
                        break;
                    }
                }
            });
        }
    });
    addr
}

async fn proxy() -> FaultProxy {
    FaultProxy::start(echo().await).await.unwrap()
}

const WAIT: Duration = Duration::from_secs(10);

/// Reads exactly `n` bytes (or fails the test after [`WAIT`]).
async fn read_n(s: &mut TcpStream, n: usize) -> Vec<u8> {
    let mut buf = vec![0; n];
    tokio::time::timeout(WAIT, s.read_exact(&mut buf))
        .await
        .expect("the echo in time")
        .expect("the echo");
    buf
}

/// Waits for the connection to end and says how: an error kind, or `None` for a plain close.
async fn end_of(s: &mut TcpStream) -> Option<ErrorKind> {
    let mut buf = [0u8; 256];
    loop {
        match tokio::time::timeout(WAIT, s.read(&mut buf)).await {
            Err(_) => panic!("the connection stayed open"),
            Ok(Ok(0)) => return None,
            Ok(Ok(_)) => continue,
            Ok(Err(e)) => return Some(e.kind()),
        }
    }
}

async fn connected(p: &FaultProxy) -> TcpStream {
    TcpStream::connect(p.addr()).await.unwrap()
}

#[tokio::test]
async fn pass_forwards_both_ways_and_counts() {
    let p = proxy().await;
    let mut s = connected(&p).await;
    s.write_all(b"hello").await.unwrap();
    assert_eq!(read_n(&mut s, 5).await, b"hello");
    let stats = p.stats();
    assert_eq!(stats.connections, 1);
    assert_eq!((stats.bytes_up, stats.bytes_down), (5, 5));
    assert_eq!(stats.resets, 0);
    assert!(stats.faults.is_empty(), "{stats:?}");
    // A close by the client reaches the server, whose close comes back.
    s.shutdown().await.unwrap();
    assert_eq!(end_of(&mut s).await, None);
}

#[tokio::test]
async fn stall_holds_the_bytes_and_the_connection() {
    let p = proxy().await;
    let mut s = connected(&p).await;
    p.stall();
    s.write_all(b"held").await.unwrap();
    let mut buf = [0u8; 4];
    let early = tokio::time::timeout(Duration::from_millis(300), s.read(&mut buf)).await;
    assert!(
        early.is_err(),
        "nothing may come through a stall: {early:?}"
    );
    assert_eq!(p.stats().bytes_up, 0);
    p.pass();
    assert_eq!(read_n(&mut s, 4).await, b"held");
    assert_eq!(p.stats().faults.get("stall"), Some(&1));
}

#[tokio::test]
async fn reset_cuts_open_and_new_connections_with_an_rst() {
    let p = proxy().await;
    let mut open = connected(&p).await;
    open.write_all(b"x").await.unwrap();
    read_n(&mut open, 1).await;
    p.reset();
    assert_eq!(end_of(&mut open).await, Some(ErrorKind::ConnectionReset));
    let mut new = connected(&p).await;
    assert_eq!(end_of(&mut new).await, Some(ErrorKind::ConnectionReset));
    let stats = p.stats();
    assert_eq!((stats.resets, stats.refused), (1, 1), "{stats:?}");
    // Back to normal, a connection works again.
    p.pass();
    let mut again = connected(&p).await;
    again.write_all(b"ok").await.unwrap();
    assert_eq!(read_n(&mut again, 2).await, b"ok");
}

#[tokio::test]
async fn reset_after_cuts_in_the_middle() {
    let p = proxy().await;
    let mut s = connected(&p).await;
    s.write_all(b"0123456789").await.unwrap();
    read_n(&mut s, 10).await;
    // 10 up and 10 down pass, then 5 of the next 10: the echo of those 5 is never sent.
    p.reset_after(25);
    s.write_all(b"abcdefghij").await.unwrap();
    read_n(&mut s, 10).await;
    s.write_all(b"ABCDEFGHIJ").await.unwrap();
    assert_eq!(end_of(&mut s).await, Some(ErrorKind::ConnectionReset));
    let stats = p.stats();
    assert_eq!(stats.resets, 1);
    assert_eq!(stats.bytes_up, 25, "{stats:?}");
    assert_eq!(stats.faults.get("reset-after"), Some(&1));
}

#[tokio::test]
async fn trickle_forwards_a_few_bytes_at_a_time() {
    let p = proxy().await;
    let mut s = connected(&p).await;
    p.trickle(4, Duration::from_millis(100));
    s.write_all(b"twenty bytes of text").await.unwrap();
    let mut got = Vec::new();
    let mut reads = 0;
    while got.len() < 20 {
        let mut buf = [0u8; 64];
        let n = tokio::time::timeout(WAIT, s.read(&mut buf))
            .await
            .unwrap()
            .unwrap();
        assert!(n > 0 && n <= 8, "a trickle came in {n} bytes at once");
        got.extend_from_slice(&buf[..n]);
        reads += 1;
    }
    assert_eq!(got, b"twenty bytes of text");
    assert!(reads >= 3, "{reads} reads");
}

#[tokio::test]
async fn refuse_cuts_new_connections_and_keeps_open_ones() {
    let p = proxy().await;
    let mut open = connected(&p).await;
    open.write_all(b"a").await.unwrap();
    read_n(&mut open, 1).await;
    p.refuse();
    let mut new = connected(&p).await;
    assert_eq!(end_of(&mut new).await, Some(ErrorKind::ConnectionReset));
    open.write_all(b"b").await.unwrap();
    assert_eq!(read_n(&mut open, 1).await, b"b");
    let stats = p.stats();
    assert_eq!((stats.connections, stats.refused), (1, 1), "{stats:?}");
}

#[tokio::test]
async fn random_switches_by_itself_and_repeats_from_its_seed() {
    let plan = RandomFaults {
        hold: (Duration::from_millis(5), Duration::from_millis(10)),
        ..RandomFaults::every_fault(42)
    };
    let picks = |seed| {
        let mut rng = SmallRng::seed_from_u64(seed);
        (0..50).map(|_| plan.pick(&mut rng)).collect::<Vec<_>>()
    };
    assert_eq!(picks(42), picks(42));
    assert_ne!(picks(42), picks(43));

    let p = proxy().await;
    p.random(plan);
    tokio::time::sleep(Duration::from_millis(500)).await;
    let switched: u64 = p.stats().faults.values().sum();
    assert!(switched > 0, "{:?}", p.stats());
    // A fault set by hand ends the plan.
    p.pass();
    let after = p.stats().faults;
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert_eq!(p.stats().faults, after);
    assert_eq!(p.fault(), Fault::Pass);
    let mut s = connected(&p).await;
    s.write_all(b"still works").await.unwrap();
    assert_eq!(read_n(&mut s, 11).await, b"still works");
}
