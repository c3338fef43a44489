//! The IMAP side: connecting (implicit TLS, STARTTLS, or plain on loopback), selecting the
//! mailbox, fetching mails above a UID, marking handled ones, and waiting for new mail with IDLE or
//! by polling.
//!
//! It knows nothing of what a mail means; [`crate::front`] decides, and the database keeps the
//! position (UIDVALIDITY and last UID) so it survives a restart.

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

impl Mailbox {
    /// Connects, logs in and selects the mailbox.
    pub async fn open(settings: &ImapSettings) -> Result<Mailbox, MailError> {
        let host = settings.host.as_str();
        crate::check_plain(settings.security, host)?;
        let tcp = tokio::time::timeout(
            Duration::from_secs(30),
            TcpStream::connect((host, settings.port)),
        )
        .await
        .map_err(|_| MailError::Imap(format!("connecting to {host}:{}: timed out", settings.port)))?
        .map_err(|e| MailError::Imap(format!("connecting to {host}:{}: {e}", settings.port)))?;
        tcp.set_nodelay(true).ok();
        let stream: Stream = match settings.security {
            Security::Tls => Box::new(tls(tcp, host, settings).await?),
            Security::Plain => Box::new(tcp),
            Security::StartTls => {
                let mut client = async_imap::Client::new(tcp);
                client
                    .read_response()
                    .await
                    .map_err(|e| MailError::Imap(format!("greeting: {e}")))?;
                client
                    .run_command_and_check_ok("STARTTLS", None)
                    .await
                    .map_err(imap_err("STARTTLS"))?;
                Box::new(tls(client.into_inner(), host, settings).await?)
            }
        };
        let mut client = async_imap::Client::new(stream);
        if settings.security != Security::StartTls {
            client
                .read_response()
                .await
                .map_err(|e| MailError::Imap(format!("greeting: {e}")))?;
        }
        let mut session = client
            .login(&settings.user, &settings.password)
            .await
            .map_err(|(e, _)| MailError::Imap(format!("login as {}: {e}", settings.user)))?;
        let idle = session
            .capabilities()
            .await
            .map_err(imap_err("CAPABILITY"))?
            .has_str("IDLE");
        let selected = session
            .select(&settings.mailbox)
            .await
            .map_err(imap_err("SELECT"))?;
        if let crate::Handled::Move(folder) = &settings.handled {
            // Creating an existing folder fails harmlessly; a missing one would make every MOVE
            // fail and every mail be retried forever.
            let _ = session.create(folder).await;
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
            .ok_or_else(|| MailError::Imap("connection lost during IDLE".into()))
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
        let found = self
            .session()?
            .uid_search(query)
            .await
            .map_err(imap_err("UID SEARCH"))?;
        // `n:*` always matches the highest UID, even below n.
        let mut uids: Vec<u32> = found.into_iter().filter(|&u| u > last).collect();
        uids.sort_unstable();
        Ok(uids)
    }

    /// Fetches these mails (those still there), whole, or only the header when larger than
    /// `max_bytes`.
    pub async fn fetch(&mut self, uids: &[u32], max_bytes: u32) -> Result<Vec<Fetched>, MailError> {
        if uids.is_empty() {
            return Ok(Vec::new());
        }
        let set = uid_set(uids);
        let session = self.session()?;
        let sizes: Vec<(u32, u32)> = session
            .uid_fetch(&set, "(UID RFC822.SIZE)")
            .await
            .map_err(imap_err("UID FETCH size"))?
            .map_ok(|f| (f.uid.unwrap_or(0), f.size.unwrap_or(0)))
            .try_collect()
            .await
            .map_err(imap_err("UID FETCH size"))?;
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
            let fetched: Vec<(u32, Vec<u8>, Option<DateTime<Utc>>)> = session
                .uid_fetch(uid_set(&wanted), query)
                .await
                .map_err(imap_err("UID FETCH"))?
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
                .map_err(imap_err("UID FETCH"))?;
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

    /// Marks a handled mail the configured way: a keyword (plus \Seen) or a move to a folder.
    pub async fn mark_handled(&mut self, uid: u32) -> Result<(), MailError> {
        let handled = self.settings.handled.clone();
        let session = self.session()?;
        match handled {
            crate::Handled::Flag(keyword) => {
                let _: Vec<_> = session
                    .uid_store(uid.to_string(), format!("+FLAGS.SILENT (\\Seen {keyword})"))
                    .await
                    .map_err(imap_err("UID STORE"))?
                    .try_collect()
                    .await
                    .map_err(imap_err("UID STORE"))?;
            }
            crate::Handled::Move(folder) => {
                session
                    .uid_mv(uid.to_string(), &folder)
                    .await
                    .map_err(imap_err("UID MOVE"))?;
            }
        }
        Ok(())
    }

    /// Marks a mail put aside with its keyword (and \Seen), so an operator finds it in any mail
    /// client; it stays where it is. Agora never reads it again: its record says so, and the
    /// keyword keeps it out of a mailbox read again from the start.
    pub async fn mark_put_aside(&mut self, uid: u32) -> Result<(), MailError> {
        let keyword = self.settings.put_aside_flag.clone();
        let _: Vec<_> = self
            .session()?
            .uid_store(uid.to_string(), format!("+FLAGS.SILENT (\\Seen {keyword})"))
            .await
            .map_err(imap_err("UID STORE"))?
            .try_collect()
            .await
            .map_err(imap_err("UID STORE"))?;
        Ok(())
    }

    /// Waits up to `poll` for news: with IDLE (left and re-entered before `poll` ends, well within
    /// the server's 30-minute limit) or by sleeping and asking with NOOP.
    pub async fn wait(&mut self, poll: Duration) -> Result<Woken, MailError> {
        if !self.idle {
            tokio::time::sleep(poll).await;
            self.session()?.noop().await.map_err(imap_err("NOOP"))?;
            return Ok(Woken::Timeout);
        }
        let session = self
            .session
            .take()
            .ok_or_else(|| MailError::Imap("connection lost during IDLE".into()))?;
        let mut handle = session.idle();
        handle.init().await.map_err(imap_err("IDLE"))?;
        let woken = {
            let (wait, _stop) = handle.wait_with_timeout(poll);
            match tokio::time::timeout(poll, wait).await {
                Ok(Ok(IdleResponse::NewData(_))) => Woken::NewData,
                Ok(Ok(_)) | Err(_) => Woken::Timeout,
                Ok(Err(e)) => return Err(MailError::Imap(format!("IDLE: {e}"))),
            }
        };
        self.session = Some(handle.done().await.map_err(imap_err("IDLE DONE"))?);
        Ok(woken)
    }

    /// Logs out, ignoring errors: the connection is going away anyway.
    pub async fn close(mut self) {
        if let Some(mut s) = self.session.take() {
            let _ = s.logout().await;
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
