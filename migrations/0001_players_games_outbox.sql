-- Agora's first schema: players and their channel identities, games and their actions, handled
-- deliveries and the outbox. Times are RFC 3339 text in UTC (sqlx's chrono encoding), so they sort
-- as text and an index on them serves range sweeps.

-- A person (or the computer). Seats belong to players, never to a channel, so a player can move
-- from Discord in one game and by mail in the next.
CREATE TABLE players (
    id          INTEGER PRIMARY KEY,
    -- The name other players challenge; unique without regard to case.
    name        TEXT NOT NULL UNIQUE COLLATE NOCASE,
    -- IANA zone used to show deadlines to this player.
    timezone    TEXT NOT NULL DEFAULT 'UTC',
    -- Preferred channel for notifications: 'discord', 'mailto' or 'local'; NULL = the first
    -- verified identity.
    notify      TEXT,
    -- The computer opponent's level ('easy', 'normal', 'hard'); NULL for people.
    computer    TEXT,
    created_at  TEXT NOT NULL
);

-- How a player is reached: `discord:<user id>`, `mailto:<address>` or `local:<name>` (the
-- terminal). An e-mail address named in a challenge is stored unverified until mail from it
-- carries a reply token.
CREATE TABLE identities (
    address     TEXT PRIMARY KEY,
    player_id   INTEGER NOT NULL REFERENCES players (id),
    channel     TEXT NOT NULL,
    verified    INTEGER NOT NULL DEFAULT 0,
    created_at  TEXT NOT NULL
);
CREATE INDEX identities_player ON identities (player_id);

-- One-time codes that attach a second identity to a player (`link` gives one, `link <code>` uses it).
CREATE TABLE link_codes (
    code        TEXT PRIMARY KEY,
    player_id   INTEGER NOT NULL REFERENCES players (id),
    expires_at  TEXT NOT NULL
);

-- A game from challenge to end. `position` is the current position text (agora-rules); the actions
-- table is the authority and the position is replayed from it, because the Agon repetition rule
-- needs the whole history.
CREATE TABLE games (
    id              INTEGER PRIMARY KEY,
    kind            TEXT NOT NULL,               -- 'agon' | 'agros'
    variant         TEXT NOT NULL,               -- JSON of agora_rules::Variant
    first_player    INTEGER NOT NULL REFERENCES players (id),   -- White / Light
    second_player   INTEGER NOT NULL REFERENCES players (id),   -- Black / Dark
    challenger      INTEGER NOT NULL REFERENCES players (id),
    -- 'proposed' (waiting for accept), 'active', 'finished', 'declined', 'cancelled'
    status          TEXT NOT NULL,
    position        TEXT NOT NULL,
    ply             INTEGER NOT NULL DEFAULT 0,
    -- Bumped by every change; a write only succeeds against the version it read.
    version         INTEGER NOT NULL DEFAULT 0,
    -- 'first', 'second' or 'draw' once finished, with the reason: a rules code (`throne`,
    -- `two-passes`, ...) or a service ending (`resignation`, `agreement`, `timeout`, `abort`).
    result          TEXT,
    end_reason      TEXT,
    -- Clock: days per move; the deadline of the player to act; when they were reminded.
    days_per_move   INTEGER NOT NULL,
    deadline_at     TEXT,
    reminded_at     TEXT,
    -- Pending offers: the seat ('first' | 'second') that offered a draw or asked for a takeback.
    draw_offer      TEXT,
    undo_request    TEXT,
    created_at      TEXT NOT NULL,
    updated_at      TEXT NOT NULL,
    finished_at     TEXT
);
-- The deadline sweep reads only games still running, ordered by due time.
CREATE INDEX games_deadline ON games (deadline_at) WHERE status = 'active';
CREATE INDEX games_first ON games (first_player, status);
CREATE INDEX games_second ON games (second_player, status);

-- Every action ever applied, in canonical notation, with the delivery it came from. A takeback
-- deletes the last row.
CREATE TABLE actions (
    game_id     INTEGER NOT NULL REFERENCES games (id),
    ply         INTEGER NOT NULL,                -- 1 = the first action of the game
    seat        TEXT NOT NULL,                   -- 'first' | 'second'
    notation    TEXT NOT NULL,
    played_at   TEXT NOT NULL,
    delivery_id TEXT,
    PRIMARY KEY (game_id, ply)
) WITHOUT ROWID;

-- Every delivery (mail Message-ID, Discord interaction id, terminal line id) already handled, with
-- the reply given, so a redelivery is answered the same way and never applied again.
CREATE TABLE deliveries (
    id          TEXT PRIMARY KEY,
    sender      TEXT NOT NULL,
    reply       TEXT NOT NULL,
    handled_at  TEXT NOT NULL
) WITHOUT ROWID;

-- Notifications to send, written in the same transaction as the change they report and sent by
-- the channel's sender after the commit. Delivery is at least once; `id` is stable so a channel can
-- drop a repeat (it becomes the mail's Message-ID, for instance).
CREATE TABLE outbox (
    id              INTEGER PRIMARY KEY,
    player_id       INTEGER NOT NULL REFERENCES players (id),
    channel         TEXT NOT NULL,               -- 'discord' | 'mailto' | 'local'
    address         TEXT NOT NULL,               -- the identity it goes to
    game_id         INTEGER REFERENCES games (id),
    -- The ply of the game it reports, so a channel can attach a picture of that position.
    ply             INTEGER,
    subject         TEXT NOT NULL,
    body            TEXT NOT NULL,
    created_at      TEXT NOT NULL,
    next_attempt_at TEXT NOT NULL,
    attempts        INTEGER NOT NULL DEFAULT 0,
    last_error      TEXT,
    sent_at         TEXT
);
CREATE INDEX outbox_pending ON outbox (channel, next_attempt_at) WHERE sent_at IS NULL;
