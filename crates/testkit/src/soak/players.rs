//! The soak's players: people with a mailbox (writing to Agora over SMTP, reading over IMAP, both
//! straight to the servers) and Discord users (slash commands dispatched by the double). Each pair
//! challenges, accepts and plays game after game; every move is a random legal action of the
//! position read from the database, sent with its ply guard and logged as an [`Intent`]. A pair
//! that makes no moves leaves each game to its clock (see `clock.rs`).

use super::db::{Db, GameRow};
use crate::discord::double::{self, Double, GUILD_ID, LOBBY};
use crate::mail::{self as common, Received};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde_json::{Value, json};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A move a player sent: the action for the position after `ply` actions of `game`.
#[derive(Debug, Clone)]
pub struct Intent {
    pub game: i64,
    pub ply: i64,
    pub action: String,
    pub by: String,
    /// Times it was sent (a Discord command typed again after no answer).
    pub sends: u32,
    pub by_mail: bool,
    pub sent: Instant,
    /// How long after the first send its player saw it applied.
    pub applied_after: Option<Duration>,
}

/// A person with a mailbox.
pub struct MailUser {
    /// The mailbox's address.
    pub address: String,
    pub player: tokio::sync::Mutex<common::Player>,
    /// The mail about no game, whose Reply-To carries the player's own token.
    pub home: Received,
    /// Every mail received, in order.
    pub received: Mutex<Vec<Received>>,
    /// The latest mail about each game: a command in a game answers one of its mails.
    pub threads: Mutex<std::collections::HashMap<i64, Received>>,
}

impl MailUser {
    fn keep(&self, mails: Vec<Received>) {
        let mut threads = self.threads.lock().unwrap();
        for mail in &mails {
            if let Some(game) = game_of(&mail.subject) {
                threads.insert(game, mail.clone());
            }
        }
        self.received.lock().unwrap().extend(mails);
    }
}

/// The game a mail is about, from its subject (`[Agora #12] …`).
fn game_of(subject: &str) -> Option<i64> {
    let rest = &subject[subject.find("[Agora #")? + "[Agora #".len()..];
    rest[..rest.find(']')?].parse().ok()
}

pub enum Who {
    Mail(Arc<MailUser>),
    Discord(u64, Guild),
}

/// A Discord server and the channel in it where its people type their commands; Discord sends
/// its events to the shard `(id >> 22) % shard_total`.
#[derive(Debug, Clone, Copy)]
pub struct Guild {
    pub id: u64,
    pub channel: u64,
}

impl Guild {
    /// The double's server and its lobby.
    pub const HOME: Guild = Guild {
        id: GUILD_ID,
        channel: LOBBY,
    };

    /// The `k`-th server, on the shard after the `(k-1)`-th's; the 0th is [`Guild::HOME`].
    pub fn nth(k: u64) -> Guild {
        Guild {
            id: GUILD_ID + (k << 22),
            channel: LOBBY + k,
        }
    }
}

pub struct Person {
    pub name: String,
    pub who: Who,
}

impl Person {
    /// The identity the service knows the person by.
    pub fn identity(&self) -> String {
        match &self.who {
            Who::Mail(user) => format!("mailto:{}", user.address),
            Who::Discord(id, _) => format!("discord:{id}"),
        }
    }

    fn user_json(&self) -> Value {
        match &self.who {
            Who::Discord(id, _) => double::user_json(*id, &self.name, false),
            Who::Mail(_) => Value::Null,
        }
    }
}

/// What everyone shares: the double, the database and the log of moves.
pub struct Table {
    pub double: Double,
    pub db: Db,
    pub intents: Mutex<Vec<Intent>>,
    /// No new challenges or moves: only commands left unanswered are typed again.
    pub winding_down: AtomicBool,
    pub stopped: AtomicBool,
    /// Every slash command typed, by interaction id: who typed what.
    pub typed: Mutex<std::collections::HashMap<u64, String>>,
    /// How long a Discord command may go unanswered before it is typed again: an interaction
    /// sent while the bot (or the process running its server's shard) was down is lost, as on
    /// Discord.
    pub retype_after: Duration,
}

/// A command that waits for its effect.
struct Awaiting {
    what: String,
    sent: Instant,
    interaction: Option<u64>,
}

/// Two people who play each other, game after game.
pub struct Pair {
    pub a: Arc<Person>,
    pub b: Arc<Person>,
    /// Whether they move; a pair that does not challenges and accepts, and leaves each game to
    /// its clock.
    pub moves: bool,
}

/// Plays game after game between the pair until the table stops.
pub async fn play_pair(table: Arc<Table>, pair: Arc<Pair>, seed: u64) {
    let (a, b) = (&pair.a, &pair.b);
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut awaiting: Option<Awaiting> = None;
    while !table.stopped.load(Ordering::SeqCst) {
        tokio::time::sleep(Duration::from_millis(300)).await;
        let Ok(games) = table.db.games_between(&a.identity(), &b.identity()).await else {
            continue;
        };
        seen_applied(&table, &games);
        let current = games
            .last()
            .filter(|g| g.status == "proposed" || g.status == "active");
        let step = match current {
            // Agon and Agros in turn; the count of games tells a new challenge from one sent.
            None => Step::Challenge(games.len(), ["agon", "agros"][games.len() % 2]),
            Some(g) if g.status == "proposed" => Step::Accept(g.id),
            Some(_) if !pair.moves => continue,
            Some(g) => match next_move(&table, g, [a, b], &mut rng).await {
                Some(step) => step,
                None => continue,
            },
        };
        let key = step.key();
        let again = awaiting.as_ref().is_some_and(|w| w.what == key);
        if again && !retype(&table, awaiting.as_ref().unwrap()).await {
            continue;
        }
        if !again && table.winding_down.load(Ordering::SeqCst) {
            continue;
        }
        let Some(interaction) = send(&table, &step, a, b).await else {
            // The mail to answer has not arrived yet.
            continue;
        };
        awaiting = Some(Awaiting {
            what: key,
            sent: Instant::now(),
            interaction,
        });
    }
}

/// Notes when each move of these games was first seen applied.
fn seen_applied(table: &Table, games: &[GameRow]) {
    let mut intents = table.intents.lock().unwrap();
    for i in intents.iter_mut().filter(|i| i.applied_after.is_none()) {
        if games.iter().any(|g| g.id == i.game && g.ply > i.ply) {
            i.applied_after = Some(i.sent.elapsed());
        }
    }
}

/// Whether a command sent before is to be sent again: only on Discord, when it got no answer or
/// only the apology for a failure on Agora's side (which asks to try again later).
async fn retype(table: &Table, w: &Awaiting) -> bool {
    let Some(id) = w.interaction else {
        // A mail is never lost: it waits in the mailbox.
        return false;
    };
    w.sent.elapsed() > table.retype_after && answer(&table.double, id).await != Some(Answer::Done)
}

/// What the bot answered an interaction with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    Done,
    /// The apology for a failure on Agora's side.
    Apology,
}

/// The words of that apology (`templates/discord_apology.txt`).
pub const APOLOGY: &str = "something went wrong on Agora's side";

/// Whether a call of the bot answers `interaction`: its callback, or a follow-up or edit under its
/// token.
pub fn answers(call: &double::Call, interaction: u64) -> bool {
    let token = format!("token-{interaction}");
    call.path
        .starts_with(&format!("/interactions/{interaction}/"))
        || call.path.split('/').any(|part| part == token)
}

/// How the bot answered an interaction so far, if it did (without copying the double's record).
async fn answer(double: &Double, interaction: u64) -> Option<Answer> {
    let look = double.wait_for("an answer", |calls| {
        let mut calls = calls.iter().filter(|c| answers(c, interaction)).peekable();
        calls.peek()?;
        Some(if calls.any(|c| c.text().contains(APOLOGY)) {
            Answer::Apology
        } else {
            Answer::Done
        })
    });
    // The first poll looks at the record; a zero timeout ends the wait right after it.
    tokio::time::timeout(Duration::ZERO, look).await.ok()
}

enum Step<'a> {
    Challenge(usize, &'static str),
    Accept(i64),
    Move {
        game: i64,
        ply: i64,
        action: String,
        by: &'a Arc<Person>,
    },
}

impl Step<'_> {
    /// What identifies the command, to tell a new one from one sent before.
    fn key(&self) -> String {
        match self {
            Step::Challenge(n, v) => format!("challenge {n} {v}"),
            Step::Accept(g) => format!("accept #{g}"),
            Step::Move { game, ply, .. } => format!("move #{game} ply {ply}"),
        }
    }
}

/// The move to make in an active game: the logged one for this ply, or a new random legal one.
async fn next_move<'a>(
    table: &Table,
    game: &GameRow,
    people: [&'a Arc<Person>; 2],
    rng: &mut SmallRng,
) -> Option<Step<'a>> {
    let actions = table.db.actions(game.id).await.ok()?;
    if actions.len() as i64 != game.ply {
        return None;
    }
    let position = game.replay(&actions);
    if position.is_finished() {
        return None;
    }
    let seat_player = match position.to_act() {
        agora_rules::Seat::First => game.first_player,
        agora_rules::Seat::Second => game.second_player,
    };
    let by = if table.db.player_of(&people[0].identity()).await == Some(seat_player) {
        people[0]
    } else {
        people[1]
    };
    let logged = table
        .intents
        .lock()
        .unwrap()
        .iter()
        .find(|i| i.game == game.id && i.ply == game.ply)
        .map(|i| i.action.clone());
    let action = match logged {
        Some(action) => action,
        None => {
            let legal = position.legal_actions();
            position.notation(legal[rng.random_range(0..legal.len())])
        }
    };
    Some(Step::Move {
        game: game.id,
        ply: game.ply,
        action,
        by,
    })
}

/// Sends a step; returns the interaction id for a Discord command (`Some(None)` for a mail),
/// `None` when it could not be sent yet.
async fn send(table: &Table, step: &Step<'_>, a: &Person, b: &Person) -> Option<Option<u64>> {
    match step {
        Step::Challenge(_, variant) => {
            let text = match &b.who {
                Who::Mail(user) => format!("challenge {} {variant}", user.address),
                Who::Discord(..) => String::new(),
            };
            let options = challenge_options(table, b, variant).await;
            command(table, a, None, &text, "challenge", options).await
        }
        Step::Accept(game) => {
            let options = json!([{"name": "game", "type": 4, "value": game}]);
            command(
                table,
                b,
                Some(*game),
                &format!("accept #{game}"),
                "accept",
                options,
            )
            .await
        }
        Step::Move {
            game,
            ply,
            action,
            by,
            ..
        } => {
            let options = json!([
                {"name": "game", "type": 4, "value": game},
                {"name": "ply", "type": 4, "value": ply},
                {"name": "action", "type": 3, "value": action},
            ]);
            let text = format!("move #{game} ply {ply} {action}");
            let sent = command(table, by, Some(*game), &text, "move", options).await;
            if sent.is_some() {
                log_intent(table, *game, *ply, action, by);
            }
            sent
        }
    }
}

fn log_intent(table: &Table, game: i64, ply: i64, action: &str, by: &Person) {
    let mut intents = table.intents.lock().unwrap();
    match intents.iter_mut().find(|i| i.game == game && i.ply == ply) {
        Some(i) => i.sends += 1,
        None => intents.push(Intent {
            game,
            ply,
            action: action.to_owned(),
            by: by.name.clone(),
            sends: 1,
            by_mail: matches!(by.who, Who::Mail(_)),
            sent: Instant::now(),
            applied_after: None,
        }),
    }
}

/// A command: a mail answering the game's latest mail (or the player's home mail outside a
/// game), or a slash command in the lobby. `None` when the game's mail has not arrived yet.
async fn command(
    table: &Table,
    person: &Person,
    game: Option<i64>,
    text: &str,
    slash: &str,
    options: Value,
) -> Option<Option<u64>> {
    match &person.who {
        Who::Mail(user) => {
            let to = match game {
                None => user.home.clone(),
                Some(g) => user.threads.lock().unwrap().get(&g)?.clone(),
            };
            user.player.lock().await.reply(&to, text).await;
            Some(None)
        }
        Who::Discord(..) => {
            let id = dispatch_slash(&table.double, person, slash, options);
            let typed = format!("{}'s /{slash}", person.name);
            table.typed.lock().unwrap().insert(id, typed);
            Some(Some(id))
        }
    }
}

/// `/challenge`'s options: the game (a choice, by the value the bot registered) and the user.
async fn challenge_options(table: &Table, to: &Person, variant: &str) -> Value {
    let Who::Discord(id, _) = to.who else {
        return Value::Null;
    };
    let look = table.double.wait_for("the registered commands", |calls| {
        let registered = calls
            .iter()
            .rev()
            .find(|c| c.method == "PUT" && c.path.ends_with("/commands"))?;
        registered
            .json
            .as_array()?
            .iter()
            .find(|c| c["name"] == "challenge")?["options"]
            .as_array()?
            .iter()
            .find(|o| o["name"] == "game")?["choices"]
            .as_array()?
            .iter()
            .find(|c| c["name"] == variant)
            .map(|c| c["value"].clone())
    });
    // The first poll looks at the record; a zero timeout ends the wait right after it.
    let value = tokio::time::timeout(Duration::ZERO, look)
        .await
        .unwrap_or(Value::Null);
    json!([
        {"name": "game", "type": 4, "value": value},
        {"name": "user", "type": 6, "value": id.to_string()},
    ])
}

/// Types a slash command in the person's channel; returns the interaction id.
fn dispatch_slash(double: &Double, person: &Person, command: &str, options: Value) -> u64 {
    let Who::Discord(_, guild) = person.who else {
        panic!("{} is not on Discord", person.name);
    };
    let id = double.id();
    let mut users = serde_json::Map::new();
    for o in options.as_array().into_iter().flatten() {
        if o["type"] == 6 {
            let user: u64 = o["value"].as_str().unwrap().parse().unwrap();
            users.insert(user.to_string(), double::user_json(user, "player", false));
        }
    }
    let data = json!({
        "id": "1", "name": command, "type": 1, "options": options,
        "resolved": {"users": users},
    });
    let interaction = json!({
        "id": id.to_string(), "application_id": double::APP_ID.to_string(), "type": 2,
        "token": format!("token-{id}"), "version": 1, "locale": "en-US", "entitlements": [],
        "attachment_size_limit": 10_485_760, "channel_id": guild.channel.to_string(),
        "guild_id": guild.id.to_string(), "user": person.user_json(), "data": data,
    });
    double.dispatch("INTERACTION_CREATE", interaction);
    id
}

/// Reads a mail player's inbox every second until the table stops, then once more.
pub async fn read_mail(table: Arc<Table>, user: Arc<MailUser>) {
    loop {
        let stopped = table.stopped.load(Ordering::SeqCst);
        let new = user.player.lock().await.fetch_new().await;
        user.keep(new);
        if stopped {
            return;
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}
