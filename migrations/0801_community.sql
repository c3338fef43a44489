-- The community around the games: open challenges, private and rated games, spectators.

-- `rated`: the game counts for the players' ratings (the default between people; `unrated` in
-- the challenge opts out; never against the computer). Games from before ratings are unrated.
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
-- `private`: not listed among running games and not watchable.
ALTER TABLE games ADD COLUMN private INTEGER NOT NULL DEFAULT 0;
-- An open challenge (to anyone) holds its second seat for the placeholder player `anyone` until
-- someone accepts; `open` marks it, with the rating range its maker asked for (either bound may
-- be missing).
ALTER TABLE games ADD COLUMN open INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN open_min_rating INTEGER;
ALTER TABLE games ADD COLUMN open_max_rating INTEGER;
CREATE INDEX games_open ON games (id) WHERE open = 1 AND status = 'proposed';
CREATE INDEX games_live ON games (updated_at) WHERE status = 'active' AND private = 0;

-- Who follows a game they do not play in: each action's board and the final report go to them.
CREATE TABLE watchers (
    game_id     INTEGER NOT NULL REFERENCES games (id),
    player_id   INTEGER NOT NULL REFERENCES players (id),
    created_at  TEXT NOT NULL,
    PRIMARY KEY (game_id, player_id)
) WITHOUT ROWID;
CREATE INDEX watchers_player ON watchers (player_id);

-- The Discord lobby's post of each open challenge, so every process and restart edits the same
-- message (its Accept button taken off once the challenge is taken, withdrawn or expired).
CREATE TABLE discord_lobby (
    game_id     INTEGER PRIMARY KEY REFERENCES games (id),
    channel_id  TEXT NOT NULL,
    message_id  TEXT NOT NULL,
    closed      INTEGER NOT NULL DEFAULT 0
);
