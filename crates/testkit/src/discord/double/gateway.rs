//! The double's gateway: a WebSocket per shard that says hello, answers heartbeats, IDENTIFY
//! (with READY) and RESUME (replaying what the client missed), and carries the events a test
//! dispatches, each with the sequence number of its shard.

use super::{APP_ID, BOT_ID, Double, user_json};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message as Frame;

/// What a test tells one gateway connection.
pub(super) enum Gateway {
    Send(Value),
    Drop,
}

/// The shard an event goes to: its server's, `(guild_id >> 22) % total`, or 0 for none.
pub fn shard_of(data: &Value, total: u32) -> u32 {
    data["guild_id"]
        .as_str()
        .and_then(|g| g.parse::<u64>().ok())
        .map_or(0, |g| ((g >> 22) % u64::from(total.max(1))) as u32)
}

impl Double {
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

    /// Serves one WebSocket connection of the bot until it ends or a test drops it.
    pub(super) async fn serve_gateway(&self, stream: TcpStream) {
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
}
