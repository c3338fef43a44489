//! Claims on work that any process may do, one piece at a time: the conversations of an outbox a
//! delivery pass sends, the due games a sweep handles. A pass or sweep claims under a name of its
//! own ([`crate::lease::holder_name`]) for [`LENGTH`], renews its claims every third of that while
//! it works, and releases them when it ends, or when it is dropped half-way (a shutdown cancels
//! it). A process that died releases nothing: the next pass of a process on the same machine
//! frees its claims at once (the holder's name says its machine and process id, and the process
//! is gone), and claims of a process on another machine run out within [`LENGTH`]. Outbox rows
//! of a pass that did not finish (dropped, or its process gone) are freed as if their claims had
//! run out, not released: a send of theirs may have been under way, and the pass that takes them
//! next is told so (`OutboxMessage::tried`) and looks for it first.

use crate::{Service, ServiceError};
use chrono::{DateTime, Utc};
use std::future::Future;
use std::time::Duration;

/// How long a claim lasts unless renewed.
pub(crate) const LENGTH: Duration = Duration::from_secs(30);

/// What a claim is on.
#[derive(Debug, Clone)]
pub(crate) enum Work {
    /// The conversations of a channel's outbox.
    Outbox(String),
    /// Due games.
    Games,
}

/// One pass's or sweep's claims.
pub(crate) struct Claim {
    service: Service,
    work: Work,
    holder: String,
    released: bool,
}

impl Claim {
    pub(crate) fn new(service: &Service, work: Work) -> Claim {
        Claim {
            service: service.clone(),
            work,
            holder: crate::lease::holder_name(),
            released: false,
        }
    }

    /// The name the claims are taken under.
    pub(crate) fn holder(&self) -> &str {
        &self.holder
    }

    /// When claims taken `elapsed` into work that began at `now` end.
    pub(crate) fn until(now: DateTime<Utc>, elapsed: Duration) -> DateTime<Utc> {
        chrono::Duration::from_std(elapsed + LENGTH)
            .ok()
            .and_then(|d| now.checked_add_signed(d))
            .unwrap_or(DateTime::<Utc>::MAX_UTC)
    }

    /// Runs `work`, which began at `now` (the time it compares due times with), renewing the
    /// claims every third of [`LENGTH`] while it runs; then releases them, whatever it returned.
    pub(crate) async fn hold<T>(
        mut self,
        now: DateTime<Utc>,
        work: impl Future<Output = Result<T, ServiceError>>,
    ) -> Result<T, ServiceError> {
        self.free_gone().await;
        let started = std::time::Instant::now();
        let renew = async {
            loop {
                tokio::time::sleep(LENGTH / 3).await;
                let until = Claim::until(now, started.elapsed());
                if let Err(e) = self.renew(until).await {
                    tracing::warn!(holder = %self.holder, error = %e, "could not renew claims");
                }
            }
        };
        let result = tokio::select! {
            result = work => result,
            never = renew => never,
        };
        let released = release(&self.service, &self.work, &self.holder, Ending::Finished).await;
        self.released = true;
        let out = result?;
        released?;
        Ok(out)
    }

    /// Frees the claims of holders that were processes of this machine and no longer run (killed
    /// in the middle of a pass), so their work is taken now rather than when the claims run out.
    /// Holders on other machines are left to run out.
    async fn free_gone(&self) {
        let holders = async {
            let mut tx = self.service.store.read().await?;
            let holders = match &self.work {
                Work::Outbox(channel) => tx.claim_holders(Some(channel)).await?,
                Work::Games => tx.claim_holders(None).await?,
            };
            Ok::<_, ServiceError>(holders)
        };
        let holders = match holders.await {
            Ok(holders) => holders,
            Err(e) => {
                tracing::warn!(error = %e, "could not read who holds claims");
                return;
            }
        };
        for holder in holders.iter().filter(|h| crate::lease::holder_is_gone(h)) {
            tracing::info!(%holder, work = ?self.work, "freeing the claims of a process that is gone");
            if let Err(e) = release(&self.service, &self.work, holder, Ending::Cut).await {
                tracing::warn!(%holder, error = %e, "could not free claims; they run out");
            }
        }
    }

    async fn renew(&self, until: DateTime<Utc>) -> Result<(), ServiceError> {
        let mut tx = self.service.store.write().await?;
        match &self.work {
            Work::Outbox(channel) => tx.renew_claims(channel, &self.holder, until).await?,
            Work::Games => tx.renew_games(&self.holder, until).await?,
        }
        tx.commit().await?;
        Ok(())
    }
}

/// How a pass's claims end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ending {
    /// The pass finished: every send it began was recorded.
    Finished,
    /// The pass did not finish (cancelled, or its process gone): a send of it may have been under
    /// way, so its outbox rows are freed as taken before (see `Tx::expire_claims`) for the pass
    /// that takes them next.
    Cut,
}

/// Ends the claims of `holder` on `work`.
async fn release(
    service: &Service,
    work: &Work,
    holder: &str,
    ending: Ending,
) -> Result<(), ServiceError> {
    let mut tx = service.store.write_soon().await?;
    match (work, ending) {
        (Work::Outbox(channel), Ending::Finished) => tx.release_claims(channel, holder).await?,
        (Work::Outbox(channel), Ending::Cut) => tx.expire_claims(channel, holder).await?,
        (Work::Games, _) => tx.release_games(holder).await?,
    }
    tx.commit().await?;
    Ok(())
}

impl Drop for Claim {
    /// Work dropped half-way (cancelled at a shutdown, or by a test) frees its claims in a task
    /// of their own, while the runtime lasts, so a restart finds the work free at once (its
    /// outbox rows marked as taken before, see [`Ending::Cut`]).
    fn drop(&mut self) {
        if self.released {
            return;
        }
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        let (service, work, holder) = (
            self.service.clone(),
            self.work.clone(),
            std::mem::take(&mut self.holder),
        );
        runtime.spawn(async move {
            if let Err(e) = release(&service, &work, &holder, Ending::Cut).await {
                tracing::warn!(%holder, error = %e, "could not release claims; they run out");
            }
        });
    }
}
