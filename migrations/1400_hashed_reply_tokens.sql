-- Trust, second round: reply tokens are kept as hashes, so a copy of the database (a backup, a
-- stolen file) holds no key a mail could be sent with. A hash cannot be put back in a Reply-To,
-- so every mail Agora sends carries a token of its own: a reply to any of the recent mails of a
-- conversation proves its sender, and `revoke` voids them all.

-- One row per token sent: the SHA-256 of the token (lower-case hex) and the conversation it was
-- sent in (an address and a game, 0 = about no game). A conversation keeps its newest tokens
-- (see `crates/store/src/mail.rs`); older ones are dropped as new ones are sent.
CREATE TABLE mail_tokens (
    id         INTEGER PRIMARY KEY,
    hash       TEXT NOT NULL UNIQUE,
    address    TEXT NOT NULL,
    game_id    INTEGER NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX mail_tokens_thread ON mail_tokens (address, game_id);

-- The tokens sent before, marked `plain:` until `Store::open` replaces each with its hash (SQLite
-- has no SHA-256 of its own); it does so before it hands out the store.
INSERT INTO mail_tokens (hash, address, game_id, created_at)
SELECT 'plain:' || token, address, game_id, created_at FROM mail_threads;

-- The conversations keep only the last Message-ID, for In-Reply-To.
CREATE TABLE mail_threads_new (
    address         TEXT NOT NULL,
    game_id         INTEGER NOT NULL,
    last_message_id TEXT,
    created_at      TEXT NOT NULL,
    PRIMARY KEY (address, game_id)
) WITHOUT ROWID;
INSERT INTO mail_threads_new (address, game_id, last_message_id, created_at)
SELECT address, game_id, last_message_id, created_at FROM mail_threads;
DROP TABLE mail_threads;
ALTER TABLE mail_threads_new RENAME TO mail_threads;
