-- Tournaments: a round robin (single or double), a Swiss of N rounds or a permanent ladder of
-- one game (and Agros board), organised by a player or by the operator. Its games are ordinary
-- games, each named with its tournament and round in `tournament_games`.
--
-- `format`: 'round-robin', 'double-round-robin', 'swiss' or 'ladder'; `rounds`: a Swiss's
-- rounds, a ladder's reach (how many places above a player may challenge). The clock is kept as
-- a game's is. `status`: 'open' (taking entries), 'running', 'finished' or 'cancelled'; `round`:
-- the last round paired. `starts_at`: when it starts by itself (if enough have joined).
CREATE TABLE tournaments (
    id              INTEGER PRIMARY KEY,
    name            TEXT NOT NULL,
    organiser_id    INTEGER REFERENCES players (id),
    variant         TEXT NOT NULL,
    format          TEXT NOT NULL,
    rounds          INTEGER NOT NULL,
    days_per_move   INTEGER NOT NULL,
    bank_initial    INTEGER,
    bank_increment  INTEGER,
    bank_max        INTEGER,
    period_moves    INTEGER,
    timeout_policy  TEXT NOT NULL,
    rated           INTEGER NOT NULL,
    min_players     INTEGER NOT NULL,
    max_players     INTEGER NOT NULL,
    min_rating      INTEGER,
    max_rating      INTEGER,
    starts_at       TEXT,
    status          TEXT NOT NULL,
    round           INTEGER NOT NULL DEFAULT 0,
    created_at      TEXT NOT NULL,
    started_at      TEXT,
    finished_at     TEXT
);
CREATE INDEX tournaments_by_status ON tournaments (status, id);

-- Who plays in a tournament. `seed`: the entrant's number once it started (by rating, then by
-- joining); `place`: a ladder's place (1 is the top). `left_at` and `left_how` ('left',
-- 'removed', 'timeouts', 'blocked'): a player who is out, with the withdrawal rule applied.
CREATE TABLE tournament_entrants (
    tournament_id   INTEGER NOT NULL REFERENCES tournaments (id),
    player_id       INTEGER NOT NULL REFERENCES players (id),
    seed            INTEGER NOT NULL DEFAULT 0,
    place           INTEGER,
    joined_at       TEXT NOT NULL,
    left_at         TEXT,
    left_how        TEXT,
    PRIMARY KEY (tournament_id, player_id)
);
CREATE INDEX tournament_entrants_of_player ON tournament_entrants (player_id);

-- The games of a tournament, by round. `cancelled`: its result no longer counts (a player left
-- before half their games); `forfeit`: decided without being played out.
CREATE TABLE tournament_games (
    game_id         INTEGER PRIMARY KEY REFERENCES games (id),
    tournament_id   INTEGER NOT NULL REFERENCES tournaments (id),
    round           INTEGER NOT NULL,
    cancelled       INTEGER NOT NULL DEFAULT 0,
    forfeit         INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX tournament_games_by_round ON tournament_games (tournament_id, round);

-- A Swiss round's bye (an odd number of players): scored as a win.
CREATE TABLE tournament_byes (
    tournament_id   INTEGER NOT NULL REFERENCES tournaments (id),
    round           INTEGER NOT NULL,
    player_id       INTEGER NOT NULL REFERENCES players (id),
    PRIMARY KEY (tournament_id, round)
);
