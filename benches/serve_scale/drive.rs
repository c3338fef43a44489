//! The commands of the bench: slash commands typed by the games' players in the lobby of the
//! Discord double, a few in flight at once, each waited for until the bot answers its
//! interaction. Most are moves (a random legal action of the game's position, by the player to
//! act, with its ply guard); one in ten is `board`, one in twenty `games`. The mover is answered
//! in a short message only they see, whether the move was applied or refused, so the bench plays
//! every answered move on its own copy of the position and counts the actions in the database
//! afterwards ([`count_actions`]): a refused move shows there as one missing.

use crate::Sizes;
use agora_rules::{AnyAction, AnyPosition};
use agora_service::{Store, StoreOptions};
use agora_testkit::discord::double::{self, Call, Double, GUILD_ID, LOBBY};
use anyhow::{Context, bail};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde_json::{Value, json};
use std::cell::Cell;
use std::collections::HashMap;
use std::path::Path;
use std::time::{Duration, Instant};

/// How long the bench waits for any answer before it gives up.
const NO_ANSWER_LIMIT: Duration = Duration::from_secs(60);

struct Game {
    id: i64,
    position: AnyPosition,
    ply: u32,
    /// Discord user ids of the two seats.
    users: [u64; 2],
    /// A command about it is waiting for its answer.
    busy: bool,
}

/// The bench's copy of the running games.
pub struct Games {
    games: Vec<Game>,
    actions: u64,
    rng: SmallRng,
}

impl Games {
    /// Reads every running game of the database (which nothing else has open).
    pub async fn load(db: &Path, seed: u64) -> anyhow::Result<Games> {
        let store = Store::open(db, &StoreOptions::default()).await?;
        let mut tx = store.write().await?;
        let mut users: HashMap<i64, u64> = HashMap::new();
        let (mut games, mut actions) = (Vec::new(), 0);
        let mut id = 1;
        while let Some(g) = tx.game(id).await? {
            id += 1;
            let position = AnyPosition::parse(g.variant.kind(), &g.position)
                .map_err(|e| anyhow::anyhow!("game {}: {e}", g.id))?;
            if g.status != agora_store::GameStatus::Active || position.is_finished() {
                continue;
            }
            let mut seat_users = [0; 2];
            for (seat, player) in g.seats.iter().enumerate() {
                if !users.contains_key(player) {
                    let user = tx
                        .identities_of(*player)
                        .await?
                        .into_iter()
                        .find_map(|i| i.address.discord_user().map(|u| u.get()))
                        .with_context(|| format!("player {player} has no Discord identity"))?;
                    users.insert(*player, user);
                }
                seat_users[seat] = users[player];
            }
            actions += u64::from(g.ply);
            games.push(Game {
                id: g.id,
                position,
                ply: g.ply,
                users: seat_users,
                busy: false,
            });
        }
        drop(tx);
        store.close().await;
        Ok(Games {
            games,
            actions,
            rng: SmallRng::seed_from_u64(seed),
        })
    }

    pub fn len(&self) -> usize {
        self.games.len()
    }

    pub fn actions(&self) -> u64 {
        self.actions
    }

    /// A game free to take a command, at random.
    fn pick(&mut self) -> Option<usize> {
        for _ in 0..1000 {
            let i = self.rng.random_range(0..self.games.len());
            let g = &self.games[i];
            if !g.busy && !g.position.is_finished() {
                return Some(i);
            }
        }
        None
    }
}

/// A command sent and not yet answered.
struct Sent {
    game: usize,
    command: &'static str,
    /// The action of a move.
    action: Option<AnyAction>,
}

/// What the run did.
pub struct Run {
    pub answered: usize,
    pub moves: usize,
    pub boards: usize,
    pub listings: usize,
    pub elapsed: Duration,
}

/// The actions recorded in the database at `db`.
pub async fn count_actions(db: &Path) -> anyhow::Result<i64> {
    let store = Store::open(db, &StoreOptions::default()).await?;
    let mut tx = store.read().await?;
    let count = tx.count_actions().await?;
    tx.rollback().await?;
    store.close().await;
    Ok(count)
}

/// Sends `sizes.commands` commands, `sizes.in_flight` at a time, and waits for every answer;
/// calls `progress` with the count answered each time another quarter of them is.
pub async fn drive(
    double: &Double,
    games: &mut Games,
    sizes: &Sizes,
    mut progress: impl FnMut(usize),
) -> anyhow::Result<Run> {
    let started = Instant::now();
    let mut run = Run {
        answered: 0,
        moves: 0,
        boards: 0,
        listings: 0,
        elapsed: Duration::ZERO,
    };
    let mut waiting: HashMap<u64, Sent> = HashMap::new();
    let seen = Cell::new(0usize);
    let mut sent = 0;
    while run.answered < sizes.commands {
        while waiting.len() < sizes.in_flight && sent < sizes.commands {
            let Some(game) = games.pick() else { break };
            let (interaction, what) = send(double, games, game);
            waiting.insert(interaction, what);
            sent += 1;
        }
        if waiting.is_empty() {
            bail!("no running game is left to play in");
        }
        let answers = tokio::time::timeout(
            NO_ANSWER_LIMIT,
            double.wait_for("answers", |calls| new_answers(calls, &seen)),
        )
        .await
        .map_err(|_| {
            anyhow::anyhow!(
                "{} commands got no answer within {NO_ANSWER_LIMIT:?}",
                waiting.len()
            )
        })?;
        let quarter = sizes.commands.div_ceil(4).max(1);
        let before = run.answered / quarter;
        for interaction in answers {
            let Some(s) = waiting.remove(&interaction) else {
                continue;
            };
            run.answered += 1;
            let g = &mut games.games[s.game];
            g.busy = false;
            match s.action {
                Some(action) => {
                    g.position.play_unchecked(action);
                    g.ply += 1;
                    run.moves += 1;
                }
                None if s.command == "board" => run.boards += 1,
                None => run.listings += 1,
            }
        }
        if run.answered / quarter > before && run.answered < sizes.commands {
            progress(run.answered);
        }
    }
    run.elapsed = started.elapsed();
    Ok(run)
}

/// The interactions answered in the calls not looked at yet; `None` while there is none. Whether
/// a move was applied is not read from its answer (the mover's is a short one only they see,
/// either way) but counted in the database afterwards ([`count_actions`]).
fn new_answers(calls: &[Call], seen: &Cell<usize>) -> Option<Vec<u64>> {
    let from = seen.get().min(calls.len());
    seen.set(calls.len());
    let found: Vec<u64> = calls[from..]
        .iter()
        .filter_map(|c| {
            let rest = c.path.strip_prefix("/interactions/")?;
            let id = rest.split('/').next()?.parse().ok()?;
            // A deferral (type 5) is no answer yet; its follow-up goes to a webhook.
            (c.json["type"] != 5).then_some(id)
        })
        .chain(calls[from..].iter().filter_map(|c| {
            let rest = c.path.strip_prefix("/webhooks/")?;
            let token = rest.split('/').nth(1)?;
            let id = token.strip_prefix("token-")?.parse().ok()?;
            (c.method == "POST").then_some(id)
        }))
        .collect();
    (!found.is_empty()).then_some(found)
}

/// Types the next command about game `i`; returns its interaction id.
fn send(double: &Double, games: &mut Games, i: usize) -> (u64, Sent) {
    let roll = games.rng.random_range(0..20);
    let g = &mut games.games[i];
    g.busy = true;
    let to_act = g.users[g.position.to_act().index()];
    let (command, options, user, action) = match roll {
        0 => ("games", json!([]), to_act, None),
        1 | 2 => {
            // Either player looks at the board.
            let user = g.users[roll as usize - 1];
            let options = json!([{"name": "game", "type": 4, "value": g.id}]);
            ("board", options, user, None)
        }
        _ => {
            let legal = g.position.legal_actions();
            let action = legal[games.rng.random_range(0..legal.len())];
            let options = json!([
                {"name": "game", "type": 4, "value": g.id},
                {"name": "ply", "type": 4, "value": g.ply},
                {"name": "action", "type": 3, "value": g.position.notation(action)},
            ]);
            ("move", options, to_act, Some(action))
        }
    };
    let interaction = dispatch_slash(double, user, command, options);
    (
        interaction,
        Sent {
            game: i,
            command,
            action,
        },
    )
}

/// Types a slash command in the lobby as `user`; returns the interaction id.
fn dispatch_slash(double: &Double, user: u64, command: &str, options: Value) -> u64 {
    let id = double.id();
    let data = json!({"id": "1", "name": command, "type": 1, "options": options});
    let interaction = json!({
        "id": id.to_string(), "application_id": double::APP_ID.to_string(), "type": 2,
        "token": format!("token-{id}"), "version": 1, "locale": "en-US", "entitlements": [],
        "attachment_size_limit": 10_485_760, "channel_id": LOBBY.to_string(),
        "guild_id": GUILD_ID.to_string(),
        "user": double::user_json(user, &format!("user{user}"), false), "data": data,
    });
    double.dispatch("INTERACTION_CREATE", interaction);
    id
}
