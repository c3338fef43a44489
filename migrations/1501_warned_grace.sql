-- Never lost unwarned: a player whose reminders did not reach them in time gets their deadline
-- moved, once per game and by at most 48 hours in all. `grace_ply` is the ply of the turn that
-- had it (NULL: none yet), `grace_seconds` how far that turn's deadline was moved.
ALTER TABLE games ADD COLUMN grace_ply INTEGER;
ALTER TABLE games ADD COLUMN grace_seconds INTEGER NOT NULL DEFAULT 0;
-- What reached a player, looked up when a deadline passes (`Tx::first_warning`).
CREATE INDEX outbox_warnings ON outbox (player_id, kind, sent_at) WHERE sent_at IS NOT NULL;
