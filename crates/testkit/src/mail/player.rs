//! A player with a real mail program: sends over SMTP (lettre), reads its inbox over IMAP
//! (async-imap) as [`Received`] mails, replies with threading headers and quotes; and the first
//! steps every mail test takes (an address confirmed, a game started).

use super::mailboxes::login;
use super::{DOMAIN, Servers};
use futures::TryStreamExt;
use lettre::address::Envelope;
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};
use std::time::{Duration, Instant};

/// Confirms a newcomer's address by replying to the confirmation request; returns the answer,
/// a mail about no game (its Reply-To carries the player's own token).
pub async fn confirmed(player: &mut Player, wait: Duration) -> Received {
    player.send_agora("hello", "help").await;
    let request = player.next_mail(wait).await;
    assert!(request.text.contains("To confirm"), "{request:?}");
    player.reply(&request, "games").await;
    let home = player.next_mail(wait).await;
    assert!(home.text.contains("is confirmed"), "{home:?}");
    home
}

/// Starts an Agon game of `first` against `second` from `first`'s mail about no game; returns the
/// latest mail about the game of each (first to move).
pub async fn started(
    first: &mut Player,
    home: &Received,
    second: &mut Player,
    game: i64,
    wait: Duration,
) -> (Received, Received) {
    first
        .reply(home, &format!("challenge {} agon", second.address))
        .await;
    let sent = first.next_mail(wait).await;
    assert!(
        sent.text.contains(&format!("Game #{game}: you challenged")),
        "{sent:?}"
    );
    let invitation = second.next_mail(wait).await;
    second.reply(&invitation, "accept").await;
    let second_latest = second.next_mail(wait).await;
    assert!(
        second_latest.text.contains("has started"),
        "{second_latest:?}"
    );
    let first_latest = first.next_mail(wait).await;
    assert!(first_latest.text.contains("Your turn"), "{first_latest:?}");
    (first_latest, second_latest)
}

/// A received mail, as a player reads it.
#[derive(Debug, Clone)]
pub struct Received {
    pub subject: String,
    pub text: String,
    pub message_id: String,
    pub reply_to: String,
    pub in_reply_to: Option<String>,
    pub references: Vec<String>,
    pub auto_submitted: Option<String>,
    pub attachments: usize,
    /// The attached files: (file name, media type, contents).
    pub files: Vec<(String, String, Vec<u8>)>,
}

impl Received {
    /// The token of its Reply-To (`agora+<token>@…`), or "" when it has none.
    pub fn token(&self) -> &str {
        self.reply_to
            .strip_prefix("agora+")
            .and_then(|r| r.split('@').next())
            .unwrap_or("")
    }

    /// The verification code it tells (`verify <code>` on a line of its own).
    pub fn code(&self) -> String {
        self.text
            .lines()
            .find_map(|l| l.trim().strip_prefix("verify "))
            .unwrap_or_else(|| panic!("no code in {self:?}"))
            .trim()
            .to_owned()
    }

    fn parse(raw: Vec<u8>) -> Received {
        let m = mail_parser::MessageParser::default().parse(&raw).unwrap();
        let ids = |v: &mail_parser::HeaderValue<'_>| match v {
            mail_parser::HeaderValue::Text(t) => vec![t.to_string()],
            mail_parser::HeaderValue::TextList(l) => l.iter().map(|t| t.to_string()).collect(),
            _ => Vec::new(),
        };
        Received {
            subject: m.subject().unwrap_or("").to_owned(),
            // Line ends as a person's mail program shows them, whatever the transfer used.
            text: m
                .body_text(0)
                .map(|t| t.replace("\r\n", "\n"))
                .unwrap_or_default(),
            message_id: m.message_id().unwrap_or("").to_owned(),
            reply_to: m
                .reply_to()
                .and_then(|a| a.first())
                .and_then(|a| a.address())
                .unwrap_or("")
                .to_owned(),
            in_reply_to: ids(m.in_reply_to()).into_iter().next(),
            references: ids(m.references()),
            auto_submitted: m.header_raw("Auto-Submitted").map(|v| v.trim().to_owned()),
            attachments: m.attachment_count(),
            files: m
                .attachments()
                .map(|a| {
                    use mail_parser::MimeHeaders;
                    let kind = a
                        .content_type()
                        .map(|t| match t.subtype() {
                            Some(sub) => format!("{}/{sub}", t.ctype()),
                            None => t.ctype().to_owned(),
                        })
                        .unwrap_or_default();
                    (
                        a.attachment_name().unwrap_or("").to_owned(),
                        kind,
                        a.contents().to_vec(),
                    )
                })
                .collect(),
        }
    }
}

/// A person with a mailbox on the test server and a mail program.
pub struct Player {
    pub address: String,
    /// Agora's address in the player's lane.
    pub service: String,
    smtp: AsyncSmtpTransport<Tokio1Executor>,
    imap_port: u16,
    seen: u32,
    sent: u32,
    last: Option<(String, String)>,
}

impl Player {
    pub fn new(s: &Servers, user: &str) -> Player {
        let smtp = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous("127.0.0.1")
            .port(s.smtp)
            .build();
        Player {
            address: s.address(user),
            service: s.service(),
            smtp,
            imap_port: s.imap,
            seen: 0,
            sent: 0,
            last: None,
        }
    }

    /// Sends a mail as it is written here (headers and body), to `to`; returns its Message-ID.
    pub async fn send_raw(&mut self, from: &str, to: &str, headers: &str, body: &str) -> String {
        self.sent += 1;
        let id = format!(
            "{}.{}.{}@{}",
            self.address.split('@').next().unwrap(),
            self.sent,
            std::process::id(),
            self.address.split('@').nth(1).unwrap_or(DOMAIN),
        );
        let raw = format!(
            "From: {from}\r\nTo: {to}\r\nMessage-ID: <{id}>\r\nDate: Mon, 30 Nov 2026 10:00:00 +0000\r\nMIME-Version: 1.0\r\n{headers}\r\n\r\n{body}"
        );
        self.deliver(&raw, to).await;
        self.last = Some((raw, to.to_owned()));
        id
    }

    /// Delivers the last mail sent once more, byte for byte (a duplicate delivery).
    pub async fn redeliver_last(&self) {
        let (raw, to) = self.last.clone().expect("a mail was sent");
        self.deliver(&raw, &to).await;
    }

    /// Hands a complete mail to the SMTP server (also used to deliver the same mail twice).
    pub async fn deliver(&self, raw: &str, to: &str) {
        let envelope = Envelope::new(
            Some(self.address.parse().unwrap()),
            vec![to.parse().unwrap()],
        )
        .unwrap();
        self.smtp.send_raw(&envelope, raw.as_bytes()).await.unwrap();
    }

    /// A plain-text mail from this player.
    pub async fn send(&mut self, to: &str, subject: &str, body: &str) -> String {
        let from = self.address.clone();
        self.send_raw(
            &from,
            to,
            &format!("Subject: {subject}\r\nContent-Type: text/plain; charset=utf-8"),
            body,
        )
        .await
    }

    /// A plain-text mail from this player to Agora's own address (not a reply: no key).
    pub async fn send_agora(&mut self, subject: &str, body: &str) -> String {
        let to = self.service.clone();
        self.send(&to, subject, body).await
    }

    /// Answers a received mail the way a mail program does: to its Reply-To, with threading
    /// headers, the text on top and the original quoted below.
    pub async fn reply(&mut self, to: &Received, body: &str) -> String {
        self.reply_with(to, "", body).await
    }

    /// [`Player::reply`] with more header lines (each ending in `\r\n`) on top, as a receiving
    /// server adds them.
    pub async fn reply_with(&mut self, to: &Received, extra: &str, body: &str) -> String {
        let quoted: String = to.text.lines().map(|l| format!("> {l}\r\n")).collect();
        let mut refs = to.references.clone();
        refs.push(to.message_id.clone());
        let refs: Vec<String> = refs.iter().map(|r| format!("<{r}>")).collect();
        let from = self.address.clone();
        self.send_raw(
            &from,
            &to.reply_to,
            &format!(
                "{extra}Subject: Re: {}\r\nIn-Reply-To: <{}>\r\nReferences: {}\r\nContent-Type: text/plain; charset=utf-8",
                to.subject,
                to.message_id,
                refs.join(" ")
            ),
            &format!(
                "{body}\r\n\r\nOn Mon, 30 Nov 2026, Agora <{}> wrote:\r\n{quoted}",
                self.service
            ),
        )
        .await
    }

    /// The mails that arrived since the last look.
    pub async fn fetch_new(&mut self) -> Vec<Received> {
        let mut imap = login(self.imap_port, &self.address).await;
        imap.select("INBOX").await.unwrap();
        let found = imap
            .uid_search(format!("UID {}:*", self.seen + 1))
            .await
            .unwrap();
        let mut uids: Vec<u32> = found.into_iter().filter(|u| *u > self.seen).collect();
        uids.sort_unstable();
        let mut out = Vec::new();
        for uid in uids {
            let fetched: Vec<_> = imap
                .uid_fetch(uid.to_string(), "(UID BODY.PEEK[])")
                .await
                .unwrap()
                .try_collect()
                .await
                .unwrap();
            for f in fetched {
                if let Some(body) = f.body() {
                    let mail = Received::parse(body.to_vec());
                    // The personal key lives in the Reply-To only, never in what a person reads
                    // (and forwards): every mail every test receives is checked.
                    let key = mail.token();
                    assert!(
                        key.is_empty() || !mail.text.contains(key),
                        "the reply token is in the body: {mail:?}"
                    );
                    out.push(mail);
                }
            }
            self.seen = uid;
        }
        imap.logout().await.ok();
        out
    }

    /// Waits for the next mail (at most `limit`).
    pub async fn next_mail(&mut self, limit: Duration) -> Received {
        let start = Instant::now();
        loop {
            let mut mails = self.fetch_new().await;
            if !mails.is_empty() {
                assert_eq!(mails.len(), 1, "expected one mail, got {mails:#?}");
                return mails.remove(0);
            }
            assert!(
                start.elapsed() < limit,
                "{}: no mail within {limit:?}",
                self.address
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Waits for `n` mails (at most `limit`), in arrival order.
    pub async fn next_mails(&mut self, n: usize, limit: Duration) -> Vec<Received> {
        let start = Instant::now();
        let mut all = Vec::new();
        while all.len() < n {
            all.extend(self.fetch_new().await);
            assert!(
                start.elapsed() < limit,
                "{}: {} of {n} mails within {limit:?}: {all:#?}",
                self.address,
                all.len()
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        all
    }

    /// Asserts that nothing arrives for `wait`.
    pub async fn no_mail(&mut self, wait: Duration) {
        tokio::time::sleep(wait).await;
        let mails = self.fetch_new().await;
        assert!(
            mails.is_empty(),
            "{}: unexpected mail {mails:#?}",
            self.address
        );
    }
}
