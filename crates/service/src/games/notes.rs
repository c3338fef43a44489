//! Private notes: `note #12 <text>` keeps a note on a game for its writer alone, a player of the
//! game. `board` and `history` show a player their own notes, and their own `export` has them as
//! comments; no notification, watcher, web page, JSON answer or other player's export ever reads
//! them (only [`agora_store::Tx::notes`] does, for the player asking).

use crate::{Done, Fail, Reader, Service, user};
use agora_store::{GameStatus, Player, Tx};
use chrono::{DateTime, Utc};
use serde::Serialize;

/// The longest note, in characters.
pub(crate) const MAX_NOTE_CHARS: usize = 400;
/// The most notes a player keeps on one game.
pub(crate) const MAX_NOTES: usize = 50;

impl Service {
    /// `note [#game] [text | clear]`.
    pub(crate) async fn note(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        me: &Player,
        game: Option<i64>,
        text: Option<&str>,
        now: DateTime<Utc>,
    ) -> Result<Done, Fail> {
        let nothing = agora_i18n::text!("note-no-game");
        let game = self.looked_at(tx, me, game, "note", nothing).await?;
        let id = game.id;
        if game.seat_of(me.id).is_none() {
            return user(agora_i18n::text!("note-not-yours", game = id));
        }
        if game.status == GameStatus::Proposed {
            return user(agora_i18n::text!("note-not-started", game = id));
        }
        let notes = tx.notes(id, me.id).await?;
        let (what, count) = match text {
            None => ("list", notes.len()),
            Some(t) if crate::commands::english_word(t) == "clear" => {
                ("cleared", tx.clear_notes(id, me.id).await? as usize)
            }
            Some(t) => {
                // What a person reads back: no control characters.
                let body: String = t.chars().filter(|c| !c.is_control()).collect();
                let length = body.chars().count();
                if length > MAX_NOTE_CHARS {
                    return user(agora_i18n::text!(
                        "note-too-long",
                        length = length,
                        most = MAX_NOTE_CHARS
                    ));
                }
                if notes.len() >= MAX_NOTES {
                    return user(agora_i18n::text!(
                        "note-too-many",
                        game = id,
                        most = MAX_NOTES
                    ));
                }
                tx.add_note(id, me.id, game.ply, &body, now).await?;
                ("kept", notes.len() + 1)
            }
        };
        #[derive(Serialize)]
        struct Ctx {
            what: &'static str,
            id: i64,
            count: usize,
            notes: Vec<super::NoteLine>,
        }
        let notes = if what == "list" {
            notes
                .into_iter()
                .map(|n| super::NoteLine {
                    ply: n.ply,
                    text: n.body,
                })
                .collect()
        } else {
            Vec::new()
        };
        Ok(Done {
            loaded: None,
            attachments: Vec::new(),
            text: self.templates.render(
                "note.txt",
                reader,
                Ctx {
                    what,
                    id,
                    count,
                    notes,
                },
            ),
            game: Some(id),
        })
    }
}
