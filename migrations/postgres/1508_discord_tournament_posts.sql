-- The Discord announcement channel's status message of each tournament, edited as results come
-- in: `shown` is the text it shows, so a message is edited only when its tournament changed, and
-- every process and restart edits the same message.
CREATE TABLE discord_tournament_posts (
    tournament_id   BIGINT PRIMARY KEY REFERENCES tournaments (id),
    channel_id      TEXT NOT NULL,
    message_id      TEXT NOT NULL,
    shown           TEXT NOT NULL
);
