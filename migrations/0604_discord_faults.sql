-- Faults of the Discord front end.
--
-- Discord does not deliver an event again once it was acknowledged, but a gateway that resumes
-- replays what the bot may have missed: an event whose handling failed on Agora's side (an error
-- that is not the person's mistake, or a panic) is counted here by its id (an interaction's or a
-- message's snowflake), and once it failed `[discord] max_attempts` times it is never handled
-- again. Only failures are kept, so the table stays as small as the faults were few.
CREATE TABLE discord_failures (
    event_id   TEXT PRIMARY KEY,
    attempts   INTEGER NOT NULL,
    last_error TEXT NOT NULL,
    failed_at  TEXT NOT NULL
) WITHOUT ROWID;

-- The intent to post an outbox row: written before the post is made, with the channel it goes to
-- and when. A row that has an intent and no record in `discord_posts` may have been posted before
-- a crash: the sender looks for the row's marker among the bot's messages in that channel since
-- the intent before it posts again. An intent goes with its outbox row.
CREATE TABLE discord_intents (
    outbox_id   INTEGER PRIMARY KEY,
    channel_id  TEXT NOT NULL,
    intended_at TEXT NOT NULL
);

CREATE TRIGGER discord_intents_purged AFTER DELETE ON outbox
BEGIN
    DELETE FROM discord_intents WHERE outbox_id = OLD.id;
END;
