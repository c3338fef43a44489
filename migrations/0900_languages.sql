-- The language a player reads (issue: Dutch and Swedish). `language` is the one they chose with
-- `settings language`; `locale` the language of their first Discord interaction, used until they
-- choose. Neither set: the service's configured default.
ALTER TABLE players ADD COLUMN language TEXT;
ALTER TABLE players ADD COLUMN locale TEXT;
