//! The soak's verdict and figures: what the players sent against what the games recorded, what
//! the outbox and the spool hold, what the double and the mailboxes received; with several
//! processes, what became of the lease on reading the mailbox; with clocks moved, what the
//! sweeps did with them.

use super::clock::{self, DeadlineFigures};
use super::lease::{self, LeaseFigures};
use super::{Rig, players};
use crate::discord::double::Double;
use crate::mail as common;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::time::Duration;

/// What the soak measured, and what it found wrong.
#[derive(Debug, Default)]
pub struct Figures {
    pub name: String,
    pub duration: Duration,
    pub fault_mix: &'static str,
    pub database: &'static str,
    pub processes: usize,
    pub starts: u32,
    pub kills: u32,
    /// Per proxy: faults switched into by kind, connections, cuts, bytes up and down.
    pub proxies: Vec<(String, agora_faultproxy::Stats)>,
    pub games: usize,
    pub finished: usize,
    pub moves_sent: usize,
    pub moves_retyped: u32,
    /// Time from a move's first send to its player seeing it applied: (median, slowest), by
    /// mail and on Discord.
    pub waits: [(Duration, Duration); 2],
    pub actions: usize,
    pub notifications: BTreeMap<String, usize>,
    pub mails_received: usize,
    pub mail_duplicates: usize,
    /// Answers by mail that refused a command (never expected: a mail is sent once).
    pub mail_refusals: usize,
    pub discord_posts: usize,
    /// POSTs of an outbox row after its first (the double's nonce check turned them into the
    /// first message; real Discord does so only for a few minutes).
    pub discord_reposts: usize,
    /// Slash commands answered with the apology for a failure on Agora's side.
    pub discord_apologies: usize,
    pub to_quiet: Option<Duration>,
    /// Log lines of the server runs that say a front end or a task gave up.
    pub front_end_failures: BTreeMap<&'static str, usize>,
    /// The lease on reading the mailbox, with several processes.
    pub lease: Option<LeaseFigures>,
    /// The clocks moved into the past.
    pub deadlines: Option<DeadlineFigures>,
    pub problems: Vec<String>,
}

impl Figures {
    pub fn assert_clean(&self) {
        assert!(
            self.problems.is_empty(),
            "the {} found {} problems:\n{}",
            self.name,
            self.problems.len(),
            self.problems.join("\n")
        );
    }
}

impl fmt::Display for Figures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} figures", self.name)?;
        writeln!(f, "  duration            {:.0?}", self.duration)?;
        writeln!(f, "  fault mix           {}", self.fault_mix)?;
        if self.processes > 1 {
            writeln!(
                f,
                "  processes           {} on {}",
                self.processes, self.database
            )?;
        }
        writeln!(
            f,
            "  server runs         {} (kill -9: {})",
            self.starts, self.kills
        )?;
        for (name, s) in &self.proxies {
            writeln!(
                f,
                "  proxy {name:<16} faults {:?}; connections {}, refused {}, cut {}, bytes up {} down {}",
                s.faults, s.connections, s.refused, s.resets, s.bytes_up, s.bytes_down
            )?;
        }
        writeln!(
            f,
            "  games               {} ({} finished)",
            self.games, self.finished
        )?;
        writeln!(
            f,
            "  moves               {} sent ({} Discord commands typed again), {} applied",
            self.moves_sent, self.moves_retyped, self.actions
        )?;
        writeln!(
            f,
            "  move applied after  by mail: median {:.1?}, slowest {:.1?}; on Discord: median {:.1?}, slowest {:.1?}",
            self.waits[0].0, self.waits[0].1, self.waits[1].0, self.waits[1].1
        )?;
        writeln!(f, "  notifications       {:?}", self.notifications)?;
        writeln!(
            f,
            "  mails received      {} (duplicates, same Message-ID: {}; refusals: {})",
            self.mails_received, self.mail_duplicates, self.mail_refusals
        )?;
        writeln!(
            f,
            "  discord posts       {} (a row posted again: {}, each answered with its first message)",
            self.discord_posts, self.discord_reposts
        )?;
        writeln!(
            f,
            "  discord apologies   {} (commands that failed on Agora's side)",
            self.discord_apologies
        )?;
        if let Some(lease) = &self.lease {
            writeln!(f, "  mailbox lease       {lease}")?;
        }
        if let Some(deadlines) = &self.deadlines {
            writeln!(f, "  deadlines           {deadlines}")?;
        }
        writeln!(f, "  last fault to quiet {:.1?}", self.to_quiet)?;
        writeln!(f, "  failures logged     {:?}", self.front_end_failures)?;
        writeln!(f, "  problems            {}", self.problems.len())?;
        for p in &self.problems {
            writeln!(f, "    {p}")?;
        }
        Ok(())
    }
}

/// Whether a mail's flags say Agora is done with it.
pub fn handled(flags: &[String]) -> bool {
    flags.iter().any(|f| f.contains("$AgoraHandled"))
}

/// How many REST calls the double recorded (without copying them).
pub async fn discord_calls(double: &Double) -> usize {
    let look = double.wait_for("the calls", |calls| Some(calls.len()));
    tokio::time::timeout(Duration::ZERO, look)
        .await
        .unwrap_or_default()
}

/// Posts per outbox row on Discord, from the nonce `o<id>` each carries: (calls, distinct
/// messages made) by row id.
async fn discord_posts(double: &Double) -> BTreeMap<i64, (usize, BTreeSet<String>)> {
    let look = double.wait_for("the posts", |calls| {
        let mut posts: BTreeMap<i64, (usize, BTreeSet<String>)> = BTreeMap::new();
        for c in calls.iter().filter(|c| c.method == "POST") {
            let Some(row) = c.json["nonce"]
                .as_str()
                .and_then(|n| n.strip_prefix('o'))
                .and_then(|n| n.parse().ok())
            else {
                continue;
            };
            let entry = posts.entry(row).or_default();
            entry.0 += 1;
            if let Some(id) = c.response["id"].as_str() {
                entry.1.insert(id.to_owned());
            }
        }
        Some(posts)
    });
    tokio::time::timeout(Duration::ZERO, look)
        .await
        .unwrap_or_default()
}

pub async fn check(rig: &Rig, duration: Duration, to_quiet: Option<Duration>) -> Figures {
    let mut f = Figures {
        name: rig.setup.name.clone(),
        duration,
        fault_mix: rig.setup.faults.name,
        database: rig.setup.database_name(),
        processes: rig.setup.processes,
        to_quiet,
        ..Figures::default()
    };
    for server in rig.processes.lock().unwrap().iter() {
        f.starts += server.starts;
        f.kills += server.kills;
        for text in [
            "mail front end failed",
            "discord front end failed",
            "event failed",
            "panicked",
        ] {
            *f.front_end_failures.entry(text).or_default() += server.logged(text);
        }
    }
    f.proxies = rig
        .proxies
        .all()
        .into_iter()
        .map(|(name, p)| (name.to_owned(), p.stats()))
        .collect();
    check_moves(rig, &mut f).await;
    check_outbox(rig, &mut f).await;
    check_mail(rig, &mut f).await;
    check_apologies(rig, &mut f).await;
    if rig.setup.processes > 1 {
        lease::check(rig, &mut f);
    }
    if rig.setup.deadlines {
        clock::check(rig, &mut f).await;
    }
    f
}

/// Every move sent was applied at its ply, once; nothing else was applied.
async fn check_moves(rig: &Rig, f: &mut Figures) {
    let db = &rig.table.db;
    let intents = rig.table.intents.lock().unwrap().clone();
    f.moves_sent = intents.len();
    f.moves_retyped = intents.iter().map(|i| i.sends - 1).sum();
    for (k, by_mail) in [(0, true), (1, false)] {
        let mut waits: Vec<Duration> = intents
            .iter()
            .filter(|i| i.by_mail == by_mail)
            .filter_map(|i| i.applied_after)
            .collect();
        waits.sort();
        if let Some(slowest) = waits.last() {
            f.waits[k] = (waits[waits.len() / 2], *slowest);
        }
    }
    let games = db.games().await;
    f.games = games.len();
    f.finished = games.iter().filter(|g| g.status == "finished").count();
    for g in &games {
        let actions = db.actions(g.id).await.unwrap();
        f.actions += actions.len();
        for (ply, notation) in actions.iter().enumerate() {
            match intents
                .iter()
                .find(|i| i.game == g.id && i.ply == ply as i64)
            {
                None => f.problems.push(format!(
                    "game {} ply {ply}: `{notation}` applied, but no player sent it",
                    g.id
                )),
                Some(i) if i.action != *notation => f.problems.push(format!(
                    "game {} ply {ply}: `{notation}` applied, {} sent `{}`",
                    g.id, i.by, i.action
                )),
                Some(_) => {}
            }
        }
    }
    for pair in rig.pairs.iter().filter(|p| p.moves) {
        let (a, b) = (&pair.a, &pair.b);
        let games = db
            .games_between(&a.identity(), &b.identity())
            .await
            .unwrap();
        if games.iter().all(|g| g.ply == 0) {
            f.problems
                .push(format!("{} and {} played no move", a.name, b.name));
        }
    }
    for i in &intents {
        let applied = db.actions(i.game).await.unwrap();
        if applied.len() as i64 <= i.ply {
            f.problems.push(format!(
                "game {} ply {}: {} sent `{}` ({} times), never applied",
                i.game, i.ply, i.by, i.action, i.sends
            ));
        }
    }
}

/// Every outbox row sent, none given up; each Discord row posted as one message.
async fn check_outbox(rig: &Rig, f: &mut Figures) {
    let db = &rig.table.db;
    let backlog = db.backlog().await;
    if !backlog.is_empty() {
        f.problems.push(format!("left behind: {backlog:?}"));
    }
    for failure in db.failures().await {
        f.problems.push(format!("given up: {failure}"));
    }
    let rows = db.outbox().await;
    let posts = discord_posts(&rig.double).await;
    for (id, channel, sent) in &rows {
        *f.notifications.entry(channel.clone()).or_default() += 1;
        if channel != "discord" || !sent {
            continue;
        }
        match posts.get(id) {
            None => f
                .problems
                .push(format!("outbox row {id}: marked sent, never posted")),
            Some((calls, messages)) => {
                f.discord_posts += messages.len();
                f.discord_reposts += calls - 1;
                if messages.len() > 1 {
                    f.problems.push(format!(
                        "outbox row {id}: posted as {} messages",
                        messages.len()
                    ));
                }
            }
        }
    }
}

/// No slash command failed on Agora's side: each was answered without the apology (a person
/// types it again, but the failure is a fault all the same).
async fn check_apologies(rig: &Rig, f: &mut Figures) {
    let typed = rig.table.typed.lock().unwrap().clone();
    let look = rig.double.wait_for("the apologies", |calls| {
        let mut found = Vec::new();
        for c in calls.iter().filter(|c| c.text().contains(players::APOLOGY)) {
            let interaction = typed.keys().find(|&&id| players::answers(c, id));
            found.push((interaction.copied(), c.text()));
        }
        Some(found)
    });
    let apologies = tokio::time::timeout(Duration::ZERO, look)
        .await
        .unwrap_or_default();
    f.discord_apologies = apologies.len();
    for (interaction, text) in apologies {
        let what = interaction
            .and_then(|id| typed.get(&id).map(|t| format!("{t} (interaction {id})")))
            .unwrap_or_else(|| "a slash command".to_owned());
        f.problems
            .push(format!("{what} was answered with the apology: {text}"));
    }
}

/// Every mail sent was received, duplicates only under the same Message-ID; every mail to Agora
/// was handled.
async fn check_mail(rig: &Rig, f: &mut Figures) {
    let mut received: BTreeMap<(String, String), usize> = BTreeMap::new();
    let verbose = std::env::var("AGORA_SOAK_VERBOSE").is_ok_and(|v| v == "1");
    for (name, user) in &rig.mail_users {
        let address = user.address.clone();
        for mail in user.received.lock().unwrap().iter() {
            if verbose {
                println!(
                    "{name} received {}: {}\n{}",
                    mail.message_id, mail.subject, mail.text
                );
            }
            let count = received
                .entry((address.clone(), mail.message_id.clone()))
                .or_default();
            *count += 1;
            if *count == 1 && mail.text.starts_with("Sorry") {
                f.mail_refusals += 1;
                f.problems.push(format!(
                    "{name} was refused: {}",
                    mail.text.lines().next().unwrap_or("")
                ));
            }
            f.mails_received += 1;
        }
    }
    f.mail_duplicates = received.values().map(|n| n - 1).sum();
    let mut spooled = BTreeSet::new();
    for (recipient, message) in rig.table.db.spool_sent(rig.spooled_before).await {
        let parsed = mail_parser::MessageParser::default().parse(&message);
        let id = parsed
            .as_ref()
            .and_then(|m| m.message_id())
            .unwrap_or("")
            .to_owned();
        let key = (recipient.to_lowercase(), id);
        if !received.contains_key(&key) {
            f.problems
                .push(format!("mail {} to {}: sent, never received", key.1, key.0));
        }
        spooled.insert(key);
    }
    for key in received.keys().filter(|k| !spooled.contains(*k)) {
        f.problems.push(format!(
            "mail {} to {}: received, but not a mail Agora sent",
            key.1, key.0
        ));
    }
    for (uid, flags) in common::inbox_flags(&rig.servers, &rig.servers.service()).await {
        if !handled(&flags) {
            f.problems
                .push(format!("mail {uid} to Agora: not handled ({flags:?})"));
        }
    }
}
