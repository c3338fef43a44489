//! Read-only questions a front end asks about games, beyond the command language: the legal
//! actions of a player's position (for Discord's autocomplete) and the state of a game (for its
//! picture, its buttons and who may press them). Nothing here changes anything.

use crate::Language;
use crate::clock::seat_to_act;
use crate::replay::{Loaded, Replayed};
use crate::views::title_in;
use crate::{Channel, Identity, Service, ServiceError};
use agora_rules::{AnyAction, AnyPosition, GameKind, Seat};
use agora_store::{Game, GameStatus, Tx};
use chrono::{DateTime, Utc};

/// A game as a front end shows it, at its current ply or an earlier one. Its words (title,
/// clock, result, the board's legend) are in [`GameState::language`], the one it was asked in
/// (see [`Service::game_state_in`]); [`GameState::title_in`] and the other `…_in` methods give
/// them in any language, for a front end that shows one state to readers of several.
#[derive(Debug, Clone)]
pub struct GameState {
    pub id: i64,
    /// The language of `title`, `clock`, `result`, [`GameState::ascii`] and [`GameState::png`].
    pub language: Language,
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
    pub identities: [Vec<Identity>; 2],
    /// Which seats the computer plays.
    pub computer: [bool; 2],
    pub challenger: i64,
    /// Who acts next, while the game runs.
    pub to_act: Option<Seat>,
    pub deadline: Option<DateTime<Utc>>,
    /// The time control and what is left on each clock, in words.
    pub clock: String,
    /// The seat whose draw offer stands, if one does.
    pub draw_offer: Option<Seat>,
    /// The seat whose request to take back its last action stands, if one does.
    pub undo_request: Option<Seat>,
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
    /// Rated, private, open to anyone (a challenge nobody took yet).
    pub options: agora_store::GameOptions,
    /// The title, clock and result in every language, in the order of [`Language::ALL`].
    words: [Words; Language::ALL.len()],
}

/// A game state's words in one language.
#[derive(Debug, Clone)]
struct Words {
    title: String,
    clock: String,
    result: Option<String>,
}

impl GameState {
    /// The seat an identity plays, if any.
    pub fn seat_of(&self, identity: &Identity) -> Option<Seat> {
        Seat::BOTH
            .into_iter()
            .find(|s| self.identities[s.index()].iter().any(|i| i == identity))
    }

    /// The seat's identity on a channel, if its player has one.
    pub fn identity_on(&self, seat: Seat, channel: Channel) -> Option<&Identity> {
        self.identities[seat.index()]
            .iter()
            .find(|i| i.channel == channel)
    }

    /// The words of `language`.
    fn words_in(&self, language: Language) -> &Words {
        let i = Language::ALL
            .iter()
            .position(|&l| l == language)
            .unwrap_or_default();
        &self.words[i]
    }

    /// [`GameState::title`] in `language`.
    pub fn title_in(&self, language: Language) -> &str {
        &self.words_in(language).title
    }

    /// [`GameState::clock`] in `language`.
    pub fn clock_in(&self, language: Language) -> &str {
        &self.words_in(language).clock
    }

    /// [`GameState::result`] in `language`.
    pub fn result_in(&self, language: Language) -> Option<&str> {
        self.words_in(language).result.as_deref()
    }

    /// The ASCII board of the shown position, in [`GameState::language`].
    pub fn ascii(&self) -> String {
        self.ascii_in(self.language)
    }

    /// The ASCII board of the shown position, its words in `language`.
    pub fn ascii_in(&self, language: Language) -> String {
        agora_render::ascii(&self.position, self.last_action, language)
    }

    /// The shown position read aloud, in `language`: the text alternative of its picture (a
    /// Discord attachment's description), from [`agora_render::describe_position`].
    pub fn description_in(&self, language: Language) -> String {
        agora_render::describe_position(&self.position, self.last_action, language)
    }

    /// The picture of the shown position, `size` pixels wide, with the last action marked and,
    /// where [`GameState::overlay`] says so, the final fields tinted, its words in
    /// [`GameState::language`]: drawn anew at each call. Front ends ask [`Service::picture_in`]
    /// instead, which draws each picture once.
    pub fn png(&self, size: u32) -> Result<Vec<u8>, agora_render::RenderError> {
        self.png_in(size, self.language)
    }

    /// [`GameState::png`] with its words in `language`.
    pub fn png_in(
        &self,
        size: u32,
        language: Language,
    ) -> Result<Vec<u8>, agora_render::RenderError> {
        let options = agora_render::PngOptions {
            size,
            field_overlay: self.overlay,
            language,
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
        let mut tx = self.store.read().await?;
        let Some(me) = tx.identity(identity).await? else {
            return Ok(Vec::new());
        };
        let games: Vec<Game> = match game {
            Some(id) => tx.game(id).await?.into_iter().collect(),
            None => tx.open_games_of(me.player_id).await?,
        };
        // Whose turn it is follows from the stored game: only the one game waiting for them is
        // replayed.
        let mut waiting: Vec<Game> = games
            .into_iter()
            .filter(|g| {
                g.status == GameStatus::Active && g.player_at(seat_to_act(g)) == me.player_id
            })
            .collect();
        if waiting.len() != 1 {
            return Ok(Vec::new());
        }
        let l = self.load(&mut tx, waiting.remove(0), None).await?;
        let position = &l.position;
        Ok(position
            .legal_actions()
            .into_iter()
            .map(|a| position.notation(a))
            .collect())
    }

    /// A game's state after `ply` actions (the current position if `None`), or `None` if there
    /// is no such game; its words in English (see [`Service::game_state_in`]).
    pub async fn game_state(
        &self,
        game: i64,
        ply: Option<u32>,
    ) -> Result<Option<GameState>, ServiceError> {
        self.game_state_in(game, ply, Language::En).await
    }

    /// [`Service::game_state`] as `viewer` may see it: `None` for a game that does not exist and
    /// for a private game of others alike (the one visibility rule every command meets).
    pub async fn game_state_for(
        &self,
        viewer: &Identity,
        game: i64,
        ply: Option<u32>,
    ) -> Result<Option<GameState>, ServiceError> {
        {
            let mut tx = self.store.read().await?;
            let Some(g) = tx.game(game).await? else {
                return Ok(None);
            };
            let player = tx
                .player_by_identity(&viewer.to_string())
                .await?
                .map_or(0, |p| p.id);
            if !crate::games::visible_to(&g, player) {
                return Ok(None);
            }
        }
        self.game_state(game, ply).await
    }

    /// A game's state after `ply` actions (the current position if `None`), or `None` if there
    /// is no such game; its words (title, clock, result, board) in `language`, the reader's.
    pub async fn game_state_in(
        &self,
        game: i64,
        ply: Option<u32>,
        language: Language,
    ) -> Result<Option<GameState>, ServiceError> {
        let mut tx = self.store.read().await?;
        let Some(g) = tx.game(game).await? else {
            return Ok(None);
        };
        let (l, shown) = self
            .load_showing(&mut tx, g, None, ply.map(|p| p as usize))
            .await?;
        Ok(Some(state_of(&mut tx, &l, shown, ply, language).await?))
    }

    /// The state of the game a command left (`loaded`, as the command holds it, with no replay)
    /// in `language`: what the answer to the command shows.
    pub(crate) async fn state_after(
        &self,
        loaded: &Loaded,
        language: Language,
    ) -> Result<GameState, ServiceError> {
        let mut tx = self.store.read().await?;
        state_of(&mut tx, loaded, None, None, language).await
    }
}

/// A game's state from its loaded game `l`, showing the position `shown` after `ply` actions
/// (the current one if `None`), its words in `language`.
async fn state_of(
    tx: &mut Tx,
    l: &Loaded,
    shown: Option<Replayed>,
    ply: Option<u32>,
    language: Language,
) -> Result<GameState, ServiceError> {
    let mut identities: [Vec<Identity>; 2] = [Vec::new(), Vec::new()];
    for seat in Seat::BOTH {
        identities[seat.index()] = tx
            .identities_of(l.game.player_at(seat))
            .await?
            .into_iter()
            .map(|i| i.address)
            .collect();
    }
    let computer = l
        .players
        .each_ref()
        .map(|p| p.as_ref().is_some_and(|p| p.computer.is_some()));
    let current = l.game.ply;
    let (position, last) = match shown {
        Some(r) => (r.position, r.last),
        None => (l.position.clone(), l.last.clone()),
    };
    let shown = ply.unwrap_or(current).min(l.actions.len() as u32);
    let to_act = (l.game.status == GameStatus::Active).then(|| l.to_act());
    let words = Language::ALL.map(|lang| Words {
        title: title_in(l.game.variant, lang),
        clock: l.clock_text_in(lang),
        result: l.game.ending.as_ref().map(|e| l.result_text_in(e, lang)),
    });
    let asked = Language::ALL
        .iter()
        .position(|&l| l == language)
        .unwrap_or_default();
    let Words {
        title,
        clock,
        result,
    } = words[asked].clone();
    Ok(GameState {
        id: l.game.id,
        language,
        title,
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
        clock,
        draw_offer: l.game.draw_offer,
        undo_request: l.game.undo_request,
        last: last.as_ref().map(|(before, a)| before.notation(*a)),
        last_action: last.map(|(_, a)| a),
        position,
        result,
        overlay: final_fields(&l.game, shown),
        options: l.game.options,
        words,
    })
}

impl Service {
    /// The language the service writes in to players who have chosen none and whose client says
    /// none (`[service] default_language`); what a front end writes in a place everyone reads,
    /// such as a game's thread or the lobby.
    pub fn default_language(&self) -> Language {
        self.settings.default_language
    }

    /// The language of the person behind `identity`: the one they chose, else the one of their
    /// first Discord interaction, else `locale` (their client's, where the medium says it), else
    /// the default. A front end words its own replies to them in it.
    pub async fn language_for(
        &self,
        identity: &crate::Identity,
        locale: Option<&str>,
    ) -> Result<Language, ServiceError> {
        let mut tx = self.store.read().await?;
        let stored = tx.identity_language(&identity.to_string()).await?;
        let (chosen, first) = stored.unwrap_or_default();
        Ok(chosen
            .or(first)
            .as_deref()
            .and_then(Language::parse)
            .or_else(|| locale.and_then(Language::from_locale))
            .unwrap_or(self.settings.default_language))
    }
}

/// THE rule of the final Agros picture: the final position of a finished Agros game is pictured
/// with each field tinted by its controller (AR-14), as its final report shows it; no other
/// position is.
pub(crate) fn final_fields(game: &Game, shown: u32) -> bool {
    game.variant.kind() == GameKind::Agros
        && game.status == GameStatus::Finished
        && shown == game.ply
}
