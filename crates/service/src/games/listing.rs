//! Looking at games: `board` and `history` of one game, the `games` list and the digest's lines,
//! and which of several players a hotseat front end should prompt next.

use super::Extra;
use crate::clock::seat_to_act;
use crate::{Done, Fail, Language, Reader, Service, ServiceError};
use agora_rules::Seat;
use agora_store::{Game, GameStatus, Player, Tx};
use chrono::{DateTime, Utc};
use serde::Serialize;

impl Service {
    /// `board` and `history`: any game by number, else the player's only open game, else the game
    /// that ended last.
    pub(crate) async fn board(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        me: &Player,
        game: Option<i64>,
        history: bool,
        now: DateTime<Utc>,
    ) -> Result<Done, Fail> {
        let command = if history { "history" } else { "board" };
        let nothing = agora_i18n::text!("board-no-game");
        let game = self.looked_at(tx, me, game, command, nothing).await?;
        let l = self.load(tx, game, Some(now)).await?;
        // A player's own notes on the game; nobody else's, ever.
        let notes = match l.game.seat_of(me.id) {
            Some(_) => tx
                .notes(l.game.id, me.id)
                .await?
                .into_iter()
                .map(|n| super::NoteLine {
                    ply: n.ply,
                    text: n.body,
                })
                .collect(),
            None => Vec::new(),
        };
        let extra = Extra {
            report: if history {
                l.score_report_in(reader.language)
            } else {
                Vec::new()
            },
            notes,
            ..Extra::default()
        };
        let template = if history { "history.txt" } else { "board.txt" };
        Ok(Done {
            loaded: None,
            attachments: Vec::new(),
            text: self
                .render_for(tx, reader, &l, me.id, template, extra)
                .await?,
            game: Some(l.game.id),
        })
    }

    /// The game a look at one game (`board`, `history`, `export`, `note`) is about: the one
    /// named (if the sender may see it), else the sender's only open game, else the game they
    /// finished last (`nothing` when there is none).
    pub(crate) async fn looked_at(
        &self,
        tx: &mut Tx,
        me: &Player,
        game: Option<i64>,
        command: &'static str,
        nothing: crate::Text,
    ) -> Result<Game, Fail> {
        Ok(match game {
            Some(id) => self.visible_game(tx, me, id).await?,
            // With no game under way, the one that ended last: a player looks back at it.
            None => match tx.open_games_of(me.id).await?.is_empty() {
                true => tx
                    .last_finished_game_of(me.id)
                    .await?
                    .ok_or(Fail::User(nothing))?,
                false => {
                    self.pick(
                        tx,
                        me,
                        None,
                        command,
                        agora_i18n::text!("no-game-under-way"),
                        |_| true,
                    )
                    .await?
                }
            },
        })
    }

    pub(crate) async fn games(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        me: &Player,
        now: DateTime<Utc>,
    ) -> Result<Done, Fail> {
        #[derive(Serialize)]
        struct Ctx {
            games: Vec<GameLine>,
        }
        let games = self.game_lines(tx, me, false, reader.language, now).await?;
        Ok(Done {
            loaded: None,
            attachments: Vec::new(),
            text: self.templates.render("games.txt", reader, Ctx { games }),
            game: None,
        })
    }

    /// `next`: the board of the game that needs `me` most, the running game whose turn is theirs
    /// with the nearest deadline (of those without one, the one waiting longest).
    pub(crate) async fn next(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        me: &Player,
        now: DateTime<Utc>,
    ) -> Result<Done, Fail> {
        let game = tx
            .open_games_of(me.id)
            .await?
            .into_iter()
            .filter(|g| urgency(g, me.id) == Urgency::YourTurn)
            .min_by_key(|g| {
                (
                    g.deadline_at.is_none(),
                    g.deadline_at,
                    g.turn_started_at,
                    g.id,
                )
            });
        match game {
            Some(game) => self.board(tx, reader, me, Some(game.id), false, now).await,
            // Nothing to do is an answer, not a mistake.
            None => Ok(Done {
                loaded: None,
                attachments: Vec::new(),
                text: agora_i18n::text!("next-none").in_lang(reader.language),
                game: None,
            }),
        }
    }

    /// One line per open game of `me` (only those waiting for them, if `waiting`), most urgent
    /// first (see [`Urgency`]; within each, the nearest deadline first): opponent, whose turn,
    /// deadline in their zone with the time left, and an opponent's vacation; times as
    /// `language` writes them.
    pub(crate) async fn game_lines(
        &self,
        tx: &mut Tx,
        me: &Player,
        waiting: bool,
        language: Language,
        now: DateTime<Utc>,
    ) -> Result<Vec<GameLine>, Fail> {
        let mut games = tx.open_games_of(me.id).await?;
        games.sort_by_key(|g| {
            (
                urgency(g, me.id),
                g.deadline_at.is_none(),
                g.deadline_at,
                g.id,
            )
        });
        let mut lines = Vec::new();
        for g in games {
            let seat = g.seat_of(me.id).unwrap_or(Seat::First);
            let yours = matches!(
                urgency(&g, me.id),
                Urgency::YourTurn | Urgency::ChallengeToYou
            );
            if waiting && !yours {
                continue;
            }
            let them = tx.player(g.player_at(seat.other())).await?;
            let away = them
                .as_ref()
                .and_then(|p| p.away(now))
                .map(|v| crate::views::local_time_in(v.until, &me.timezone, language));
            let opponent = them.map_or_else(String::new, |p| p.name);
            let state = match g.status {
                GameStatus::Proposed if g.challenger == me.id => {
                    agora_i18n::text!("listing-waiting", opponent = opponent.as_str())
                }
                GameStatus::Proposed => {
                    agora_i18n::text!(
                        "listing-challenge",
                        opponent = opponent.as_str(),
                        game = g.id
                    )
                }
                _ if yours => agora_i18n::text!("listing-your-turn"),
                _ => agora_i18n::text!("listing-their-turn", opponent = opponent.as_str()),
            }
            .in_lang(language);
            lines.push(GameLine {
                id: g.id,
                title: crate::views::title_in(g.variant, language),
                colour: crate::views::colour(language, g.variant.kind(), seat),
                opponent,
                state,
                deadline: g
                    .deadline_at
                    .map(|d| crate::views::local_time_in(d, &me.timezone, language)),
                left: g
                    .deadline_at
                    .map(|d| crate::views::span_in(d - now, language)),
                away,
            });
        }
        Ok(lines)
    }
}

/// A game in a list (`games`, the digest).
#[derive(Serialize)]
pub(crate) struct GameLine {
    id: i64,
    title: String,
    opponent: String,
    colour: String,
    state: String,
    deadline: Option<String>,
    /// The time left until the deadline.
    left: Option<String>,
    /// The opponent's vacation end, while they are away.
    away: Option<String>,
}

/// How much an open game waits for a player, the most urgent first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Urgency {
    /// A running game whose turn is theirs.
    YourTurn,
    /// A challenge for them to answer.
    ChallengeToYou,
    /// A running game whose turn is the opponent's.
    TheirTurn,
    /// Their own challenge, waiting for the opponent.
    TheirAnswer,
}

/// How much `game` waits for player `me`.
fn urgency(game: &Game, me: i64) -> Urgency {
    let seat = game.seat_of(me).unwrap_or(Seat::First);
    match game.status {
        GameStatus::Proposed if game.challenger == me => Urgency::TheirAnswer,
        GameStatus::Proposed => Urgency::ChallengeToYou,
        _ if seat_to_act(game) == seat => Urgency::YourTurn,
        _ => Urgency::TheirTurn,
    }
}

impl Service {
    /// Among the players behind `addresses`, the one that the most recent open game of theirs
    /// waits for (to accept or to act), as one of those addresses. A hotseat front end uses it to
    /// pick whose prompt comes next.
    pub async fn waiting_on(&self, addresses: &[String]) -> Result<Option<String>, ServiceError> {
        let mut tx = self.store.read().await?;
        let mut players = Vec::new();
        for a in addresses {
            if let Some(p) = tx.player_by_identity(a).await? {
                players.push((p.id, a.clone()));
            }
        }
        let mut latest: Option<Game> = None;
        for (id, _) in &players {
            for g in tx.open_games_of(*id).await? {
                if latest.as_ref().is_none_or(|l| g.id > l.id) {
                    latest = Some(g);
                }
            }
        }
        let Some(g) = latest else {
            return Ok(None);
        };
        let waits_for = match g.status {
            GameStatus::Proposed => g.player_at(Seat::Second),
            _ => g.player_at(seat_to_act(&g)),
        };
        Ok(players
            .into_iter()
            .find(|(id, _)| *id == waits_for)
            .map(|(_, a)| a))
    }
}
