//! The computer opponent's turns. The computer is a player like any other: its action is chosen
//! by `agora-ai` off the async threads and then sent as a typed move through the path of every
//! command ([`Service::handle_command`]'s), with a ply guard and a delivery id, so it is stored,
//! de-duplicated and notified like a person's.

use crate::commands::Command;
use crate::{Identity, Inbound, Service, ServiceError, Status};
use agora_store::GameStatus;
use chrono::{DateTime, Utc};
use rand::Rng;

impl Service {
    /// Plays the computer's turns in `game` while it is the one to act; returns the
    /// notifications they queued.
    pub(crate) async fn computer_turns(
        &self,
        game: i64,
        now: DateTime<Utc>,
    ) -> Result<Vec<agora_store::Queued>, ServiceError> {
        let mut notices = Vec::new();
        // Two turns in a row cannot both be the computer's; the bound only guards against a loop.
        for _ in 0..4 {
            let (position, ply, level, address) = {
                let mut tx = self.store.write().await?;
                let Some(g) = tx.game(game).await? else {
                    return Ok(notices);
                };
                if g.status != GameStatus::Active {
                    return Ok(notices);
                }
                let l = self.load(&mut tx, g, None).await?;
                let Some(player) = &l.players[l.to_act().index()] else {
                    return Ok(notices);
                };
                let Some(level) = player.computer.clone() else {
                    return Ok(notices);
                };
                let Some(identity) = tx.identities_of(player.id).await?.into_iter().next() else {
                    return Ok(notices);
                };
                (l.position, l.game.ply, level, identity.address)
            };
            let level: agora_ai::Level = level.parse().unwrap_or(agora_ai::Level::Normal);
            let seed = self.rng.lock().expect("rng lock").random::<u64>();
            let think = self.settings.computer_think;
            let chosen = {
                let position = position.clone();
                tokio::task::spawn_blocking(move || {
                    agora_ai::choose_action(&position, level, think, seed)
                })
                .await
                .map_err(|e| ServiceError::Corrupt(format!("computer opponent: {e}")))?
            };
            let Some(action) = chosen else {
                return Ok(notices);
            };
            let Ok(from) = address.parse::<Identity>() else {
                return Err(ServiceError::Corrupt(format!(
                    "the computer's identity `{address}` is not one"
                )));
            };
            let inbound = Inbound {
                delivery: Some(format!("computer:{game}:{ply}")),
                game: Some(game),
                ..Inbound::new(from)
            };
            let command = Command::Move {
                game: Some(game),
                ply: Some(ply),
                action: position.notation(action),
            };
            let (answer, again) = self.execute(&inbound, Ok(command), now).await?;
            notices.extend(answer.notices);
            if answer.status != Status::Done {
                tracing::warn!(game, ply, reply = %answer.text, "computer action not applied");
                return Ok(notices);
            }
            if !again {
                return Ok(notices);
            }
        }
        Ok(notices)
    }
}
