-- Claims: which process is handling a due game or a conversation of the outbox, and until when.
-- Several processes sharing the database each take what nobody holds (on PostgreSQL with
-- `FOR UPDATE SKIP LOCKED`), so each is handled by one of them; a claim whose holder died runs
-- out and is taken by another.
ALTER TABLE outbox ADD COLUMN claimed_by TEXT;
ALTER TABLE outbox ADD COLUMN claimed_until TEXT;
ALTER TABLE games ADD COLUMN claimed_by TEXT;
ALTER TABLE games ADD COLUMN claimed_until TEXT;
CREATE INDEX outbox_claimed ON outbox (claimed_by) WHERE claimed_by IS NOT NULL;
CREATE INDEX games_claimed ON games (claimed_by) WHERE claimed_by IS NOT NULL;
