//! Tournaments: a room of its own on top of the game lifecycle. A round robin (single or double),
//! a Swiss of N rounds or a permanent ladder, organised by a player (within a limit) or by the
//! operator, with players on any channel.
//!
//! Its games are ordinary games, made and started here and named with their tournament and round
//! (`tournament_games`): every command, clock, reminder, vacation rule and notification works on
//! them as on any game. When one ends ([`Service::tournament_game_over`], called from the one
//! ending path), the tournament looks again: the withdrawal rule for a player who lost too many
//! games on time, a Swiss's next round once the last game of the round ended, and the end of the
//! tournament with its final standings sent to every entrant.
//!
//! Pairing, standings with their tie-breaks, the crosstable and the withdrawal rule are pure
//! functions of `agora_domain::tournament`; this room reads and keeps what they need.

mod ladder;
mod lifecycle;
mod pages;
mod view;

use crate::commands::{TournamentCommand, TournamentSpec};
use crate::games::Extra;
use crate::{Done, Fail, Language, Reader, Service, user};
use agora_domain::tournament::{self as rules, Format, Outcome, Played};
use agora_i18n::text;
use agora_rules::Seat;
use agora_store::{
    GameOptions, GameStatus, NewGame, NewTournament, Notice, Player, TimeoutPolicy, Tournament,
    TournamentGame, TournamentStatus, Tx,
};
use chrono::{DateTime, Utc};
pub use pages::TournamentPage;
pub use view::{TableEntrant, TableGame, TournamentLine, TournamentTable, TournamentTag};

/// The most players a round robin takes (a double one of 30 is 870 games), and a Swiss.
const MAX_ROUND_ROBIN: u32 = 30;
const MAX_SWISS: u32 = 512;

/// Who gives a tournament command: a player, who organises within a limit and only their own
/// tournaments, or the operator, the organiser of every tournament with no limit, who plays in
/// none.
#[derive(Clone, Copy)]
enum Organiser<'a> {
    Player(&'a Player),
    Operator,
}

impl Service {
    /// `tournament …`.
    pub(crate) async fn tournament(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        me: &Player,
        command: TournamentCommand,
        now: DateTime<Utc>,
    ) -> Result<Done, Fail> {
        self.tournament_by(tx, reader, Organiser::Player(me), command, now)
            .await
    }

    /// A tournament command of the operator's (`agora admin tournament …`), answered in English
    /// on no channel in particular.
    pub(crate) async fn tournament_as_operator(
        &self,
        tx: &mut Tx,
        command: TournamentCommand,
        now: DateTime<Utc>,
    ) -> Result<String, Fail> {
        let reader = &Reader::without_channel(Language::En);
        let done = self
            .tournament_by(tx, reader, Organiser::Operator, command, now)
            .await?;
        Ok(done.text)
    }

    async fn tournament_by(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        by: Organiser<'_>,
        command: TournamentCommand,
        now: DateTime<Utc>,
    ) -> Result<Done, Fail> {
        let text = match (command, by) {
            (TournamentCommand::List, _) => self.tournament_list(tx, reader).await?,
            (TournamentCommand::Standings(id), _) => {
                let t = self.tournament_named(tx, id).await?;
                self.tournament_standings(tx, reader, &t, None).await?
            }
            (TournamentCommand::Pairings(id, round), _) => {
                let t = self.tournament_named(tx, id).await?;
                self.tournament_pairings(tx, reader, &t, round).await?
            }
            (TournamentCommand::Create(spec), Organiser::Player(me)) => {
                self.create_tournament(tx, reader, me, *spec, now).await?
            }
            (TournamentCommand::Create(spec), Organiser::Operator) => {
                let new = self.new_tournament(None, *spec, now)?;
                let t = tx.insert_tournament(&new, now).await?;
                self.tournament_answer(tx, reader, "created", t.id).await?
            }
            (TournamentCommand::Start(id), by) => self.start_by(tx, reader, by, id, now).await?,
            (TournamentCommand::Cancel(id), by) => {
                let t = self.organised(tx, by, id).await?;
                self.cancel_tournament(tx, t, now).await?;
                self.tournament_answer(tx, reader, "cancelled", id).await?
            }
            (TournamentCommand::Remove(id, name), by) => {
                self.remove_by(tx, reader, by, id, &name, now).await?
            }
            (TournamentCommand::Join(id), Organiser::Player(me)) => {
                self.join_tournament(tx, reader, me, id, now).await?
            }
            (TournamentCommand::Leave(id), Organiser::Player(me)) => {
                self.leave_tournament(tx, reader, me, id, now).await?
            }
            (TournamentCommand::Challenge(id, name), Organiser::Player(me)) => {
                return self.ladder_challenge(tx, reader, me, id, &name, now).await;
            }
            (
                TournamentCommand::Join(_)
                | TournamentCommand::Leave(_)
                | TournamentCommand::Challenge(..),
                Organiser::Operator,
            ) => return user(text!("tournament-operator-plays-not")),
        };
        Ok(Done {
            loaded: None,
            attachments: Vec::new(),
            text,
            game: None,
        })
    }

    /// `tournament start`: the organiser's (or the operator's) tournament `id` begins, once
    /// enough players entered; the answer is its first round's pairings.
    async fn start_by(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        by: Organiser<'_>,
        id: i64,
        now: DateTime<Utc>,
    ) -> Result<String, Fail> {
        let t = self.organised(tx, by, id).await?;
        if t.status != TournamentStatus::Open {
            return user(text!("tournament-not-open", id = id));
        }
        // The operator may start with fewer than the organiser asked for.
        let min = match by {
            Organiser::Player(_) => t.new.min_players,
            Organiser::Operator => 2,
        };
        let entrants = tx.entrants(id).await?.len() as u32;
        if entrants < min {
            return user(text!(
                "tournament-too-few",
                id = id,
                players = entrants,
                min = min
            ));
        }
        self.start_tournament(tx, t, now).await?;
        let t = self.tournament_named(tx, id).await?;
        self.tournament_pairings(tx, reader, &t, Some(1)).await
    }

    /// `tournament remove`: the organiser (or the operator) takes the entrant `name` out of
    /// tournament `id`.
    async fn remove_by(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        by: Organiser<'_>,
        id: i64,
        name: &str,
        now: DateTime<Utc>,
    ) -> Result<String, Fail> {
        let t = self.organised(tx, by, id).await?;
        let Some(p) = tx.player_named(name).await? else {
            return user(text!("tournament-no-such-entrant", id = id, name = name));
        };
        if !is_entrant(tx, id, p.id).await? {
            return user(text!("tournament-no-such-entrant", id = id, name = name));
        }
        self.leave_for(tx, &t, p.id, "removed", now).await?;
        self.tournament_answer(tx, reader, "removed", id).await
    }

    /// A tournament by number, or the error that there is none.
    async fn tournament_named(&self, tx: &mut Tx, id: i64) -> Result<Tournament, Fail> {
        match tx.tournament(id).await? {
            Some(t) => Ok(t),
            None => user(text!("tournament-none", id = id)),
        }
    }

    /// A tournament its organiser acts on: a player's own, or any for the operator.
    async fn organised(&self, tx: &mut Tx, by: Organiser<'_>, id: i64) -> Result<Tournament, Fail> {
        let t = self.tournament_named(tx, id).await?;
        if let Organiser::Player(me) = by
            && t.new.organiser != Some(me.id)
        {
            return user(text!("tournament-not-organiser", id = id));
        }
        Ok(t)
    }

    async fn create_tournament(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        me: &Player,
        spec: TournamentSpec,
        now: DateTime<Utc>,
    ) -> Result<String, Fail> {
        if me.computer.is_some() {
            return user(text!("tournament-computer"));
        }
        let limit = self.settings.tournaments_per_organiser;
        if tx.tournaments_organised(me.id).await? >= i64::from(limit) {
            return user(text!("tournament-organiser-limit", max = limit));
        }
        let new = self.new_tournament(Some(me.id), spec, now)?;
        let t = tx.insert_tournament(&new, now).await?;
        self.tournament_answer(tx, reader, "created", t.id).await
    }

    /// The tournament a spec asks for, its defaults filled in and its bounds checked.
    pub(crate) fn new_tournament(
        &self,
        organiser: Option<i64>,
        spec: TournamentSpec,
        now: DateTime<Utc>,
    ) -> Result<NewTournament, Fail> {
        let most = match spec.format {
            Format::RoundRobin { .. } => MAX_ROUND_ROBIN,
            Format::Swiss { .. } | Format::Ladder { .. } => MAX_SWISS,
        };
        let min_players = spec.min_players.unwrap_or(match spec.format {
            Format::Swiss { .. } => 4,
            _ => 3,
        });
        let max_players = spec.max_players.unwrap_or(match spec.format {
            Format::RoundRobin { .. } => 10,
            _ => 64,
        });
        if min_players < 2 || max_players > most || min_players > max_players {
            return user(text!("tournament-players-range", most = most));
        }
        let starts_at = spec
            .starts_on
            .and_then(|d| d.and_hms_opt(0, 0, 0))
            .map(|t| t.and_utc());
        if starts_at.is_some_and(|s| s <= now) {
            return user(text!("tournament-start-past"));
        }
        let time_control = self.time_control_of(spec.time)?;
        let title = crate::views::title_in(spec.variant, agora_i18n::Language::En);
        Ok(NewTournament {
            name: spec
                .name
                .and_then(|n| agora_domain::clean_name(&n))
                .unwrap_or(title),
            organiser,
            variant: spec.variant,
            format: spec.format,
            time_control,
            timeout: spec.timeout.unwrap_or(TimeoutPolicy::Loss),
            rated: spec.rated,
            min_players,
            max_players,
            min_rating: spec.min_rating,
            max_rating: spec.max_rating,
            starts_at,
        })
    }

    async fn join_tournament(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        me: &Player,
        id: i64,
        now: DateTime<Utc>,
    ) -> Result<String, Fail> {
        let t = self.tournament_named(tx, id).await?;
        if me.computer.is_some() {
            return user(text!("tournament-computer"));
        }
        let entrants = tx.entrants(id).await?;
        let ladder = matches!(t.new.format, Format::Ladder { .. });
        match t.status {
            TournamentStatus::Open => {}
            // A ladder is permanent: a newcomer starts at the bottom.
            TournamentStatus::Running if ladder => {}
            _ => return user(text!("tournament-not-open", id = id)),
        }
        if entrants.iter().any(|e| e.player == me.id) {
            return user(text!("tournament-already-in", id = id));
        }
        if entrants.len() as u32 >= t.new.max_players {
            return user(text!("tournament-full", id = id, max = t.new.max_players));
        }
        if t.new.min_rating.is_some() || t.new.max_rating.is_some() {
            let rating = self.tournament_rating(tx, &t, me.id).await?;
            if t.new.min_rating.is_some_and(|m| rating < m)
                || t.new.max_rating.is_some_and(|m| rating > m)
            {
                return user(text!(
                    "tournament-rating",
                    id = id,
                    rating = rating,
                    min = t.new.min_rating.map_or("-".to_owned(), |m| m.to_string()),
                    max = t.new.max_rating.map_or("-".to_owned(), |m| m.to_string())
                ));
            }
        }
        tx.add_entrant(id, me.id, now).await?;
        if t.status == TournamentStatus::Running {
            // The ladder's new bottom place.
            let place = entrants.len() as u32 + 1;
            tx.set_entrant_order(id, &[(me.id, place - 1, Some(place))])
                .await?;
        } else if entrants.len() as u32 + 1 == t.new.max_players && t.new.starts_at.is_none() {
            // Full: it starts at once.
            self.start_tournament(tx, t, now).await?;
        }
        self.tournament_answer(tx, reader, "joined", id).await
    }

    async fn leave_tournament(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        me: &Player,
        id: i64,
        now: DateTime<Utc>,
    ) -> Result<String, Fail> {
        let t = self.tournament_named(tx, id).await?;
        if !is_entrant(tx, id, me.id).await? {
            return user(text!("tournament-not-in", id = id));
        }
        if !matches!(t.status, TournamentStatus::Open | TournamentStatus::Running) {
            return user(text!("tournament-over", id = id));
        }
        self.leave_for(tx, &t, me.id, "left", now).await?;
        self.tournament_answer(tx, reader, "left", id).await
    }

    /// Takes a player out (`how`: `left`, `removed`, `blocked`): off the list of a tournament
    /// not yet started, withdrawn from a running one; nothing once it is over.
    pub(crate) async fn leave_for(
        &self,
        tx: &mut Tx,
        t: &Tournament,
        player: i64,
        how: &str,
        now: DateTime<Utc>,
    ) -> Result<(), Fail> {
        match t.status {
            TournamentStatus::Open => {
                tx.drop_entrant(t.id, player).await?;
            }
            TournamentStatus::Running => self.withdraw(tx, t, player, how, now).await?,
            _ => {}
        }
        Ok(())
    }

    /// A player's rating in the tournament's pool, rounded (the default for a newcomer).
    async fn tournament_rating(
        &self,
        tx: &mut Tx,
        t: &Tournament,
        player: i64,
    ) -> Result<i64, Fail> {
        let pool = crate::ratings::pool_of(t.new.variant);
        Ok(tx
            .rating(player, pool)
            .await?
            .map_or(crate::ratings::DEFAULT.rating, |r| r.rating)
            .round() as i64)
    }

    /// Starts a tournament: entrants numbered by rating (then by joining); a round robin's
    /// games all start at once, a Swiss's first round is paired, a ladder's places are given.
    pub(crate) async fn start_tournament(
        &self,
        tx: &mut Tx,
        mut t: Tournament,
        now: DateTime<Utc>,
    ) -> Result<(), Fail> {
        let mut entrants = tx.entrants(t.id).await?;
        let mut rated = Vec::with_capacity(entrants.len());
        for e in entrants.drain(..) {
            let rating = self.tournament_rating(tx, &t, e.player).await?;
            rated.push((e, rating));
        }
        // Highest rating first; the earlier entry first among equals.
        rated.sort_by(|a, b| {
            b.1.cmp(&a.1)
                .then(a.0.joined_at.cmp(&b.0.joined_at))
                .then(a.0.player.cmp(&b.0.player))
        });
        let ladder = matches!(t.new.format, Format::Ladder { .. });
        let order: Vec<(i64, u32, Option<u32>)> = rated
            .iter()
            .enumerate()
            .map(|(i, (e, _))| (e.player, i as u32, ladder.then_some(i as u32 + 1)))
            .collect();
        tx.set_entrant_order(t.id, &order).await?;
        let players: Vec<i64> = order.iter().map(|o| o.0).collect();
        t.status = TournamentStatus::Running;
        t.started_at = Some(now);
        match t.new.format {
            Format::RoundRobin { double } => {
                let rounds = rules::round_robin(players.len(), double);
                t.round = rounds.len() as u32;
                tx.save_tournament(&t).await?;
                for (i, round) in rounds.iter().enumerate() {
                    for p in &round.pairings {
                        let seats = [players[p.first], players[p.second]];
                        self.tournament_game(tx, &t, seats, i as u32 + 1, now)
                            .await?;
                    }
                }
            }
            Format::Swiss { .. } => {
                tx.save_tournament(&t).await?;
                self.pair_next_round(tx, t, now).await?;
            }
            Format::Ladder { .. } => {
                tx.save_tournament(&t).await?;
            }
        }
        Ok(())
    }

    /// Makes and starts one tournament game; both players are told, as of any game's start.
    async fn tournament_game(
        &self,
        tx: &mut Tx,
        t: &Tournament,
        seats: [i64; 2],
        round: u32,
        now: DateTime<Utc>,
    ) -> Result<i64, Fail> {
        let game = tx
            .insert_game(&new_game(t, seats, GameStatus::Active), now)
            .await?;
        tx.add_tournament_game(t.id, game.id, round).await?;
        let mut l = self.load(tx, game, Some(now)).await?;
        l.game.started_at = Some(now);
        self.start_clock(&mut l, now);
        tx.save_game(&mut l.game, now).await?;
        let tag = TournamentTag::of(t, round);
        for seat in Seat::BOTH {
            let extra = Extra {
                tournament: Some(tag.clone()),
                ..Extra::default()
            };
            self.notify_game(
                tx,
                &l,
                l.game.player_at(seat),
                Notice::GameStarted,
                extra,
                now,
            )
            .await?;
        }
        Ok(l.game.id)
    }

    /// Pairs a Swiss's next round, or ends the tournament after its last.
    async fn pair_next_round(
        &self,
        tx: &mut Tx,
        mut t: Tournament,
        now: DateTime<Utc>,
    ) -> Result<(), Fail> {
        let Format::Swiss { rounds } = t.new.format else {
            return Ok(());
        };
        if t.round >= rounds {
            return self.end_tournament(tx, t, now).await;
        }
        let (players, played, byes, active) = self.tournament_state(tx, &t).await?;
        let round = rules::swiss_round(players.len(), &played, &byes, &active);
        if round.pairings.is_empty() {
            // Fewer than two players left: nothing more to play.
            return self.end_tournament(tx, t, now).await;
        }
        t.round += 1;
        tx.save_tournament(&t).await?;
        if let Some(bye) = round.bye {
            tx.add_bye(t.id, t.round, players[bye]).await?;
        }
        for p in &round.pairings {
            self.tournament_game(tx, &t, [players[p.first], players[p.second]], t.round, now)
                .await?;
        }
        Ok(())
    }

    /// What the pure rules read: the players by entrant number, the games as played, the byes
    /// (by entrant number) and who is still in.
    async fn tournament_state(
        &self,
        tx: &mut Tx,
        t: &Tournament,
    ) -> Result<(Vec<i64>, Vec<Played>, Vec<usize>, Vec<bool>), Fail> {
        let entrants = tx.entrants(t.id).await?;
        let players: Vec<i64> = entrants.iter().map(|e| e.player).collect();
        let active: Vec<bool> = entrants.iter().map(|e| e.left_at.is_none()).collect();
        let index = |p: i64| players.iter().position(|&q| q == p);
        let games = tx.tournament_games(t.id).await?;
        let played = games
            .iter()
            .filter_map(|g| Some(played_of(g, index(g.seats[0])?, index(g.seats[1])?)))
            .collect();
        let byes = tx
            .byes(t.id)
            .await?
            .into_iter()
            .filter_map(|(_, p)| index(p))
            .collect();
        Ok((players, played, byes, active))
    }

    /// How many games each entrant is to play in the whole tournament.
    fn scheduled(t: &Tournament, entrants: usize) -> u32 {
        match t.new.format {
            Format::RoundRobin { double } => (entrants as u32 - 1) * if double { 2 } else { 1 },
            Format::Swiss { rounds } => rounds,
            Format::Ladder { .. } => u32::MAX,
        }
    }
}

/// A game of the tournament between `seats` (the first moves first, and is its challenger), on
/// the tournament's variant, clock and rating.
/// Whether `player` is in tournament `id` and has not left it.
async fn is_entrant(tx: &mut Tx, id: i64, player: i64) -> Result<bool, Fail> {
    Ok(tx
        .entrants(id)
        .await?
        .iter()
        .any(|e| e.player == player && e.left_at.is_none()))
}

fn new_game(t: &Tournament, seats: [i64; 2], status: GameStatus) -> NewGame {
    NewGame {
        variant: t.new.variant,
        seats,
        challenger: seats[0],
        status,
        position: t.new.variant.start().to_string(),
        time_control: t.new.time_control,
        timeout: t.new.timeout,
        options: GameOptions {
            rated: t.new.rated,
            ..GameOptions::default()
        },
    }
}

/// A tournament game as the pure rules see it.
fn played_of(g: &TournamentGame, first: usize, second: usize) -> Played {
    Played {
        round: g.round,
        first,
        second,
        outcome: g.winner.map(|w| match w {
            Some(Seat::First) => Outcome::FirstWins,
            Some(Seat::Second) => Outcome::SecondWins,
            None => Outcome::Draw,
        }),
        forfeit: g.forfeit,
        cancelled: g.cancelled,
    }
}
