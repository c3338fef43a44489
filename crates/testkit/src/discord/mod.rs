//! What the Discord end-to-end tests share: the double, an Agora (service + Discord front end) on
//! a real SQLite file that can be stopped and started again, and Discord users who type slash
//! commands, pick from autocomplete, click buttons and write in threads, as the gateway delivers
//! them.

#![allow(dead_code)]

pub mod double;

use agora_discord::{DiscordFrontEnd, DiscordSettings};
use agora_service::{FrontEnd, Service, Settings, Store, StoreOptions, Templates};
use double::{Call, Double, GUILD_ID};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

pub use crate::short_game;

/// The website's public address in the tests.
pub const SITE: &str = "https://agora.example.test";

pub fn temp_db(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("agora-discord-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("agora.db")
}

pub async fn service(db: &Path) -> Arc<Service> {
    let store = Store::open(db, &StoreOptions::default()).await.unwrap();
    Arc::new(Service::new(
        store,
        Templates::load(None).unwrap(),
        Settings {
            seed: Some(7),
            // The website runs: game mails and posts link to each game's page.
            site_url: Some(SITE.to_owned()),
            ..Settings::default()
        },
    ))
}

/// A running Agora with its Discord front end, connected to the double.
pub struct Agora {
    pub db: PathBuf,
    pub service: Arc<Service>,
    /// The front end's name in the lease on delivering the outbox.
    pub holder: String,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    task: Option<tokio::task::JoinHandle<()>>,
}

pub fn settings(double: &Double) -> DiscordSettings {
    DiscordSettings {
        token: "test-token".into(),
        api_base: Some(double.base()),
        png_size: 160,
        outbox_poll: Duration::from_millis(300),
        rest_timeout: Duration::from_secs(10),
        ..DiscordSettings::default()
    }
}

impl Agora {
    /// Starts on `db` and waits until the bot is connected and its commands are registered.
    pub async fn start(db: &Path, double: &Double) -> Agora {
        Agora::start_with(db, double, settings(double)).await
    }

    /// [`Agora::start`] with other settings.
    pub async fn start_with(db: &Path, double: &Double, settings: DiscordSettings) -> Agora {
        let service = service(db).await;
        let front = DiscordFrontEnd::new(service.clone(), settings);
        let holder = front.holder().to_owned();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let identifies = double.identifies();
        let registered = registrations(double);
        let task = tokio::spawn(async move {
            front
                .run(async {
                    let _ = stopped.await;
                })
                .await
                .unwrap();
        });
        double
            .wait_until("the bot to identify", |d| d.identifies() > identifies)
            .await;
        double
            .wait_for("the commands to be registered", |calls| {
                (registrations_in(calls) > registered).then_some(())
            })
            .await;
        // The health check sees the gateway connected: every shard of this process (serenity
        // starts one every five seconds).
        let mut health = service.health().await;
        for _ in 0..400 {
            if health.is_healthy() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
            health = service.health().await;
        }
        assert_eq!(health.front_ends, [(FrontEnd::Discord, true)], "{health:?}");
        Agora {
            db: db.to_owned(),
            service,
            holder,
            stop: Some(stop),
            task: Some(task),
        }
    }

    pub async fn stop(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(task) = self.task.take() {
            task.await.unwrap();
        }
        self.service.store().close().await;
    }

    pub async fn restart(self, double: &Double) -> Agora {
        let db = self.db.clone();
        self.stop().await;
        Agora::start(&db, double).await
    }
}

fn registrations_in(calls: &[Call]) -> usize {
    calls
        .iter()
        .filter(|c| c.method == "PUT" && c.path.ends_with("/commands"))
        .count()
}

fn registrations(double: &Double) -> usize {
    registrations_in(&double.calls())
}

/// The slash commands as the bot registered them last.
pub fn registered(double: &Double) -> Vec<Value> {
    double
        .calls()
        .iter()
        .rev()
        .find(|c| c.method == "PUT" && c.path.ends_with("/commands"))
        .and_then(|c| c.json.as_array().cloned())
        .expect("commands registered")
}

/// A person on Discord.
#[derive(Debug, Clone)]
pub struct User {
    pub id: u64,
    pub name: &'static str,
}

impl User {
    pub fn json(&self) -> Value {
        double::user_json(self.id, self.name, false)
    }

    pub fn mention(&self) -> String {
        format!("<@{}>", self.id)
    }
}

/// Where something is typed: a channel of the test server, or a direct message.
#[derive(Debug, Clone, Copy)]
pub struct Place {
    pub channel: u64,
    pub guild: Option<u64>,
}

pub fn in_server(channel: u64) -> Place {
    Place {
        channel,
        guild: Some(GUILD_ID),
    }
}

/// An option value of a slash command as Discord sends it: a choice becomes its registered
/// integer, a user option its id (with the user in `resolved`).
#[derive(Debug, Clone)]
pub enum Opt {
    Text(&'static str, String),
    Int(&'static str, i64),
    Choice(&'static str, &'static str),
    User(&'static str, User),
}

fn options_json(
    double: &Double,
    command: &str,
    opts: &[Opt],
    focused: Option<&str>,
) -> (Value, Value) {
    let spec = registered(double)
        .into_iter()
        .find(|c| c["name"] == command)
        .unwrap_or_else(|| panic!("/{command} is not registered"));
    let mut users = serde_json::Map::new();
    let options: Vec<Value> = opts
        .iter()
        .map(|o| match o {
            Opt::Text(n, v) => {
                let mut j = json!({"name": n, "type": 3, "value": v});
                if focused == Some(*n) {
                    j["focused"] = json!(true);
                }
                j
            }
            Opt::Int(n, v) => json!({"name": n, "type": 4, "value": v}),
            Opt::Choice(n, word) => {
                let option = spec["options"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|o| o["name"] == *n)
                    .unwrap_or_else(|| panic!("/{command} has no option {n}"));
                let value = option["choices"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|c| c["name"] == *word)
                    .unwrap_or_else(|| panic!("{n} has no choice {word}"))["value"]
                    .clone();
                json!({"name": n, "type": 4, "value": value})
            }
            Opt::User(n, u) => {
                users.insert(u.id.to_string(), u.json());
                json!({"name": n, "type": 6, "value": u.id.to_string()})
            }
        })
        .collect();
    (Value::Array(options), json!({"users": users}))
}

/// The client locale each user's interactions carry (`en-US` unless set).
static LOCALES: std::sync::Mutex<Vec<(u64, &'static str)>> = std::sync::Mutex::new(Vec::new());

/// Makes `user`'s Discord client speak `locale` (`nl`, `sv-SE`, …) from now on.
pub fn set_locale(user: &User, locale: &'static str) {
    let mut locales = LOCALES.lock().unwrap();
    locales.retain(|(id, _)| *id != user.id);
    locales.push((user.id, locale));
}

fn locale_of(user: &User) -> &'static str {
    LOCALES
        .lock()
        .unwrap()
        .iter()
        .find(|(id, _)| *id == user.id)
        .map_or("en-US", |(_, l)| *l)
}

pub fn interaction(kind: u8, user: &User, place: Place, data: Value, id: u64) -> Value {
    let mut i = json!({
        "id": id.to_string(), "application_id": double::APP_ID.to_string(), "type": kind,
        "token": format!("token-{id}"), "version": 1, "locale": locale_of(user), "entitlements": [],
        "attachment_size_limit": 10_485_760, "channel_id": place.channel.to_string(),
        "user": user.json(), "data": data,
    });
    if let Some(g) = place.guild {
        i["guild_id"] = json!(g.to_string());
    }
    i
}

/// Types a slash command; returns the interaction id.
pub fn slash(double: &Double, user: &User, place: Place, command: &str, opts: &[Opt]) -> u64 {
    let id = double.id();
    slash_with_id(double, user, place, command, opts, id);
    id
}

/// Types a slash command with a given interaction id (to replay one).
pub fn slash_with_id(
    double: &Double,
    user: &User,
    place: Place,
    command: &str,
    opts: &[Opt],
    id: u64,
) {
    let (options, resolved) = options_json(double, command, opts, None);
    let data = json!({
        "id": "1", "name": command, "type": 1, "options": options, "resolved": resolved,
    });
    double.dispatch("INTERACTION_CREATE", interaction(2, user, place, data, id));
}

/// Runs a slash command and returns the bot's answer to it.
pub async fn run(double: &Double, user: &User, place: Place, command: &str, opts: &[Opt]) -> Call {
    let id = slash(double, user, place, command, opts);
    double.response(id).await
}

/// Types into `/move`'s action and returns the suggestions offered.
pub async fn suggestions(double: &Double, user: &User, place: Place, typed: &str) -> Vec<String> {
    let id = double.id();
    let (options, resolved) = options_json(
        double,
        "move",
        &[Opt::Text("action", typed.into())],
        Some("action"),
    );
    let data = json!({
        "id": "1", "name": "move", "type": 1, "options": options, "resolved": resolved,
    });
    double.dispatch("INTERACTION_CREATE", interaction(4, user, place, data, id));
    let answer = double.response(id).await;
    assert_eq!(answer.json["type"], 8, "an autocomplete result");
    answer.json["data"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["value"].as_str().unwrap().to_owned())
        .collect()
}

/// Clicks a button of a message the bot posted; returns the bot's answer.
pub async fn click(
    double: &Double,
    user: &User,
    place: Place,
    message: &Value,
    custom_id: &str,
) -> Call {
    let id = double.id();
    let data = json!({"custom_id": custom_id, "component_type": 2});
    let mut i = interaction(3, user, place, data, id);
    i["message"] = message.clone();
    double.dispatch("INTERACTION_CREATE", i);
    double.response(id).await
}

/// The message the bot posted in `channel` that mentions `user`, after `after` calls.
pub async fn mention_in(double: &Double, channel: u64, user: &User, after: usize) -> Call {
    let path = format!("/channels/{channel}/messages");
    let mention = user.mention();
    double
        .wait_for(
            &format!("a message for {} in {channel}", user.name),
            |calls| {
                calls
                    .iter()
                    .skip(after)
                    .find(|c| {
                        c.method == "POST"
                            && c.path == path
                            && c.json["content"].as_str().unwrap_or("").contains(&mention)
                    })
                    .cloned()
            },
        )
        .await
}

/// The thread the bot opened from the lobby for the next game, after `after` calls.
pub async fn new_thread(double: &Double, after: usize) -> Place {
    let path = format!("/channels/{}/threads", double::LOBBY);
    let created = double
        .wait_for("a game thread", |calls| {
            calls
                .iter()
                .skip(after)
                .find(|c| c.method == "POST" && c.path == path)
                .cloned()
        })
        .await;
    in_server(created.response["id"].as_str().unwrap().parse().unwrap())
}

/// Writes a message in a channel; returns its id.
pub fn say(double: &Double, user: &User, place: Place, text: &str) -> u64 {
    let id = double.id();
    let m = double.message_json(id, place.channel, place.guild, &user.json(), text);
    double.remember(&m);
    double.dispatch("MESSAGE_CREATE", m);
    id
}

/// The bot's reply to a message (a channel message referencing it).
pub async fn reply_to(double: &Double, message: u64) -> Call {
    let id = Value::String(message.to_string());
    double
        .wait_for(&format!("the reply to message {message}"), |calls| {
            calls
                .iter()
                .find(|c| {
                    c.method == "POST"
                        && c.path.ends_with("/messages")
                        && c.json["message_reference"]["message_id"] == id
                })
                .cloned()
        })
        .await
}

/// Runs raw SQL on the database file beside Agora's own connections, as an operator or a fault
/// would (a corrupt row, a crash's leftovers); returns the rows changed.
pub async fn sql(db: &Path, statement: &str) -> u64 {
    use sqlx::Connection;
    let mut conn = sqlx::SqliteConnection::connect(&format!("sqlite://{}", db.display()))
        .await
        .unwrap();
    let done = sqlx::query(sqlx::AssertSqlSafe(statement.to_owned()))
        .execute(&mut conn)
        .await
        .unwrap();
    conn.close().await.unwrap();
    done.rows_affected()
}

/// One integer read with raw SQL (`None` for no row or NULL).
pub async fn sql_int(db: &Path, query: &str) -> Option<i64> {
    use sqlx::Connection;
    let mut conn = sqlx::SqliteConnection::connect(&format!("sqlite://{}", db.display()))
        .await
        .unwrap();
    let found: Option<Option<i64>> = sqlx::query_scalar(sqlx::AssertSqlSafe(query.to_owned()))
        .fetch_optional(&mut conn)
        .await
        .unwrap();
    conn.close().await.unwrap();
    found.flatten()
}

/// One text read with raw SQL (`None` for no row or NULL).
pub async fn sql_text(db: &Path, query: &str) -> Option<String> {
    use sqlx::Connection;
    let mut conn = sqlx::SqliteConnection::connect(&format!("sqlite://{}", db.display()))
        .await
        .unwrap();
    let found: Option<Option<String>> = sqlx::query_scalar(sqlx::AssertSqlSafe(query.to_owned()))
        .fetch_optional(&mut conn)
        .await
        .unwrap();
    conn.close().await.unwrap();
    found.flatten()
}

/// Waits until `probe` gives something (polling: the database has no notification to wait on).
pub async fn eventually<T, F: std::future::Future<Output = Option<T>>>(
    what: &str,
    mut probe: impl FnMut() -> F,
) -> T {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    loop {
        if let Some(t) = probe().await {
            return t;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "timed out waiting for {what}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The outbox row whose marker ends the footer of a message the bot posted.
pub fn row_of(message: &Value) -> Option<i64> {
    message["embeds"]
        .as_array()?
        .iter()
        .filter_map(|e| e["footer"]["text"].as_str())
        .find_map(|f| f.rsplit(" · ").next()?.strip_prefix('n')?.parse().ok())
}

/// Chooses `value` in a select menu of a message the bot sent; returns the bot's answer.
pub async fn choose(
    double: &Double,
    user: &User,
    place: Place,
    message: &Value,
    custom_id: &str,
    value: &str,
) -> Call {
    let id = double.id();
    let data = json!({"custom_id": custom_id, "component_type": 3, "values": [value]});
    let mut i = interaction(3, user, place, data, id);
    i["message"] = message.clone();
    double.dispatch("INTERACTION_CREATE", i);
    double.response(id).await
}

/// The message an interaction's answer showed only to its user, as Discord hands it back when
/// one of its components is used.
pub fn ephemeral_message(double: &Double, place: Place, answer: &Call) -> Value {
    let data = answer.message();
    let mut m = double.message_json(
        double.id(),
        place.channel,
        place.guild,
        &double::user_json(double::BOT_ID, "agora", true),
        data["content"].as_str().unwrap_or(""),
    );
    m["flags"] = json!(64);
    m["components"] = data["components"].clone();
    m["embeds"] = data["embeds"].clone();
    if m["embeds"].is_null() {
        m["embeds"] = json!([]);
    }
    if m["components"].is_null() {
        m["components"] = json!([]);
    }
    m
}

/// The select menus of a message a call sent: (custom id, option values).
pub fn menus(call: &Call) -> Vec<(String, Vec<String>)> {
    call.message()["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .filter(|c| c["type"] == 3)
        .map(|c| {
            let values = c["options"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|o| o["value"].as_str().map(str::to_owned))
                .collect();
            (c["custom_id"].as_str().unwrap_or("").to_owned(), values)
        })
        .collect()
}
