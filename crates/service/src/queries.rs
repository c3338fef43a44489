//! Read-only questions a front end asks about games, beyond the command language: the legal
//! actions of a player's position (for Discord's autocomplete) and the state of a game (for its
//! picture, its buttons and who may press them). Nothing here changes anything.

use crate::views::{Loaded, title};
use crate::{Service, ServiceError};
use agora_rules::{AnyAction, AnyPosition, Seat};
use agora_store::{Game, GameStatus, Tx};
use chrono::{DateTime, Utc};

/// A game as a front end shows it, at its current ply or an earlier one.
#[derive(Debug, Clone)]
pub struct GameState {
    pub id: i64,
    /// `Agon`, or `Agros 10x10, 5 farmers`.
    pub title: String,
    pub status: GameStatus,
    /// Changes with every change of the game: buttons carry it so a stale click changes nothing.
    pub version: i64,
    /// The ply shown (the current one unless an earlier one was asked for).
    pub ply: u32,
    /// The game's current ply.
    pub current_ply: u32,
    /// The players' names and ids, and every identity of each, per seat.
    pub names: [String; 2],
    pub players: [i64; 2],
    pub identities: [Vec<String>; 2],
    /// Which seats the computer plays.
    pub computer: [bool; 2],
    pub challenger: i64,
    /// Who acts next, while the game runs.
    pub to_act: Option<Seat>,
    pub deadline: Option<DateTime<Utc>>,
    /// The last action before the shown position, in canonical notation.
    pub last: Option<String>,
    /// The shown position and the action that led to it, for pictures.
    pub position: AnyPosition,
    pub last_action: Option<AnyAction>,
    /// The result in words, once the game is over.
    pub result: Option<String>,
    /// Whether a picture of the shown position tints each field by its controller: the final
    /// position of a finished Agros game (AR-14), as its final report shows it.
    pub overlay: bool,
}

impl GameState {
    /// The seat an identity plays, if any.
    pub fn seat_of(&self, identity: &str) -> Option<Seat> {
        Seat::BOTH
            .into_iter()
            .find(|s| self.identities[s.index()].iter().any(|i| i == identity))
    }

    /// The seat's identity on a channel (`discord`, `mailto`), if its player has one.
    pub fn identity_on(&self, seat: Seat, channel: &str) -> Option<&str> {
        self.identities[seat.index()]
            .iter()
            .find(|i| i.split_once(':').is_some_and(|(c, _)| c == channel))
            .map(String::as_str)
    }

    /// The ASCII board of the shown position.
    pub fn ascii(&self) -> String {
        agora_render::ascii(&self.position, self.last_action)
    }

    /// The picture of the shown position, `size` pixels wide, with the last action marked and,
    /// where [`GameState::overlay`] says so, the final fields tinted.
    pub fn png(&self, size: u32) -> Result<Vec<u8>, agora_render::RenderError> {
        let options = agora_render::PngOptions {
            size,
            field_overlay: self.overlay,
            ..agora_render::PngOptions::default()
        };
        agora_render::png(&self.position, self.last_action, &options)
    }
}

impl Service {
    /// The legal actions, in canonical notation, of the position where `identity` is to act: in
    /// `game` if given, else in their only game waiting for them. Empty when they are not to act.
    pub async fn legal_actions(
        &self,
        identity: &str,
        game: Option<i64>,
    ) -> Result<Vec<String>, ServiceError> {
        let mut tx = self.store.write().await?;
        let Some(me) = tx.identity(identity).await? else {
            return Ok(Vec::new());
        };
        let games: Vec<Game> = match game {
            Some(id) => tx.game(id).await?.into_iter().collect(),
            None => tx.open_games_of(me.player_id).await?,
        };
        let mut waiting = Vec::new();
        for g in games {
            if g.status != GameStatus::Active {
                continue;
            }
            let l = load(&mut tx, g).await?;
            let to_act = l.position.to_act();
            if l.game.player_at(to_act) == me.player_id {
                waiting.push(l);
            }
        }
        if waiting.len() != 1 {
            return Ok(Vec::new());
        }
        let position = &waiting[0].position;
        Ok(position
            .legal_actions()
            .into_iter()
            .map(|a| position.notation(a))
            .collect())
    }

    /// A game's state after `ply` actions (the current position if `None`), or `None` if there
    /// is no such game.
    pub async fn game_state(
        &self,
        game: i64,
        ply: Option<u32>,
    ) -> Result<Option<GameState>, ServiceError> {
        let mut tx = self.store.write().await?;
        let Some(g) = tx.game(game).await? else {
            return Ok(None);
        };
        let mut identities: [Vec<String>; 2] = [Vec::new(), Vec::new()];
        let mut computer = [false; 2];
        for seat in Seat::BOTH {
            computer[seat.index()] = tx
                .player(g.player_at(seat))
                .await?
                .is_some_and(|p| p.computer.is_some());
            identities[seat.index()] = tx
                .identities_of(g.player_at(seat))
                .await?
                .into_iter()
                .map(|i| i.address)
                .collect();
        }
        let l = load(&mut tx, g).await?;
        let current = l.game.ply;
        let shown = ply.unwrap_or(current).min(l.actions.len() as u32);
        let (position, last_action, last) = if shown == l.actions.len() as u32 {
            (
                l.position.clone(),
                l.last.as_ref().map(|(_, a)| *a),
                l.last.as_ref().map(|(before, a)| before.notation(*a)),
            )
        } else {
            let mut position = l.game.variant.start();
            let mut last = None;
            for a in &l.actions[..shown as usize] {
                let action = position
                    .parse_action(&a.notation)
                    .map_err(|e| ServiceError::Corrupt(e.to_string()))?;
                last = Some((position.notation(action), action));
                position.play_unchecked(action);
            }
            let (notation, action) = last.unzip();
            (position, action, notation)
        };
        let to_act = (l.game.status == GameStatus::Active).then(|| l.position.to_act());
        Ok(Some(GameState {
            id: l.game.id,
            title: title(l.game.variant),
            status: l.game.status,
            version: l.game.version,
            ply: shown,
            current_ply: current,
            names: l.names.clone(),
            players: l.game.seats,
            identities,
            computer,
            challenger: l.game.challenger,
            to_act,
            deadline: l.game.deadline_at,
            last,
            position,
            last_action,
            result: l.game.ending.as_ref().map(|e| l.result_text(e)),
            overlay: l.game.status == GameStatus::Finished && shown == current,
        }))
    }
}

async fn load(tx: &mut Tx, game: Game) -> Result<Loaded, ServiceError> {
    let mut names = [String::new(), String::new()];
    for seat in Seat::BOTH {
        names[seat.index()] = tx
            .player(game.player_at(seat))
            .await?
            .map_or_else(|| "?".into(), |p| p.name);
    }
    let actions = tx.actions(game.id).await?;
    Loaded::replay(game, names, actions).map_err(ServiceError::Corrupt)
}
