//! What the website and the Discord announcements read of tournaments: a tournament's page, its
//! table, the list of tournaments, and each tournament's status text.

use super::view::{LISTED, TableGame, TournamentCtx, TournamentLine, TournamentTable};
use crate::{Fail, Service};
use agora_domain::tournament::Format;
use agora_i18n::{Language, tr};
use agora_store::TournamentStatus;
use serde::Serialize;

/// A tournament's web page: its line, its table, its games by round.
#[derive(Debug, Clone, Serialize)]
pub struct TournamentPage {
    pub line: TournamentLine,
    pub table: TournamentTable,
    /// The rounds with their games, from the first (a ladder's games are all round 0).
    pub rounds: Vec<(u32, Vec<TableGame>)>,
    /// The tie-breaks' names in the format's order, in the reader's language.
    pub tiebreaks: Vec<String>,
}

impl Service {
    /// A tournament's table, for the website and the tests; `None` when there is none.
    pub async fn tournament_table(
        &self,
        id: i64,
    ) -> Result<Option<TournamentTable>, crate::ServiceError> {
        let mut tx = self.store.read().await?;
        let Some(t) = tx.tournament(id).await? else {
            return Ok(None);
        };
        match self.table_of(&mut tx, &t).await {
            Ok(table) => Ok(Some(table)),
            Err(Fail::Internal(e)) => Err(e),
            Err(_) => Err(crate::ServiceError::Corrupt(format!(
                "tournament {id}: its table could not be read"
            ))),
        }
    }

    /// A tournament's page in `lang`; `None` when there is none.
    pub async fn tournament_page(
        &self,
        id: i64,
        lang: Language,
    ) -> Result<Option<TournamentPage>, crate::ServiceError> {
        let mut tx = self.store.read_page().await?;
        let Some(t) = tx.tournament(id).await? else {
            return Ok(None);
        };
        let built = async {
            let line = self.tournament_line(&mut tx, &t, lang).await?;
            let table = self.table_of(&mut tx, &t).await?;
            Ok::<_, Fail>((line, table))
        };
        let (mut line, mut table) = match built.await {
            Ok(built) => built,
            Err(Fail::Internal(e)) => return Err(e),
            Err(_) => {
                return Err(crate::ServiceError::Corrupt(format!(
                    "tournament {id}: its page could not be read"
                )));
            }
        };
        // The website shows names as it shows them everywhere (no Discord ids).
        let public = |n: &mut String| *n = crate::site::public_name(n);
        line.organiser.iter_mut().for_each(public);
        table.entrants.iter_mut().for_each(|e| public(&mut e.name));
        for g in &mut table.games {
            public(&mut g.first);
            public(&mut g.second);
        }
        table.byes.iter_mut().for_each(|(_, n)| public(n));
        let mut rounds: Vec<(u32, Vec<TableGame>)> = Vec::new();
        for g in &table.games {
            match rounds.last_mut() {
                Some((r, games)) if *r == g.round => games.push(g.clone()),
                _ => rounds.push((g.round, vec![g.clone()])),
            }
        }
        let tiebreaks = match t.new.format {
            Format::RoundRobin { .. } => vec![tr(lang, "web-tournament-sb", &[])],
            Format::Swiss { .. } => vec![
                tr(lang, "web-tournament-buchholz", &[]),
                tr(lang, "web-tournament-median-buchholz", &[]),
            ],
            Format::Ladder { .. } => Vec::new(),
        };
        Ok(Some(TournamentPage {
            line,
            table,
            rounds,
            tiebreaks,
        }))
    }

    /// The open, running and lately finished tournaments, each with its status text as
    /// `tournament.txt` words it on `channel` in the service's default language: the line of an
    /// open one, the standings and crosstable of one under way or over.
    pub async fn tournament_statuses(
        &self,
        channel: &str,
    ) -> Result<Vec<(i64, String)>, crate::ServiceError> {
        let lang = self.settings.default_language;
        let mut tx = self.store.read().await?;
        let mut out = Vec::new();
        for t in tx.tournaments(LISTED).await? {
            let ctx = match t.status {
                TournamentStatus::Open | TournamentStatus::Cancelled => {
                    let line = self.tournament_line(&mut tx, &t, lang).await;
                    line.map(|line| TournamentCtx::about("status", line, t.round))
                }
                _ => self.standings_context(&mut tx, &t, "standings", lang).await,
            };
            match ctx {
                Ok(ctx) => out.push((
                    t.id,
                    self.templates
                        .render_in("tournament.txt", channel, lang, ctx),
                )),
                Err(Fail::Internal(e)) => return Err(e),
                Err(_) => {}
            }
        }
        Ok(out)
    }

    /// The tournaments the home page lists: open, running and lately finished.
    pub async fn tournament_lines(
        &self,
        lang: Language,
    ) -> Result<Vec<TournamentLine>, crate::ServiceError> {
        let mut tx = self.store.read_page().await?;
        let mut lines = Vec::new();
        for t in tx.tournaments(LISTED).await? {
            match self.tournament_line(&mut tx, &t, lang).await {
                Ok(line) => lines.push(line),
                Err(Fail::Internal(e)) => return Err(e),
                Err(_) => {}
            }
        }
        Ok(lines)
    }
}
