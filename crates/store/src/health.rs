//! What the service's metrics and health check read at each scrape: how much waits to be sent
//! and for how long, how late the scheduler is, how many games run. Each figure is one indexed
//! query; none reads a row's contents.

use crate::dialect::run;
use crate::{Result, Tx};
use chrono::{DateTime, Utc};

/// Rows waiting in one queue: unsent and not given up.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Waiting {
    pub rows: i64,
    /// When the oldest of them was queued; `None` when none waits.
    pub oldest: Option<DateTime<Utc>>,
}

/// The figures of one scrape.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Gauges {
    /// The outbox per channel (`discord`, `mailto`, `local`), only channels with rows waiting.
    pub outbox: Vec<(String, Waiting)>,
    /// Mails spooled for the SMTP server and not yet accepted by it.
    pub spool: Waiting,
    /// The earliest due time (a reminder, a deadline, an expiry) at or before `now` that the
    /// scheduler has not handled yet; `None` when nothing is overdue.
    pub overdue_since: Option<DateTime<Utc>>,
    /// Games being played.
    pub games_running: i64,
    /// Challenges waiting for an answer.
    pub challenges_open: i64,
}

#[derive(sqlx::FromRow)]
struct WaitingRow {
    channel: String,
    rows: i64,
    oldest: Option<DateTime<Utc>>,
}

impl Tx {
    /// The figures of a scrape, as they stand at `now`.
    pub async fn gauges(&mut self, now: DateTime<Utc>) -> Result<Gauges> {
        let outbox: Vec<WaitingRow> = run!(
            self,
            fetch_all,
            query_as(
                "SELECT channel, COUNT(*) AS rows, MIN(created_at) AS oldest FROM outbox
             WHERE sent_at IS NULL AND failed_at IS NULL
             GROUP BY channel ORDER BY channel"
            )
        )?;
        let (spooled, spool_oldest): (i64, Option<DateTime<Utc>>) = run!(
            self,
            fetch_one,
            query_as(
                "SELECT COUNT(*), MIN(created_at) FROM mail_spool
             WHERE sent_at IS NULL AND failed_at IS NULL"
            )
        )?;
        let overdue_since: Option<DateTime<Utc>> = run!(
            self,
            fetch_one,
            query_scalar(
                "SELECT MIN(due_at) FROM games
             WHERE status IN ('active', 'proposed') AND due_at <= ?"
            )
            .bind(now)
        )?;
        let (games_running, challenges_open): (i64, i64) = run!(
            self,
            fetch_one,
            query_as(
                "SELECT CAST(COALESCE(SUM(CASE WHEN status = 'active' THEN 1 ELSE 0 END), 0) AS BIGINT),
                    CAST(COALESCE(SUM(CASE WHEN status = 'proposed' THEN 1 ELSE 0 END), 0) AS BIGINT)
             FROM games WHERE status IN ('active', 'proposed')"
            )
        )?;
        Ok(Gauges {
            outbox: outbox
                .into_iter()
                .map(|r| {
                    let waiting = Waiting {
                        rows: r.rows,
                        oldest: r.oldest,
                    };
                    (r.channel, waiting)
                })
                .collect(),
            spool: Waiting {
                rows: spooled,
                oldest: spool_oldest,
            },
            overdue_since,
            games_running,
            challenges_open,
        })
    }

    /// A trivial query: whether the database answers at all.
    pub async fn ping(&mut self) -> Result<()> {
        run!(self, execute, query("SELECT 1"))?;
        Ok(())
    }
}
