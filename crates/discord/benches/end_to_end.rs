//! End to end: games driven through the service while the real senders deliver what they
//! change, the Discord front end posting to the local Discord double and the mail front end
//! sending through the local OpenSMTPD (submission with STARTTLS and authentication), all on one
//! SQLite file.
//!
//! A third of the games are between a Discord player and a mail player, a third between two
//! Discord players and a third between two mail players, all played at once. Each game's next
//! action waits until the notifications of the last one went out, as a player answers once told;
//! the answer to the player who acted is pictured as the front ends picture it.
//! It prints commands per second, notifications delivered per second (per channel and in all),
//! the delivery lag (the command's time to the notification's send: on Discord the time the
//! double gave the post, by mail the time the SMTP server accepted the mail, as the spool
//! records it), and the pictures drawn against those reused, with the time spent drawing.
//!
//! Sizes: `AGORA_BENCH_GAMES` (default 48) and `AGORA_BENCH_PLIES` (default 20);
//! `AGORA_BENCH_THINK_MS` (default 600) is how long a player takes on average to answer once
//! told, so the lag is read at a load the machine can take: with 48 games about 48 commands a
//! second, far beyond what players of correspondence games make. With 0, every game plays as fast
//! as its notifications go out: the commands per second are the most the machine makes, and the
//! lag is that of a saturated service, in which each game's next action waits in line behind the
//! others' (a closed loop's lag grows with its number of games). Each answer's time is drawn from
//! the exponential distribution of that mean, the same in every run, as players answer at times
//! of their own; `AGORA_BENCH_THINK_STEADY=1` makes every answer take the mean (the games then
//! move in step, all at once);
//! `AGORA_BENCH_SMTP_PARALLEL` sets how many mails are handed to the SMTP server at once
//! (default: the mail front end's, `[mail.smtp] parallel`), `AGORA_BENCH_DISCORD_SENDS` how many
//! the Discord sender posts at once (default: the Discord front end's `parallel_sends`). Each mail
//! player has an address of their own (`alice+m7@`), delivered to the four test mailboxes by
//! the address's detail. The mail servers must be there (`source <dir>/env` of
//! `tests/mail/servers.sh start <dir>`): without them it fails; it never skips. It empties the
//! test mailboxes when done.
//!
//! `source <dir>/env && cargo bench -p agora-discord --bench end_to_end`

use agora_discord::{DiscordFrontEnd, DiscordSettings};
use agora_mail::MailFrontEnd;
use agora_service::{Identity, Inbound, Service, Settings, Status, Store, StoreOptions, Templates};
use agora_testkit::discord::double;
use agora_testkit::mail;
use chrono::{DateTime, Utc};
use double::{Double, snowflake_time};
use sqlx::sqlite::{SqliteConnectOptions, SqlitePool};
use std::collections::HashMap;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

type Error = Box<dyn std::error::Error + Send + Sync>;

/// The pictures' width on both channels (the shipped default of both), so a game between the
/// two shares its pictures.
const PNG_SIZE: u32 = 480;
/// The test mailboxes of `tests/mail/servers.sh` the mail players use.
const MAILBOXES: [&str; 4] = ["alice", "bob", "carol", "dave"];
/// How long a game waits for its notifications before the bench gives up.
const PATIENCE: Duration = Duration::from_secs(60);

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() -> ExitCode {
    match run().await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("end_to_end failed: {e}");
            ExitCode::FAILURE
        }
    }
}

fn size(name: &str, default: usize) -> Result<usize, Error> {
    match std::env::var(name) {
        Ok(v) => v
            .parse()
            .map_err(|_| format!("{name}={v:?} is not a whole number").into()),
        Err(_) => Ok(default),
    }
}

/// The mail servers from the environment, checked to be listening.
async fn servers() -> Result<mail::Servers, Error> {
    let port = |name: &str| -> Result<u16, Error> {
        let v = std::env::var(name).map_err(|_| {
            format!(
                "the mail servers are not there: {name} is not set; start them with \
                 `tests/mail/servers.sh start <dir>` and `source <dir>/env` first"
            )
        })?;
        v.parse()
            .map_err(|_| format!("{name}={v:?} is not a port").into())
    };
    let servers = mail::Servers {
        imap: port("AGORA_TEST_IMAP_PORT")?,
        imaps: port("AGORA_TEST_IMAPS_PORT")?,
        smtp: port("AGORA_TEST_SMTP_PORT")?,
        submission: port("AGORA_TEST_SUBMISSION_PORT")?,
        submissions: port("AGORA_TEST_SUBMISSIONS_PORT")?,
        ca: std::env::var("AGORA_TEST_CA")
            .map_err(|_| "the mail servers are not there: AGORA_TEST_CA is not set")?
            .into(),
        domain: mail::lanes().remove(0),
    };
    for (what, port) in [("IMAP", servers.imap), ("submission", servers.submission)] {
        tokio::net::TcpStream::connect(("127.0.0.1", port))
            .await
            .map_err(|e| {
                format!("the mail servers are not there: nothing answers {what} on {port}: {e}")
            })?;
    }
    Ok(servers)
}

async fn run() -> Result<(), Error> {
    let games = size("AGORA_BENCH_GAMES", 48)?;
    let plies = size("AGORA_BENCH_PLIES", 20)?;
    let think = Think {
        mean: Duration::from_millis(size("AGORA_BENCH_THINK_MS", 600)? as u64),
        steady: size("AGORA_BENCH_THINK_STEADY", 0)? != 0,
    };
    let smtp_parallel = size(
        "AGORA_BENCH_SMTP_PARALLEL",
        agora_mail::config::DEFAULT_SMTP_PARALLEL as usize,
    )?;
    let discord_sends = size(
        "AGORA_BENCH_DISCORD_SENDS",
        DiscordSettings::default().parallel_sends,
    )?;
    let mut servers = servers().await?;
    let _turn = mail::MAILBOXES.lock(&mut servers).await;
    mail::empty_mailboxes(&servers).await;
    let db = temp_db()?;
    let store = Store::open(&db, &StoreOptions::default()).await?;
    let settings = Settings {
        seed: Some(11),
        max_open_challenges: u32::MAX,
        ..Settings::default()
    };
    let service = Arc::new(Service::new(store, Templates::load(None)?, settings));
    let reader = SqlitePool::connect_with(SqliteConnectOptions::new().filename(&db)).await?;

    let double = Double::start().await;
    let discord = start_discord(&service, &double, discord_sends).await;
    let mut mail_settings = mail::settings(&servers);
    mail_settings.png_size = PNG_SIZE;
    mail_settings.smtp.parallel = smtp_parallel;
    let post = MailSender::start(MailFrontEnd::new(service.clone(), mail_settings)?);

    let started = Instant::now();
    let commands = Arc::new(AtomicU64::new(0));
    let mut tasks = Vec::new();
    for i in 0..games {
        let (service, reader, commands) = (service.clone(), reader.clone(), commands.clone());
        let domain = servers.domain.clone();
        tasks.push(tokio::spawn(async move {
            play(&service, &reader, &commands, (i, &domain), (plies, think)).await
        }));
    }
    for task in tasks {
        task.await??;
    }
    let driven = started.elapsed();
    wait_all_sent(&reader).await?;
    let delivered = started.elapsed();
    post.stop().await?;
    let _ = discord.0.send(());
    discord.1.await??;

    let report = Report {
        games,
        plies,
        think,
        commands: commands.load(Ordering::Relaxed),
        driven,
        delivered,
        counts: sent_counts(&reader).await?,
        discord_lags: discord_lags(&double, &reader).await?,
        mail_lags: mail_lags(&reader).await?,
        pictures: service.picture_stats(),
    };
    report.print();
    reader.close().await;
    service.store().close().await;
    mail::empty_mailboxes(&servers).await;
    if let Some(dir) = db.parent() {
        let _ = std::fs::remove_dir_all(dir);
    }
    Ok(())
}

fn temp_db() -> Result<PathBuf, Error> {
    let dir = std::env::temp_dir().join(format!("agora-end-to-end-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir)?;
    Ok(dir.join("agora.db"))
}

type Running = (
    tokio::sync::oneshot::Sender<()>,
    tokio::task::JoinHandle<Result<(), agora_discord::DiscordError>>,
);

/// The Discord front end on the double, once it is connected.
async fn start_discord(service: &Arc<Service>, double: &Double, parallel_sends: usize) -> Running {
    let settings = DiscordSettings {
        token: "bench-token".into(),
        api_base: Some(double.base()),
        png_size: PNG_SIZE,
        outbox_poll: Duration::from_millis(50),
        rest_timeout: Duration::from_secs(10),
        parallel_sends,
        ..DiscordSettings::default()
    };
    let front = DiscordFrontEnd::new(service.clone(), settings);
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let task = tokio::spawn(async move {
        front
            .run(async {
                let _ = stopped.await;
            })
            .await
    });
    double
        .wait_until("the bot to identify", |d| d.identifies() > 0)
        .await;
    (stop, task)
}

/// The mail front end as the binary runs it (reading the service's mailbox, spooling the
/// outbox and relaying the spool beside each other), until stopped.
struct MailSender {
    stop: tokio::sync::oneshot::Sender<()>,
    task: tokio::task::JoinHandle<Result<(), agora_mail::MailError>>,
}

impl MailSender {
    fn start(front: MailFrontEnd) -> MailSender {
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let task = tokio::spawn(async move {
            front
                .run(async {
                    let _ = stopped.await;
                })
                .await
        });
        MailSender { stop, task }
    }

    async fn stop(self) -> Result<(), Error> {
        let _ = self.stop.send(());
        Ok(self.task.await??)
    }
}

/// The lags of every mail handed to the SMTP server: from its row's time to the time the server
/// accepted it, as the spool records it.
async fn mail_lags(reader: &SqlitePool) -> Result<Vec<Duration>, Error> {
    let sent: Vec<(DateTime<Utc>, DateTime<Utc>)> = sqlx::query_as(
        "SELECT o.created_at, s.sent_at FROM mail_spool s JOIN outbox o \
         ON s.key = 'outbox:' || o.id WHERE s.sent_at IS NOT NULL",
    )
    .fetch_all(reader)
    .await?;
    Ok(sent.iter().map(|(at, sent)| lag(*at, *sent)).collect())
}

fn lag(from: DateTime<Utc>, to: DateTime<Utc>) -> Duration {
    (to - from).to_std().unwrap_or_default()
}

/// Game `i`'s two players: Discord against mail, Discord against Discord, or mail against mail.
fn players(i: usize, domain: &str) -> [(Identity, String); 2] {
    let discord = |n: usize| {
        let id = 500_000_000_000_100_000 + n as u64;
        (format!("discord:{id}"), format!("d{n}"))
    };
    // Each mail player has an address of their own, as players do; the four test mailboxes
    // receive them by the address's detail (`alice+m7@`).
    let mail = |n: usize| {
        let user = MAILBOXES[n % MAILBOXES.len()];
        (format!("mailto:{user}+m{n}@{domain}"), format!("m{n}"))
    };
    let [a, b] = match i % 3 {
        0 => [discord(2 * i), mail(i)],
        1 => [discord(2 * i), discord(2 * i + 1)],
        _ => [mail(i), mail(i + 1)],
    };
    [a, b].map(|(identity, name)| (identity.parse().expect("an identity"), name))
}

/// One command, which must succeed.
async fn say(
    service: &Service,
    commands: &AtomicU64,
    (from, name): &(Identity, String),
    text: &str,
) -> Result<String, Error> {
    let inbound = Inbound {
        text: text.into(),
        name: Some(name.clone()),
        ..Inbound::new(from.clone())
    };
    let answer = service.handle(&inbound, Utc::now()).await?;
    commands.fetch_add(1, Ordering::Relaxed);
    if answer.status != Status::Done {
        return Err(format!("{from} said {text:?} and was answered {:?}", answer.text).into());
    }
    Ok(answer.text)
}

/// How long players take to answer once told.
#[derive(Debug, Clone, Copy)]
struct Think {
    mean: Duration,
    /// Every answer takes `mean`, instead of a time drawn around it.
    steady: bool,
}

impl Think {
    /// The time game `game`'s player takes before action `ply`: drawn from the exponential
    /// distribution of mean `mean` (by a hash of the two, so every run draws the same), or the
    /// mean itself when steady.
    fn before(self, game: usize, ply: usize) -> Duration {
        if self.steady || self.mean.is_zero() {
            return self.mean;
        }
        // splitmix64's finaliser: a well-spread 64-bit value of the pair.
        let mut z = ((game as u64) << 32 | ply as u64).wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        // Uniform in [0, 1), then the exponential's inverse distribution function.
        let u = (z >> 11) as f64 / (1u64 << 53) as f64;
        self.mean.mul_f64(-(1.0 - u).ln())
    }
}

/// Starts game `i` and plays up to `plies` actions in it. The players come at a time of their
/// own (a think time after the bench starts), the challenged player accepts a think time after
/// being told, and each action comes a player's think time after the last one's notifications
/// went out.
async fn play(
    service: &Service,
    reader: &SqlitePool,
    commands: &AtomicU64,
    (i, domain): (usize, &str),
    (plies, think): (usize, Think),
) -> Result<(), Error> {
    let [a, b] = players(i, domain);
    tokio::time::sleep(think.before(i, plies)).await;
    say(service, commands, &b, "games").await?;
    let text = say(service, commands, &a, &format!("challenge {} agon", b.1)).await?;
    let game: i64 = text
        .split('#')
        .nth(1)
        .and_then(|rest| {
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            digits.parse().ok()
        })
        .ok_or_else(|| format!("no game number in {text:?}"))?;
    wait_sent(reader, game).await?;
    tokio::time::sleep(think.before(i, plies + 1)).await;
    say(service, commands, &b, &format!("accept #{game}")).await?;
    for ply in 0..plies {
        wait_sent(reader, game).await?;
        tokio::time::sleep(think.before(i, ply)).await;
        let state = service
            .game_state(game, None)
            .await?
            .ok_or_else(|| format!("game #{game} is gone"))?;
        let Some(seat) = state.to_act else {
            break;
        };
        let actions = state.position.legal_actions();
        let Some(&action) = actions.get((ply * 7 + i) % actions.len().max(1)) else {
            break;
        };
        let identity = &state.identities[seat.index()][0];
        let player = if *identity == a.0 { &a } else { &b };
        let text = format!("#{game} {}", state.position.notation(action));
        say(service, commands, player, &text).await?;
        // The answer to the player who acted shows the new position, as both front ends draw
        // it (the notification to the other player shares that drawing).
        let after = service
            .game_state(game, None)
            .await?
            .ok_or_else(|| format!("game #{game} is gone"))?;
        service.picture(&after, PNG_SIZE)?;
    }
    wait_sent(reader, game).await
}

/// Waits until every notification of `game` went out: posted on Discord, handed to the SMTP
/// server by mail.
async fn wait_sent(reader: &SqlitePool, game: i64) -> Result<(), Error> {
    let since = Instant::now();
    loop {
        let (waiting,): (i64,) = sqlx::query_as(
            "SELECT (SELECT COUNT(*) FROM outbox WHERE game_id = ?1 AND sent_at IS NULL \
             AND failed_at IS NULL) + (SELECT COUNT(*) FROM outbox o JOIN mail_spool s \
             ON s.key = 'outbox:' || o.id WHERE o.game_id = ?1 AND s.sent_at IS NULL \
             AND s.failed_at IS NULL)",
        )
        .bind(game)
        .fetch_one(reader)
        .await?;
        if waiting == 0 {
            return Ok(());
        }
        if since.elapsed() > PATIENCE {
            return Err(
                format!("game #{game}: {waiting} notifications unsent after {PATIENCE:?}").into(),
            );
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}

/// Waits until the outbox and the mail spool are empty.
async fn wait_all_sent(reader: &SqlitePool) -> Result<(), Error> {
    let since = Instant::now();
    loop {
        let (waiting,): (i64,) = sqlx::query_as(
            "SELECT (SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL) \
             + (SELECT COUNT(*) FROM mail_spool WHERE sent_at IS NULL AND failed_at IS NULL)",
        )
        .fetch_one(reader)
        .await?;
        if waiting == 0 {
            return Ok(());
        }
        if since.elapsed() > PATIENCE {
            return Err(
                format!("{waiting} notifications or mails unsent after {PATIENCE:?}").into(),
            );
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}

/// Notifications sent, by channel.
async fn sent_counts(reader: &SqlitePool) -> Result<HashMap<String, u64>, Error> {
    let rows: Vec<(String, i64)> = sqlx::query_as(
        "SELECT channel, COUNT(*) FROM outbox WHERE sent_at IS NOT NULL GROUP BY channel",
    )
    .fetch_all(reader)
    .await?;
    Ok(rows.into_iter().map(|(c, n)| (c, n as u64)).collect())
}

/// The lag of every notification posted to the double: from the row's time to the time the
/// double gave the post (its snowflake), found by the row's marker at the end of the footer.
async fn discord_lags(double: &Double, reader: &SqlitePool) -> Result<Vec<Duration>, Error> {
    let rows: Vec<(i64, DateTime<Utc>)> =
        sqlx::query_as("SELECT id, created_at FROM outbox WHERE channel = 'discord'")
            .fetch_all(reader)
            .await?;
    let queued: HashMap<i64, DateTime<Utc>> = rows.into_iter().collect();
    let mut lags = Vec::new();
    for call in double.calls() {
        if call.method != "POST" || !call.path.ends_with("/messages") {
            continue;
        }
        let footer = call.json["embeds"][0]["footer"]["text"]
            .as_str()
            .unwrap_or("");
        let row = footer
            .rsplit(" · ")
            .next()
            .and_then(|m| m.strip_prefix('n'))
            .and_then(|n| n.parse::<i64>().ok());
        let posted = call.response["id"]
            .as_str()
            .and_then(|id| id.parse::<u64>().ok());
        if let (Some(at), Some(posted)) = (row.and_then(|r| queued.get(&r)), posted) {
            lags.push(lag(*at, DateTime::<Utc>::from(snowflake_time(posted))));
        }
    }
    Ok(lags)
}

struct Report {
    games: usize,
    plies: usize,
    think: Think,
    commands: u64,
    driven: Duration,
    delivered: Duration,
    counts: HashMap<String, u64>,
    discord_lags: Vec<Duration>,
    mail_lags: Vec<Duration>,
    pictures: agora_service::pictures::PictureStats,
}

impl Report {
    fn print(mut self) {
        let rate = |n: u64, d: Duration| n as f64 / d.as_secs_f64().max(1e-9);
        println!(
            "end_to_end: {} games (Discord–mail, Discord–Discord, mail–mail) x up to {} plies, \
             pictures {PNG_SIZE} px",
            self.games, self.plies
        );
        println!(
            "think time: {} ms {}",
            self.think.mean.as_millis(),
            if self.think.steady || self.think.mean.is_zero() {
                "each answer"
            } else {
                "on average, drawn per answer"
            }
        );
        println!(
            "commands: {} in {:.2} s = {:.1}/s",
            self.commands,
            self.driven.as_secs_f64(),
            rate(self.commands, self.driven)
        );
        let discord = self.counts.get("discord").copied().unwrap_or(0);
        let mail = self.counts.get("mailto").copied().unwrap_or(0);
        let secs = self.delivered;
        println!(
            "notifications delivered in {:.2} s: discord {discord} ({:.1}/s), mail {mail} \
             ({:.1}/s), total {} ({:.1}/s)",
            secs.as_secs_f64(),
            rate(discord, secs),
            rate(mail, secs),
            discord + mail,
            rate(discord + mail, secs)
        );
        let mut all: Vec<Duration> = self
            .discord_lags
            .iter()
            .chain(&self.mail_lags)
            .copied()
            .collect();
        for (name, lags) in [
            ("discord", &mut self.discord_lags),
            ("mail", &mut self.mail_lags),
            ("total", &mut all),
        ] {
            println!(
                "delivery lag {name}: p50 {} p99 {} (n = {})",
                millis(percentile(lags, 0.50)),
                millis(percentile(lags, 0.99)),
                lags.len()
            );
        }
        let p = self.pictures;
        println!(
            "pictures: {} rendered, {} cache hits; rendering {:.1} ms in all, {} each",
            p.renders,
            p.hits,
            p.render_time.as_secs_f64() * 1e3,
            millis(p.mean_render_time())
        );
    }
}

fn percentile(lags: &mut [Duration], q: f64) -> Option<Duration> {
    lags.sort_unstable();
    let last = lags.len().checked_sub(1)?;
    lags.get(((last as f64) * q).round() as usize).copied()
}

fn millis(d: Option<Duration>) -> String {
    d.map_or_else(
        || "-".into(),
        |d| format!("{:.1} ms", d.as_secs_f64() * 1e3),
    )
}
