-- Delivery after a backlog: claiming a conversation of the outbox asks, for each unsent row,
-- whether an earlier unsent row of its game (or of its address, about no game) holds it back.
-- Without an index by game and address each of those questions read every unsent row: 50,000
-- waiting notifications took minutes per claim. These answer each from the row's conversation.
CREATE INDEX outbox_unsent_game ON outbox (channel, game_id, next_attempt_at) WHERE sent_at IS NULL;
CREATE INDEX outbox_unsent_address ON outbox (channel, address, next_attempt_at) WHERE sent_at IS NULL;
