//! One game's page and record on the website: its seats, moves, board picture, clock, result
//! and, once it is over, the final report and the analysis, at any ply of its history.

use super::{kind_code, public_name, shown, status_code};
use crate::views::{colour, describe_in, local_time_in, score_line, title_in};
use crate::{Language, Service, ServiceError};
use agora_rules::{AnyPosition, Seat};
use agora_store::GameStatus;
use chrono::{DateTime, Utc};
use serde::Serialize;

/// One seat of a game.
#[derive(Debug, Clone, Serialize)]
pub struct SeatLine {
    pub name: String,
    /// The seat's colour in the reader's language.
    pub colour: String,
    /// `first` or `second`, the same in every language.
    pub side: &'static str,
    /// Whether the computer plays it.
    pub computer: bool,
    /// What this game did to the player's rating, if it was rated and is over.
    pub rating_before: Option<i64>,
    pub rating_after: Option<i64>,
}

/// One action of a game's move list.
#[derive(Debug, Clone, Serialize)]
pub struct MoveLine {
    /// The ply after this action: 1 for the first.
    pub ply: u32,
    /// The index of the seat that played it (0 or 1).
    pub seat: usize,
    pub notation: String,
    pub played_at: DateTime<Utc>,
}

/// One field of a finished Agros game's score report (AR-14).
#[derive(Debug, Clone, Serialize)]
pub struct FieldLine {
    /// The field's squares, in board order.
    pub squares: Vec<String>,
    /// Each side's harvests adjacent to it, largest first.
    pub harvests: [Vec<u8>; 2],
    /// The controller's seat index, if anyone controls it.
    pub controller: Option<usize>,
    pub value: u32,
}

/// A game's page: the position after [`GamePage::ply`] actions with the move list, the clock and,
/// once it is over, the result and the final report.
#[derive(Debug, Clone, Serialize)]
pub struct GamePage {
    pub id: i64,
    pub title: String,
    /// A tournament game's tournament (its number and name) and round.
    pub tournament: Option<crate::tournaments::TournamentTag>,
    /// `agon` or `agros`.
    pub kind: &'static str,
    /// `active` or `finished`.
    pub status: &'static str,
    pub rated: bool,
    pub seats: [SeatLine; 2],
    /// The ply shown.
    pub ply: u32,
    /// The game's current ply.
    pub plies: u32,
    pub moves: Vec<MoveLine>,
    /// The seat index of the player to act, while it runs.
    pub to_act: Option<usize>,
    pub deadline: Option<DateTime<Utc>>,
    /// The deadline in words, in UTC (a browser shows it in its own zone).
    pub deadline_text: Option<String>,
    /// The time control and what is left on each clock, in words.
    pub clock: String,
    /// How the clock runs, in words (`3 days per move; …`).
    pub time_control: String,
    /// The result in words, once it is over.
    pub result: Option<String>,
    /// The Agros score of the shown position, in words.
    pub score: Option<String>,
    /// The final Agros report field by field, shown with the final position.
    pub fields: Vec<FieldLine>,
    /// Who gets the half point (AR-13) in the final report: a seat index.
    pub half_point: Option<usize>,
    pub started_at: Option<DateTime<Utc>>,
    pub finished_at: Option<DateTime<Utc>>,
    /// The shown position read aloud, in the page's language: the picture's text alternative
    /// ([`agora_render::describe_position`]), also the SVG's `<title>`.
    pub description: String,
    /// The shown position as SVG, with the last action marked.
    #[serde(skip)]
    pub svg: String,
    /// The computer's analysis of a finished game, once it is done: its graph and the largest
    /// mistakes.
    pub analysis: Option<crate::analysis::AnalysisView>,
}

impl Service {
    /// A game's page showing the position after `ply` actions (the current one if `None`), or
    /// `None` if there is no such game to show (none by that number, a private game, a challenge
    /// not yet taken). A `ply` past the game's end shows its end: [`GamePage::plies`] tells.
    pub async fn game_page(
        &self,
        id: i64,
        ply: Option<u32>,
        lang: Language,
    ) -> Result<Option<GamePage>, ServiceError> {
        let mut tx = self.store.read_page().await?;
        let Some(game) = tx.game(id).await?.filter(shown) else {
            return Ok(None);
        };
        let changes = tx.rating_changes_of_game(id).await?;
        let tournament = match tx.tournament_of_game(id).await? {
            Some((t, round)) => tx
                .tournament(t)
                .await?
                .map(|t| crate::tournaments::TournamentTag::of(&t, round)),
            None => None,
        };
        let (l, replayed) = self
            .load_showing(&mut tx, game, None, ply.map(|p| p as usize))
            .await?;
        let stored = match l.game.status {
            GameStatus::Finished => self.stored_analysis(&mut tx, id).await?,
            _ => None,
        };
        drop(tx);
        let analysis = stored
            .as_ref()
            .map(|s| self.analysis_view(&l, s, lang))
            .transpose()?;
        let plies = l.game.ply;
        let shown_ply = ply.unwrap_or(plies).min(l.actions.len() as u32);
        let (position, last) = match &replayed {
            Some(r) => (&r.position, r.last.as_ref().map(|(_, a)| *a)),
            None => (&l.position, l.last.as_ref().map(|(_, a)| *a)),
        };
        let svg = board_svg(position, last, &l.game, shown_ply, lang);
        let description = agora_render::describe_position(position, last, lang);
        let kind = l.game.variant.kind();
        let seats = seat_lines(&l, &changes, lang);
        let moves = move_lines(&l);
        let active = l.game.status == GameStatus::Active;
        let deadline = l.game.deadline_at.filter(|_| active);
        // The final report goes with the game, whichever position is shown.
        let over = crate::queries::final_fields(&l.game, l.game.ply);
        let (fields, half_point) = final_report(&l, over);
        let score = shown_score(&l, replayed.is_some(), position, lang);
        Ok(Some(GamePage {
            id,
            tournament,
            title: title_in(l.game.variant, lang),
            kind: kind_code(kind),
            status: status_code(l.game.status),
            rated: l.game.options.rated,
            seats,
            ply: shown_ply,
            plies,
            moves,
            to_act: active.then(|| l.to_act().index()),
            deadline,
            deadline_text: deadline.map(|d| local_time_in(d, "UTC", lang)),
            clock: public_name(&l.clock_text_in(lang)),
            time_control: describe_in(&l.game, lang),
            result: l
                .game
                .ending
                .as_ref()
                .map(|e| public_name(&l.result_text_in(e, lang))),
            score,
            fields,
            half_point,
            started_at: l.game.started_at,
            finished_at: l.game.finished_at,
            description,
            svg,
            analysis,
        }))
    }

    /// A game's record (docs/records.md), or `None` where [`Service::game_page`] shows nothing.
    pub async fn game_record(&self, id: i64) -> Result<Option<String>, ServiceError> {
        let mut tx = self.store.read_page().await?;
        let Some(game) = tx.game(id).await?.filter(shown) else {
            return Ok(None);
        };
        let l = self.load(&mut tx, game, None).await?;
        match self.record_of(&mut tx, &l, &[]).await {
            Ok(text) => Ok(Some(text)),
            Err(crate::Fail::Internal(e)) => Err(e),
            Err(_) => Err(ServiceError::Corrupt(format!(
                "record of game {id}: refused"
            ))),
        }
    }
}

/// The picture of `position` (after `last`) for the page: the final fields drawn over it when
/// the game's report goes with `shown_ply`.
fn board_svg(
    position: &AnyPosition,
    last: Option<agora_rules::AnyAction>,
    game: &agora_store::Game,
    shown_ply: u32,
    lang: Language,
) -> String {
    let overlay = crate::queries::final_fields(game, shown_ply);
    agora_render::svg(
        position,
        last,
        &agora_render::PngOptions {
            size: 600,
            field_overlay: overlay,
            language: lang,
        },
    )
}

/// Both seats of the game: names, colours, and the rating changes of a rated game.
fn seat_lines(
    l: &crate::views::Loaded,
    changes: &[agora_store::RatingChange],
    lang: Language,
) -> [SeatLine; 2] {
    let kind = l.game.variant.kind();
    Seat::BOTH.map(|seat| {
        let player = l.game.player_at(seat);
        let change = changes.iter().find(|c| c.player == player);
        SeatLine {
            name: public_name(&l.names[seat.index()]),
            colour: colour(lang, kind, seat),
            side: match seat {
                Seat::First => "first",
                Seat::Second => "second",
            },
            computer: l.players[seat.index()]
                .as_ref()
                .is_some_and(|p| p.computer.is_some()),
            rating_before: change.map(|c| c.before.rating.round() as i64),
            rating_after: change.map(|c| c.after.rating.round() as i64),
        }
    })
}

/// The game's actions, in order.
fn move_lines(l: &crate::views::Loaded) -> Vec<MoveLine> {
    l.actions
        .iter()
        .map(|a| MoveLine {
            ply: a.ply,
            seat: a.seat.index(),
            notation: a.notation.clone(),
            played_at: a.played_at,
        })
        .collect()
}

/// The fields that were harvested and the seat with the half point, once the game is `over`.
fn final_report(l: &crate::views::Loaded, over: bool) -> (Vec<FieldLine>, Option<usize>) {
    match &l.position {
        AnyPosition::Agros(p) if over => {
            let s = p.score();
            let fields = s
                .fields
                .iter()
                .filter(|f| f.harvests.iter().any(|h| !h.is_empty()))
                .map(|f| FieldLine {
                    squares: f.squares.iter().map(|q| q.to_string()).collect(),
                    harvests: f.harvests.clone(),
                    controller: f.controller.map(Seat::index),
                    value: f.value,
                })
                .collect();
            (fields, s.half_point.map(Seat::index))
        }
        _ => (Vec::new(), None),
    }
}

/// The score line of the `position` shown, an earlier one when `earlier`.
fn shown_score(
    l: &crate::views::Loaded,
    earlier: bool,
    position: &AnyPosition,
    lang: Language,
) -> Option<String> {
    if earlier {
        // The score line reads the loaded (current) position: a shown earlier one is scored
        // the same way, from its own position.
        score_line(position, l.game.variant.kind(), lang)
    } else {
        l.score_line_in(lang)
    }
}
