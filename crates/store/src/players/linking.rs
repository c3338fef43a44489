//! Joining two accounts: the one-time link codes (an offer, or a confirmation for one partner),
//! the count of wrong codes an identity sent, and folding one player into another.

use super::LinkCode;
use crate::dialect::run;
use crate::{Result, Tx};
use chrono::{DateTime, Utc};

impl Tx {
    /// Makes `code` the player's offer to join another account (`link`): the player's earlier
    /// offer is gone, their pending confirmations stay.
    pub async fn create_link_code(
        &mut self,
        player_id: i64,
        code: &str,
        expires_at: DateTime<Utc>,
    ) -> Result<()> {
        run!(
            self,
            execute,
            query("DELETE FROM link_codes WHERE player_id = ? AND partner_id IS NULL")
                .bind(player_id)
        )?;
        run!(
            self,
            execute,
            query("INSERT INTO link_codes (code, player_id, expires_at) VALUES (?, ?, ?)")
                .bind(code.to_owned())
                .bind(player_id)
                .bind(expires_at)
        )?;
        Ok(())
    }

    /// Makes `code` the confirmation that joins `partner_id` into `player_id`: it is delivered to
    /// the partner and only `player_id` can use it. An earlier confirmation of the pair is gone.
    pub async fn create_link_confirmation(
        &mut self,
        player_id: i64,
        partner_id: i64,
        code: &str,
        expires_at: DateTime<Utc>,
    ) -> Result<()> {
        run!(
            self,
            execute,
            query("DELETE FROM link_codes WHERE player_id = ? AND partner_id = ?")
                .bind(player_id)
                .bind(partner_id)
        )?;
        run!(
            self,
            execute,
            query(
                "INSERT INTO link_codes (code, player_id, partner_id, expires_at) \
                 VALUES (?, ?, ?, ?)"
            )
            .bind(code.to_owned())
            .bind(player_id)
            .bind(partner_id)
            .bind(expires_at)
        )?;
        Ok(())
    }

    /// Uses up a link code that `user` may use: an offer (anyone but its maker may answer it) or
    /// a confirmation made for `user`. `None` when there is no such code, it has expired, or it
    /// is a confirmation for someone else (left in place).
    pub async fn take_link_code(
        &mut self,
        code: &str,
        user: i64,
        now: DateTime<Utc>,
    ) -> Result<Option<LinkCode>> {
        let row: Option<(i64, Option<i64>, DateTime<Utc>)> = run!(
            self,
            fetch_optional,
            query_as(
                "DELETE FROM link_codes WHERE code = ? AND (partner_id IS NULL OR player_id = ?) \
                 RETURNING player_id, partner_id, expires_at"
            )
            .bind(code.to_owned())
            .bind(user)
        )?;
        Ok(
            row.and_then(|(owner, partner, exp)| {
                (exp > now).then_some(LinkCode { owner, partner })
            }),
        )
    }

    /// Whether `identity` may use a link code at `now` (see [`Tx::take_link_code`]), without
    /// using it up.
    pub async fn link_code_valid(
        &mut self,
        code: &str,
        identity: &str,
        now: DateTime<Utc>,
    ) -> Result<bool> {
        let expires: Option<DateTime<Utc>> = run!(
            self,
            fetch_optional,
            query_scalar(
                "SELECT expires_at FROM link_codes WHERE code = ? AND (partner_id IS NULL \
                 OR player_id = (SELECT player_id FROM identities WHERE address = ?))"
            )
            .bind(code.to_owned())
            .bind(identity.to_owned())
        )?;
        Ok(expires.is_some_and(|e| e > now))
    }

    /// How many wrong link codes `identity` sent since `since`.
    pub async fn link_guesses_since(
        &mut self,
        identity: &str,
        since: DateTime<Utc>,
    ) -> Result<u32> {
        let n: i64 = run!(
            self,
            fetch_one,
            query_scalar("SELECT COUNT(*) FROM link_guesses WHERE identity = ? AND at > ?")
                .bind(identity.to_owned())
                .bind(since)
        )?;
        Ok(u32::try_from(n).unwrap_or(u32::MAX))
    }

    /// Records a wrong link code from `identity` at `now`, and forgets its guesses from before
    /// `forget_before` (they no longer count).
    pub async fn record_link_guess(
        &mut self,
        identity: &str,
        now: DateTime<Utc>,
        forget_before: DateTime<Utc>,
    ) -> Result<()> {
        run!(
            self,
            execute,
            query("DELETE FROM link_guesses WHERE identity = ? AND at <= ?")
                .bind(identity.to_owned())
                .bind(forget_before)
        )?;
        run!(
            self,
            execute,
            query("INSERT INTO link_guesses (identity, at) VALUES (?, ?)")
                .bind(identity.to_owned())
                .bind(now)
        )?;
        Ok(())
    }

    /// Folds player `from` into player `into`: identities, seats, challenges and notifications move
    /// over and `from` is deleted. The caller checks the two share no game.
    pub async fn merge_players(&mut self, from: i64, into: i64) -> Result<()> {
        // Ratings and their history first: they refer to the player about to go.
        self.merge_ratings(from, into).await?;
        for sql in [
            "UPDATE watchers SET player_id = ?1 WHERE player_id = ?2 AND NOT EXISTS
                 (SELECT 1 FROM watchers w WHERE w.player_id = ?1 AND w.game_id = watchers.game_id)",
            "DELETE FROM watchers WHERE player_id = ?2",
            "UPDATE identities SET player_id = ?1 WHERE player_id = ?2",
            "UPDATE games SET first_player = ?1 WHERE first_player = ?2",
            "UPDATE games SET second_player = ?1 WHERE second_player = ?2",
            "UPDATE games SET challenger = ?1 WHERE challenger = ?2",
            "UPDATE outbox SET player_id = ?1 WHERE player_id = ?2",
            // The merged player has used Agora if either had.
            "UPDATE players SET first_seen_at = COALESCE(first_seen_at,
                 (SELECT first_seen_at FROM players WHERE id = ?2)) WHERE id = ?1",
            "DELETE FROM link_codes WHERE player_id = ?2 OR partner_id = ?2",
            // The merged player's calendar shows every game of theirs: the one who stays keeps
            // theirs, or takes the other's.
            "DELETE FROM calendars WHERE player_id = ?2 AND EXISTS
                 (SELECT 1 FROM calendars c WHERE c.player_id = ?1)",
            "UPDATE calendars SET player_id = ?1 WHERE player_id = ?2",
            "UPDATE notes SET player_id = ?1 WHERE player_id = ?2",
            "UPDATE conditional_lines SET player_id = ?1 WHERE player_id = ?2",
            // One player in a tournament once: the one who stays keeps their own entry.
            "DELETE FROM tournament_entrants WHERE player_id = ?2 AND EXISTS
                 (SELECT 1 FROM tournament_entrants e WHERE e.player_id = ?1
                  AND e.tournament_id = tournament_entrants.tournament_id)",
            "UPDATE tournament_entrants SET player_id = ?1 WHERE player_id = ?2",
            "UPDATE tournament_byes SET player_id = ?1 WHERE player_id = ?2",
            "UPDATE tournaments SET organiser_id = ?1 WHERE organiser_id = ?2",
            "DELETE FROM players WHERE id = ?2",
        ] {
            run!(self, execute, query(sql).bind(into).bind(from))?;
        }
        Ok(())
    }
}
