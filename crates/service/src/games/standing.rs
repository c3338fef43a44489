//! Where players stand: rating a finished game, `rating`, `leaderboard`, a player's reliability,
//! and a game's record as a file (`export`).

use crate::ratings::{self, DEFAULT, pool_of};
use crate::site::pool_title;
use crate::views::{Loaded, title};
use crate::{Attachment, Done, Fail, Reader, Service, user};
use agora_rules::record::{Record, ResultToken};
use agora_rules::{GameKind, Seat, Variant};
use agora_store::{GameStatus, Player, Reliability, Tx};
use chrono::{DateTime, Utc};
use serde::Serialize;

/// How many players a leaderboard lists.
const LEADERBOARD_SIZE: u32 = 20;
use crate::ratings::{
    ESTABLISHED_DEVIATION as MAX_DEVIATION, ESTABLISHED_GAMES as MIN_GAMES, POOLS,
};

/// What one rated game did to one player's rating, as the final report shows it.
#[derive(Serialize, Clone, Debug)]
pub(crate) struct RatingChangeView {
    pub name: String,
    pub before: i64,
    pub after: i64,
    pub change: i64,
}

/// How reliably a player keeps to their deadlines, as `rating` and a challenge show it.
#[derive(Serialize, Clone, Debug)]
pub(crate) struct ReliabilityView {
    pub turns: u32,
    /// Percent of the turns played by the player themselves.
    pub in_time: u32,
    pub games: u32,
    /// Percent of finished games not lost on time.
    pub finished: u32,
    pub timed_out: u32,
}

/// One rating as `rating` shows it.
#[derive(Serialize)]
struct RatingLine {
    pool: String,
    rating: i64,
    deviation: i64,
    games: u32,
    established: bool,
}

impl Service {
    /// Rates a game that just ended, if it counts: rated, between two people, and both sides
    /// acted. Returns what the final report shows, empty for an unrated game. A repeat of the
    /// ending changes nothing (the store keeps one change per game and player).
    pub(crate) async fn rate_game(
        &self,
        tx: &mut Tx,
        l: &Loaded,
    ) -> Result<Vec<RatingChangeView>, Fail> {
        let g = &l.game;
        let Some(ending) = g.ending.as_ref() else {
            return Ok(Vec::new());
        };
        let people = l.players.iter().flatten().filter(|p| p.computer.is_none());
        if !g.options.rated || g.ply < 2 || people.count() < 2 || g.seats[0] == g.seats[1] {
            return Ok(Vec::new());
        }
        let pool = pool_of(g.variant);
        let mut before = [DEFAULT; 2];
        for seat in Seat::BOTH {
            if let Some(r) = tx.rating(g.player_at(seat), pool).await? {
                before[seat.index()] = r;
            }
        }
        let score_first = match ending.winner {
            Some(Seat::First) => 1.0,
            Some(Seat::Second) => 0.0,
            None => 0.5,
        };
        let (first, second) = ratings::rate(before[0], before[1], score_first);
        let after = [first, second];
        let now = g.finished_at.unwrap_or(g.updated_at);
        let mut lines = Vec::new();
        for seat in Seat::BOTH {
            let i = seat.index();
            tx.record_rating_change(g.id, g.player_at(seat), pool, before[i], after[i], now)
                .await?;
            let (b, a) = (
                before[i].rating.round() as i64,
                after[i].rating.round() as i64,
            );
            lines.push(RatingChangeView {
                name: l.seat_view(seat).name,
                before: b,
                after: a,
                change: a - b,
            });
        }
        Ok(lines)
    }

    /// `rating [player]`: a player's ratings, their deviation and games, and their reliability.
    pub(crate) async fn rating(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        me: &Player,
        name: Option<&str>,
    ) -> Result<Done, Fail> {
        // The computer's levels have their fixed ratings whether or not anyone played them yet.
        let level = name.and_then(|n| {
            let n = n.to_ascii_lowercase();
            let level = n.strip_prefix("computer-").unwrap_or(&n).to_owned();
            (["easy", "normal", "hard"].contains(&level.as_str()) && n.starts_with("computer"))
                .then_some(level)
        });
        if let Some(level) = level {
            let lines = computer_lines(&level);
            return Ok(self.rating_text(
                reader,
                format!("computer-{level}"),
                false,
                true,
                lines,
                None,
            ));
        }
        let who = match name {
            None => me.clone(),
            Some(n) => {
                // A name, or someone picked or mentioned on Discord (`discord:<id>`, `<@id>`):
                // names never hold `:` or `<`.
                let mention = n
                    .strip_prefix("<@")
                    .and_then(|m| m.strip_suffix('>'))
                    .map(|id| crate::Identity::discord(id.trim_start_matches('!')).to_string());
                let found = match mention {
                    Some(identity) => tx.player_by_identity(&identity).await?,
                    // A Discord account is shown to everyone in its server; a mail address is
                    // not, and a rating must not tell who owns one: asked for by address, only
                    // the asker's own is found.
                    None if n.starts_with("discord:") => tx.player_by_identity(n).await?,
                    None if n.contains(':') => {
                        tx.player_by_identity(n).await?.filter(|p| p.id == me.id)
                    }
                    None => tx.player_named(n).await?,
                };
                // The placeholder of open challenges is nobody.
                let anyone = tx.player_by_identity(&super::anyone_identity()).await?;
                match found {
                    Some(p) if anyone.is_none_or(|a| a.id != p.id) => p,
                    _ => return user(agora_i18n::text!("no-player-named", name = n)),
                }
            }
        };
        let lines = match who.computer.as_deref() {
            Some(level) => computer_lines(level),
            None => tx
                .ratings_of(who.id)
                .await?
                .into_iter()
                .map(|(pool, r)| RatingLine {
                    pool: pool_title(&pool),
                    rating: r.rating.round() as i64,
                    deviation: r.deviation.round() as i64,
                    games: r.games,
                    established: ratings::is_established(&r),
                })
                .collect(),
        };
        let reliability = if who.computer.is_some() {
            None
        } else {
            reliability_view(&tx.reliability(who.id).await?)
        };
        let (you, computer) = (who.id == me.id, who.computer.is_some());
        Ok(self.rating_text(reader, who.name, you, computer, lines, reliability))
    }

    /// The reply to `rating`, from `templates/rating.txt`.
    fn rating_text(
        &self,
        reader: &Reader,
        name: String,
        you: bool,
        computer: bool,
        ratings: Vec<RatingLine>,
        reliability: Option<ReliabilityView>,
    ) -> Done {
        #[derive(Serialize)]
        struct Ctx {
            name: String,
            you: bool,
            computer: bool,
            ratings: Vec<RatingLine>,
            reliability: Option<ReliabilityView>,
        }
        Done {
            loaded: None,
            text: self.templates.render(
                "rating.txt",
                reader,
                Ctx {
                    name,
                    you,
                    computer,
                    ratings,
                    reliability,
                },
            ),
            game: None,
            attachments: Vec::new(),
        }
    }

    /// `leaderboard agon|agros [board N]`.
    pub(crate) async fn leaderboard(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        kind: GameKind,
        board: Option<u32>,
    ) -> Result<Done, Fail> {
        let variant = Variant::new(kind, board, None)
            .map_err(|e| Fail::User(crate::rule_errors::variant_error(&e)))?;
        let pool = pool_of(variant);
        #[derive(Serialize)]
        struct Entry {
            rank: usize,
            name: String,
            rating: i64,
            deviation: i64,
            games: u32,
        }
        let entries = tx
            .leaderboard(pool, MAX_DEVIATION, MIN_GAMES, LEADERBOARD_SIZE)
            .await?
            .into_iter()
            .enumerate()
            .map(|(i, (name, _, r))| Entry {
                rank: i + 1,
                name,
                rating: r.rating.round() as i64,
                deviation: r.deviation.round() as i64,
                games: r.games,
            })
            .collect();
        #[derive(Serialize)]
        struct Ctx {
            pool: String,
            entries: Vec<Entry>,
            max_deviation: f64,
            min_games: u32,
        }
        Ok(Done {
            loaded: None,
            text: self.templates.render(
                "leaderboard.txt",
                reader,
                Ctx {
                    pool: pool_title(pool),
                    entries,
                    max_deviation: MAX_DEVIATION,
                    min_games: MIN_GAMES,
                },
            ),
            game: None,
            attachments: Vec::new(),
        })
    }

    /// A player's reliability, for a challenge they made.
    pub(crate) async fn reliability_of(
        &self,
        tx: &mut Tx,
        player: i64,
    ) -> Result<Option<ReliabilityView>, Fail> {
        Ok(reliability_view(&tx.reliability(player).await?))
    }

    /// `export [#N]`: the game's record (docs/records.md) as a text file. Any game the sender
    /// plays in, or any other that is not private.
    pub(crate) async fn export(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        me: &Player,
        game: Option<i64>,
        now: DateTime<Utc>,
    ) -> Result<Done, Fail> {
        let nothing = agora_i18n::text!("export-no-game");
        let game = self.looked_at(tx, me, game, "export", nothing).await?;
        let id = game.id;
        if game.status == GameStatus::Proposed {
            return user(agora_i18n::text!("export-not-started", game = id));
        }
        let l = self.load(tx, game, Some(now)).await?;
        // A player's own export carries their private notes as comments; nobody else's does.
        let notes = match l.game.seat_of(me.id) {
            Some(_) => tx.notes(id, me.id).await?,
            None => Vec::new(),
        };
        let text = self.record_of(tx, &l, &notes).await?;
        #[derive(Serialize)]
        struct Ctx {
            id: i64,
            title: String,
            actions: usize,
            name: String,
        }
        let name = format!("agora-{id}.txt");
        let reply = self.templates.render(
            "export.txt",
            reader,
            Ctx {
                id,
                title: title(l.game.variant),
                actions: l.actions.len(),
                name: name.clone(),
            },
        );
        Ok(Done {
            loaded: None,
            text: reply,
            game: Some(id),
            attachments: vec![Attachment {
                name,
                content_type: "text/plain; charset=utf-8",
                bytes: text.into_bytes(),
                description: None,
            }],
        })
    }

    /// A game's record in the record format: its tags, then its actions.
    pub(crate) async fn record_of(
        &self,
        tx: &mut Tx,
        l: &Loaded,
        notes: &[agora_store::Note],
    ) -> Result<String, Fail> {
        let g = &l.game;
        let corrupt = |e: agora_rules::record::RecordError| {
            Fail::Internal(crate::ServiceError::Corrupt(format!(
                "record of game {}: {e}",
                g.id
            )))
        };
        let mut record = Record::new(g.variant, l.actions.iter().map(|a| a.notation.as_str()))
            .map_err(corrupt)?;
        let mut tags: Vec<(&str, String)> = vec![
            ("Site", format!("Agora #{}", g.id)),
            ("First", l.seat_view(Seat::First).name),
            ("Second", l.seat_view(Seat::Second).name),
        ];
        for seat in Seat::BOTH {
            let player = g.player_at(seat);
            if let Some(r) = tx
                .rating_changes_of_game(g.id)
                .await?
                .iter()
                .find(|c| c.player == player)
            {
                let key = if seat == Seat::First {
                    "FirstRating"
                } else {
                    "SecondRating"
                };
                tags.push((key, format!("{}", r.before.rating.round() as i64)));
            }
        }
        if let Some(t) = g.started_at {
            tags.push((
                "Started",
                t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
            ));
        }
        if let Some(t) = g.finished_at {
            tags.push((
                "Finished",
                t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
            ));
        }
        tags.push(("Clock", crate::clock::describe(g)));
        tags.push(("Rated", if g.options.rated { "yes" } else { "no" }.into()));
        let result = match (g.status, g.ending.as_ref()) {
            (_, Some(e)) => match e.winner {
                Some(Seat::First) => ResultToken::FirstWins,
                Some(Seat::Second) => ResultToken::SecondWins,
                None => ResultToken::Draw,
            },
            _ => ResultToken::Unfinished,
        };
        if let Some(e) = g.ending.as_ref() {
            tags.push(("Reason", e.reason.code().to_owned()));
        } else if g.status == GameStatus::Cancelled {
            tags.push(("Reason", "aborted".to_owned()));
        }
        for (key, value) in tags {
            record.set_tag(key, &value).map_err(corrupt)?;
        }
        for note in notes {
            let after = usize::try_from(note.ply).unwrap_or(0).min(l.actions.len());
            record
                .add_comment(after, note.body.as_str())
                .map_err(corrupt)?;
        }
        record.set_result(result);
        Ok(record.to_text())
    }
}

/// A computer level's fixed ratings, one line per pool.
fn computer_lines(level: &str) -> Vec<RatingLine> {
    POOLS
        .into_iter()
        .filter_map(|pool| {
            ratings::computer_rating(level, pool).map(|r| RatingLine {
                pool: pool_title(pool),
                rating: r.round() as i64,
                deviation: 0,
                games: 0,
                established: true,
            })
        })
        .collect()
}

/// A player's reliability in figures; `None` for a player with nothing settled yet.
pub(crate) fn reliability_view(r: &Reliability) -> Option<ReliabilityView> {
    if r.turns == 0 && r.finished_games == 0 {
        return None;
    }
    let percent = |part: u32, all: u32| {
        if all == 0 {
            100
        } else {
            (f64::from(part) * 100.0 / f64::from(all)).round() as u32
        }
    };
    let timed_out = r.games_timed_out.min(r.finished_games);
    Some(ReliabilityView {
        turns: r.turns,
        in_time: percent(r.turns_in_time, r.turns),
        games: r.finished_games,
        finished: percent(r.finished_games - timed_out, r.finished_games),
        timed_out,
    })
}
