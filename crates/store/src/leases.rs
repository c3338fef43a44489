//! Leases: work that one process at a time may do when several share the database.
//!
//! A process takes a lease under a name for a while and renews it while it works. Nobody else
//! gets it until it runs out, so a holder that dies (or hangs) loses it after at most its
//! length, and another process takes it over.

use crate::Result;
use crate::dialect::run;
use crate::writer::Tx;
use chrono::{DateTime, Utc};

impl Tx {
    /// Takes the lease `name` for `holder` until `until`, or renews it: it is taken when nobody
    /// holds it, when `holder` already does, or when its holder's time ran out before `now`.
    /// Returns whether `holder` holds it now.
    pub async fn take_lease(
        &mut self,
        name: &str,
        holder: &str,
        now: DateTime<Utc>,
        until: DateTime<Utc>,
    ) -> Result<bool> {
        let held: Option<String> = run!(
            self,
            fetch_optional,
            query_scalar(
                "INSERT INTO leases (name, holder, acquired_at, expires_at) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (name) DO UPDATE SET
                 holder = excluded.holder,
                 acquired_at = CASE WHEN leases.holder = excluded.holder
                                    THEN leases.acquired_at ELSE excluded.acquired_at END,
                 expires_at = excluded.expires_at
             WHERE leases.holder = excluded.holder OR leases.expires_at <= ?3
             RETURNING holder"
            )
            .bind(name.to_owned())
            .bind(holder.to_owned())
            .bind(now)
            .bind(until)
        )?;
        Ok(held.is_some())
    }

    /// Gives up the lease `name` if `holder` holds it, so another process may take it at once.
    pub async fn release_lease(&mut self, name: &str, holder: &str) -> Result<()> {
        run!(
            self,
            execute,
            query("DELETE FROM leases WHERE name = ? AND holder = ?")
                .bind(name.to_owned())
                .bind(holder.to_owned())
        )?;
        Ok(())
    }

    /// Who holds the lease `name` and until when, if anyone took it and has not given it up
    /// (the time may have run out).
    pub async fn lease(&mut self, name: &str) -> Result<Option<(String, DateTime<Utc>)>> {
        Ok(run!(
            self,
            fetch_optional,
            query_as("SELECT holder, expires_at FROM leases WHERE name = ?").bind(name.to_owned())
        )?)
    }
}
