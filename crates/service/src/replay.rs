//! One replay of a stored game: its actions played from the variant's start into positions
//! ([`replay`]), and the one loader that reads a game with its players and actions into a
//! [`Loaded`] ([`Service::load`]). Every caller that needs a position (commands, the scheduler,
//! the computer, the read-only queries, the picture) goes through them. Nothing here renders or
//! writes.
//!
//! Replayed positions are not cached: replaying 200 plies costs the rules about 0.03 ms, a tenth
//! of a command's time in the store and the templates (see `benches/replay.rs`).

use crate::views::ViewCache;
use crate::{Service, ServiceError};
use agora_rules::{AnyAction, AnyPosition, Seat};
use agora_store::{Game, PlayedAction, Player, Tx};
use chrono::{DateTime, Utc};

/// A game replayed from its actions: the position (with the history the Agon repetition rule
/// needs) and the last action with the position it was played from.
#[derive(Debug, Clone)]
pub struct Loaded {
    pub game: Game,
    pub names: [String; 2],
    pub actions: Vec<PlayedAction>,
    pub position: AnyPosition,
    pub last: Option<(AnyPosition, AnyAction)>,
    /// When each seat's player comes back from a vacation under way.
    pub away: [Option<DateTime<Utc>>; 2],
    /// When the clock of the player to act runs again, if it rests now (their weekly rest).
    pub resting: Option<DateTime<Utc>>,
    /// The players of the seats as read with the game.
    pub players: [Option<Player>; 2],
    /// The board and score texts of the last view, reused by the next view of the same state
    /// (a command renders the game for both players).
    pub(crate) cache: ViewCache,
}

impl Loaded {
    /// The seat to act (see [`crate::clock::seat_to_act`], the one whose-turn rule).
    pub fn to_act(&self) -> Seat {
        crate::clock::seat_to_act(&self.game)
    }
}

/// A position reached by replaying, with the last action and the position it was played from.
#[derive(Debug, Clone)]
pub(crate) struct Replayed {
    pub position: AnyPosition,
    pub last: Option<(AnyPosition, AnyAction)>,
}

/// THE replay of a game: the positions after each of `plies` actions (each at most
/// `actions.len()`), in that order, in one walk from the variant's start through the rules'
/// one replay ([`agora_rules::Variant::replay`]). The position before an action is kept only
/// where a ply asked for needs it: cloning an Agon position copies its history. An action the
/// rules refuse means the database was changed by hand: [`ServiceError::Corrupt`], with the ply.
pub(crate) fn replay(
    game: &Game,
    actions: &[PlayedAction],
    plies: &[usize],
) -> Result<Vec<Replayed>, ServiceError> {
    let walked = plies.iter().copied().max().unwrap_or(0);
    let mut found: Vec<Option<Replayed>> = vec![None; plies.len()];
    // The last action and the position it was played from, for the ply just after it.
    let mut last: Option<(AnyPosition, AnyAction)> = None;
    let mut keep = |ply: usize, position: &AnyPosition, last: &Option<(AnyPosition, AnyAction)>| {
        for (i, _) in plies.iter().enumerate().filter(|&(_, &p)| p == ply) {
            found[i] = Some(Replayed {
                position: position.clone(),
                last: last.clone(),
            });
        }
    };
    let end = game
        .variant
        .replay(
            actions[..walked].iter().map(|a| a.notation.as_str()),
            |index, before, action| {
                keep(index, before, &last);
                last = plies
                    .contains(&(index + 1))
                    .then(|| (before.clone(), action));
            },
        )
        .map_err(|e| {
            let (id, ply, notation) = (game.id, actions[e.index].ply, &e.text);
            ServiceError::Corrupt(format!("game {id} ply {ply}: `{notation}`: {}", e.error))
        })?;
    keep(walked, &end, &last);
    Ok(found
        .into_iter()
        .map(|r| r.expect("every ply asked for is replayed"))
        .collect())
}

impl Service {
    /// THE loader: a game with its players, their names, their vacations as of `now` (none when
    /// `None`: a look that shows no vacation) and its actions, replayed.
    pub(crate) async fn load(
        &self,
        tx: &mut Tx,
        game: Game,
        now: Option<DateTime<Utc>>,
    ) -> Result<Loaded, ServiceError> {
        Ok(self.load_showing(tx, game, now, None).await?.0)
    }

    /// [`Service::load`], and also the position after `shown` actions, in the same replay
    /// (`None` when that is the current position).
    pub(crate) async fn load_showing(
        &self,
        tx: &mut Tx,
        game: Game,
        now: Option<DateTime<Utc>>,
        shown: Option<usize>,
    ) -> Result<(Loaded, Option<Replayed>), ServiceError> {
        let players = tx.seat_players(game.seats).await?;
        if players.iter().flatten().any(|p| p.computer.is_some()) {
            self.computer_games
                .lock()
                .expect("computer games lock")
                .insert(game.id);
        }
        let names = Seat::BOTH.map(|s| {
            players[s.index()]
                .as_ref()
                .map_or_else(|| "?".to_owned(), |p| p.name.clone())
        });
        let away = Seat::BOTH.map(|s| {
            let player = players[s.index()].as_ref();
            now.and_then(|now| player?.away(now).map(|v| v.until))
        });
        let resting = now
            .filter(|_| game.status == agora_store::GameStatus::Active)
            .and_then(|now| crate::clock::week(&game).resting_until(now));
        let actions = tx.actions(game.id).await?;
        self.metrics.replayed();
        let current = actions.len();
        let shown = shown.map(|p| p.min(current)).filter(|&p| p != current);
        let plies: Vec<usize> = std::iter::once(current).chain(shown).collect();
        let mut replayed = replay(&game, &actions, &plies)?;
        let shown = shown.and_then(|_| replayed.pop());
        let Replayed { position, last } = replayed.swap_remove(0);
        let loaded = Loaded {
            game,
            names,
            actions,
            position,
            last,
            away,
            resting,
            players,
            cache: ViewCache::default(),
        };
        Ok((loaded, shown))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use agora_rules::Variant;

    /// One walk gives every ply asked for, in the order asked, each with its last action.
    #[test]
    fn one_walk_gives_every_ply_asked_for() {
        let variant = Variant::Agros {
            board: 8,
            farmers: 3,
        };
        let mut position = variant.start();
        let mut actions = Vec::new();
        for i in 0..4 {
            let action = position.legal_actions()[0];
            actions.push(PlayedAction {
                ply: i + 1,
                seat: position.to_act(),
                notation: position.notation(action),
                played_at: DateTime::UNIX_EPOCH,
                delivery_id: None,
                spent_ms: None,
            });
            position.play_unchecked(action);
        }
        let game = Game {
            variant,
            ..test_game()
        };
        let r = replay(&game, &actions, &[4, 0, 2]).expect("replays");
        assert_eq!(r[0].position, position);
        assert!(r[1].last.is_none());
        assert_eq!(r[1].position, variant.start());
        let (before, action) = r[2].last.clone().expect("a last action");
        assert_eq!(before.notation(action), actions[1].notation);
    }

    fn test_game() -> Game {
        Game {
            id: 0,
            variant: Variant::Agon,
            seats: [1, 2],
            challenger: 1,
            status: agora_store::GameStatus::Active,
            position: String::new(),
            ply: 0,
            version: 0,
            ending: None,
            time_control: agora_store::TimeControl::PerMove { days: 3 },
            timeout: agora_store::TimeoutPolicy::Loss,
            bank: [0, 0],
            turn_started_at: None,
            deadline_at: None,
            reminded_at: None,
            reminder_stage: 0,
            due_at: None,
            grace_ply: None,
            grace_seconds: 0,
            turn_rest: None,
            draw_offer: None,
            undo_request: None,
            created_at: DateTime::UNIX_EPOCH,
            updated_at: DateTime::UNIX_EPOCH,
            started_at: None,
            finished_at: None,
            options: agora_store::GameOptions::default(),
        }
    }
}
