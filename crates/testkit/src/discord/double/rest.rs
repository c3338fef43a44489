//! The double's REST routes: what Discord would answer each call (messages with fresh ids and
//! honoured nonces, edits, pins, reactions, threads, DM channels, a page of a channel's messages),
//! and the faults a test put on the channels posted to (posts held, or answered with an error).

use super::{APP_ID, BOT_ID, Call, Double, GUILD_ID, timestamp, user_json};
use serde_json::{Value, json};

impl Double {
    /// Waits while the channel a call posts to is stalled.
    pub(super) async fn hold_if_stalled(&self, call: &Call) {
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
    pub(super) fn answer(&self, call: &Call) -> (u16, Option<Value>) {
        if let Some(channel) = posted_channel(call)
            && let Some((status, code, message)) =
                self.state.lock().unwrap().failing.get(&channel).cloned()
        {
            return (status, Some(json!({"code": code, "message": message})));
        }
        let seg: Vec<&str> = call.path.trim_start_matches('/').split('/').collect();
        match (call.method.as_str(), seg.as_slice()) {
            ("GET", ["gateway"]) | ("GET", ["gateway", "bot"]) => (200, Some(self.gateway_json())),
            ("GET", ["users", "@me"]) => (200, Some(user_json(BOT_ID, "agora", true))),
            ("GET", ["oauth2", "applications", "@me"]) => (200, Some(application_json())),
            ("PUT", ["applications", _, "commands"])
            | ("PUT", ["applications", _, "guilds", _, "commands"]) => {
                (200, Some(self.register_commands(&call.json)))
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
                (200, Some(self.post_message(channel, &call.json)))
            }
            ("PATCH", ["channels", channel, "messages", id]) => {
                self.edit_message(channel, id, &call.json)
            }
            ("PUT", ["channels", channel, "pins", id]) => self.pin(channel, id),
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
            ) => self.react(channel, id, &percent_decode(emoji)),
            // Members are added to a private thread one by one; the call is what tests look at.
            ("PUT", ["channels", _, "thread-members", _]) => (204, None),
            ("POST", ["channels", parent, "threads"]) => {
                (200, Some(self.new_thread(parent, &call.json)))
            }
            ("POST", ["users", "@me", "channels"]) => (200, Some(dm_channel_json(&call.json))),
            ("GET", ["channels", channel, "messages"]) => {
                (200, Some(self.page_of_messages(channel, &call.query)))
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

    /// Where the gateway is, as `GET /gateway/bot` tells it: one shard, sessions to spare.
    fn gateway_json(&self) -> Value {
        json!({
            "url": self.gateway_url(), "shards": 1,
            "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1},
        })
    }

    /// The slash commands the bot registers, each given an id as Discord does.
    fn register_commands(&self, commands: &Value) -> Value {
        let registered: Vec<Value> = commands
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
        Value::Array(registered)
    }

    /// Posts a message to a channel; with `enforce_nonce`, a nonce already posted with in the
    /// channel gets the message it was first posted with.
    fn post_message(&self, channel: &str, body: &Value) -> Value {
        let nonce = body["nonce"].as_str().map(str::to_owned);
        let enforce = body["enforce_nonce"].as_bool().unwrap_or(false);
        if let (Some(n), true) = (&nonce, enforce) {
            let key = (channel.to_owned(), n.clone());
            if let Some(m) = self.state.lock().unwrap().nonces.get(&key) {
                return m.clone();
            }
        }
        let m = self.store_message(channel, body);
        if let (Some(n), true) = (nonce, enforce) {
            self.state
                .lock()
                .unwrap()
                .nonces
                .insert((channel.to_owned(), n), m.clone());
        }
        m
    }

    /// Edits a message of the channel (its content, embeds and components), counting the edits.
    fn edit_message(&self, channel: &str, id: &str, body: &Value) -> (u16, Option<Value>) {
        let mut state = self.state.lock().unwrap();
        let Some(m) = state
            .messages
            .get_mut(id)
            .filter(|m| m["channel_id"] == channel)
        else {
            return unknown_message();
        };
        for key in ["content", "embeds", "components"] {
            if let Some(v) = body.get(key) {
                m[key] = v.clone();
            }
        }
        m["edited_timestamp"] = json!(timestamp(self.id()));
        m["edits"] = json!(m["edits"].as_u64().unwrap_or(0) + 1);
        (200, Some(m.clone()))
    }

    /// Pins a message of the channel.
    fn pin(&self, channel: &str, id: &str) -> (u16, Option<Value>) {
        let mut state = self.state.lock().unwrap();
        match state
            .messages
            .get_mut(id)
            .filter(|m| m["channel_id"] == channel)
        {
            Some(m) => {
                m["pinned"] = json!(true);
                (204, None)
            }
            None => unknown_message(),
        }
    }

    /// Puts the bot's reaction `emoji` (decoded from the path) on a message of the channel.
    fn react(&self, channel: &str, id: &str, emoji: &str) -> (u16, Option<Value>) {
        let mut state = self.state.lock().unwrap();
        match state
            .messages
            .get_mut(id)
            .filter(|m| m["channel_id"] == channel)
        {
            Some(m) => {
                let mut reactions = m["bot_reactions"].as_array().cloned().unwrap_or_default();
                reactions.push(json!(emoji));
                m["bot_reactions"] = Value::Array(reactions);
                (204, None)
            }
            None => unknown_message(),
        }
    }

    /// A new thread under `parent`.
    fn new_thread(&self, parent: &str, body: &Value) -> Value {
        let id = self.id();
        // A public thread (11) unless a private one (12) was asked for.
        let kind = body["type"].as_u64().unwrap_or(11);
        json!({
            "id": id.to_string(), "type": kind, "guild_id": GUILD_ID.to_string(),
            "parent_id": parent, "name": body["name"], "owner_id": BOT_ID.to_string(),
            "thread_metadata": {"archived": false, "auto_archive_duration": 10080,
                "archive_timestamp": "2026-11-29T20:00:00.000000+00:00", "locked": false},
        })
    }

    /// A page of a channel's messages, newest first: those after the query's `after`, at most
    /// its `limit` (50 unless given).
    fn page_of_messages(&self, channel: &str, query: &str) -> Value {
        let param = |key: &str| {
            query.split('&').find_map(|kv| {
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
        Value::Array(page)
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

/// Discord's answer about a message it does not know (or not in that channel).
fn unknown_message() -> (u16, Option<Value>) {
    (
        404,
        Some(json!({"code": 10008, "message": "Unknown Message"})),
    )
}

/// The bot's application, as `GET /oauth2/applications/@me` returns it.
fn application_json() -> Value {
    json!({
        "id": APP_ID.to_string(), "name": "Agora", "icon": null, "description": "",
        "bot_public": true, "bot_require_code_grant": false, "verify_key": "",
        "owner": user_json(1, "owner", false), "flags": 0,
    })
}

/// The DM channel with the user a call names: one per user, with an id derived from the user's.
fn dm_channel_json(body: &Value) -> Value {
    let user: u64 = body["recipient_id"]
        .as_str()
        .and_then(|s| s.parse().ok())
        .or_else(|| body["recipient_id"].as_u64())
        .unwrap_or(0);
    json!({
        "id": dm_channel(user).to_string(), "type": 1, "last_message_id": null,
        "recipients": [user_json(user, "player", false)],
    })
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
