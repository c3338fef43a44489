-- Ratings: one Glicko-2 rating per player and pool (the game, and for Agros the board size), and
-- the change every finished rated game made to each of its players, so the final report can show
-- it and a repeated ending cannot apply it twice.

-- A player's current rating in a pool: 'agon', 'agros-8', 'agros-10' or 'agros-12'. A player
-- without a row here has the default rating of the pool (1500, deviation 350).
CREATE TABLE ratings (
    player_id   INTEGER NOT NULL REFERENCES players (id),
    pool        TEXT NOT NULL,
    -- Glicko-2 on the Glicko scale: the rating, its deviation (RD) and the volatility.
    rating      REAL NOT NULL,
    deviation   REAL NOT NULL,
    volatility  REAL NOT NULL,
    -- Rated games played in this pool.
    games       INTEGER NOT NULL DEFAULT 0,
    updated_at  TEXT NOT NULL,
    PRIMARY KEY (player_id, pool)
) WITHOUT ROWID;
-- The leaderboard reads a pool's ratings from the top.
CREATE INDEX ratings_leaderboard ON ratings (pool, rating);

-- What one finished rated game did to the rating of one of its players: the values before and
-- after it. One row per game and player, written in the ending's transaction with the new rating.
CREATE TABLE rating_changes (
    game_id          INTEGER NOT NULL REFERENCES games (id),
    player_id        INTEGER NOT NULL REFERENCES players (id),
    pool             TEXT NOT NULL,
    rating_before    REAL NOT NULL,
    rating_after     REAL NOT NULL,
    deviation_before REAL NOT NULL,
    deviation_after  REAL NOT NULL,
    -- The volatility and the count of games are kept too, so a change can be read back whole.
    volatility_before REAL NOT NULL,
    volatility_after  REAL NOT NULL,
    games_before     INTEGER NOT NULL,
    games_after      INTEGER NOT NULL,
    created_at       TEXT NOT NULL,
    PRIMARY KEY (game_id, player_id)
) WITHOUT ROWID;
