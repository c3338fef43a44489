//! Delivering the outbox: one [`Sender`] per channel (the terminal, Discord, mail) and the loop
//! that feeds it.
//!
//! A sender gets a [`Delivery`]: the row (its kind, recipient and the text rendered for the
//! recipient's channel at commit) and the game it reports as it stood at the row's ply, so a
//! sender branches on the kind and the flags and draws the picture from the state it is given,
//! never reading the text or replaying the game itself.
//!
//! Rows are read only after the transaction that wrote them committed, so nothing is sent for a
//! change that did not happen. A row is marked sent after its sender succeeds; a transient
//! failure records the error and retries later with exponential backoff, up to
//! `max_send_attempts`; a permanent one (or the last attempt allowed) gives the row up for good
//! and tells the player on their other channels
//! ([`Notice::Undeliverable`](agora_domain::Notice::Undeliverable)). A crash between
//! sending and marking sends the row again on restart: delivery is at least once, and every
//! message carries its stable outbox id so a channel drops a repeat (the terminal's log does;
//! mail uses it as the Message-ID).
//!
//! Several rows go out at once, each under a timeout, in passes bounded in time; rows about one
//! game keep their order (see [`Service::deliver`]).

use crate::claim::{Claim, Work};
use crate::metrics::SendFailure;
use crate::pictures::Pictures;
use crate::queries::GameState;
use crate::{Identity, Language, Service, ServiceError};
pub use agora_store::OutboxMessage;
use chrono::{DateTime, Duration, Utc};
use futures::FutureExt as _;
use futures::future::FusedFuture as _;
use futures::stream::{FuturesUnordered, StreamExt};
use std::collections::{HashMap, VecDeque};
use std::future::Future;
use std::sync::{Arc, Mutex};

mod undeliverable;

/// Why a send failed; the text is stored on the row as its last error.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SendError {
    /// It may work later (a network fault, a timeout, the other side busy or down): tried again
    /// with backoff.
    #[error("{0}")]
    Transient(String),
    /// It never will (an address that does not exist, a closed direct message, a deleted
    /// channel, a missing permission): not tried again.
    #[error("{0}")]
    Permanent(String),
}

impl SendError {
    /// Whether trying again cannot help.
    pub fn is_permanent(&self) -> bool {
        matches!(self, SendError::Permanent(_))
    }

    /// The text recorded as the row's last error.
    pub fn text(&self) -> &str {
        match self {
            SendError::Transient(text) | SendError::Permanent(text) => text,
        }
    }
}

/// Everything a sender needs for one outbox row.
#[derive(Debug, Clone)]
pub struct Delivery {
    /// The row: its kind, its recipient, whether a picture belongs, and its text.
    pub message: OutboxMessage,
    /// The game the row reports, shown at the row's ply, its picture's field overlay as the row
    /// says; `None` for a row about no game.
    pub game: Option<GameState>,
    /// The service's pictures, so every recipient of one position shares one drawing.
    pictures: Arc<Pictures>,
    /// The recipient's language: a sender words what it adds to the text (a button, a field's
    /// name, a mail's footer) in it.
    pub language: crate::Language,
}

impl Delivery {
    /// The picture that goes with the row, `size` pixels wide: `None` when the row carries none
    /// or drawing it failed (logged; the text goes alone). Drawn once for every row, channel and
    /// command that shows the same position at the same size (see [`crate::pictures`]).
    pub fn picture(&self, size: u32) -> Option<Arc<[u8]>> {
        let state = self.game.as_ref().filter(|_| self.message.board)?;
        self.pictures
            .picture(state, size, self.language)
            .map_err(|e| tracing::warn!(game = state.id, error = %e, "board picture failed"))
            .ok()
    }
}

/// A channel that can deliver outbox messages.
pub trait Sender: Send + Sync {
    /// The channel whose rows this sender takes: `local`, `discord` or `mailto`.
    fn channel(&self) -> &str;

    /// Delivers one row. Must tolerate being given the same `delivery.message.id` twice (after a
    /// crash between sending and marking sent) and drop the repeat.
    fn send(&self, delivery: &Delivery) -> impl Future<Output = Result<(), SendError>> + Send;

    /// How many conversations this sender sends at once, where its channel wants another number
    /// than the service's `parallel_sends` (a send that mostly waits on a remote answer can
    /// have many going).
    fn parallel_sends(&self) -> Option<usize> {
        None
    }

    /// Whether a send that succeeds has marked its row sent itself, in the transaction that
    /// recorded what it sent (Discord's post and its message id): the pass then writes nothing
    /// more for it. Such a sender marks the row (with `Tx::mark_sent`, or
    /// [`Service::mark_sent`]) on every path that returns `Ok`, a repeat it dropped included.
    fn marks_sent(&self) -> bool {
        false
    }
}

/// How long to wait before attempt `attempts + 1`: 30 s doubling per failure, at most an hour.
pub fn backoff(attempts: u32) -> Duration {
    let secs = 30i64.saturating_mul(1i64 << attempts.min(7));
    Duration::seconds(secs.min(3600))
}

impl Service {
    /// What a sender needs for `message`: the row and the game it reports, at the row's ply.
    pub async fn delivery(&self, message: &OutboxMessage) -> Result<Delivery, ServiceError> {
        let mut games = HashMap::new();
        self.delivery_with(message, &mut games).await
    }

    /// [`Service::delivery`], reusing the states of a batch: a change tells both players, whose
    /// rows show the same position.
    async fn delivery_with(
        &self,
        message: &OutboxMessage,
        games: &mut HashMap<(i64, Option<u32>), Option<GameState>>,
    ) -> Result<Delivery, ServiceError> {
        let language = {
            let mut tx = self.store.read().await?;
            tx.player(message.player_id)
                .await?
                .map_or(self.settings.default_language, |p| self.language_of(&p))
        };
        let game = match message.game_id {
            None => None,
            Some(id) => {
                let key = (id, message.ply);
                let state = match games.get(&key) {
                    Some(state) => state.clone(),
                    None => {
                        let state = self.game_state(id, message.ply).await?;
                        games.insert(key, state.clone());
                        state
                    }
                };
                match state {
                    Some(mut state) => {
                        state.overlay = message.overlay;
                        self.hide_names_from_stranger(message, language, &mut state)
                            .await?;
                        Some(state)
                    }
                    None => None,
                }
            }
        };
        Ok(Delivery {
            message: message.clone(),
            game,
            pictures: self.pictures.clone(),
            language,
        })
    }

    /// For a row to a mail address nobody confirmed, the other seat's name in the state (which a
    /// sender may show, such as a mail's subject) becomes what that player proved, as in the
    /// row's text: such a mail repeats nothing someone else chose. The name is worded in
    /// `language`, the recipient's.
    async fn hide_names_from_stranger(
        &self,
        message: &OutboxMessage,
        language: Language,
        state: &mut GameState,
    ) -> Result<(), ServiceError> {
        if message.channel != "mailto" {
            return Ok(());
        }
        // The outbox keeps the address in its text form; a row's address that is no identity
        // names no seat.
        let Some(seat) = message
            .address
            .parse::<Identity>()
            .ok()
            .and_then(|a| state.seat_of(&a))
        else {
            return Ok(());
        };
        let mut tx = self.store.read().await?;
        let Some(identity) = tx.identity(&message.address).await? else {
            return Ok(());
        };
        let other = seat.other();
        let label = async {
            if !self.unconfirmed_mail(&mut tx, &identity).await? {
                return Ok(None);
            }
            self.identity_label(&mut tx, state.players[other.index()], language)
                .await
                .map(Some)
        };
        match label.await {
            Ok(Some(label)) => state.names[other.index()] = label,
            Ok(None) => {}
            Err(crate::Fail::Internal(e)) => return Err(e),
            Err(
                crate::Fail::User(_)
                | crate::Fail::Already(..)
                | crate::Fail::Conflict(_)
                | crate::Fail::Taken(_),
            ) => {}
        }
        Ok(())
    }

    /// Sends every due message of the sender's channel once; returns how many were sent.
    ///
    /// Up to `parallel_sends` games' rows go out at once (the sender's own number where it has
    /// one, [`Sender::parallel_sends`]), each given `send_timeout` (a send that takes longer
    /// failed transiently); rows queued while the pass sends go out in it too. Rows of one game go one after the other in
    /// the order they were queued; a failed one holds back the later rows of its address until
    /// it is sent or given up, never those to the other player. Rows of other games and players
    /// never wait for them. No send starts once the pass has run `send_pass`: what is left
    /// waits for the next pass, so a pass ends within `send_pass` plus `send_timeout`.
    pub async fn deliver<S: Sender>(
        &self,
        sender: &S,
        now: DateTime<Utc>,
    ) -> Result<usize, ServiceError> {
        let started = tokio::time::Instant::now();
        // A pass too long to represent has no end but the rows running out.
        let pass_end = started
            .checked_add(self.settings.send_pass)
            .unwrap_or_else(|| started + std::time::Duration::from_secs(86_400 * 365));
        // The conversations sent are claimed under this pass's name, renewed while it sends,
        // and released at its end (see `claim`), so other processes deliver beside it.
        let claim = Claim::new(self, Work::Outbox(sender.channel().to_owned()));
        let holder = claim.holder().to_owned();
        claim
            .hold(now, self.claimed_pass(sender, &holder, now, pass_end))
            .await
    }

    /// The sending of [`Service::deliver`]: conversations claimed for this service and sent,
    /// as many at once as the sender's slots allow, until none is left or the pass is over.
    ///
    /// A slot that frees takes the next conversation at once, and rows that commands of this
    /// process queue while the pass sends are claimed as soon as a slot is free for them, so a
    /// notification never waits for the slowest send of a batch it was not part of. Claiming
    /// mid-pass keeps each game's order: a row is claimed only once every earlier row of its
    /// conversation is sent or given up (see `Tx::claim_pending`), so a conversation that ends
    /// is a reason to claim again.
    // Over 80 lines: one event loop whose claim, sends and queue share their state.
    async fn claimed_pass<S: Sender>(
        &self,
        sender: &S,
        holder: &str,
        now: DateTime<Utc>,
        pass_end: tokio::time::Instant,
    ) -> Result<usize, ServiceError> {
        let started = std::time::Instant::now();
        // The games' states the rows of one claim show, shared by its conversations (both
        // players' rows show one position); a later claim starts afresh, as a game may have
        // changed at the same ply since (a challenge accepted).
        let mut games = Arc::new(Mutex::new(GameCache::new()));
        let slots = sender
            .parallel_sends()
            .unwrap_or(self.settings.parallel_sends)
            .max(1);
        let mut queued = self.queued_rows();
        let mut waiting: VecDeque<Vec<OutboxMessage>> = VecDeque::new();
        let mut running = FuturesUnordered::new();
        // A claim under way, polled beside the sends: a send's transaction may share the
        // writer's commit with it, so the sends must go on while it waits.
        let mut claiming = std::pin::pin!(futures::future::OptionFuture::from(None));
        let mut sent = 0;
        let mut failed = None;
        // Whether claiming may find rows: at the start, after a full batch, once a command of
        // this process queued more, and once a conversation is done (its game's rows queued
        // meanwhile could not be claimed while it was under way).
        let mut claim = true;
        loop {
            let in_time = tokio::time::Instant::now() < pass_end && failed.is_none();
            if claim
                && in_time
                && claiming.is_terminated()
                && waiting.is_empty()
                && running.len() < slots
            {
                claim = false;
                queued.borrow_and_update();
                // Rows queued since the pass began are due: claims look at the time moved on
                // with the pass (what the sends record stays the pass's time, as in one pass).
                let at = now + Duration::from_std(started.elapsed()).unwrap_or(Duration::zero());
                let until = Claim::until(now, started.elapsed());
                claiming
                    .set(Some(self.claim_batch(sender.channel(), holder, at, until).fuse()).into());
            }
            while running.len() < slots
                && in_time
                && let Some(rows) = waiting.pop_front()
            {
                running.push(self.send_in_order(sender, rows, now, pass_end, games.clone()));
            }
            if running.is_empty() && claiming.is_terminated() {
                if claim && in_time {
                    continue;
                }
                return match failed {
                    Some(e) => Err(e),
                    None => Ok(sent),
                };
            }
            tokio::select! {
                Some(claimed) = &mut claiming => match claimed {
                    Ok(claimed) => {
                        games = Arc::new(Mutex::new(GameCache::new()));
                        claim |= claimed.conversations == BATCH as usize;
                        waiting.extend(conversations(claimed.rows));
                    }
                    Err(e) => {
                        failed.get_or_insert(e);
                    }
                },
                Some(result) = running.next() => match result {
                    Ok(n) => {
                        sent += n;
                        claim = true;
                    }
                    // The sends under way finish and are recorded; none starts after this.
                    Err(e) => {
                        failed.get_or_insert(e);
                    }
                },
                Ok(()) = queued.changed(), if !claim => claim = true,
            }
        }
    }

    /// Claims up to a batch of the channel's due conversations in a short transaction; the rows
    /// are sent outside it, so a slow channel does not hold the write lock the commands need,
    /// and other processes deliver beside this one. The conversations claimed stay this pass's
    /// until it ends, so claiming again finds only others.
    async fn claim_batch(
        &self,
        channel: &str,
        holder: &str,
        at: DateTime<Utc>,
        until: DateTime<Utc>,
    ) -> Result<agora_store::Claimed, ServiceError> {
        let mut tx = self.store.write_soon().await?;
        let claimed = tx.claim_pending(channel, holder, at, until, BATCH).await?;
        tx.commit().await?;
        Ok(claimed)
    }

    /// Sends the due rows of one game (or of one address about no game) in order, skipping the
    /// rest of an address's rows once one of them failed transiently (they wait for it), until
    /// the pass is over; returns how many were sent. A game's rows to both players go one after
    /// the other, so where both read one place (a game's thread) the posts keep their order.
    async fn send_in_order<S: Sender>(
        &self,
        sender: &S,
        rows: Vec<OutboxMessage>,
        now: DateTime<Utc>,
        pass_end: tokio::time::Instant,
        games: Arc<Mutex<GameCache>>,
    ) -> Result<usize, ServiceError> {
        let mut sent = 0;
        let mut waiting: Vec<String> = Vec::new();
        for message in rows {
            if tokio::time::Instant::now() >= pass_end {
                break;
            }
            if waiting.contains(&message.address) {
                continue;
            }
            let (result, why) = match self.delivery_cached(&message, &games).await {
                Ok(delivery) => {
                    let timeout = self.settings.send_timeout;
                    match tokio::time::timeout(timeout, sender.send(&delivery)).await {
                        Ok(result) => {
                            let why = result.as_ref().err().map(SendFailure::of);
                            (result, why.unwrap_or(SendFailure::Transient))
                        }
                        Err(_) => (
                            Err(SendError::Transient(format!(
                                "no answer within {} s",
                                timeout.as_secs_f32()
                            ))),
                            SendFailure::Timeout,
                        ),
                    }
                }
                // A game that does not replay fails its rows only; they are retried.
                Err(e) => (Err(SendError::Transient(e.to_string())), SendFailure::Game),
            };
            match &result {
                Ok(()) => self.metrics.sent(sender.channel()),
                Err(_) => self.metrics.send_failed(sender.channel(), why),
            }
            // A sender that marks its rows recorded a success already.
            let outcome = if result.is_ok() && sender.marks_sent() {
                Outcome::Sent
            } else {
                self.record_send(&message, result, now).await?
            };
            match outcome {
                Outcome::Sent => sent += 1,
                Outcome::GivenUp => {}
                Outcome::Retry => waiting.push(message.address),
            }
        }
        Ok(sent)
    }

    /// [`Service::delivery_with`] with a cache shared by concurrent sends; the lock is never held
    /// while the game is read, so two sends may both read one game, which only costs time.
    async fn delivery_cached(
        &self,
        message: &OutboxMessage,
        games: &Mutex<GameCache>,
    ) -> Result<Delivery, ServiceError> {
        let key = message.game_id.map(|id| (id, message.ply));
        let cached = key.and_then(|k| lock(games).get(&k).cloned());
        let mut local = HashMap::new();
        if let (Some(k), Some(state)) = (key, cached) {
            local.insert(k, state);
        }
        let delivery = self.delivery_with(message, &mut local).await?;
        lock(games).extend(local);
        Ok(delivery)
    }

    /// Records what became of one send in its own short transaction: sent, failed and due again
    /// after the backoff, or given up (a permanent failure, or the `max_send_attempts`th), which
    /// tells the player on their other channels in the same transaction.
    async fn record_send(
        &self,
        message: &OutboxMessage,
        result: Result<(), SendError>,
        now: DateTime<Utc>,
    ) -> Result<Outcome, ServiceError> {
        let mut tx = self.store.write_soon().await?;
        let outcome = match result {
            Ok(()) => {
                tx.mark_sent(message.id, now).await?;
                Outcome::Sent
            }
            Err(e) if self.gives_up(&e, message.attempts) => {
                tracing::error!(
                    id = message.id,
                    channel = %message.channel,
                    to = %message.address,
                    attempts = message.attempts + 1,
                    error = %e,
                    "notification given up"
                );
                tx.give_up(message.id, e.text(), now).await?;
                self.tell_undeliverable(&mut tx, message, now).await?;
                Outcome::GivenUp
            }
            Err(e) => {
                tracing::warn!(id = message.id, channel = %message.channel, error = %e, "send failed");
                tx.mark_failed(message.id, e.text(), now + backoff(message.attempts))
                    .await?;
                Outcome::Retry
            }
        };
        tx.commit().await?;
        Ok(outcome)
    }

    /// Marks outbox row `id` sent, for a sender that [marks its rows itself](Sender::marks_sent)
    /// and found one handed over already (its record made before the row was marked, by a
    /// version that did the two apart).
    pub async fn mark_sent(&self, id: i64, now: DateTime<Utc>) -> Result<(), ServiceError> {
        let mut tx = self.store.write_soon().await?;
        tx.mark_sent(id, now).await?;
        tx.commit().await?;
        Ok(())
    }
}

/// Rows read per batch of a delivery pass.
const BATCH: u32 = 200;

/// Game states by game and ply, shared by the sends of one pass.
type GameCache = HashMap<(i64, Option<u32>), Option<GameState>>;

fn lock(games: &Mutex<GameCache>) -> std::sync::MutexGuard<'_, GameCache> {
    // A panic elsewhere cannot leave a cache of read-only states half written.
    games
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// What became of one send.
enum Outcome {
    Sent,
    /// Failed; tried again after the backoff, and its successors wait for it.
    Retry,
    /// Failed for good; its successors go on.
    GivenUp,
}

/// The rows of a batch grouped by game (rows about no game by address), each group in the
/// batch's order (oldest first), the groups in the order of their oldest row.
fn conversations(batch: Vec<OutboxMessage>) -> Vec<Vec<OutboxMessage>> {
    let mut groups: Vec<Vec<OutboxMessage>> = Vec::new();
    let mut index: HashMap<(Option<i64>, Option<String>), usize> = HashMap::new();
    for message in batch {
        let key = match message.game_id {
            Some(game) => (Some(game), None),
            None => (None, Some(message.address.clone())),
        };
        match index.get(&key) {
            Some(&i) => groups[i].push(message),
            None => {
                index.insert(key, groups.len());
                groups.push(vec![message]);
            }
        }
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::{backoff, conversations};
    use agora_store::{Notice, OutboxMessage};

    /// A game's rows form one group whoever they go to; rows about no game, one per address.
    #[test]
    fn a_batch_groups_by_game_then_by_address() {
        let row = |id: i64, address: &str, game: Option<i64>| OutboxMessage {
            id,
            player_id: 1,
            channel: "local".into(),
            address: address.into(),
            game_id: game,
            ply: None,
            kind: Notice::Message,
            board: false,
            overlay: false,
            subject: String::new(),
            body: String::new(),
            attempts: 0,
            tried: None,
        };
        let batch = vec![
            row(1, "a", Some(7)),
            row(2, "b", None),
            row(3, "b", Some(7)),
            row(4, "a", None),
            row(5, "b", None),
            row(6, "a", Some(8)),
        ];
        let ids: Vec<Vec<i64>> = conversations(batch)
            .iter()
            .map(|g| g.iter().map(|m| m.id).collect())
            .collect();
        assert_eq!(ids, [vec![1, 3], vec![2, 5], vec![4], vec![6]]);
    }

    #[test]
    fn backoff_doubles_up_to_an_hour() {
        assert_eq!(backoff(0).num_seconds(), 30);
        assert_eq!(backoff(1).num_seconds(), 60);
        assert_eq!(backoff(20).num_seconds(), 3600);
    }
}
