-- The website's home page lists the most recently finished public games.
CREATE INDEX games_results ON games (finished_at) WHERE status = 'finished' AND private = 0;
