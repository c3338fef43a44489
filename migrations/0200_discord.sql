-- The Discord front end's state: where each game lives on Discord, which outbox rows were posted,
-- and each Discord user's choice between the game thread and direct messages.

-- A game's place on Discord: the channel its challenge was made in (and that channel's server,
-- none for a direct message), and the channel its messages go to once it runs: its own thread in
-- a server, the direct-message channel otherwise.
CREATE TABLE discord_games (
    game_id    INTEGER PRIMARY KEY REFERENCES games (id),
    channel_id TEXT NOT NULL,
    guild_id   TEXT,
    thread_id  TEXT,
    created_at TEXT NOT NULL
);

CREATE UNIQUE INDEX discord_games_thread ON discord_games (thread_id);

-- Outbox rows already posted, with the message they became: a row is never posted twice, even when
-- the process stopped between posting and marking the row sent.
CREATE TABLE discord_posts (
    outbox_id  INTEGER PRIMARY KEY REFERENCES outbox (id),
    channel_id TEXT NOT NULL,
    message_id TEXT NOT NULL,
    posted_at  TEXT NOT NULL
);

-- Where a Discord user's reminders and final reports go: `thread` (the game's thread, with a
-- mention) or `dm` (a direct message). Turn notifications always go to the game's thread.
CREATE TABLE discord_users (
    user_id    TEXT PRIMARY KEY,
    deliver_to TEXT NOT NULL CHECK (deliver_to IN ('thread', 'dm'))
) WITHOUT ROWID;
