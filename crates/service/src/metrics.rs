//! What the service counts for its operator, served by the website as `/metrics` in the
//! Prometheus text format, and what `/healthz` reports.
//!
//! Counters and the latency histogram are kept as things happen: every command by its kind and
//! how it ended, every send that failed by its channel and why, every sweep of the scheduler.
//! What is a state rather than an event (rows waiting in the outbox and the spool and for how
//! long, how late the scheduler is, games running) is read from the database at each scrape
//! ([`agora_store::Tx::gauges`]), so every process on one database reports the same figures and
//! a restart loses none. The front ends report whether they are connected
//! ([`Metrics::set_connected`]). No label carries anything about a person: kinds, channels and
//! reasons are fixed words.

use crate::{Service, ServiceError, Status};
use chrono::{DateTime, Utc};
use prometheus::{
    Encoder, Gauge, GaugeVec, HistogramOpts, HistogramVec, IntCounterVec, IntGauge, IntGaugeVec,
    Opts, Registry, TextEncoder,
};
use std::collections::BTreeMap;
use std::sync::Mutex;
use std::time::Duration;

/// A front end whose connection the health check watches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum FrontEnd {
    /// The IMAP session that reads the mailbox.
    Mail,
    /// The Discord gateway.
    Discord,
}

impl FrontEnd {
    /// Its name in metrics and in `/healthz`.
    pub fn label(self) -> &'static str {
        match self {
            FrontEnd::Mail => "mail",
            FrontEnd::Discord => "discord",
        }
    }
}

/// Why a send failed, as counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SendFailure {
    /// The channel said it may work later.
    Transient,
    /// The channel said it never will.
    Permanent,
    /// No answer within the send timeout.
    Timeout,
    /// The game the row reports could not be read to draw it.
    Game,
}

impl SendFailure {
    /// How a sender's own error is counted.
    pub(crate) fn of(error: &crate::outbox::SendError) -> SendFailure {
        if error.is_permanent() {
            SendFailure::Permanent
        } else {
            SendFailure::Transient
        }
    }

    fn label(self) -> &'static str {
        match self {
            SendFailure::Transient => "transient",
            SendFailure::Permanent => "permanent",
            SendFailure::Timeout => "timeout",
            SendFailure::Game => "game",
        }
    }
}

/// The channels an outbox row may be for, reported even when none waits.
const CHANNELS: [&str; 3] = ["discord", "mailto", "local"];

/// The latency histogram's buckets, in seconds: a command takes about a millisecond alone and
/// a few under load; the computer's moves and a slow disk take longer.
const BUCKETS: [f64; 14] = [
    0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0, 10.0,
];

/// The service's metrics (see the module docs).
pub struct Metrics {
    registry: Registry,
    commands: IntCounterVec,
    latency: HistogramVec,
    sent: IntCounterVec,
    send_failures: IntCounterVec,
    sweeps: IntCounterVec,
    last_sweep: Gauge,
    connected: IntGaugeVec,
    outbox_rows: IntGaugeVec,
    outbox_age: GaugeVec,
    spool_rows: IntGauge,
    spool_age: Gauge,
    sweep_lag: Gauge,
    games_running: IntGauge,
    challenges_open: IntGauge,
    database_up: IntGauge,
    mail_reader: IntGauge,
    leases: IntGaugeVec,
    searches: IntGaugeVec,
    searches_waited: prometheus::IntCounter,
    replays: prometheus::IntCounter,
    /// The front ends that started, and whether each is connected now.
    front_ends: Mutex<BTreeMap<FrontEnd, bool>>,
    /// One scrape at a time sets the figures read from the database and encodes them, so two
    /// scrapes never see each other's half-set gauges.
    scrape: tokio::sync::Mutex<()>,
}

/// What `/healthz` reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Health {
    /// Whether the database answered, or why not.
    pub database: Result<(), String>,
    /// Every front end that started, and whether it is connected.
    pub front_ends: Vec<(FrontEnd, bool)>,
}

impl Health {
    /// Whether all is well: the database answers and every front end is connected.
    pub fn is_healthy(&self) -> bool {
        self.database.is_ok() && self.front_ends.iter().all(|(_, up)| *up)
    }
}

impl Default for Metrics {
    fn default() -> Metrics {
        Metrics::new()
    }
}

impl Metrics {
    // Over 80 lines: the table of every metric, each registered once.
    pub fn new() -> Metrics {
        let registry = Registry::new();
        let counter = |name: &str, help: &str, labels: &[&str]| {
            let c = IntCounterVec::new(Opts::new(name, help), labels).expect("a valid counter");
            registry.register(Box::new(c.clone())).expect("a new name");
            c
        };
        let int_gauges = |name: &str, help: &str, labels: &[&str]| {
            let g = IntGaugeVec::new(Opts::new(name, help), labels).expect("a valid gauge");
            registry.register(Box::new(g.clone())).expect("a new name");
            g
        };
        let int_gauge = |name: &str, help: &str| {
            let g = IntGauge::new(name, help).expect("a valid gauge");
            registry.register(Box::new(g.clone())).expect("a new name");
            g
        };
        let gauge = |name: &str, help: &str| {
            let g = Gauge::new(name, help).expect("a valid gauge");
            registry.register(Box::new(g.clone())).expect("a new name");
            g
        };
        let commands = counter(
            "agora_commands_total",
            "Commands handled, by kind and by how they ended.",
            &["kind", "result"],
        );
        let sent = counter(
            "agora_sends_total",
            "Notifications and mails the channel accepted.",
            &["channel"],
        );
        let send_failures = counter(
            "agora_send_failures_total",
            "Sends that failed, by channel and reason.",
            &["channel", "reason"],
        );
        let sweeps = counter(
            "agora_sweeps_total",
            "Sweeps of the scheduler over due games, by result.",
            &["result"],
        );
        let latency = HistogramVec::new(
            HistogramOpts::new(
                "agora_command_duration_seconds",
                "Time from a command's arrival at the service to its answer, by kind.",
            )
            .buckets(BUCKETS.to_vec()),
            &["kind"],
        )
        .expect("a valid histogram");
        registry
            .register(Box::new(latency.clone()))
            .expect("a new name");
        let outbox_age = GaugeVec::new(
            Opts::new(
                "agora_outbox_oldest_age_seconds",
                "Age of the oldest notification waiting to be sent, by channel (0 when none).",
            ),
            &["channel"],
        )
        .expect("a valid gauge");
        registry
            .register(Box::new(outbox_age.clone()))
            .expect("a new name");
        Metrics {
            commands,
            latency,
            sent,
            send_failures,
            sweeps,
            last_sweep: gauge(
                "agora_sweep_last_run_timestamp_seconds",
                "When the scheduler last swept (Unix time; 0 before the first sweep).",
            ),
            connected: int_gauges(
                "agora_front_end_connected",
                "Whether a front end is connected (1) or not (0).",
                &["front_end"],
            ),
            outbox_rows: int_gauges(
                "agora_outbox_depth",
                "Notifications waiting to be sent, by channel.",
                &["channel"],
            ),
            outbox_age,
            spool_rows: int_gauge(
                "agora_spool_depth",
                "Mails waiting for the SMTP server to accept them.",
            ),
            spool_age: gauge(
                "agora_spool_oldest_age_seconds",
                "Age of the oldest mail waiting in the spool (0 when none).",
            ),
            sweep_lag: gauge(
                "agora_sweep_lag_seconds",
                "How long the most overdue deadline, reminder or expiry has waited for the \
                 scheduler (0 when none is overdue).",
            ),
            games_running: int_gauge("agora_games_running", "Games being played."),
            challenges_open: int_gauge(
                "agora_challenges_open",
                "Challenges waiting for an answer.",
            ),
            database_up: int_gauge(
                "agora_database_up",
                "Whether the database answered the scrape's queries (1) or not (0).",
            ),
            mail_reader: int_gauge(
                "agora_mail_reader",
                "Whether this process reads the mailbox (1) or stands by while another process \
                 holds the lease on it (0).",
            ),
            leases: int_gauges(
                "agora_lease_held",
                "Whether this process holds a lease (1: it does that work) or stands by while \
                 another process holds it (0), by lease (`imap:<mailbox>`, `discord:lobby`).",
                &["lease"],
            ),
            searches: int_gauges(
                "agora_computer_searches",
                "The computer's searches in this process: running, and waiting for a free slot \
                 (`[service] max_searches`).",
                &["state"],
            ),
            searches_waited: {
                let c = prometheus::IntCounter::new(
                    "agora_computer_search_waits_total",
                    "The computer's searches that waited for a free slot in this process.",
                )
                .expect("a valid counter");
                registry.register(Box::new(c.clone())).expect("a new name");
                c
            },
            replays: {
                let c = prometheus::IntCounter::new(
                    "agora_game_replays_total",
                    "Games read with their actions and replayed to their position in this process.",
                )
                .expect("a valid counter");
                registry.register(Box::new(c.clone())).expect("a new name");
                c
            },
            front_ends: Mutex::default(),
            scrape: tokio::sync::Mutex::default(),
            registry,
        }
    }

    /// Counts one command of `kind` that ended with `result` after `took`.
    pub(crate) fn command(&self, kind: &str, result: Result<Status, ()>, took: Duration) {
        let result = match result {
            Ok(Status::Done) => "done",
            Ok(Status::Repeat) => "repeat",
            Ok(Status::Ignored) => "ignored",
            Ok(Status::AlreadyApplied) => "already_applied",
            Ok(Status::Refused) => "refused",
            Err(()) => "failed",
        };
        self.commands.with_label_values(&[kind, result]).inc();
        self.latency
            .with_label_values(&[kind])
            .observe(took.as_secs_f64());
    }

    /// Counts one send on `channel` that the channel accepted.
    /// A game was read with its actions and replayed.
    pub(crate) fn replayed(&self) {
        self.replays.inc();
    }

    /// How many games were read with their actions and replayed in this process: a command and
    /// the answer a front end shows for it replay their game once.
    pub fn replays(&self) -> u64 {
        self.replays.get()
    }

    pub(crate) fn sent(&self, channel: &str) {
        self.sent.with_label_values(&[channel]).inc();
    }

    /// Counts one send on `channel` that failed.
    pub fn send_failed(&self, channel: &str, why: SendFailure) {
        self.send_failures
            .with_label_values(&[channel, why.label()])
            .inc();
    }

    /// Counts one sweep of the scheduler, done at `at`.
    pub(crate) fn swept(&self, ok: bool, at: DateTime<Utc>) {
        let result = if ok { "done" } else { "failed" };
        self.sweeps.with_label_values(&[result]).inc();
        self.last_sweep.set(at.timestamp_millis() as f64 / 1000.0);
    }

    /// A front end reports its connection: `true` once connected, `false` when it started and
    /// is not connected yet or lost its connection. From its first report on, the health check
    /// watches it.
    pub fn set_connected(&self, front_end: FrontEnd, connected: bool) {
        self.front_ends
            .lock()
            .expect("front ends lock")
            .insert(front_end, connected);
        self.connected
            .with_label_values(&[front_end.label()])
            .set(i64::from(connected));
    }

    /// The mail front end reports whether this process reads the mailbox (holds its lease) or
    /// stands by for another that does.
    pub fn set_mail_reader(&self, reading: bool) {
        self.mail_reader.set(i64::from(reading));
    }

    /// Whether this process holds the lease `name` (see [`crate::Lease`]).
    pub(crate) fn set_lease(&self, name: &str, held: bool) {
        self.leases.with_label_values(&[name]).set(i64::from(held));
    }

    fn front_ends(&self) -> Vec<(FrontEnd, bool)> {
        let states = self.front_ends.lock().expect("front ends lock");
        states.iter().map(|(f, up)| (*f, *up)).collect()
    }
}

/// Seconds from `since` to `now`, never below zero.
fn age(since: Option<DateTime<Utc>>, now: DateTime<Utc>) -> f64 {
    since.map_or(0.0, |t| {
        ((now - t).num_milliseconds().max(0) as f64) / 1000.0
    })
}

impl Service {
    /// The service's metrics, for the front ends to report to.
    pub fn metrics(&self) -> &Metrics {
        &self.metrics
    }

    /// Every metric in the Prometheus text format (version 0.0.4), the figures read from the
    /// database as they stand at `now`. A database that does not answer is reported by
    /// `agora_database_up 0` beside the counters, not by an error.
    pub async fn metrics_text(&self, now: DateTime<Utc>) -> String {
        let m = &self.metrics;
        let _one_at_a_time = m.scrape.lock().await;
        match self.gauges(now).await {
            Ok(g) => {
                m.database_up.set(1);
                m.outbox_rows.reset();
                m.outbox_age.reset();
                for channel in CHANNELS {
                    m.outbox_rows.with_label_values(&[channel]).set(0);
                    m.outbox_age.with_label_values(&[channel]).set(0.0);
                }
                for (channel, waiting) in &g.outbox {
                    m.outbox_rows
                        .with_label_values(&[channel.as_str()])
                        .set(waiting.rows);
                    m.outbox_age
                        .with_label_values(&[channel.as_str()])
                        .set(age(waiting.oldest, now));
                }
                m.spool_rows.set(g.spool.rows);
                m.spool_age.set(age(g.spool.oldest, now));
                m.sweep_lag.set(age(g.overdue_since, now));
                m.games_running.set(g.games_running);
                m.challenges_open.set(g.challenges_open);
            }
            Err(e) => {
                tracing::warn!(error = %e, "metrics: the database did not answer");
                m.database_up.set(0);
            }
        }
        let searches = self.search_stats();
        m.searches
            .with_label_values(&["running"])
            .set(searches.running as i64);
        m.searches
            .with_label_values(&["waiting"])
            .set(searches.waiting as i64);
        // Counted by the searches themselves; the scrape (one at a time) brings the counter level.
        m.searches_waited
            .inc_by(searches.waited.saturating_sub(m.searches_waited.get()));
        let mut text = Vec::new();
        TextEncoder::new()
            .encode(&m.registry.gather(), &mut text)
            .expect("metrics encode as text");
        String::from_utf8(text).expect("the text format is UTF-8")
    }

    async fn gauges(&self, now: DateTime<Utc>) -> Result<agora_store::Gauges, ServiceError> {
        let mut tx = self.store.read().await?;
        Ok(tx.gauges(now).await?)
    }

    /// Whether the database answers and every front end that started is connected.
    pub async fn health(&self) -> Health {
        let database = async {
            let mut tx = self.store.read().await?;
            tx.ping().await
        };
        Health {
            database: database.await.map_err(|e| e.to_string()),
            front_ends: self.metrics.front_ends(),
        }
    }
}

/// The kind of a command as counted: its name, or `unparsed` for a text that is no command.
pub(crate) fn kind(
    command: &Result<crate::commands::Command, crate::commands::ParseError>,
) -> &'static str {
    command.as_ref().map_or("unparsed", |c| c.name())
}
