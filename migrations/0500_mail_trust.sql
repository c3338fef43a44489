-- Mail trust: a command carries only the authority of the mail it came in, verification codes
-- are a secret of their own, and rate limits count only mail that proves nothing.

-- Commands of an address that was not confirmed were kept and run with the authority of the
-- address's next genuine mail, so a forged From could act for the real owner later. They are
-- no longer kept.
ALTER TABLE mail_senders DROP COLUMN pending_text;
ALTER TABLE mail_senders DROP COLUMN pending_delivery;

-- Wrong `verify <code>` guesses for an address in the current window (a day from the first):
-- past the limit, codes are not checked until the window has passed. (`window_start` and
-- `window_count` above are no longer read: the hourly counts are all in `mail_rates` now.)
ALTER TABLE mail_senders ADD COLUMN code_window_start TEXT;
ALTER TABLE mail_senders ADD COLUMN code_failures INTEGER NOT NULL DEFAULT 0;

-- The code of `verify <code>`, one per address: random, used once (deleted when it confirms the
-- address), and void after `expires_at`. It is not a reply token.
CREATE TABLE mail_codes (
    address    TEXT PRIMARY KEY,            -- lower case, without `mailto:`
    code       TEXT NOT NULL,
    expires_at TEXT NOT NULL
) WITHOUT ROWID;

-- Hourly counts of unauthenticated mail: `address:<address>` per sender, `domain:<domain>` per
-- sending domain and `all` for every sender, so a flood from many addresses is cut off too.
CREATE TABLE mail_rates (
    key          TEXT PRIMARY KEY,
    window_start TEXT NOT NULL,
    window_count INTEGER NOT NULL
) WITHOUT ROWID;

-- Reply tokens made before had about 99 bits and were printed in mail bodies, so they may be
-- anywhere a mail was forwarded. They are dropped: each address gets new ones (of at least 128
-- bits, only ever in a Reply-To) with the next mail Agora sends it. A reply to an older mail
-- then counts as a mail without a token.
DELETE FROM mail_threads;
