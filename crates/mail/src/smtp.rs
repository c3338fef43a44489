//! Sending the spool over SMTP with lettre (implicit TLS, STARTTLS or plain on loopback, with or
//! without authentication).
//!
//! A spooled mail is marked sent only after the server accepted it; a failure is recorded and
//! retried with the outbox's backoff. The Message-ID is fixed when the mail is spooled, so in the
//! rare case of a crash between acceptance and marking, the copy sent again is recognisably the
//! same mail to the recipient's client.

use crate::{MailError, Security, SmtpSettings};
use agora_service::MailDesk;
use agora_service::outbox::SendError;
use chrono::{DateTime, Utc};
use lettre::address::Envelope;
use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Certificate, Tls, TlsParameters};
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};
use std::time::Duration;

/// A pooled SMTP connection to the relay.
#[derive(Clone)]
pub struct Smtp {
    transport: AsyncSmtpTransport<Tokio1Executor>,
}

impl Smtp {
    pub fn new(settings: &SmtpSettings) -> Result<Smtp, MailError> {
        crate::check_plain(settings.security, &settings.host)?;
        let tls = match settings.security {
            Security::Plain => Tls::None,
            security => {
                let mut params = TlsParameters::builder(settings.host.clone());
                if let Some(path) = &settings.ca_file {
                    let pem = std::fs::read(path).map_err(|e| {
                        MailError::Config(format!("certificate file {}: {e}", path.display()))
                    })?;
                    params = params.add_root_certificate(
                        Certificate::from_pem(&pem)
                            .map_err(|e| MailError::Config(format!("{}: {e}", path.display())))?,
                    );
                }
                let params = params
                    .build_rustls()
                    .map_err(|e| MailError::Config(format!("SMTP TLS: {e}")))?;
                if security == Security::Tls {
                    Tls::Wrapper(params)
                } else {
                    Tls::Required(params)
                }
            }
        };
        let mut builder = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(&settings.host)
            .port(settings.port)
            .tls(tls)
            .timeout(Some(Duration::from_secs(30)));
        if let Some((user, password)) = &settings.credentials {
            builder = builder.credentials(Credentials::new(user.clone(), password.clone()));
        }
        Ok(Smtp {
            transport: builder.build(),
        })
    }

    /// Hands one mail to the server.
    pub async fn send(&self, from: &str, to: &str, message: &[u8]) -> Result<(), MailError> {
        let parse = |a: &str| {
            a.parse()
                .map_err(|e| MailError::Compose(format!("address `{a}`: {e}")))
        };
        let envelope = Envelope::new(Some(parse(from)?), vec![parse(to)?])
            .map_err(|e| MailError::Compose(e.to_string()))?;
        self.transport
            .send_raw(&envelope, message)
            .await
            .map_err(|e| MailError::Smtp(e.to_string()))?;
        Ok(())
    }

    /// Sends every due spooled mail once; returns how many went out.
    pub async fn flush(&self, desk: &MailDesk<'_>, now: DateTime<Utc>) -> Result<usize, MailError> {
        let mut sent = 0;
        loop {
            // Read in a short transaction and send outside it: SMTP is slow and the service's
            // commands need the write lock.
            let batch = desk.due_spool(now, 50).await?;
            if batch.is_empty() {
                return Ok(sent);
            }
            let n = batch.len();
            for mail in batch {
                let result = self
                    .send(&mail.sender, &mail.recipient, &mail.message)
                    .await;
                let error = result.err().map(|e| {
                    tracing::warn!(key = %mail.key, to = %mail.recipient, error = %e, "mail not sent; will retry");
                    SendError::Transient(e.to_string())
                });
                if error.is_none() {
                    sent += 1;
                }
                desk.spool_result(&mail, error.as_ref().map_or(Ok(()), Err), now)
                    .await?;
            }
            if n < 50 {
                return Ok(sent);
            }
        }
    }
}
