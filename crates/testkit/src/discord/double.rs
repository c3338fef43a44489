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

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::collections::{HashMap, HashSet};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Notify, mpsc};
use tokio_tungstenite::tungstenite::Message as Frame;

pub const APP_ID: u64 = 900_000_000_000_000_001;
pub const BOT_ID: u64 = 900_000_000_000_000_002;
pub const GUILD_ID: u64 = 900_000_000_000_000_003;
/// The server's text channel where people challenge each other.
pub const LOBBY: u64 = 900_000_000_000_000_004;

/// One REST call the bot made.
#[derive(Debug, Clone)]
pub struct Call {
    pub method: String,
    /// Without `/api/v10` and without the query.
    pub path: String,
    /// The query, without `?` (empty if none).
    pub query: String,
    /// The JSON body, or the `payload_json` of a multipart body.
    pub json: Value,
    /// Attached files: (field name, file name, bytes).
    pub files: Vec<(String, String, Vec<u8>)>,
    /// What the double answered (a message object, a channel).
    pub response: Value,
}

impl Call {
    /// Text of the message a call posts: its content and embed descriptions, with the message
    /// of an interaction callback unwrapped.
    pub fn text(&self) -> String {
        let m = self.message();
        let mut out = m["content"].as_str().unwrap_or("").to_owned();
        for e in m["embeds"].as_array().into_iter().flatten() {
            for key in ["title", "description"] {
                if let Some(s) = e[key].as_str() {
                    out.push('\n');
                    out.push_str(s);
                }
            }
            for f in e["fields"].as_array().into_iter().flatten() {
                out.push_str(&format!(
                    "\n{}: {}",
                    f["name"].as_str().unwrap_or(""),
                    f["value"].as_str().unwrap_or("")
                ));
            }
        }
        out
    }

    /// The message object a call carries (an interaction callback's `data`).
    pub fn message(&self) -> &Value {
        if self.path.ends_with("/callback") {
            &self.json["data"]
        } else {
            &self.json
        }
    }

    pub fn ephemeral(&self) -> bool {
        self.message()["flags"].as_u64().unwrap_or(0) & 64 != 0
    }

    /// The custom ids of the message's buttons.
    pub fn buttons(&self) -> Vec<String> {
        buttons_of(self.message())
    }

    /// The call's route, its method and its path with every id as `{id}` and every token as
    /// `{token}`: `PATCH /channels/{id}/messages/{id}`, for counting calls by kind.
    pub fn route(&self) -> String {
        let segments: Vec<&str> = self.path.trim_start_matches('/').split('/').collect();
        // `/interactions/{id}/{token}/…` and `/webhooks/{app}/{token}/…`.
        let tokened = matches!(segments.first(), Some(&"interactions" | &"webhooks"));
        let route: Vec<&str> = segments
            .iter()
            .enumerate()
            .map(|(i, s)| {
                if tokened && i == 2 {
                    "{token}"
                } else if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) {
                    "{id}"
                } else if i > 0 && segments[i - 1] == "reactions" {
                    "{emoji}"
                } else {
                    s
                }
            })
            .collect();
        format!("{} /{}", self.method, route.join("/"))
    }

    pub fn png(&self) -> Option<&[u8]> {
        self.files
            .iter()
            .find(|(_, name, _)| name.ends_with(".png"))
            .map(|(_, _, b)| b.as_slice())
    }
}

/// The custom ids of a message's buttons.
pub fn buttons_of(message: &Value) -> Vec<String> {
    message["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .filter_map(|b| b["custom_id"].as_str().map(str::to_owned))
        .collect()
}

enum Gateway {
    Send(Value),
    Drop,
}

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

/// The shard an event goes to: its server's, `(guild_id >> 22) % total`, or 0 for none.
pub fn shard_of(data: &Value, total: u32) -> u32 {
    data["guild_id"]
        .as_str()
        .and_then(|g| g.parse::<u64>().ok())
        .map_or(0, |g| ((g >> 22) % u64::from(total.max(1))) as u32)
}

/// Discord's epoch, 2015-01-01, in milliseconds since 1970.
pub const DISCORD_EPOCH_MS: u64 = 1_420_070_400_000;

/// The snowflake of `at` with `low` in its low 22 bits.
pub fn snowflake(at: SystemTime, low: u64) -> u64 {
    let ms = at
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
        .saturating_sub(DISCORD_EPOCH_MS);
    (ms << 22) | (low & 0x3F_FFFF)
}

/// When a snowflake was made.
pub fn snowflake_time(id: u64) -> SystemTime {
    UNIX_EPOCH + Duration::from_millis((id >> 22) + DISCORD_EPOCH_MS)
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

    /// Sends an event on the gateway (or keeps it for the next RESUME if the bot is away), on
    /// the shard of its server as Discord routes it (`(guild_id >> 22) % shard_total`); an
    /// event of no server (a direct message) goes to shard 0.
    pub fn dispatch(&self, kind: &str, data: Value) {
        let mut s = self.state.lock().unwrap();
        let shard = shard_of(&data, s.shard_total);
        let events = s.events.entry(shard).or_default();
        let seq = events.len() as u64 + 1;
        let frame = json!({"op": 0, "t": kind, "s": seq, "d": data});
        events.push((seq, frame.clone()));
        if let Some(g) = s.gateways.get(&shard) {
            let _ = g.send(Gateway::Send(frame));
        }
    }

    /// Cuts every gateway connection without a close frame, as a network failure would.
    pub fn drop_gateway(&self) {
        let mut s = self.state.lock().unwrap();
        for (_, g) in s.gateways.drain() {
            let _ = g.send(Gateway::Drop);
        }
        drop(s);
        self.changed.notify_waiters();
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

    async fn serve_gateway(&self, stream: TcpStream) {
        let Ok(mut socket) = tokio_tungstenite::accept_async(stream).await else {
            return;
        };
        let (tx, mut rx) = mpsc::unbounded_channel();
        let hello = json!({"op": 10, "d": {"heartbeat_interval": 41250}});
        if socket.send(Frame::text(hello.to_string())).await.is_err() {
            return;
        }
        loop {
            tokio::select! {
                frame = socket.next() => {
                    let Some(Ok(frame)) = frame else { break };
                    let Frame::Text(text) = frame else { continue };
                    let Ok(v) = serde_json::from_str::<Value>(&text) else { continue };
                    let replies = self.gateway_op(&v, &tx);
                    for r in replies {
                        if socket.send(Frame::text(r.to_string())).await.is_err() {
                            return;
                        }
                    }
                }
                cmd = rx.recv() => match cmd {
                    Some(Gateway::Send(v)) => {
                        if socket.send(Frame::text(v.to_string())).await.is_err() {
                            break;
                        }
                    }
                    Some(Gateway::Drop) | None => {
                        // No close frame: the TCP connection just ends.
                        drop(socket);
                        return;
                    }
                }
            }
        }
    }

    /// Answers one client frame; registers the connection once it identified or resumed.
    fn gateway_op(&self, v: &Value, tx: &mpsc::UnboundedSender<Gateway>) -> Vec<Value> {
        let mut s = self.state.lock().unwrap();
        let out = match v["op"].as_u64() {
            Some(1) => vec![json!({"op": 11})],
            Some(2) => {
                s.identifies += 1;
                let shard = v["d"]["shard"][0].as_u64().unwrap_or(0) as u32;
                let total = v["d"]["shard"][1].as_u64().unwrap_or(1).max(1) as u32;
                s.shard_total = total;
                s.identified.push([shard, total]);
                // A new session: earlier events are not replayed.
                let events = s.events.entry(shard).or_default();
                let seq = events.len() as u64 + 1;
                let session = format!("session-{}-{shard}", s.identifies);
                let ready = json!({"op": 0, "t": "READY", "s": seq, "d": {
                    "v": 10, "user": user_json(BOT_ID, "agora", true), "guilds": [],
                    "session_id": session,
                    "resume_gateway_url": self.gateway_url(),
                    "shard": [shard, total],
                    "application": {"id": APP_ID.to_string(), "flags": 0},
                }});
                s.events
                    .entry(shard)
                    .or_default()
                    .push((seq, ready.clone()));
                s.gateways.insert(shard, tx.clone());
                vec![ready]
            }
            Some(6) => {
                s.resumes += 1;
                // The session names its shard: `session-<n>-<shard>`.
                let shard = v["d"]["session_id"]
                    .as_str()
                    .and_then(|id| id.rsplit('-').next())
                    .and_then(|n| n.parse::<u32>().ok())
                    .unwrap_or(0);
                let after = v["d"]["seq"].as_u64().unwrap_or(0);
                let events = s.events.entry(shard).or_default();
                let mut out: Vec<Value> = events
                    .iter()
                    .filter(|(seq, _)| *seq > after)
                    .map(|(_, e)| e.clone())
                    .collect();
                let seq = events.len() as u64 + 1;
                let resumed = json!({"op": 0, "t": "RESUMED", "s": seq, "d": {}});
                events.push((seq, resumed.clone()));
                out.push(resumed);
                s.gateways.insert(shard, tx.clone());
                out
            }
            _ => Vec::new(),
        };
        drop(s);
        self.changed.notify_waiters();
        out
    }

    async fn serve_http(&self, stream: TcpStream) {
        let mut stream = BufReader::new(stream);
        loop {
            let mut line = String::new();
            match stream.read_line(&mut line).await {
                Ok(0) | Err(_) => return,
                Ok(_) => {}
            }
            let mut parts = line.split_whitespace();
            let (Some(method), Some(target)) = (parts.next(), parts.next()) else {
                return;
            };
            let (method, target) = (method.to_owned(), target.to_owned());
            let mut headers = HashMap::new();
            loop {
                let mut h = String::new();
                if stream.read_line(&mut h).await.unwrap_or(0) == 0 {
                    return;
                }
                let h = h.trim_end();
                if h.is_empty() {
                    break;
                }
                if let Some((k, v)) = h.split_once(':') {
                    headers.insert(k.trim().to_ascii_lowercase(), v.trim().to_owned());
                }
            }
            let mut body = Vec::new();
            if let Some(n) = headers
                .get("content-length")
                .and_then(|n| n.parse::<usize>().ok())
            {
                body.resize(n, 0);
                if stream.read_exact(&mut body).await.is_err() {
                    return;
                }
            } else if headers
                .get("transfer-encoding")
                .is_some_and(|t| t.contains("chunked"))
            {
                loop {
                    let mut size = String::new();
                    stream.read_line(&mut size).await.unwrap_or(0);
                    let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
                    let mut chunk = vec![0; n + 2];
                    if stream.read_exact(&mut chunk).await.is_err() {
                        return;
                    }
                    if n == 0 {
                        break;
                    }
                    body.extend_from_slice(&chunk[..n]);
                }
            }
            let (path, query) = target.split_once('?').unwrap_or((&target, ""));
            let (path, query) = (path.to_owned(), query.to_owned());
            let path = path.strip_prefix("/api/v10").unwrap_or(&path).to_owned();
            let (json, files) = decode(headers.get("content-type"), &body);
            let mut call = Call {
                method,
                path,
                query,
                json,
                files,
                response: Value::Null,
            };
            self.hold_if_stalled(&call).await;
            let (status, answer) = self.answer(&call);
            call.response = answer.clone().unwrap_or(Value::Null);
            {
                self.state.lock().unwrap().calls.push(call);
            }
            self.changed.notify_waiters();
            let body = match &answer {
                Some(v) => v.to_string(),
                None => String::new(),
            };
            let head = format!(
                "HTTP/1.1 {status} {}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n",
                if status < 300 { "OK" } else { "Error" },
                body.len()
            );
            // One write for the whole answer: written as two, the second would wait for the
            // client's delayed acknowledgement of the first (Nagle), up to 40 ms a call, a stall
            // Discord's own servers do not make.
            let answer = [head.as_bytes(), body.as_bytes()].concat();
            if stream.get_mut().write_all(&answer).await.is_err() {
                return;
            }
        }
    }

    /// Waits while the channel a call posts to is stalled.
    async fn hold_if_stalled(&self, call: &Call) {
        let Some(channel) = posted_channel(call) else {
            return;
        };
        let mut counted = false;
        loop {
            let changed = self.changed.notified();
            let newly_held = {
                let mut s = self.state.lock().unwrap();
                if !s.stalled.contains(&channel) {
                    if counted {
                        s.held -= 1;
                    }
                    return;
                }
                let newly = !counted;
                if newly {
                    s.held += 1;
                    counted = true;
                }
                newly
            };
            // Only a change wakes anyone: two held calls must not wake each other for ever.
            if newly_held {
                self.changed.notify_waiters();
            }
            changed.await;
        }
    }

    /// The status and body Discord would answer a call with.
    fn answer(&self, call: &Call) -> (u16, Option<Value>) {
        if let Some(channel) = posted_channel(call)
            && let Some((status, code, message)) =
                self.state.lock().unwrap().failing.get(&channel).cloned()
        {
            return (status, Some(json!({"code": code, "message": message})));
        }
        let seg: Vec<&str> = call.path.trim_start_matches('/').split('/').collect();
        let gateway = json!({
            "url": self.gateway_url(), "shards": 1,
            "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1},
        });
        match (call.method.as_str(), seg.as_slice()) {
            ("GET", ["gateway"]) | ("GET", ["gateway", "bot"]) => (200, Some(gateway)),
            ("GET", ["users", "@me"]) => (200, Some(user_json(BOT_ID, "agora", true))),
            ("GET", ["oauth2", "applications", "@me"]) => (
                200,
                Some(json!({
                    "id": APP_ID.to_string(), "name": "Agora", "icon": null, "description": "",
                    "bot_public": true, "bot_require_code_grant": false, "verify_key": "",
                    "owner": user_json(1, "owner", false), "flags": 0,
                })),
            ),
            ("PUT", ["applications", _, "commands"])
            | ("PUT", ["applications", _, "guilds", _, "commands"]) => {
                let registered: Vec<Value> = call
                    .json
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|c| {
                        let mut c = c.clone();
                        c["id"] = json!(self.id().to_string());
                        c["application_id"] = json!(APP_ID.to_string());
                        c["version"] = json!("1");
                        c["default_member_permissions"] = Value::Null;
                        c["type"] = json!(1);
                        c
                    })
                    .collect();
                (200, Some(Value::Array(registered)))
            }
            ("POST", ["interactions", _, _, "callback"]) => (204, None),
            ("POST", ["webhooks", _, token]) => {
                let channel = format!("webhook-{token}");
                (200, Some(self.store_message(&channel, &call.json)))
            }
            ("GET" | "PATCH", ["webhooks", _, token, "messages", _]) => {
                let channel = format!("webhook-{token}");
                (200, Some(self.store_message(&channel, &call.json)))
            }
            ("POST", ["channels", channel, "messages"]) => {
                let nonce = call.json["nonce"].as_str().map(str::to_owned);
                let enforce = call.json["enforce_nonce"].as_bool().unwrap_or(false);
                if let (Some(n), true) = (&nonce, enforce) {
                    let key = ((*channel).to_owned(), n.clone());
                    if let Some(m) = self.state.lock().unwrap().nonces.get(&key) {
                        return (200, Some(m.clone()));
                    }
                }
                let m = self.store_message(channel, &call.json);
                if let (Some(n), true) = (nonce, enforce) {
                    self.state
                        .lock()
                        .unwrap()
                        .nonces
                        .insert(((*channel).to_owned(), n), m.clone());
                }
                (200, Some(m))
            }
            ("PATCH", ["channels", channel, "messages", id]) => {
                let mut state = self.state.lock().unwrap();
                let Some(m) = state
                    .messages
                    .get_mut(*id)
                    .filter(|m| m["channel_id"] == *channel)
                else {
                    return (
                        404,
                        Some(json!({"code": 10008, "message": "Unknown Message"})),
                    );
                };
                for key in ["content", "embeds", "components"] {
                    if let Some(v) = call.json.get(key) {
                        m[key] = v.clone();
                    }
                }
                m["edited_timestamp"] = json!(timestamp(self.id()));
                m["edits"] = json!(m["edits"].as_u64().unwrap_or(0) + 1);
                (200, Some(m.clone()))
            }
            ("PUT", ["channels", channel, "pins", id]) => {
                let mut state = self.state.lock().unwrap();
                match state
                    .messages
                    .get_mut(*id)
                    .filter(|m| m["channel_id"] == *channel)
                {
                    Some(m) => {
                        m["pinned"] = json!(true);
                        (204, None)
                    }
                    None => (
                        404,
                        Some(json!({"code": 10008, "message": "Unknown Message"})),
                    ),
                }
            }
            (
                "PUT",
                [
                    "channels",
                    channel,
                    "messages",
                    id,
                    "reactions",
                    emoji,
                    "@me",
                ],
            ) => {
                let emoji = percent_decode(emoji);
                let mut state = self.state.lock().unwrap();
                match state
                    .messages
                    .get_mut(*id)
                    .filter(|m| m["channel_id"] == *channel)
                {
                    Some(m) => {
                        let mut reactions =
                            m["bot_reactions"].as_array().cloned().unwrap_or_default();
                        reactions.push(json!(emoji));
                        m["bot_reactions"] = Value::Array(reactions);
                        (204, None)
                    }
                    None => (
                        404,
                        Some(json!({"code": 10008, "message": "Unknown Message"})),
                    ),
                }
            }
            // Members are added to a private thread one by one; the call is what tests look at.
            ("PUT", ["channels", _, "thread-members", _]) => (204, None),
            ("POST", ["channels", parent, "threads"]) => {
                let id = self.id();
                // A public thread (11) unless a private one (12) was asked for.
                let kind = call.json["type"].as_u64().unwrap_or(11);
                (
                    200,
                    Some(json!({
                        "id": id.to_string(), "type": kind, "guild_id": GUILD_ID.to_string(),
                        "parent_id": parent, "name": call.json["name"], "owner_id": BOT_ID.to_string(),
                        "thread_metadata": {"archived": false, "auto_archive_duration": 10080,
                            "archive_timestamp": "2026-11-29T20:00:00.000000+00:00", "locked": false},
                    })),
                )
            }
            ("POST", ["users", "@me", "channels"]) => {
                // One DM channel per user, with an id derived from the user's.
                let user: u64 = call.json["recipient_id"]
                    .as_str()
                    .and_then(|s| s.parse().ok())
                    .or_else(|| call.json["recipient_id"].as_u64())
                    .unwrap_or(0);
                (
                    200,
                    Some(json!({
                        "id": dm_channel(user).to_string(), "type": 1, "last_message_id": null,
                        "recipients": [user_json(user, "player", false)],
                    })),
                )
            }
            ("GET", ["channels", channel, "messages"]) => {
                let param = |key: &str| {
                    call.query.split('&').find_map(|kv| {
                        kv.strip_prefix(key)
                            .and_then(|v| v.strip_prefix('='))
                            .and_then(|v| v.parse::<u64>().ok())
                    })
                };
                let (after, limit) = (param("after").unwrap_or(0), param("limit").unwrap_or(50));
                let id = |m: &Value| m["id"].as_str().and_then(|i| i.parse::<u64>().ok());
                let channel: u64 = channel.parse().unwrap_or(0);
                let mut page: Vec<Value> = self
                    .messages_in(channel)
                    .into_iter()
                    .filter(|m| id(m).is_some_and(|i| i > after))
                    .take(limit as usize)
                    .collect();
                page.reverse();
                (200, Some(Value::Array(page)))
            }
            ("GET", ["channels", id]) => (
                200,
                Some(json!({
                    "id": id, "type": 0, "guild_id": GUILD_ID.to_string(), "name": "lobby",
                })),
            ),
            _ => (200, Some(json!({}))),
        }
    }

    fn store_message(&self, channel: &str, body: &Value) -> Value {
        let id = self.id();
        let mut m = self.message_json(
            id,
            0,
            None,
            &user_json(BOT_ID, "agora", true),
            body["content"].as_str().unwrap_or(""),
        );
        m["channel_id"] = json!(channel);
        if let Some(e) = body.get("embeds") {
            m["embeds"] = e.clone();
        }
        if let Some(c) = body.get("components") {
            m["components"] = c.clone();
        }
        if let Some(n) = body.get("nonce") {
            m["nonce"] = n.clone();
        }
        self.state
            .lock()
            .unwrap()
            .messages
            .insert(id.to_string(), m.clone());
        m
    }
}

/// A path segment with its `%XX` escapes decoded (an emoji in a reaction's path).
fn percent_decode(segment: &str) -> String {
    let bytes = segment.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && i + 2 < bytes.len()
            && let Ok(b) = u8::from_str_radix(&segment[i + 1..i + 3], 16)
        {
            out.push(b);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The RFC 3339 time of a snowflake, as in a message's `timestamp`.
pub fn timestamp(id: u64) -> String {
    let ms = (id >> 22) + DISCORD_EPOCH_MS;
    chrono::DateTime::from_timestamp_millis(ms as i64)
        .unwrap_or_default()
        .format("%Y-%m-%dT%H:%M:%S%.6f+00:00")
        .to_string()
}

/// The id the double gives the DM channel with a user.
pub fn dm_channel(user: u64) -> u64 {
    user + 7
}

/// The channel a call posts a message to, if it does.
fn posted_channel(call: &Call) -> Option<String> {
    let seg: Vec<&str> = call.path.trim_start_matches('/').split('/').collect();
    match (call.method.as_str(), seg.as_slice()) {
        ("POST", ["channels", channel, "messages"])
        | ("PATCH", ["channels", channel, "messages", _]) => Some((*channel).to_owned()),
        _ => None,
    }
}

/// The JSON of a body, or of a multipart body's `payload_json`, and its files.
fn decode(content_type: Option<&String>, body: &[u8]) -> (Value, Vec<(String, String, Vec<u8>)>) {
    let Some(ct) = content_type else {
        return (
            serde_json::from_slice(body).unwrap_or(Value::Null),
            Vec::new(),
        );
    };
    let Some(boundary) = ct
        .split("boundary=")
        .nth(1)
        .filter(|_| ct.starts_with("multipart/"))
    else {
        return (
            serde_json::from_slice(body).unwrap_or(Value::Null),
            Vec::new(),
        );
    };
    let boundary = format!("--{}", boundary.trim_matches('"'));
    let mut json = Value::Null;
    let mut files = Vec::new();
    for part in split(body, boundary.as_bytes()).into_iter().skip(1) {
        let Some(end) = find(part, b"\r\n\r\n") else {
            continue;
        };
        let head = String::from_utf8_lossy(&part[..end]).to_string();
        let mut data = &part[end + 4..];
        if data.ends_with(b"\r\n") {
            data = &data[..data.len() - 2];
        }
        let attr = |key: &str| {
            head.split(';')
                .map(str::trim)
                .find_map(|kv| kv.strip_prefix(&format!("{key}=")))
                .map(|v| {
                    v.split("\r\n")
                        .next()
                        .unwrap_or(v)
                        .trim_matches('"')
                        .to_owned()
                })
        };
        let name = attr("name").unwrap_or_default();
        if name == "payload_json" {
            json = serde_json::from_slice(data).unwrap_or(Value::Null);
        } else {
            files.push((name, attr("filename").unwrap_or_default(), data.to_vec()));
        }
    }
    (json, files)
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

fn split<'a>(mut body: &'a [u8], sep: &[u8]) -> Vec<&'a [u8]> {
    let mut out = Vec::new();
    while let Some(i) = find(body, sep) {
        out.push(&body[..i]);
        body = &body[i + sep.len()..];
    }
    out.push(body);
    out
}
