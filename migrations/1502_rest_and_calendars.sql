-- Time off: a player's weekly rest in their zone (`weekend`, `night 23-07`, both; NULL: none),
-- and each turn's copy of the rest of the player to act with their zone, taken when the turn
-- starts: a change of rest or zone counts from the player's next turn, never for time already
-- spent.
ALTER TABLE players ADD COLUMN rest TEXT;
ALTER TABLE games ADD COLUMN turn_rest TEXT;
ALTER TABLE games ADD COLUMN turn_rest_zone TEXT;

-- A calendar of deadlines: the SHA-256 (lower-case hex) of each player's secret feed address,
-- at most one per player; a new one replaces it, `settings calendar off` removes it.
CREATE TABLE calendars (
    player_id  INTEGER PRIMARY KEY REFERENCES players (id),
    hash       TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL
);
