//! The lobby: a channel where every open challenge (a challenge to anyone) is posted with an
//! Accept button, and where its post loses the button once the challenge is taken, withdrawn or
//! expired. Kept in step with the service by [`Bot::sync_lobby`] after every round of the
//! outbox, so a challenge made by mail shows too, and a restart or a failed call puts it right
//! on the next round.

use crate::board::{self, clip};
use crate::{Bot, DiscordError, SerenityId, ServiceId};
use agora_service::{Channel, GameStatus, Reader};
use poise::serenity_prelude as serenity;
use serde_json::json;

impl Bot {
    /// Posts the open challenges not yet in the lobby, and closes the posts of those no longer
    /// open. Nothing without a lobby channel.
    pub(crate) async fn sync_lobby(&self, http: &serenity::Http) -> Result<(), DiscordError> {
        let Some(lobby) = self.settings.lobby_channel else {
            return Ok(());
        };
        let _held = self.lobby_lock.lock().await;
        // Everyone in the lobby reads its posts.
        let language = self.public_language();
        let desk = self.service.discord();
        let reader = Reader {
            channel: Some(Channel::Discord),
            language,
        };
        let open = self
            .service
            .open_challenges(&reader, self.service.now())
            .await?;
        // A post is closed only once its challenge is no longer open, which never reopens: the
        // posts still open are all that an open challenge may have.
        let posted = desk.lobby_posts().await?;
        for seek in &open {
            if posted.iter().any(|(game, _, _)| *game == seek.id) {
                continue;
            }
            let accept =
                serenity::CreateButton::new(format!("accept:{}:{}", seek.id, seek.version))
                    .label(self.words(language, "lobby_accept", json!({})))
                    .style(serenity::ButtonStyle::Success);
            let message = board::text_post(&seek.text, None)
                .message()
                .components(vec![serenity::CreateActionRow::Buttons(vec![accept])])
                .nonce(serenity::Nonce::String(format!("l{}", seek.id)))
                .enforce_nonce(true);
            let sent = lobby.send_message(http, message).await?;
            desk.record_lobby_post(seek.id, lobby.service(), sent.id.service())
                .await?;
        }
        for (game, channel, message) in posted {
            if open.iter().any(|s| s.id == game) {
                continue;
            }
            // Taken (the game started, with whom) or closed (withdrawn or expired).
            let state = self.state(game, None).await?;
            let taken = state
                .as_ref()
                .is_some_and(|s| matches!(s.status, GameStatus::Active | GameStatus::Finished));
            let text = self.words(
                language,
                "lobby_closed",
                json!({
                    "game": game,
                    "taken": taken,
                    "title": state.as_ref().map(|s| s.title.clone()),
                    "first": state.as_ref().map(|s| s.names[0].clone()),
                    "second": state.as_ref().map(|s| s.names[1].clone()),
                }),
            );
            let edit = serenity::EditMessage::new()
                .content(clip(&text, 1900))
                .components(Vec::new());
            match channel
                .serenity()
                .edit_message(http, message.serenity(), edit)
                .await
            {
                Ok(_) => {}
                Err(e) if crate::sender::http_status(&e).is_some_and(|s| s.0 == 404) => {}
                Err(e) => return Err(e.into()),
            }
            desk.close_lobby_post(game).await?;
        }
        Ok(())
    }
}
