//! What the read-only website shows, as data: the home page's lists, one game with its moves and
//! its board, a player's games and ratings, a leaderboard, and a game's record. Every page's
//! words (titles, colours, clocks, results) are in the language it is asked in; its layout and
//! the rest of its words are the website's (`templates/web/`).
//!
//! Nothing private is ever in them: private games are absent (asked for by number, they are
//! answered as games that do not exist, as a stranger's `board` is), and so are challenges not
//! yet taken except open ones; a player is shown by name only, never by an address, a Discord
//! id or a code. Nothing here changes anything.

use crate::ratings::{ESTABLISHED_DEVIATION, ESTABLISHED_GAMES, POOLS, is_established};
use crate::views::{colour, describe_in, local_time_in, score_line, title_in};
use crate::{Language, Service, ServiceError};
use agora_rules::{AnyPosition, GameKind, Seat};
use agora_store::{Game, GameStatus, Tx};
use chrono::{DateTime, Utc};
use serde::Serialize;

/// How many games each list of the home page and a player's page shows.
const LIST_SIZE: u32 = 30;

/// How many players a leaderboard shows.
const LEADERBOARD_SIZE: u32 = 50;

/// A game in a list: who plays it, how far it is and how it ended.
#[derive(Debug, Clone, Serialize)]
pub struct GameLine {
    pub id: i64,
    pub title: String,
    /// `agon` or `agros`.
    pub kind: &'static str,
    pub names: [String; 2],
    pub colours: [String; 2],
    /// Actions played.
    pub ply: u32,
    /// `active` or `finished`.
    pub status: &'static str,
    /// The name of the player to act, while it runs.
    pub to_act: Option<String>,
    /// The winner's seat index once it is over; `None` for a draw or a game still running.
    pub winner: Option<usize>,
    /// When it last changed (finished, for a finished game).
    pub at: DateTime<Utc>,
}

/// An open challenge that anyone may take.
#[derive(Debug, Clone, Serialize)]
pub struct ChallengeLine {
    pub id: i64,
    pub title: String,
    pub challenger: String,
    pub clock: String,
    pub rated: bool,
    pub min_rating: Option<i64>,
    pub max_rating: Option<i64>,
    pub created_at: DateTime<Utc>,
}

/// A rating pool with a leaderboard: `agon`, `agros-10`, ….
#[derive(Debug, Clone, Serialize)]
pub struct PoolLine {
    pub pool: String,
    pub title: String,
}

/// The home page: what runs, what waits for an opponent, what just ended.
#[derive(Debug, Clone, Serialize)]
pub struct HomePage {
    pub running: Vec<GameLine>,
    /// The tournaments open, running and lately finished.
    pub tournaments: Vec<crate::TournamentLine>,
    pub challenges: Vec<ChallengeLine>,
    pub results: Vec<GameLine>,
    pub leaderboards: Vec<PoolLine>,
}

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

/// A player's rating in one pool.
#[derive(Debug, Clone, Serialize)]
pub struct RatingLine {
    pub pool: String,
    pub title: String,
    pub rating: i64,
    pub deviation: i64,
    pub games: u32,
    /// Settled enough to be on the leaderboard.
    pub established: bool,
}

/// A player's page: their public games and ratings.
#[derive(Debug, Clone, Serialize)]
pub struct PlayerPage {
    pub name: String,
    pub computer: bool,
    pub games: Vec<GameLine>,
    pub ratings: Vec<RatingLine>,
    pub won: u32,
    pub lost: u32,
    pub drawn: u32,
}

/// One line of a leaderboard.
#[derive(Debug, Clone, Serialize)]
pub struct LeaderLine {
    pub rank: usize,
    pub name: String,
    pub rating: i64,
    pub deviation: i64,
    pub games: u32,
}

/// The established ratings of one pool, highest first.
#[derive(Debug, Clone, Serialize)]
pub struct LeaderboardPage {
    pub pool: String,
    pub title: String,
    pub entries: Vec<LeaderLine>,
    pub max_deviation: f64,
    pub min_games: u32,
}

/// A name as the website shows it: a player Agora knows by no other name than their Discord id
/// (`discord-<id>`, see `Identity::name_hint`) shows without the id, which is nobody's to see.
pub fn public_name(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut digits = String::new();
    for c in name.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        // A Discord id has 17 to 20 digits; shorter numbers are part of a chosen name.
        if digits.len() >= 15 {
            out.push('…');
        } else {
            out.push_str(&digits);
        }
        digits.clear();
        out.push(c);
    }
    out.pop();
    out
}

/// Whether the website shows a game: running or finished, and not private.
fn shown(game: &Game) -> bool {
    matches!(game.status, GameStatus::Active | GameStatus::Finished) && !game.options.private
}

fn kind_code(kind: GameKind) -> &'static str {
    match kind {
        GameKind::Agon => "agon",
        GameKind::Agros => "agros",
    }
}

fn status_code(status: GameStatus) -> &'static str {
    match status {
        GameStatus::Finished => "finished",
        _ => "active",
    }
}

/// A pool's title: `Agon`, `Agros 10×10`.
pub fn pool_title(pool: &str) -> String {
    match pool.strip_prefix("agros-") {
        Some(n) => format!("Agros {n}×{n}"),
        None if pool == "agon" => "Agon".to_owned(),
        None => pool.to_owned(),
    }
}

impl Service {
    /// The address of a game's page on the website, for a link in a mail or a Discord message:
    /// `None` when the website does not run or does not show the game (private, not started).
    pub fn page_url(&self, state: &crate::queries::GameState) -> Option<String> {
        let shown = matches!(state.status, GameStatus::Active | GameStatus::Finished)
            && !state.options.private;
        shown.then(|| self.game_url(state.id)).flatten()
    }

    /// [`Service::page_url`] of game `id`, read from the store.
    pub async fn page_url_of(&self, id: i64) -> Result<Option<String>, ServiceError> {
        if self.settings.site_url.is_none() {
            return Ok(None);
        }
        let mut tx = self.store.read().await?;
        Ok(tx
            .game(id)
            .await?
            .filter(shown)
            .and_then(|g| self.game_url(g.id)))
    }

    /// The home page in `lang`.
    pub async fn home_page(&self, lang: Language) -> Result<HomePage, ServiceError> {
        let mut tx = self.store.read_page().await?;
        let mut running = Vec::new();
        for game in tx.live_games(LIST_SIZE).await? {
            running.push(self.game_line(&mut tx, game, lang).await?);
        }
        let mut results = Vec::new();
        for game in tx.recent_results(LIST_SIZE).await? {
            results.push(self.game_line(&mut tx, game, lang).await?);
        }
        let mut challenges = Vec::new();
        for game in tx.open_challenges(LIST_SIZE).await? {
            if game.options.private {
                continue;
            }
            let challenger = tx
                .player(game.challenger)
                .await?
                .map_or_else(|| "?".to_owned(), |p| public_name(&p.name));
            challenges.push(ChallengeLine {
                id: game.id,
                title: title_in(game.variant, lang),
                challenger,
                clock: describe_in(&game, lang),
                rated: game.options.rated,
                min_rating: game.options.min_rating,
                max_rating: game.options.max_rating,
                created_at: game.created_at,
            });
        }
        let leaderboards = tx
            .rated_pools()
            .await?
            .into_iter()
            .filter(|p| POOLS.contains(&p.as_str()))
            .map(|pool| PoolLine {
                title: pool_title(&pool),
                pool,
            })
            .collect();
        drop(tx);
        let tournaments = self.tournament_lines(lang).await?;
        Ok(HomePage {
            running,
            tournaments,
            challenges,
            results,
            leaderboards,
        })
    }

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
        let analysis = match &stored {
            Some(s) => Some(self.analysis_view(&l, s, lang)?),
            None => None,
        };
        let plies = l.game.ply;
        let shown_ply = ply.unwrap_or(plies).min(l.actions.len() as u32);
        let (position, last) = match &replayed {
            Some(r) => (&r.position, r.last.as_ref().map(|(_, a)| *a)),
            None => (&l.position, l.last.as_ref().map(|(_, a)| *a)),
        };
        let overlay = crate::queries::final_fields(&l.game, shown_ply);
        let svg = agora_render::svg(
            position,
            last,
            &agora_render::PngOptions {
                size: 600,
                field_overlay: overlay,
                language: lang,
            },
        );
        let description = agora_render::describe_position(position, last, lang);
        let kind = l.game.variant.kind();
        let seats = Seat::BOTH.map(|seat| {
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
        });
        let moves = l
            .actions
            .iter()
            .map(|a| MoveLine {
                ply: a.ply,
                seat: a.seat.index(),
                notation: a.notation.clone(),
                played_at: a.played_at,
            })
            .collect();
        let active = l.game.status == GameStatus::Active;
        let deadline = l.game.deadline_at.filter(|_| active);
        // The final report goes with the game, whichever position is shown.
        let over = crate::queries::final_fields(&l.game, l.game.ply);
        let (fields, half_point) = match &l.position {
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
        };
        let score = match &replayed {
            // The score line reads the loaded (current) position: a shown earlier one is scored
            // the same way, from its own position.
            Some(_) => score_line(position, kind, lang),
            None => l.score_line_in(lang),
        };
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

    /// The short rules of `game` (`agon` or `agros`) in `lang`, as `help rules` tells them, or
    /// `None` for another name.
    pub fn rules_text(&self, game: &str, lang: Language) -> Option<String> {
        let name = match game {
            "agon" => "rules_agon.txt",
            "agros" => "rules_agros.txt",
            _ => return None,
        };
        Some(self.templates.render_in(name, "web", lang, ()))
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

    /// A player's page, or `None` if nobody has that name.
    pub async fn player_page(
        &self,
        name: &str,
        lang: Language,
    ) -> Result<Option<PlayerPage>, ServiceError> {
        let mut tx = self.store.read_page().await?;
        let Some(player) = tx.player_named(name).await? else {
            return Ok(None);
        };
        let mut games = Vec::new();
        let (mut won, mut lost, mut drawn) = (0, 0, 0);
        for game in tx.public_games_of(player.id, LIST_SIZE).await? {
            if let Some(ending) = &game.ending {
                match ending.winner {
                    None => drawn += 1,
                    Some(seat) if game.player_at(seat) == player.id => won += 1,
                    Some(_) => lost += 1,
                }
            }
            games.push(self.game_line(&mut tx, game, lang).await?);
        }
        let ratings = tx
            .ratings_of(player.id)
            .await?
            .into_iter()
            .map(|(pool, r)| RatingLine {
                title: pool_title(&pool),
                pool,
                rating: r.rating.round() as i64,
                deviation: r.deviation.round() as i64,
                games: r.games,
                established: is_established(&r),
            })
            .collect();
        Ok(Some(PlayerPage {
            name: public_name(&player.name),
            computer: player.computer.is_some(),
            games,
            ratings,
            won,
            lost,
            drawn,
        }))
    }

    /// The leaderboard of `pool` (`agon`, `agros-8`, `agros-10`, `agros-12`), or `None` for a
    /// pool that does not exist.
    pub async fn leaderboard_page(
        &self,
        pool: &str,
    ) -> Result<Option<LeaderboardPage>, ServiceError> {
        if !POOLS.contains(&pool) {
            return Ok(None);
        }
        let mut tx = self.store.read_page().await?;
        let entries = tx
            .leaderboard(
                pool,
                ESTABLISHED_DEVIATION,
                ESTABLISHED_GAMES,
                LEADERBOARD_SIZE,
            )
            .await?
            .into_iter()
            .enumerate()
            .map(|(i, (name, _, r))| LeaderLine {
                rank: i + 1,
                name: public_name(&name),
                rating: r.rating.round() as i64,
                deviation: r.deviation.round() as i64,
                games: r.games,
            })
            .collect();
        Ok(Some(LeaderboardPage {
            pool: pool.to_owned(),
            title: pool_title(pool),
            entries,
            max_deviation: ESTABLISHED_DEVIATION,
            min_games: ESTABLISHED_GAMES,
        }))
    }

    /// A game as a line of a list.
    async fn game_line(
        &self,
        tx: &mut Tx,
        game: Game,
        lang: Language,
    ) -> Result<GameLine, ServiceError> {
        let players = tx.seat_players(game.seats).await?;
        let names = Seat::BOTH.map(|s| {
            players[s.index()]
                .as_ref()
                .map_or_else(|| "?".to_owned(), |p| public_name(&p.name))
        });
        let kind = game.variant.kind();
        let to_act = (game.status == GameStatus::Active)
            .then(|| names[crate::clock::seat_to_act(&game).index()].clone());
        let winner = game.ending.as_ref().and_then(|e| e.winner).map(Seat::index);
        Ok(GameLine {
            id: game.id,
            title: title_in(game.variant, lang),
            kind: kind_code(kind),
            colours: Seat::BOTH.map(|s| colour(lang, kind, s)),
            names,
            ply: game.ply,
            status: status_code(game.status),
            to_act,
            winner,
            at: game.finished_at.unwrap_or(game.updated_at),
        })
    }
}
