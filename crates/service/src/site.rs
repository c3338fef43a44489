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
use crate::views::{colour, describe_in, title_in};
use crate::{Language, Service, ServiceError};
use agora_rules::{GameKind, Seat};
use agora_store::{Game, GameStatus, Tx};
use chrono::{DateTime, Utc};
use serde::Serialize;

mod game;
pub use game::{FieldLine, GamePage, MoveLine, SeatLine};

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
