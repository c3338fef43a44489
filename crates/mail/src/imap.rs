//! The IMAP side: connecting (implicit TLS, STARTTLS, or plain on loopback), selecting the
//! mailbox, fetching mails above a UID, marking handled ones, and waiting for new mail with IDLE or
//! by polling.
//!
//! It knows nothing of what a mail means; [`crate::front`] decides, and the database keeps the
//! position (UIDVALIDITY and last UID) so it survives a restart.
//!
//! Nothing here waits for ever: every command is bounded by
//! [`ImapSettings::command_timeout`](crate::ImapSettings::command_timeout) (a FETCH by more, in
//! proportion to its bytes), and a command not answered in time closes the connection: its
//! answer may still come, so nothing more can be said on it. The TCP connection has keepalive on,
//! so a peer that vanished without a word (a NAT that forgot us, a server that lost power) is
//! noticed by the kernel even while IDLE waits, not only when the next command times out.

use crate::{ImapSettings, MailError, Security};
use async_imap::Session;
use async_imap::extensions::idle::IdleResponse;
use chrono::{DateTime, Utc};
use futures::TryStreamExt;
use rustls_pki_types::ServerName;
use std::fmt::Debug;
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpStream;
use tokio_rustls::TlsConnector;

/// Any byte stream IMAP can run over (TCP, or TLS over TCP).
pub trait Io: AsyncRead + AsyncWrite + Unpin + Send + Debug {}
impl<T: AsyncRead + AsyncWrite + Unpin + Send + Debug> Io for T {}

type Stream = Box<dyn Io>;

/// One fetched mail.
#[derive(Debug, Clone)]
pub struct Fetched {
    pub uid: u32,
    /// The size the server reports for the whole mail.
    pub size: u32,
    /// The whole mail, or only its header when it was over the size limit.
    pub bytes: Vec<u8>,
    pub header_only: bool,
    /// When the mail reached the mailbox (the server's INTERNALDATE), if it said.
    pub arrived_at: Option<DateTime<Utc>>,
}

/// What ended a wait for new mail.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Woken {
    /// The server announced a change (IDLE).
    NewData,
    /// The poll interval passed.
    Timeout,
}

/// A logged-in session with the mailbox selected.
pub struct Mailbox {
    session: Option<Session<Stream>>,
    settings: ImapSettings,
    /// The mailbox's UIDVALIDITY, as the server reported it at SELECT.
    pub uidvalidity: u32,
    idle: bool,
}

async fn tls(
    stream: TcpStream,
    host: &str,
    settings: &ImapSettings,
) -> Result<tokio_rustls::client::TlsStream<TcpStream>, MailError> {
    let connector = TlsConnector::from(crate::tls::client_config(settings.ca_file.as_deref())?);
    let name = ServerName::try_from(host.to_owned())
        .map_err(|e| MailError::Config(format!("IMAP host `{host}`: {e}")))?;
    connector
        .connect(name, stream)
        .await
        .map_err(|e| MailError::Imap(format!("TLS with {host}: {e}")))
}

fn imap_err(what: &str) -> impl Fn(async_imap::error::Error) -> MailError + '_ {
    move |e| MailError::Imap(format!("{what}: {e}"))
}

/// Reads the server's greeting (its first line); a connection closed before it is a failure.
async fn greeting<T: Io>(client: &mut async_imap::Client<T>) -> Result<(), MailError> {
    match client.read_response().await {
        Ok(Some(_)) => Ok(()),
        Ok(None) => Err(MailError::Imap("closed before its greeting".into())),
        Err(e) => Err(MailError::Imap(format!("greeting: {e}"))),
    }
}

/// Runs one exchange with the server, waiting at most `limit` for it to end.
async fn bounded<T>(
    limit: Duration,
    what: &str,
    exchange: impl std::future::Future<Output = Result<T, MailError>>,
) -> Result<T, MailError> {
    tokio::time::timeout(limit, exchange)
        .await
        .unwrap_or_else(|_| {
            Err(MailError::Imap(format!(
                "{what}: no answer within {} s",
                limit.as_secs_f32()
            )))
        })
}

/// The bytes a FETCH may take per command timeout: a server that sends less than this (about 17
/// KiB/s with the default 60 s) is taken for one that stopped.
const FETCH_BYTES_PER_TIMEOUT: u64 = 1024 * 1024;

/// The bound of a FETCH of `bytes`: one command timeout, plus one per MiB.
fn fetch_limit(command: Duration, bytes: u64) -> Duration {
    let extra = u32::try_from(bytes / FETCH_BYTES_PER_TIMEOUT).unwrap_or(u32::MAX);
    command.saturating_mul(extra.saturating_add(1))
}

/// How soon an idle connection is probed, how often then, and how many probes may go
/// unanswered: a dead peer is found within about two minutes, even inside IDLE.
const KEEPALIVE_IDLE: Duration = Duration::from_secs(60);
const KEEPALIVE_INTERVAL: Duration = Duration::from_secs(15);
const KEEPALIVE_PROBES: u32 = 4;

/// Turns TCP keepalive on for the connection. tokio's `TcpStream` has no setter for it, so this
/// goes through `socket2` (the crate tokio itself builds on) on the same socket. A failure only
/// loses the early warning: the command timeouts still bound every wait.
fn keepalive(tcp: &TcpStream) {
    let probes = socket2::TcpKeepalive::new()
        .with_time(KEEPALIVE_IDLE)
        .with_interval(KEEPALIVE_INTERVAL)
        .with_retries(KEEPALIVE_PROBES);
    if let Err(e) = socket2::SockRef::from(tcp).set_tcp_keepalive(&probes) {
        tracing::warn!(error = %e, "no TCP keepalive on the IMAP connection");
    }
}

impl Mailbox {
    /// Connects, logs in and selects the mailbox, each step bounded by the command timeout.
    pub async fn open(settings: &ImapSettings) -> Result<Mailbox, MailError> {
        let host = settings.host.as_str();
        let limit = settings.command_timeout;
        crate::check_plain(settings.security, host)?;
        let connecting = format!("connecting to {host}:{}", settings.port);
        let tcp = bounded(limit, &connecting, async {
            TcpStream::connect((host, settings.port))
                .await
                .map_err(|e| MailError::Imap(format!("{connecting}: {e}")))
        })
        .await?;
        tcp.set_nodelay(true).ok();
        keepalive(&tcp);
        let stream: Stream = match settings.security {
            Security::Tls => Box::new(bounded(limit, "TLS", tls(tcp, host, settings)).await?),
            Security::Plain => Box::new(tcp),
            Security::StartTls => {
                let mut client = async_imap::Client::new(tcp);
                bounded(limit, "greeting", greeting(&mut client)).await?;
                bounded(limit, "STARTTLS", async {
                    client
                        .run_command_and_check_ok("STARTTLS", None)
                        .await
                        .map_err(imap_err("STARTTLS"))
                })
                .await?;
                let tcp = client.into_inner();
                Box::new(bounded(limit, "TLS", tls(tcp, host, settings)).await?)
            }
        };
        let mut client = async_imap::Client::new(stream);
        if settings.security != Security::StartTls {
            bounded(limit, "greeting", greeting(&mut client)).await?;
        }
        let login = format!("login as {}", settings.user);
        let mut session = bounded(limit, &login, async {
            client
                .login(&settings.user, &settings.password)
                .await
                .map_err(|(e, _)| MailError::Imap(format!("{login}: {e}")))
        })
        .await?;
        let idle = bounded(limit, "CAPABILITY", async {
            session.capabilities().await.map_err(imap_err("CAPABILITY"))
        })
        .await?
        .has_str("IDLE");
        let selected = bounded(limit, "SELECT", async {
            session
                .select(&settings.mailbox)
                .await
                .map_err(imap_err("SELECT"))
        })
        .await?;
        if let crate::Handled::Move(folder) = &settings.handled {
            // Creating an existing folder fails harmlessly; a missing one would make every MOVE
            // fail and every mail be retried forever. Only a server that does not answer ends
            // the connection.
            bounded(limit, "CREATE", async {
                let _ = session.create(folder).await;
                Ok(())
            })
            .await?;
        }
        Ok(Mailbox {
            session: Some(session),
            settings: settings.clone(),
            uidvalidity: selected.uid_validity.unwrap_or(0),
            idle: idle && settings.idle,
        })
    }

    fn session(&mut self) -> Result<&mut Session<Stream>, MailError> {
        self.session
            .as_mut()
            .ok_or_else(|| MailError::Imap("the connection was given up".into()))
    }

    /// The result of one command that was given `limit` to be answered. When it was not
    /// answered in time the session is dropped (its answer may still arrive and would be taken
    /// for the next command's), so every later command fails at once and the caller opens a new
    /// connection.
    fn settle<T>(
        &mut self,
        outcome: Result<Result<T, async_imap::error::Error>, tokio::time::error::Elapsed>,
        limit: Duration,
        what: &str,
    ) -> Result<T, MailError> {
        match outcome {
            Ok(result) => result.map_err(imap_err(what)),
            Err(_) => {
                self.session = None;
                Err(MailError::Imap(format!(
                    "{what}: no answer within {} s; connection given up",
                    limit.as_secs_f32()
                )))
            }
        }
    }

    /// The UIDs above `last`, ascending.
    pub async fn uids_after(&mut self, last: u32) -> Result<Vec<u32>, MailError> {
        // With a keyword for handled mail, skipping flagged mail also covers a crash between
        // marking a mail and saving the position, and a UIDVALIDITY change.
        let aside = &self.settings.put_aside_flag;
        let query = match &self.settings.handled {
            crate::Handled::Flag(keyword) => format!(
                "UID {}:* UNKEYWORD {keyword} UNKEYWORD {aside}",
                last.saturating_add(1)
            ),
            crate::Handled::Move(_) => {
                format!("UID {}:* UNKEYWORD {aside}", last.saturating_add(1))
            }
        };
        let limit = self.settings.command_timeout;
        let session = self.session()?;
        let outcome = tokio::time::timeout(limit, session.uid_search(query)).await;
        let found = self.settle(outcome, limit, "UID SEARCH")?;
        // `n:*` always matches the highest UID, even below n.
        let mut uids: Vec<u32> = found.into_iter().filter(|&u| u > last).collect();
        uids.sort_unstable();
        Ok(uids)
    }

    /// Fetches these mails (those still there), whole, or only the header when larger than
    /// `max_bytes`. The FETCH of the contents may take longer than one command in proportion to
    /// the bytes it asks for.
    pub async fn fetch(&mut self, uids: &[u32], max_bytes: u32) -> Result<Vec<Fetched>, MailError> {
        if uids.is_empty() {
            return Ok(Vec::new());
        }
        let set = uid_set(uids);
        let limit = self.settings.command_timeout;
        let session = self.session()?;
        let outcome = tokio::time::timeout(limit, async {
            session
                .uid_fetch(&set, "(UID RFC822.SIZE)")
                .await?
                .map_ok(|f| (f.uid.unwrap_or(0), f.size.unwrap_or(0)))
                .try_collect()
                .await
        })
        .await;
        let sizes: Vec<(u32, u32)> = self.settle(outcome, limit, "UID FETCH size")?;
        let (small, large): (Vec<_>, Vec<_>) = sizes
            .into_iter()
            .filter(|(u, _)| *u != 0)
            .partition(|(_, size)| *size <= max_bytes);
        let mut out = Vec::new();
        for (list, query, header_only) in [
            (small, "(UID INTERNALDATE BODY.PEEK[])", false),
            (large, "(UID INTERNALDATE BODY.PEEK[HEADER])", true),
        ] {
            if list.is_empty() {
                continue;
            }
            let wanted: Vec<u32> = list.iter().map(|(u, _)| *u).collect();
            // A header is small whatever the mail's size: count it as the size limit at most.
            let bytes: u64 = list
                .iter()
                .map(|(_, size)| u64::from((*size).min(max_bytes)))
                .sum();
            let bound = fetch_limit(limit, bytes);
            let session = self.session()?;
            let outcome = tokio::time::timeout(bound, async {
                session
                    .uid_fetch(uid_set(&wanted), query)
                    .await?
                    .map_ok(|f| {
                        let bytes = if header_only { f.header() } else { f.body() };
                        let arrived = f.internal_date().map(|d| d.with_timezone(&Utc));
                        (
                            f.uid.unwrap_or(0),
                            bytes.unwrap_or_default().to_vec(),
                            arrived,
                        )
                    })
                    .try_collect()
                    .await
            })
            .await;
            let fetched: Vec<(u32, Vec<u8>, Option<DateTime<Utc>>)> =
                self.settle(outcome, bound, "UID FETCH")?;
            for (uid, bytes, arrived_at) in fetched {
                if let Some((_, size)) = list.iter().find(|(u, _)| *u == uid) {
                    out.push(Fetched {
                        uid,
                        size: *size,
                        bytes,
                        header_only,
                        arrived_at,
                    });
                }
            }
        }
        out.sort_by_key(|f| f.uid);
        Ok(out)
    }

    /// Adds `\Seen` and `keyword` to one mail.
    async fn add_keyword(&mut self, uid: u32, keyword: &str) -> Result<(), MailError> {
        let limit = self.settings.command_timeout;
        let flags = format!("+FLAGS.SILENT (\\Seen {keyword})");
        let session = self.session()?;
        let outcome = tokio::time::timeout(limit, async {
            let _: Vec<_> = session
                .uid_store(uid.to_string(), flags)
                .await?
                .try_collect()
                .await?;
            Ok(())
        })
        .await;
        self.settle(outcome, limit, "UID STORE")
    }

    /// Marks a handled mail the configured way: a keyword (plus \Seen) or a move to a folder.
    pub async fn mark_handled(&mut self, uid: u32) -> Result<(), MailError> {
        match self.settings.handled.clone() {
            crate::Handled::Flag(keyword) => self.add_keyword(uid, &keyword).await,
            crate::Handled::Move(folder) => {
                let limit = self.settings.command_timeout;
                let session = self.session()?;
                let outcome =
                    tokio::time::timeout(limit, session.uid_mv(uid.to_string(), &folder)).await;
                self.settle(outcome, limit, "UID MOVE")
            }
        }
    }

    /// Marks a mail put aside with its keyword (and \Seen), so an operator finds it in any mail
    /// client; it stays where it is. Agora never reads it again: its record says so, and the
    /// keyword keeps it out of a mailbox read again from the start.
    pub async fn mark_put_aside(&mut self, uid: u32) -> Result<(), MailError> {
        let keyword = self.settings.put_aside_flag.clone();
        self.add_keyword(uid, &keyword).await
    }

    /// Waits up to `poll` for news: with IDLE (left and re-entered before `poll` ends, well within
    /// the server's 30-minute limit) or by sleeping and asking with NOOP. Entering and leaving
    /// IDLE are commands like any other: a server that does not answer DONE ends the connection.
    pub async fn wait(&mut self, poll: Duration) -> Result<Woken, MailError> {
        let limit = self.settings.command_timeout;
        if !self.idle {
            tokio::time::sleep(poll).await;
            let session = self.session()?;
            let outcome = tokio::time::timeout(limit, session.noop()).await;
            self.settle(outcome, limit, "NOOP")?;
            return Ok(Woken::Timeout);
        }
        // The session is moved into the IDLE handle: if anything below fails or times out, it is
        // gone with the handle and the connection is opened again.
        let session = self
            .session
            .take()
            .ok_or_else(|| MailError::Imap("the connection was given up".into()))?;
        let mut handle = session.idle();
        bounded(limit, "IDLE", async {
            handle.init().await.map_err(imap_err("IDLE"))
        })
        .await?;
        let woken = {
            let (wait, _stop) = handle.wait_with_timeout(poll);
            match tokio::time::timeout(poll, wait).await {
                Ok(Ok(IdleResponse::NewData(_))) => Woken::NewData,
                Ok(Ok(_)) | Err(_) => Woken::Timeout,
                Ok(Err(e)) => return Err(MailError::Imap(format!("IDLE: {e}"))),
            }
        };
        let session = bounded(limit, "IDLE DONE", async {
            handle.done().await.map_err(imap_err("IDLE DONE"))
        })
        .await?;
        self.session = Some(session);
        Ok(woken)
    }

    /// Logs out, ignoring errors and waiting at most one command timeout: the connection is
    /// going away anyway.
    pub async fn close(mut self) {
        let limit = self.settings.command_timeout;
        if let Some(mut s) = self.session.take() {
            let _ = tokio::time::timeout(limit, s.logout()).await;
        }
    }
}

/// `1,3,5` for UID commands.
fn uid_set(uids: &[u32]) -> String {
    uids.iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(",")
}
