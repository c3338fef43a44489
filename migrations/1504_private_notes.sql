-- Private notes: what a player wrote about a game (`note #12 <text>`), after how many actions,
-- shown to that player alone (with `board`, `history` and in their own `export`).
CREATE TABLE notes (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games (id),
    player_id  INTEGER NOT NULL REFERENCES players (id),
    ply        INTEGER NOT NULL,
    body       TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX notes_of_player ON notes (game_id, player_id, id);
