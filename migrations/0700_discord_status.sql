-- A game's status message on Discord: the first message of its thread (board, whose turn, the
-- deadline, the clocks), pinned, and edited in place after every action. Kept here so every
-- process and every restart edits the same message instead of posting a new one.
ALTER TABLE discord_games ADD COLUMN status_message_id TEXT;
