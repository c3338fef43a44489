//! A local Discord double for serenity's real client: the REST API over plain HTTP and the
//! gateway over a WebSocket, both on 127.0.0.1.
//!
//! It records every REST call (method, path, JSON body or multipart `payload_json` and files),
//! answers with plausible Discord objects (messages with fresh ids, thread and DM channels), honours
//! `enforce_nonce` (a second message with the same nonce in a channel returns the first), and
//! dispatches gateway events with sequence numbers, keeping them so a RESUME replays what the
//! client missed. [`Double::drop_gateway`] cuts the WebSocket to force a reconnect.
//!
//! Ids are snowflakes of the current time, as Discord's are (`(ms since 2015-01-01) << 22`), and
//! [`Double::id_at`] mints one of an earlier time. Faults on demand: [`Double::stall_channel`]
//! holds the posts to one channel until [`Double::unstall_channel`], [`Double::fail_posts`] answers
//! them with a Discord error (a closed DM, a deleted thread), and [`Double::forget_nonces`] forgets
//! the nonces as Discord does after a few minutes. `GET /channels/{id}/messages` lists a channel's
//! messages (`after`, `limit`, newest first).

#![allow(dead_code)]

mod call;
mod gateway;
mod http;
mod rest;
mod snowflake;

pub use call::{Call, buttons_of};
pub use gateway::shard_of;
pub use rest::dm_channel;
pub use snowflake::{DISCORD_EPOCH_MS, snowflake, snowflake_time, timestamp};

use gateway::Gateway;
use serde_json::{Value, json};
use std::collections::{HashMap, HashSet};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime};
use tokio::net::TcpListener;
use tokio::sync::{Notify, mpsc};

pub const APP_ID: u64 = 900_000_000_000_000_001;
pub const BOT_ID: u64 = 900_000_000_000_000_002;
pub const GUILD_ID: u64 = 900_000_000_000_000_003;
/// The server's text channel where people challenge each other.
pub const LOBBY: u64 = 900_000_000_000_000_004;

/// Everything the double recorded and was told, behind one lock.
#[derive(Default)]
struct State {
    calls: Vec<Call>,
    /// Every dispatched event of each shard with its sequence number, for RESUME.
    events: HashMap<u32, Vec<(u64, Value)>>,
    /// (channel, nonce) -> the message posted with it.
    nonces: HashMap<(String, String), Value>,
    /// The connection of each shard that identified or resumed.
    gateways: HashMap<u32, mpsc::UnboundedSender<Gateway>>,
    /// How many shards the bot said it has (in its IDENTIFY); events are routed by it.
    shard_total: u32,
    /// The `[shard, total]` of every IDENTIFY, in order.
    identified: Vec<[u32; 2]>,
    identifies: u32,
    resumes: u32,
    /// Every message posted, by id, so a component click can carry it.
    messages: HashMap<String, Value>,
    /// Channels whose posts are held unanswered.
    stalled: HashSet<String>,
    /// How many posts are being held.
    held: usize,
    /// Channels whose posts get an error: (status, Discord error code, message).
    failing: HashMap<String, (u16, u64, String)>,
}

/// The double; dropping it leaves its tasks to end with the test's runtime.
#[derive(Clone)]
pub struct Double {
    pub http: SocketAddr,
    pub ws: SocketAddr,
    state: Arc<Mutex<State>>,
    changed: Arc<Notify>,
    ids: Arc<AtomicU64>,
    /// Where the client is told the gateway is, when not at `ws` (a proxy in front of it).
    gateway_at: Arc<Mutex<Option<SocketAddr>>>,
}

pub fn user_json(id: u64, name: &str, bot: bool) -> Value {
    json!({
        "id": id.to_string(), "username": name, "discriminator": "0", "global_name": name,
        "avatar": null, "bot": bot,
    })
}

impl Double {
    pub async fn start() -> Double {
        let http = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let ws = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let double = Double {
            http: http.local_addr().unwrap(),
            ws: ws.local_addr().unwrap(),
            state: Arc::default(),
            changed: Arc::default(),
            ids: Arc::new(AtomicU64::new(0)),
            gateway_at: Arc::default(),
        };
        let d = double.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = http.accept().await {
                // Answers go out as soon as they are written, as Discord's do.
                let _ = stream.set_nodelay(true);
                let d = d.clone();
                tokio::spawn(async move { d.serve_http(stream).await });
            }
        });
        let d = double.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = ws.accept().await {
                let d = d.clone();
                tokio::spawn(async move { d.serve_gateway(stream).await });
            }
        });
        double
    }

    /// Tells the client to reach the gateway at `addr` (a proxy in front of `ws`).
    pub fn route_gateway_through(&self, addr: SocketAddr) {
        *self.gateway_at.lock().unwrap() = Some(addr);
    }

    /// The gateway URL the client is given.
    fn gateway_url(&self) -> String {
        format!(
            "ws://{}",
            self.gateway_at.lock().unwrap().unwrap_or(self.ws)
        )
    }

    /// The `api_base` for the bot.
    pub fn base(&self) -> String {
        format!("http://{}", self.http)
    }

    /// A fresh snowflake of now, greater than every id minted before.
    pub fn id(&self) -> u64 {
        let now = snowflake(SystemTime::now(), 0);
        let prev = self
            .ids
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |last| {
                Some(now.max(last + 1))
            })
            .unwrap_or(0);
        now.max(prev + 1)
    }

    /// A fresh snowflake of an earlier time `at` (an interaction created then, handled late).
    pub fn id_at(&self, at: SystemTime) -> u64 {
        snowflake(at, self.ids.fetch_add(1, Ordering::SeqCst))
    }

    /// Holds every post to `channel` unanswered until [`Double::unstall_channel`], as a Discord
    /// that accepted the connection and never answers.
    pub fn stall_channel(&self, channel: u64) {
        self.state
            .lock()
            .unwrap()
            .stalled
            .insert(channel.to_string());
    }

    /// Lets the held posts to `channel` through (each is then handled as if it had just come).
    pub fn unstall_channel(&self, channel: u64) {
        self.state
            .lock()
            .unwrap()
            .stalled
            .remove(&channel.to_string());
        self.changed.notify_waiters();
    }

    /// How many posts are being held by stalled channels.
    pub fn held(&self) -> usize {
        self.state.lock().unwrap().held
    }

    /// Answers every post to `channel` with a Discord error: status and JSON error code, such
    /// as 403 and 50007 ("Cannot send messages to this user") or 404 and 10003 ("Unknown
    /// Channel").
    pub fn fail_posts(&self, channel: u64, status: u16, code: u64, message: &str) {
        self.state
            .lock()
            .unwrap()
            .failing
            .insert(channel.to_string(), (status, code, message.to_owned()));
    }

    /// Forgets every nonce, as Discord does a few minutes after a post.
    pub fn forget_nonces(&self) {
        self.state.lock().unwrap().nonces.clear();
    }

    /// The messages in a channel, oldest first.
    pub fn messages_in(&self, channel: u64) -> Vec<Value> {
        let channel = channel.to_string();
        let mut found: Vec<Value> = self
            .state
            .lock()
            .unwrap()
            .messages
            .values()
            .filter(|m| m["channel_id"] == channel.as_str())
            .cloned()
            .collect();
        found.sort_by_key(|m| m["id"].as_str().and_then(|i| i.parse::<u64>().ok()));
        found
    }

    pub fn calls(&self) -> Vec<Call> {
        self.state.lock().unwrap().calls.clone()
    }

    pub fn identifies(&self) -> u32 {
        self.state.lock().unwrap().identifies
    }

    pub fn resumes(&self) -> u32 {
        self.state.lock().unwrap().resumes
    }

    pub fn connected(&self) -> bool {
        !self.state.lock().unwrap().gateways.is_empty()
    }

    /// The shards connected now, in order.
    pub fn shards_connected(&self) -> Vec<u32> {
        let mut shards: Vec<u32> = self
            .state
            .lock()
            .unwrap()
            .gateways
            .keys()
            .copied()
            .collect();
        shards.sort_unstable();
        shards
    }

    /// The `[shard, total]` of every IDENTIFY so far.
    pub fn identified(&self) -> Vec<[u32; 2]> {
        self.state.lock().unwrap().identified.clone()
    }

    /// Waits until `found` picks something out of the calls so far (new calls wake it).
    pub async fn wait_for<T>(&self, what: &str, found: impl Fn(&[Call]) -> Option<T>) -> T {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
        loop {
            let changed = self.changed.notified();
            if let Some(t) = found(&self.state.lock().unwrap().calls) {
                return t;
            }
            if tokio::time::timeout_at(deadline, changed).await.is_err() {
                // What was waited for first: a long list may be cut in the middle.
                eprintln!("timed out waiting for {what}; the calls so far:");
                let calls = self.calls();
                for c in &calls {
                    eprintln!("{} {} {}", c.method, c.path, c.json);
                }
                panic!("timed out waiting for {what}");
            }
        }
    }

    /// Waits until a condition on the double holds (a connection, a count).
    pub async fn wait_until(&self, what: &str, ok: impl Fn(&Double) -> bool) {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
        loop {
            let changed = self.changed.notified();
            if ok(self) {
                return;
            }
            if tokio::time::timeout_at(deadline, changed).await.is_err() {
                panic!("timed out waiting for {what}");
            }
        }
    }

    /// The response to an interaction.
    pub async fn response(&self, interaction: u64) -> Call {
        let prefix = format!("/interactions/{interaction}/");
        self.wait_for(
            &format!("the response to interaction {interaction}"),
            |calls| calls.iter().find(|c| c.path.starts_with(&prefix)).cloned(),
        )
        .await
    }

    /// The `n`-th (from 1) message posted to a channel after `after` calls.
    pub async fn posted(&self, channel: u64, after: usize) -> Call {
        let path = format!("/channels/{channel}/messages");
        self.wait_for(&format!("a message in {channel}"), |calls| {
            calls
                .iter()
                .skip(after)
                .find(|c| c.method == "POST" && c.path == path)
                .cloned()
        })
        .await
    }

    /// A message object as the bot's gateway would see it.
    pub fn message_json(
        &self,
        id: u64,
        channel: u64,
        guild: Option<u64>,
        author: &Value,
        content: &str,
    ) -> Value {
        let mut m = json!({
            "id": id.to_string(), "channel_id": channel.to_string(), "author": author,
            "content": content, "timestamp": timestamp(id),
            "edited_timestamp": null, "tts": false, "mention_everyone": false, "mentions": [],
            "mention_roles": [], "attachments": [], "embeds": [], "pinned": false, "type": 0,
            "components": [],
        });
        if let Some(g) = guild {
            m["guild_id"] = json!(g.to_string());
        }
        m
    }

    /// Keeps a message someone else wrote (dispatched by a test), so the bot can react to it.
    pub fn remember(&self, message: &Value) {
        if let Some(id) = message["id"].as_str() {
            self.state
                .lock()
                .unwrap()
                .messages
                .insert(id.to_owned(), message.clone());
        }
    }

    /// The reactions the bot put on a message.
    pub fn bot_reactions(&self, id: u64) -> Vec<String> {
        self.state.lock().unwrap().messages[&id.to_string()]["bot_reactions"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|r| r.as_str().map(str::to_owned))
            .collect()
    }

    /// The messages pinned in a channel, oldest first.
    pub fn pinned_in(&self, channel: u64) -> Vec<Value> {
        self.messages_in(channel)
            .into_iter()
            .filter(|m| m["pinned"] == true)
            .collect()
    }

    /// A message the bot posted, by id, as Discord would hand it back in a component click.
    pub fn stored_message(&self, id: &str) -> Value {
        self.state.lock().unwrap().messages[id].clone()
    }
}
