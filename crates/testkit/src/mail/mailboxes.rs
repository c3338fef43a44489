//! The servers' test mailboxes: lanes of them taken one test at a time, and a look into any of
//! them over IMAP (emptied, their mails' flags, a wait for mails to arrive) as a mail client
//! would, without being a player.

use super::{Servers, lanes};
use futures::TryStreamExt;
use std::time::{Duration, Instant};
use tokio::net::TcpStream;

/// The tests share the servers' mailboxes, in lanes: each lane is the same five mailboxes at a
/// domain of its own, and a test takes a lane for itself with `MAILBOXES.lock(&mut servers)`,
/// holding it until the guard is dropped.
pub static MAILBOXES: Mailboxes = Mailboxes;

/// Turns on the lanes of mailboxes, across threads and across processes: a test runner that runs
/// each test in a process of its own (cargo nextest), or several tests in one process, still
/// gives each lane to one test at a time, and a lane rests a few seconds between turns so that
/// no mail of one test reaches the next. A lane is held by a lock on a file named after the
/// servers' IMAP port and the lane's domain (`flock`, which also keeps apart two opens of one
/// file in one process, released by the kernel when the holder exits, even by `kill -9`).
pub struct Mailboxes;

/// A test's turn on a lane of mailboxes; dropping it ends the turn.
pub struct MailboxTurn {
    file: std::fs::File,
}

/// How long a lane rests after a turn before the next: a mail the last test's Agora handed to
/// the servers just before it ended still reaches the lane's mailboxes (OpenSMTPD's queue takes
/// up to a second or so under load), and must not land in the next test's.
const SETTLE: Duration = Duration::from_secs(3);

impl Drop for MailboxTurn {
    /// Notes when the turn ended, in the lane's lock file, before the lock goes with the file.
    fn drop(&mut self) {
        use std::os::unix::fs::FileExt;
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default()
            .as_millis()
            .to_string();
        let _ = self.file.set_len(0);
        let _ = self.file.write_all_at(now.as_bytes(), 0);
    }
}

/// How long ago the last turn on a lane ended, from its lock file (`None`: never, or unknown).
fn since_last_turn(file: &std::fs::File) -> Option<Duration> {
    use std::io::Read;
    let mut text = String::new();
    (&*file).read_to_string(&mut text).ok()?;
    let ended = std::time::UNIX_EPOCH + Duration::from_millis(text.trim().parse().ok()?);
    std::time::SystemTime::now().duration_since(ended).ok()
}

impl Mailboxes {
    /// Waits for a free lane and points `servers` at it.
    pub async fn lock(&'static self, servers: &mut Servers) -> MailboxTurn {
        let port = servers.imap;
        let lanes = lanes();
        loop {
            for domain in &lanes {
                let path =
                    std::env::temp_dir().join(format!("agora-mailboxes-{port}-{domain}.lock"));
                let file = std::fs::OpenOptions::new()
                    .create(true)
                    .truncate(false)
                    .write(true)
                    .open(&path)
                    .unwrap_or_else(|e| panic!("the mailboxes' lock {}: {e}", path.display()));
                match file.try_lock() {
                    Ok(()) => {
                        if let Some(since) = since_last_turn(&file)
                            && since < SETTLE
                        {
                            tokio::time::sleep(SETTLE - since).await;
                        }
                        servers.domain = domain.clone();
                        return MailboxTurn { file };
                    }
                    Err(std::fs::TryLockError::WouldBlock) => {}
                    Err(std::fs::TryLockError::Error(e)) => {
                        panic!("the mailboxes' lock {}: {e}", path.display())
                    }
                }
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

type Imap = async_imap::Session<TcpStream>;

/// A session of `user`, logged in to its mailbox on the IMAP port (every test mailbox's
/// password is `secret`).
pub(super) async fn login(port: u16, user: &str) -> Imap {
    let tcp = TcpStream::connect(("127.0.0.1", port)).await.unwrap();
    let mut client = async_imap::Client::new(tcp);
    client.read_response().await.unwrap();
    client
        .login(user, "secret")
        .await
        .map_err(|(e, _)| e)
        .unwrap()
}

/// Empties the INBOX of every test mailbox.
pub async fn empty_mailboxes(s: &Servers) {
    for user in ["agora", "alice", "bob", "carol", "dave"] {
        let mut imap = login(s.imap, &s.address(user)).await;
        imap.select("INBOX").await.unwrap();
        let _: Vec<_> = imap
            .store("1:*", "+FLAGS.SILENT (\\Deleted)")
            .await
            .unwrap()
            .try_collect()
            .await
            .unwrap_or_default();
        let _: Vec<_> = imap.expunge().await.unwrap().try_collect().await.unwrap();
        imap.logout().await.unwrap();
    }
}

/// The UIDs in `user`'s INBOX with their flags (keywords included), as any mail client sees them.
pub async fn inbox_flags(s: &Servers, user: &str) -> Vec<(u32, Vec<String>)> {
    let mut imap = login(s.imap, user).await;
    imap.select("INBOX").await.unwrap();
    let fetched: Vec<_> = imap
        .uid_fetch("1:*", "(UID FLAGS)")
        .await
        .unwrap()
        .try_collect()
        .await
        .unwrap_or_default();
    let mut out: Vec<(u32, Vec<String>)> = fetched
        .iter()
        .map(|f| {
            let flags = f.flags().map(|flag| format!("{flag:?}")).collect();
            (f.uid.unwrap_or(0), flags)
        })
        .collect();
    out.sort();
    imap.logout().await.ok();
    out
}

/// Waits until `user`'s INBOX holds `n` mails (at most `limit`).
pub async fn wait_for_inbox(s: &Servers, user: &str, n: usize, limit: Duration) {
    let start = Instant::now();
    while inbox_flags(s, user).await.len() < n {
        assert!(
            start.elapsed() < limit,
            "{user}: not {n} mails within {limit:?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}
