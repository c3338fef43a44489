-- Trust towards strangers: who has ever used Agora, wrong link codes per identity, and challenges
-- that expire.

-- When the player first sent a command (any identity of theirs). NULL = never: a player made by
-- someone else's challenge, who has not answered. Challenges to such players are limited per
-- challenger and day, so Agora relays nothing much to people who never asked for it. Players who
-- have a verified identity had sent a command before this column existed; the computer plays.
ALTER TABLE players ADD COLUMN first_seen_at TEXT;
UPDATE players SET first_seen_at = created_at
    WHERE computer IS NOT NULL
       OR EXISTS (SELECT 1 FROM identities i WHERE i.player_id = players.id AND i.verified = 1);

-- Wrong `link <code>` guesses, one row each: `identity` is the sender's identity text, `at` when
-- the guess came. The service counts an identity's rows of the last day and refuses further
-- guesses beyond its limit without looking at the code, so guessing a code is hopeless; rows
-- older than a day are deleted when the identity guesses again.
CREATE TABLE link_guesses (
    identity    TEXT NOT NULL,
    at          TEXT NOT NULL
);
CREATE INDEX link_guesses_identity ON link_guesses (identity, at);

-- A challenge expires: a proposed game is due at its expiry, and the scheduler's sweep reads due
-- challenges through the same index as due games. Challenges older than this migration are due at
-- once: the first sweep looks at each and either closes it (expired by the configured days) or
-- puts its due time right.
DROP INDEX games_due;
CREATE INDEX games_due ON games (due_at) WHERE status IN ('active', 'proposed');
UPDATE games SET due_at = created_at WHERE status = 'proposed';

-- A challenger's recent and open challenges are counted at every challenge (the caps on open
-- challenges and on challenges to strangers).
CREATE INDEX games_challenger ON games (challenger, created_at);
