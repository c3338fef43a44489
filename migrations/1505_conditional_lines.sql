-- Conditional moves: lines of actions a player entered while their opponent was to act
-- (`conditional #12 e5 d4`), each from the position after `ply` actions: the opponent's action,
-- the player's answer, and so on, as notations separated by single spaces. Read only by the
-- player's own commands and by the move that plays them; removed when they no longer apply.
CREATE TABLE conditional_lines (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games (id),
    player_id  INTEGER NOT NULL REFERENCES players (id),
    ply        INTEGER NOT NULL,
    actions    TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX conditional_lines_of_player ON conditional_lines (game_id, player_id, id);
