//! Handled deliveries: the de-duplication of inbound messages by their delivery id (a mail's
//! Message-ID, a Discord interaction id, a terminal line id).

use crate::dialect::run;
use crate::{Result, Tx};
use chrono::{DateTime, Utc};

impl Tx {
    /// The reply given to a sender's delivery already handled, if it was. Ids are the sender's
    /// own: another sender's delivery of the same id is another delivery, and its reply is never
    /// given to anyone else.
    pub async fn delivery_reply(&mut self, id: &str, sender: &str) -> Result<Option<String>> {
        Ok(run!(
            self,
            fetch_optional,
            query_scalar("SELECT reply FROM deliveries WHERE sender = ? AND id = ?")
                .bind(sender.to_owned())
                .bind(id.to_owned())
        )?)
    }

    /// Records a delivery as handled with the reply given, in the transaction of its effects (so
    /// the record and the effects commit or vanish together), unless it already was: `false`
    /// means a repeat, whose reply [`Tx::delivery_reply`] gives, and nothing was written.
    pub async fn try_record_delivery(
        &mut self,
        id: &str,
        sender: &str,
        reply: &str,
        now: DateTime<Utc>,
    ) -> Result<bool> {
        const SQL: &str =
            "INSERT INTO deliveries (id, sender, reply, handled_at) VALUES (?, ?, ?, ?)
                 ON CONFLICT (sender, id) DO NOTHING";
        if self.is_postgres() {
            let done = run!(
                self,
                execute,
                query(SQL)
                    .bind(id.to_owned())
                    .bind(sender.to_owned())
                    .bind(reply.to_owned())
                    .bind(now)
            )?;
            return Ok(done.rows_affected() == 1);
        }
        // Every command records its delivery: run directly on the connection (see `direct`).
        let db = self.db().await?;
        let done = db.prepare_cached(SQL)?.execute(rusqlite::params![
            id,
            sender,
            reply,
            crate::direct::Time(now)
        ])?;
        Ok(done == 1)
    }

    /// How many delivery records are kept.
    pub async fn count_deliveries(&mut self) -> Result<i64> {
        Ok(run!(
            self,
            fetch_one,
            query_scalar("SELECT COUNT(*) FROM deliveries")
        )?)
    }
}
