-- Clocks: time controls (per-move deadline or time bank), the timeout policy, the turn's clock
-- start, reminder progress and the one due time the scheduler sweeps; vacations and daily digests
-- of players; the time spent on every action.

-- Time bank (seconds; NULL = a per-move deadline of `days_per_move` days): the reserve a player
-- starts with, what each action adds, the most it can hold.
ALTER TABLE games ADD COLUMN bank_initial INTEGER;
ALTER TABLE games ADD COLUMN bank_increment INTEGER;
ALTER TABLE games ADD COLUMN bank_max INTEGER;
-- The reserve of each seat (seconds) as of the start of its current or next turn.
ALTER TABLE games ADD COLUMN bank_first INTEGER;
ALTER TABLE games ADD COLUMN bank_second INTEGER;
-- What happens at a missed deadline: 'loss' (loss on time) or 'pass' (Agros: the turn is passed).
ALTER TABLE games ADD COLUMN timeout_policy TEXT NOT NULL DEFAULT 'loss';
-- When the clock of the player to act started; a vacation moves it later by the time it pauses.
-- The deadline is this plus the allowance (the days per move, or the seat's reserve).
ALTER TABLE games ADD COLUMN turn_started_at TEXT;
-- How many of the configured reminder points this turn has passed (each is sent at most once).
ALTER TABLE games ADD COLUMN reminder_stage INTEGER NOT NULL DEFAULT 0;
-- The next time the scheduler must look at this game: the next reminder or the deadline.
ALTER TABLE games ADD COLUMN due_at TEXT;
-- When the game started (the challenge was accepted).
ALTER TABLE games ADD COLUMN started_at TEXT;

UPDATE games SET turn_started_at = updated_at, due_at = deadline_at, started_at = created_at
    WHERE status = 'active';

DROP INDEX games_deadline;
CREATE INDEX games_due ON games (due_at) WHERE status = 'active';

-- Milliseconds the player's clock ran for this action (vacation time excluded).
ALTER TABLE actions ADD COLUMN spent_ms INTEGER;

-- A vacation pauses the player's clocks from `vacation_from` to `vacation_until`; the days come
-- from a yearly allowance, counted in seconds per calendar year (UTC).
ALTER TABLE players ADD COLUMN vacation_from TEXT;
ALTER TABLE players ADD COLUMN vacation_until TEXT;
ALTER TABLE players ADD COLUMN vacation_year INTEGER;
ALTER TABLE players ADD COLUMN vacation_used INTEGER NOT NULL DEFAULT 0;
-- A daily digest at this local hour (0-23) instead of per-game reminders; NULL = reminders.
ALTER TABLE players ADD COLUMN digest_hour INTEGER;
ALTER TABLE players ADD COLUMN digest_due_at TEXT;
CREATE INDEX players_digest ON players (digest_due_at) WHERE digest_due_at IS NOT NULL;
