//! What a reader sees of tournaments: the list, one tournament's standings and crosstable, a
//! round's pairings, all rendered by `tournament.txt` in the reader's language; and the tag a
//! tournament game's start names its tournament and round with.

use crate::{Fail, Reader, Service};
use agora_domain::tournament::{self as rules, Format, Mark};
use agora_i18n::{Language, tr};
use agora_store::{Tournament, TournamentStatus, Tx};
use serde::Serialize;

/// How many tournaments `tournament` lists.
pub(super) const LISTED: i64 = 20;

/// The tournament and round a game belongs to, as a game's start and page name them (round 0: a
/// ladder's challenge).
#[derive(Debug, Clone, Serialize)]
pub struct TournamentTag {
    pub id: i64,
    pub name: String,
    pub round: u32,
}

impl TournamentTag {
    pub(crate) fn of(t: &Tournament, round: u32) -> TournamentTag {
        TournamentTag {
            id: t.id,
            name: t.new.name.clone(),
            round,
        }
    }
}

/// One tournament in a line.
#[derive(Debug, Clone, Serialize)]
pub struct TournamentLine {
    pub id: i64,
    pub name: String,
    pub title: String,
    pub format: String,
    /// `open`, `running`, `finished`, `cancelled`.
    pub status: &'static str,
    pub players: usize,
    pub min_players: u32,
    pub max_players: u32,
    pub round: u32,
    pub clock: String,
    pub rated: bool,
    pub starts: Option<String>,
    pub organiser: Option<String>,
}

/// One line of the standings.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct StandingLine {
    pub rank: usize,
    pub name: String,
    pub points: String,
    pub played: u32,
    /// The format's tie-breaks, worded (`SB 12.5`, `Bh 14 · mBh 9`).
    pub tiebreaks: String,
    pub out: bool,
    /// The crosstable's row: a mark per opponent (in the standings' order).
    pub cells: Vec<String>,
}

/// One game of a round.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct PairingLine {
    pub game: i64,
    pub first: String,
    pub second: String,
    /// `1-0`, `½-½`, `0-1`, `+/-` (forfeit), `*` (running), `×` (cancelled).
    pub result: String,
}

/// A tournament's table as the website and the tests read it: the entrants in the standings'
/// order with their points and tie-breaks (in the units of `agora_domain::tournament`: points
/// and Buchholz in half-points, Sonneborn–Berger in quarter-points), the crosstable, and every
/// game with its round and result.
#[derive(Debug, Clone, Serialize)]
pub struct TournamentTable {
    pub id: i64,
    pub name: String,
    /// `open`, `running`, `finished`, `cancelled`.
    pub status: &'static str,
    /// The last round paired.
    pub round: u32,
    pub entrants: Vec<TableEntrant>,
    pub games: Vec<TableGame>,
    /// Each round's bye (a Swiss with an odd number of players): (round, name).
    pub byes: Vec<(u32, String)>,
}

#[derive(Debug, Clone, Serialize)]
pub struct TableEntrant {
    pub name: String,
    pub rank: usize,
    pub points: u32,
    pub played: u32,
    pub sonneborn_berger: u32,
    pub buchholz: u32,
    pub median_buchholz: u32,
    /// Left, removed or taken out (the withdrawal rule applied to their games).
    pub out: bool,
    /// Against each entrant in the same order: the marks of their games (`1`, `½`, `0`, `+`,
    /// `-`, `×` cancelled, `*` running), `x` on the diagonal, `·` where they never met.
    pub crosstable: Vec<String>,
    /// The same cells as games: each mark with the game it is the result of.
    pub cells: Vec<Vec<(String, i64)>>,
    /// The points as a score (`3½`) and the format's tie-breaks, as tables write them.
    pub score: String,
    pub tiebreaks: Vec<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct TableGame {
    pub game: i64,
    pub round: u32,
    pub first: String,
    pub second: String,
    /// `1-0`, `½-½`, `0-1`, `+/-` and `-/+` (forfeits), `*` (running), `×` (cancelled).
    pub result: String,
}

/// What `tournament.txt` renders.
#[derive(Debug, Serialize)]
pub(crate) struct TournamentCtx {
    /// `list`, `created`, `joined`, `left`, `cancelled`, `removed`, `standings`, `pairings`,
    /// `finished` (the final standings, sent to every entrant).
    pub what: &'static str,
    pub tournaments: Vec<TournamentLine>,
    pub tournament: Option<TournamentLine>,
    pub standings: Vec<StandingLine>,
    pub round: u32,
    pub pairings: Vec<PairingLine>,
    pub bye: Option<String>,
}

impl TournamentCtx {
    /// A text about one tournament, from its one line (`what`, as above).
    pub(super) fn about(what: &'static str, line: TournamentLine, round: u32) -> TournamentCtx {
        TournamentCtx {
            what,
            tournaments: Vec::new(),
            tournament: Some(line),
            standings: Vec::new(),
            round,
            pairings: Vec::new(),
            bye: None,
        }
    }
}

/// The answer to a ladder challenge sent.
pub(super) fn challenged(t: &Tournament, game: i64, name: &str) -> TournamentCtx {
    TournamentCtx {
        what: "challenged",
        tournaments: Vec::new(),
        tournament: None,
        standings: Vec::new(),
        round: 0,
        pairings: vec![PairingLine {
            game,
            first: String::new(),
            second: name.to_owned(),
            result: String::new(),
        }],
        bye: Some(t.new.name.clone()),
    }
}

/// Half-points as a score (`3½`, `½`, `0`).
fn points(half: u32) -> String {
    match (half / 2, half % 2) {
        (0, 1) => "½".to_owned(),
        (n, 1) => format!("{n}½"),
        (n, _) => n.to_string(),
    }
}

/// Quarter-points (Sonneborn–Berger) as a number with at most two decimals.
fn quarters(q: u32) -> String {
    let whole = q / 4;
    match q % 4 {
        0 => whole.to_string(),
        1 => format!("{whole}.25"),
        2 => format!("{whole}.5"),
        _ => format!("{whole}.75"),
    }
}

fn mark(m: Mark) -> &'static str {
    match m {
        Mark::Win => "1",
        Mark::Draw => "½",
        Mark::Loss => "0",
        Mark::ForfeitWin => "+",
        Mark::ForfeitLoss => "-",
        Mark::Cancelled => "×",
        Mark::Pending => "*",
    }
}

impl Service {
    /// A tournament in a line, in `lang`.
    pub(crate) async fn tournament_line(
        &self,
        tx: &mut Tx,
        t: &Tournament,
        lang: Language,
    ) -> Result<TournamentLine, Fail> {
        let players = tx
            .entrants(t.id)
            .await?
            .iter()
            .filter(|e| e.left_at.is_none())
            .count();
        let organiser = match t.new.organiser {
            Some(id) => tx.player(id).await?.map(|p| p.name),
            None => None,
        };
        let format = match t.new.format {
            Format::RoundRobin { double: false } => tr(lang, "tournament-format-round-robin", &[]),
            Format::RoundRobin { double: true } => tr(lang, "tournament-format-double", &[]),
            Format::Swiss { rounds } => tr(
                lang,
                "tournament-format-swiss",
                &[("rounds", rounds.into())],
            ),
            Format::Ladder { reach } => {
                tr(lang, "tournament-format-ladder", &[("reach", reach.into())])
            }
        };
        Ok(TournamentLine {
            id: t.id,
            name: t.new.name.clone(),
            title: crate::views::title_in(t.new.variant, lang),
            format,
            status: t.status.code(),
            players,
            min_players: t.new.min_players,
            max_players: t.new.max_players,
            round: t.round,
            clock: crate::views::clock_words_in(t.new.time_control, t.new.timeout, lang),
            rated: t.new.rated,
            starts: t.new.starts_at.map(|s| s.format("%Y-%m-%d").to_string()),
            organiser,
        })
    }

    /// `tournament`: the tournaments open, running and lately finished.
    pub(super) async fn tournament_list(
        &self,
        tx: &mut Tx,
        reader: &Reader,
    ) -> Result<String, Fail> {
        let lang = reader.language;
        let mut tournaments = Vec::new();
        for t in tx.tournaments(LISTED).await? {
            tournaments.push(self.tournament_line(tx, &t, lang).await?);
        }
        Ok(self.templates.render(
            "tournament.txt",
            reader,
            TournamentCtx {
                what: "list",
                tournaments,
                tournament: None,
                standings: Vec::new(),
                round: 0,
                pairings: Vec::new(),
                bye: None,
            },
        ))
    }

    /// The answer to a change (`created`, `joined`, …): the tournament as it is now.
    pub(super) async fn tournament_answer(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        what: &'static str,
        id: i64,
    ) -> Result<String, Fail> {
        let lang = reader.language;
        let t = self.tournament_named(tx, id).await?;
        let line = self.tournament_line(tx, &t, lang).await?;
        Ok(self.templates.render(
            "tournament.txt",
            reader,
            TournamentCtx::about(what, line, t.round),
        ))
    }

    /// A tournament's table (see [`TournamentTable`]).
    pub(super) async fn table_of(
        &self,
        tx: &mut Tx,
        t: &Tournament,
    ) -> Result<TournamentTable, Fail> {
        let (players, played, byes, active) = self.tournament_state(tx, t).await?;
        let places: Vec<Option<u32>> = tx.entrants(t.id).await?.iter().map(|e| e.place).collect();
        let all_games = tx.tournament_games(t.id).await?;
        // The games as `played` lists them (both players entrants), in the same order.
        let game_ids: Vec<i64> = all_games
            .iter()
            .filter(|g| players.contains(&g.seats[0]) && players.contains(&g.seats[1]))
            .map(|g| g.game)
            .collect();
        let mut names = Vec::with_capacity(players.len());
        for &p in &players {
            names.push(tx.player(p).await?.map_or_else(String::new, |p| p.name));
        }
        let entrants = if t.status == TournamentStatus::Open {
            Vec::new()
        } else {
            let mut table = rules::standings(players.len(), t.new.format, &played, &byes);
            if matches!(t.new.format, Format::Ladder { .. }) {
                // A ladder's table is its places, from the top; those who left at the bottom.
                let place = |e: usize| (!active[e], places[e].unwrap_or(u32::MAX));
                table.sort_by_key(|s| place(s.entrant));
                for (i, s) in table.iter_mut().enumerate() {
                    s.rank = i + 1;
                }
            }
            let order: Vec<usize> = table.iter().map(|s| s.entrant).collect();
            let cross = rules::crosstable(&order, &played);
            table
                .iter()
                .zip(cross)
                .map(|(s, row)| TableEntrant {
                    score: points(s.points),
                    tiebreaks: tiebreaks(t.new.format, s),
                    name: names[s.entrant].clone(),
                    rank: s.rank,
                    points: s.points,
                    played: s.played,
                    sonneborn_berger: s.sonneborn_berger,
                    buchholz: s.buchholz,
                    median_buchholz: s.median_buchholz,
                    out: !active[s.entrant],
                    cells: cells_of(s.entrant, &row, &order, &played, &game_ids),
                    crosstable: crosstable_of(s.entrant, &row, &order),
                })
                .collect()
        };
        let index = |p: i64| players.iter().position(|&q| q == p);
        let name = |p: i64| index(p).map_or_else(String::new, |i| names[i].clone());
        let games = all_games
            .iter()
            .map(|g| TableGame {
                game: g.game,
                round: g.round,
                first: name(g.seats[0]),
                second: name(g.seats[1]),
                result: result_of(g),
            })
            .collect();
        let byes = tx
            .byes(t.id)
            .await?
            .into_iter()
            .map(|(r, p)| (r, name(p)))
            .collect();
        Ok(TournamentTable {
            id: t.id,
            name: t.new.name.clone(),
            status: t.status.code(),
            round: t.round,
            entrants,
            games,
            byes,
        })
    }

    /// The standings with the crosstable, as `what` (`standings`, or `finished` for the final
    /// report), in `lang`.
    pub(super) async fn standings_context(
        &self,
        tx: &mut Tx,
        t: &Tournament,
        what: &'static str,
        lang: Language,
    ) -> Result<TournamentCtx, Fail> {
        let line = self.tournament_line(tx, t, lang).await?;
        let table = self.table_of(tx, t).await?;
        let standings = table
            .entrants
            .into_iter()
            .map(|e| StandingLine {
                rank: e.rank,
                name: e.name,
                points: points(e.points),
                played: e.played,
                tiebreaks: match t.new.format {
                    Format::RoundRobin { .. } => format!("SB {}", quarters(e.sonneborn_berger)),
                    Format::Swiss { .. } => format!(
                        "Bh {} · mBh {}",
                        points(e.buchholz),
                        points(e.median_buchholz)
                    ),
                    Format::Ladder { .. } => String::new(),
                },
                out: e.out,
                cells: e.crosstable,
            })
            .collect();
        Ok(TournamentCtx {
            what,
            tournaments: Vec::new(),
            tournament: Some(line),
            standings,
            round: t.round,
            pairings: Vec::new(),
            bye: None,
        })
    }

    /// `tournament standings N`.
    pub(super) async fn tournament_standings(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        t: &Tournament,
        _round: Option<u32>,
    ) -> Result<String, Fail> {
        let lang = reader.language;
        let ctx = self.standings_context(tx, t, "standings", lang).await?;
        Ok(self.templates.render("tournament.txt", reader, ctx))
    }

    /// `tournament pairings N [round]`: a round's games with their results (the last round paired
    /// by default).
    pub(super) async fn tournament_pairings(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        t: &Tournament,
        round: Option<u32>,
    ) -> Result<String, Fail> {
        let lang = reader.language;
        let line = self.tournament_line(tx, t, lang).await?;
        let round = round.unwrap_or(t.round.max(1));
        let table = self.table_of(tx, t).await?;
        let pairings = table
            .games
            .into_iter()
            .filter(|g| g.round == round)
            .map(|g| PairingLine {
                game: g.game,
                first: g.first,
                second: g.second,
                result: g.result,
            })
            .collect();
        let bye = table
            .byes
            .into_iter()
            .find(|(r, _)| *r == round)
            .map(|(_, name)| name);
        Ok(self.templates.render(
            "tournament.txt",
            reader,
            TournamentCtx {
                what: "pairings",
                tournaments: Vec::new(),
                tournament: Some(line),
                standings: Vec::new(),
                round,
                pairings,
                bye,
            },
        ))
    }
}

/// A game's result as tables write it.
fn result_of(g: &agora_store::TournamentGame) -> String {
    use agora_rules::Seat;
    if g.cancelled {
        return "×".to_owned();
    }
    match (g.winner, g.forfeit) {
        (Some(Some(Seat::First)), true) => "+/-",
        (Some(Some(Seat::Second)), true) => "-/+",
        (Some(Some(Seat::First)), false) => "1-0",
        (Some(Some(Seat::Second)), false) => "0-1",
        (Some(None), _) => "½-½",
        // A ladder challenge declined or unanswered: lost by the one challenged (second).
        (None, true) => "+/-",
        (None, false) => "*",
    }
    .to_owned()
}

/// The tiebreaks the table shows for `s` in a tournament of `format`.
fn tiebreaks(format: Format, s: &rules::Standing) -> Vec<String> {
    match format {
        Format::RoundRobin { .. } => vec![quarters(s.sonneborn_berger)],
        Format::Swiss { .. } => vec![points(s.buchholz), points(s.median_buchholz)],
        Format::Ladder { .. } => Vec::new(),
    }
}

/// The cells of `entrant`'s `row` of the crosstable, its columns in `order`: each result against
/// that column's entrant with its game (of `game_ids`, as `played` lists them), by round.
fn cells_of(
    entrant: usize,
    row: &[Vec<Mark>],
    order: &[usize],
    played: &[rules::Played],
    game_ids: &[i64],
) -> Vec<Vec<(String, i64)>> {
    row.iter()
        .zip(order)
        .map(|(marks, &column)| {
            let mut met: Vec<(u32, i64)> = played
                .iter()
                .zip(game_ids)
                .filter(|(g, _)| {
                    (g.first == entrant && g.second == column)
                        || (g.second == entrant && g.first == column)
                })
                .map(|(g, &id)| (g.round, id))
                .collect();
            met.sort_unstable();
            marks
                .iter()
                .zip(met)
                .map(|(&m, (_, id))| (mark(m).to_owned(), id))
                .collect()
        })
        .collect()
}

/// `entrant`'s `row` of the crosstable in marks, its columns in `order`: `x` against themselves,
/// `·` where they have not met.
fn crosstable_of(entrant: usize, row: &[Vec<Mark>], order: &[usize]) -> Vec<String> {
    row.iter()
        .zip(order)
        .map(|(marks, &column)| match marks.as_slice() {
            _ if column == entrant => "x".to_owned(),
            [] => "·".to_owned(),
            marks => marks.iter().map(|&m| mark(m)).collect::<String>(),
        })
        .collect()
}
