-- The e-mail front end's state: where it stands in each IMAP mailbox, mails to retry, the senders
-- it knows (verification and rate limit), the per-player, per-game reply tokens with the last
-- message of each thread, and the spool of mails to send over SMTP.

-- The highest UID handled in a mailbox, valid only for that UIDVALIDITY: when the server changes
-- UIDVALIDITY the old numbers mean nothing and the mailbox is read again from the start (the
-- deliveries table keeps that from applying anything twice).
CREATE TABLE mail_mailboxes (
    name        TEXT PRIMARY KEY,
    uidvalidity INTEGER NOT NULL,
    last_uid    INTEGER NOT NULL
) WITHOUT ROWID;

-- Mails whose handling failed (database busy, a bug): kept in the mailbox, unflagged, and tried
-- again after a backoff while later mails go on.
CREATE TABLE mail_retries (
    mailbox         TEXT NOT NULL,
    uidvalidity     INTEGER NOT NULL,
    uid             INTEGER NOT NULL,
    attempts        INTEGER NOT NULL,
    next_attempt_at TEXT NOT NULL,
    last_error      TEXT NOT NULL,
    PRIMARY KEY (mailbox, uidvalidity, uid)
) WITHOUT ROWID;

-- Every address that wrote to us. `verified_at` is set once mail from it carried a token we sent
-- to it; until then its commands wait in `pending_*` for that confirmation. The window counts
-- mails per sender for the rate limit.
CREATE TABLE mail_senders (
    address          TEXT PRIMARY KEY,        -- lower case, without `mailto:`
    verified_at      TEXT,
    pending_text     TEXT,
    pending_delivery TEXT,
    window_start     TEXT NOT NULL,
    window_count     INTEGER NOT NULL,
    created_at       TEXT NOT NULL
) WITHOUT ROWID;

-- A secret per address and game (game 0 = the address itself, for commands outside a game),
-- sent in the Reply-To of every mail so that a reply proves it comes from that mailbox; and the
-- last Message-ID of the thread, for In-Reply-To.
CREATE TABLE mail_threads (
    address         TEXT NOT NULL,
    game_id         INTEGER NOT NULL,
    token           TEXT NOT NULL UNIQUE,
    last_message_id TEXT,
    created_at      TEXT NOT NULL,
    PRIMARY KEY (address, game_id)
) WITHOUT ROWID;

-- Complete mails waiting for SMTP. `key` names what the mail is for (`outbox:<id>`,
-- `answer:<Message-ID>`) so the same notification or answer is never spooled twice; a failure
-- is retried with backoff and the Message-ID stays the same.
CREATE TABLE mail_spool (
    id              INTEGER PRIMARY KEY,
    key             TEXT NOT NULL UNIQUE,
    sender          TEXT NOT NULL,
    recipient       TEXT NOT NULL,
    message         BLOB NOT NULL,
    created_at      TEXT NOT NULL,
    next_attempt_at TEXT NOT NULL,
    attempts        INTEGER NOT NULL DEFAULT 0,
    last_error      TEXT,
    sent_at         TEXT
);
CREATE INDEX mail_spool_pending ON mail_spool (next_attempt_at) WHERE sent_at IS NULL;
