//! Post-game analysis: after a game ends, the computer looks at every position with its hard
//! search and names the actions that lost the mover most of their winning chance, with a better
//! one for each.
//!
//! A finished game is queued in the transaction that ends it (table `analyses`). A background
//! job ([`Service::analyse_next`], run by `agora serve`) claims the one waiting longest, as the
//! outbox claims a conversation: one process holds it until a time that covers the work, and a
//! process that dies loses it. The search runs off the async threads on at most
//! `analysis_threads` threads, `analysis_time` a position; the result is kept as JSON.
//!
//! `analysis #12` sends it when ready: the largest mistakes of each side (with the board before
//! each on channels that show text boards), the evaluation graph as a picture and the annotated
//! record (the record format, a comment after each action). The website's game page shows the
//! graph and the mistakes. The engine policy holds: a game still being played is never analysed,
//! for anyone.

use crate::views::Loaded;
use crate::{Attachment, Done, Fail, Language, Reader, Service, ServiceError, user};
use agora_rules::{AnyAction, AnyPosition, Seat};
use agora_store::{GameStatus, Player, Tx};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

/// The mistakes of each side an answer lists.
const MISTAKES_PER_SIDE: usize = 3;

/// What is kept of a game's analysis (the `result` column, as JSON).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct Stored {
    /// The first seat's winning chance in each position, from the start (`plies + 1` values).
    pub evaluations: Vec<f64>,
    /// The mistakes, largest first.
    pub mistakes: Vec<StoredMistake>,
    /// The time the search had for each position, and the wall time the analysis took.
    pub ms_per_position: u64,
    pub seconds: f64,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct StoredMistake {
    pub ply: u32,
    pub seat: usize,
    pub played: String,
    pub better: String,
    pub before: f64,
    pub after: f64,
}

/// A game's analysis as a reader sees it, in their language.
#[derive(Debug, Clone, Serialize)]
pub struct AnalysisView {
    /// The largest mistakes of each side, in the order they were played.
    pub mistakes: Vec<MistakeLine>,
    /// The evaluation graph as SVG, its `<title>` the description below.
    #[serde(skip)]
    pub graph_svg: String,
    /// The graph in words, for a reader who cannot see it.
    pub graph_description: String,
}

/// One mistake: the action and who played it, the computer's choice, and the mover's winning
/// chance (in per cent) before and after.
#[derive(Debug, Clone, Serialize)]
pub struct MistakeLine {
    pub ply: u32,
    pub seat: usize,
    pub name: String,
    pub colour: String,
    pub played: String,
    pub better: String,
    pub before: u32,
    pub after: u32,
    /// The board before the mistake, in ASCII (for the channels that show text boards).
    pub board: String,
}

fn percent(chance: f64) -> u32 {
    (chance.clamp(0.0, 1.0) * 100.0).round() as u32
}

/// The positions of a game's first `plies` actions: the start and after each action, with the
/// actions.
fn positions_of(
    l: &Loaded,
    plies: usize,
) -> Result<(Vec<AnyPosition>, Vec<AnyAction>), ServiceError> {
    let mut position = l.game.variant.start();
    let mut positions = vec![position.clone()];
    let mut actions = Vec::new();
    for a in l.actions.iter().take(plies) {
        let action = position
            .parse_action(&a.notation)
            .map_err(|e| ServiceError::Corrupt(format!("game {} ply {}: {e}", l.game.id, a.ply)))?;
        position.play_unchecked(action);
        positions.push(position.clone());
        actions.push(action);
    }
    Ok((positions, actions))
}

impl Service {
    /// Whether finished games are analysed at all (`analysis_threads` above 0).
    pub(crate) fn analyses_games(&self) -> bool {
        self.settings.analysis_threads > 0
    }

    /// Claims the finished game waiting longest for its analysis, analyses it and keeps the
    /// result; its id, or `None` when none waits (or analysis is off). `holder` names this
    /// process's claim; a claim lasts long enough for the search (three times its estimate).
    pub async fn analyse_next(&self, holder: &str) -> Result<Option<i64>, ServiceError> {
        if !self.analyses_games() {
            return Ok(None);
        }
        let now = self.now();
        let per = self.settings.analysis_time;
        let threads = self.settings.analysis_threads;
        // The longest game a claim must cover: positions, and a search beside each mistake.
        let estimate = per.mul_f64(2_000.0 / threads as f64);
        let until = now
            + chrono::Duration::from_std(estimate * 3).unwrap_or(chrono::Duration::hours(6))
            + chrono::Duration::minutes(1);
        let mut tx = self.store.write().await?;
        let Some(id) = tx.claim_analysis(holder, now, until).await? else {
            return Ok(None);
        };
        tx.commit().await?;
        let mut tx = self.store.read().await?;
        let Some(game) = tx.game(id).await? else {
            return Ok(None);
        };
        let l = self.load(&mut tx, game, None).await?;
        drop(tx);
        let (positions, actions) = positions_of(&l, l.actions.len())?;
        let start = positions[0].clone();
        let seed = self.settings.seed.unwrap_or_else(rand::random) ^ id as u64;
        let started = std::time::Instant::now();
        let analysis = tokio::task::spawn_blocking(move || {
            agora_ai::analyse(&start, &actions, agora_ai::Budget::time(per), threads, seed)
        })
        .await
        .map_err(|e| ServiceError::Corrupt(format!("the analysis of game {id} failed: {e}")))?;
        let seconds = started.elapsed().as_secs_f64();
        let stored = Stored {
            evaluations: analysis.evaluations.clone(),
            mistakes: analysis
                .mistakes
                .iter()
                .map(|m| {
                    let before = &positions[m.ply as usize - 1];
                    StoredMistake {
                        ply: m.ply,
                        seat: m.seat.index(),
                        played: before.notation(m.played),
                        better: before.notation(m.better),
                        before: m.before,
                        after: m.after,
                    }
                })
                .collect(),
            ms_per_position: per.as_millis() as u64,
            seconds,
        };
        let json = serde_json::to_string(&stored)
            .map_err(|e| ServiceError::Corrupt(format!("analysis of game {id}: {e}")))?;
        let mut tx = self.store.write().await?;
        let kept = tx.finish_analysis(id, holder, &json, self.now()).await?;
        tx.commit().await?;
        tracing::info!(game = id, seconds, kept, "game analysed");
        Ok(Some(id))
    }

    /// The kept analysis of a game, if it is done.
    pub(crate) async fn stored_analysis(
        &self,
        tx: &mut Tx,
        game: i64,
    ) -> Result<Option<Stored>, ServiceError> {
        let Some(row) = tx.analysis(game).await? else {
            return Ok(None);
        };
        Ok(row
            .result
            .and_then(|json| serde_json::from_str::<Stored>(&json).ok()))
    }

    /// A kept analysis as a reader sees it: the largest mistakes of each side and the graph.
    pub(crate) fn analysis_view(
        &self,
        l: &Loaded,
        stored: &Stored,
        lang: Language,
    ) -> Result<AnalysisView, ServiceError> {
        // Only the boards before the mistakes shown are needed: the replay stops at the last.
        let shown: Vec<&StoredMistake> = Seat::BOTH
            .iter()
            .flat_map(|seat| {
                stored
                    .mistakes
                    .iter()
                    .filter(move |m| m.seat == seat.index())
                    .take(MISTAKES_PER_SIDE)
            })
            .collect();
        let last = shown.iter().map(|m| m.ply as usize).max().unwrap_or(0);
        let (positions, _) = positions_of(l, last)?;
        let views = Seat::BOTH.map(|seat| l.seat_view_in(seat, lang));
        let mut mistakes: Vec<MistakeLine> = shown
            .iter()
            .map(|m| {
                let view = &views[m.seat];
                let before = &positions[m.ply as usize - 1];
                let last = (m.ply >= 2)
                    .then(|| {
                        positions[m.ply as usize - 2]
                            .parse_action(&l.actions[m.ply as usize - 2].notation)
                            .ok()
                    })
                    .flatten();
                MistakeLine {
                    ply: m.ply,
                    seat: m.seat,
                    name: view.name.clone(),
                    colour: view.colour.clone(),
                    played: m.played.clone(),
                    better: m.better.clone(),
                    before: percent(m.before),
                    after: percent(m.after),
                    board: agora_render::ascii(before, last, lang),
                }
            })
            .collect();
        mistakes.sort_by_key(|m| m.ply);
        let kind = l.kind();
        let first = crate::views::colour(lang, kind, Seat::First);
        let second = crate::views::colour(lang, kind, Seat::Second);
        let description = agora_i18n::tr(
            lang,
            "analysis-graph-description",
            &[
                ("plies", (stored.evaluations.len().saturating_sub(1)).into()),
                ("first", first.as_str().into()),
                ("mistakes", mistakes.len().into()),
            ],
        );
        let labels = agora_render::GraphLabels {
            first,
            second,
            ply: agora_i18n::tr(lang, "analysis-graph-ply", &[]),
            description: description.clone(),
        };
        let marks: Vec<u32> = mistakes.iter().map(|m| m.ply).collect();
        Ok(AnalysisView {
            graph_svg: agora_render::evaluation_svg(&stored.evaluations, &marks, &labels, 800, 300),
            graph_description: description,
            mistakes,
        })
    }

    /// `analysis [#game]`: the computer's analysis of a finished game, when it is ready.
    pub(crate) async fn analysis(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        me: &Player,
        game: Option<i64>,
    ) -> Result<Done, Fail> {
        let nothing = agora_i18n::text!("analysis-no-game");
        let game = self.looked_at(tx, me, game, "analysis", nothing).await?;
        let id = game.id;
        match game.status {
            GameStatus::Finished => {}
            // The engine policy: a game still being played is never analysed, for anyone.
            GameStatus::Active | GameStatus::Proposed => {
                return user(agora_i18n::text!("analysis-running", game = id));
            }
            _ => return user(agora_i18n::text!("analysis-not-finished", game = id)),
        }
        if !self.analyses_games() {
            return user(agora_i18n::text!("analysis-off"));
        }
        let lang = reader.language;
        let l = self.load(tx, game, None).await?;
        let Some(stored) = self.stored_analysis(tx, id).await? else {
            return self.analysis_waiting(tx, reader, id).await;
        };
        let view = self.analysis_view(&l, &stored, lang)?;
        // The annotated record: after each action, the first seat's chance; at a mistake, the
        // computer's choice.
        let first = crate::views::colour(lang, l.kind(), Seat::First);
        let now = self.now();
        let comments = analysis_comments(&stored, &first, lang, now);
        let record = self.record_of(tx, &l, &comments).await?;
        let marks: Vec<u32> = view.mistakes.iter().map(|m| m.ply).collect();
        let labels = agora_render::GraphLabels {
            first: first.clone(),
            second: crate::views::colour(lang, l.kind(), Seat::Second),
            ply: agora_i18n::tr(lang, "analysis-graph-ply", &[]),
            description: view.graph_description.clone(),
        };
        let graph = agora_render::evaluation_png(&stored.evaluations, &marks, &labels, 800, 300)
            .map_err(|e| ServiceError::Corrupt(format!("graph of game {id}: {e}")))?;
        #[derive(Serialize)]
        struct Ready<'a> {
            what: &'static str,
            id: i64,
            mistakes: &'a [MistakeLine],
        }
        let text = self.templates.render(
            "analysis.txt",
            reader,
            Ready {
                what: "ready",
                id,
                mistakes: &view.mistakes,
            },
        );
        Ok(Done {
            loaded: None,
            attachments: vec![
                Attachment {
                    name: format!("agora-{id}-analysis.png"),
                    content_type: "image/png",
                    bytes: graph,
                    description: Some(view.graph_description.clone()),
                },
                Attachment {
                    name: format!("agora-{id}-analysis.txt"),
                    content_type: "text/plain; charset=utf-8",
                    bytes: record.into_bytes(),
                    description: None,
                },
            ],
            text,
            game: Some(id),
        })
    }

    /// The answer to `analysis` for finished game `id` whose analysis is not ready: it is queued
    /// if it never was, and the answer says how many games are ahead of it.
    async fn analysis_waiting(&self, tx: &mut Tx, reader: &Reader, id: i64) -> Result<Done, Fail> {
        if tx.analysis(id).await?.is_none() {
            // A game that ended before analyses were kept is queued when asked about.
            tx.queue_analysis(id, self.now()).await?;
        }
        let ahead = tx.analyses_ahead(id).await?;
        #[derive(Serialize)]
        struct Waiting {
            what: &'static str,
            id: i64,
            ahead: i64,
        }
        let text = self.templates.render(
            "analysis.txt",
            reader,
            Waiting {
                what: "waiting",
                id,
                ahead,
            },
        );
        Ok(Done {
            loaded: None,
            attachments: Vec::new(),
            text,
            game: Some(id),
        })
    }
}

/// When a finished game's analysis is queued: in the transaction that ends it.
pub(crate) async fn queue_finished(
    service: &Service,
    tx: &mut Tx,
    l: &Loaded,
    now: DateTime<Utc>,
) -> Result<bool, Fail> {
    if !service.analyses_games() || l.game.status != GameStatus::Finished || l.actions.len() < 2 {
        return Ok(false);
    }
    tx.queue_analysis(l.game.id, now).await?;
    Ok(true)
}

/// The comments of the annotated record: after each action, the first seat's chance (`first`
/// names that seat); at a mistake, the computer's choice.
fn analysis_comments(
    stored: &Stored,
    first: &str,
    lang: Language,
    now: DateTime<Utc>,
) -> Vec<agora_store::Note> {
    stored
        .evaluations
        .iter()
        .enumerate()
        .skip(1)
        .map(|(ply, &chance)| {
            let mistake = stored.mistakes.iter().find(|m| m.ply as usize == ply);
            let body = match mistake {
                Some(m) => agora_i18n::tr(
                    lang,
                    "analysis-comment-mistake",
                    &[
                        ("first", first.into()),
                        ("chance", percent(chance).into()),
                        ("better", m.better.as_str().into()),
                        ("before", percent(m.before).into()),
                        ("after", percent(m.after).into()),
                    ],
                ),
                None => agora_i18n::tr(
                    lang,
                    "analysis-comment",
                    &[("first", first.into()), ("chance", percent(chance).into())],
                ),
            };
            agora_store::Note {
                ply: ply as i64,
                body,
                created_at: now,
            }
        })
        .collect()
}
