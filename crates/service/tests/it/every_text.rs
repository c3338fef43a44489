//! Every text a person receives, rendered from every template with representative values on every
//! channel, in a language made of Fluent files alone.
//!
//! A template is the same for every language: it holds a text's structure, and every sentence in
//! it is a Fluent message of `templates/*.ftl`. So a new language needs `.ftl` files only. To
//! show it, this test builds a pseudo-language, accented English (`en-XA`), from the English
//! `.ftl` files alone (each message's text accented, its placeables and selectors untouched, on
//! Fluent's syntax tree), renders every sample below with it, and finds no English sentence left:
//! no run of three English words of the English rendering that is not a command, a name, a value
//! or notation.
//!
//! With `AGORA_RENDERINGS_DIR` set, every rendering in every language is written there too
//! (`en.txt`, `nl.txt`, `sv.txt`, `en-XA.txt`), so two versions of the templates can be compared.

use agora_i18n::{Catalogue, FILES, Language};
use agora_service::Templates;
use fluent_syntax::ast;
use minijinja::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

/// The channels a reader reads on.
const CHANNELS: [&str; 3] = ["discord", "mailto", "local"];

/// Values the samples share, by name: each a minijinja expression, which may use the ones above
/// it. A `game` is what `views::GameView` gives a template.
const SHARED: &[(&str, &str)] = &[
    ("alice", r#"{"name": "alice", "colour": "Wh"}"#),
    ("bob", r#"{"name": "bob", "colour": "Bl"}"#),
    (
        "game",
        r#"{"id": 5, "title": "Agon", "ply": 12, "status": "active", "your_turn": true,
            "first": alice, "second": bob, "you": alice, "to_act": alice,
            "deadline": "2026-10-24 12:00", "clock": "3d", "away": ["bob 2026-11-01"],
            "board": "[board]", "result": none, "record": "k1-j1 a6-b6",
            "times": ["1 k1-j1 2h", "2 a6-b6 3h"], "actions": 2, "duration": "2d",
            "started": "2026-10-20", "finished": "2026-10-22", "last": "a6-b6", "rated": true,
            "private": true, "open": false, "rating_range": "1400-1600", "pass_on_time": true}"#,
    ),
    (
        "theirs",
        r#"{"id": 6, "title": "Agros", "ply": 1, "status": "active", "your_turn": false,
            "first": alice, "second": bob, "you": alice, "to_act": bob,
            "deadline": "2026-10-24 12:00", "clock": "1d", "away": [],
            "board": "[board]", "result": none, "record": "", "times": [], "actions": 1,
            "duration": none, "started": none, "finished": none, "last": none, "rated": false,
            "private": false, "open": true, "rating_range": none, "pass_on_time": false}"#,
    ),
    (
        "over",
        r#"{"id": 7, "title": "Agon", "ply": 40, "status": "finished", "your_turn": false,
            "first": alice, "second": bob, "you": bob, "to_act": alice,
            "deadline": none, "clock": "3d", "away": [], "board": "[board]",
            "result": "1-0", "record": "k1-j1", "times": ["1 k1-j1 2h"], "actions": 1,
            "duration": "2d", "started": "2026-10-20", "finished": "2026-10-22",
            "last": "k1-j1", "rated": true, "private": false, "open": false,
            "rating_range": none, "pass_on_time": false}"#,
    ),
    (
        "aborted",
        r#"{"id": 8, "title": "Agros", "ply": 0, "status": "cancelled", "your_turn": false,
            "first": alice, "second": bob, "you": none, "to_act": alice,
            "deadline": none, "clock": "3d", "away": [], "board": "[board]", "result": none,
            "record": "", "times": [], "actions": 0, "duration": none, "started": none,
            "finished": none, "last": none, "rated": false, "private": false, "open": false,
            "rating_range": none, "pass_on_time": false}"#,
    ),
    (
        "proposed",
        r#"{"id": 9, "title": "Agon", "ply": 0, "status": "proposed", "your_turn": false,
            "first": alice, "second": bob, "you": alice, "to_act": alice,
            "deadline": none, "clock": "3d", "away": [], "board": "[board]", "result": none,
            "record": "", "times": [], "actions": 0, "duration": none, "started": none,
            "finished": none, "last": none, "rated": true, "private": false, "open": false,
            "rating_range": none, "pass_on_time": false}"#,
    ),
    (
        "rel",
        r#"{"turns": 20, "in_time": 95, "games": 3, "finished": 100, "timed_out": 0}"#,
    ),
    (
        "rel1",
        r#"{"turns": 1, "in_time": 100, "games": 0, "finished": 0, "timed_out": 0}"#,
    ),
    (
        "ratings",
        r#"[{"name": "alice", "before": 1500, "after": 1520, "change": 20},
            {"name": "bob", "before": 1500, "after": 1480, "change": -20}]"#,
    ),
];

/// Every template with values to render it by, several times where its branches differ.
const SAMPLES: &[(&str, &str)] = &[
    ("_operator.txt", r#"{"what": "x-1"}"#),
    ("_operator.txt", r#"{"what": ""}"#),
    ("_ratings.txt", r#"{"ratings": ratings}"#),
    ("_reliability.txt", r#"{"rel": rel}"#),
    ("_reliability.txt", r#"{"rel": rel1}"#),
    (
        "_stranger.txt",
        r#"{"mail": "ann@example.org", "discord": none}"#,
    ),
    ("_stranger.txt", r#"{"mail": none, "discord": "42"}"#),
    ("_stranger.txt", r#"{"mail": none, "discord": none}"#),
    ("_turn.txt", r#"{"game": game}"#),
    ("_turn.txt", r#"{"game": theirs}"#),
    ("_turn.txt", r#"{"game": over}"#),
    (
        "action_played.txt",
        r#"{"game": game, "on_time": true, "you_acted": true, "replied_to": none,
            "mover": alice, "action": "k1-j1"}"#,
    ),
    (
        "action_played.txt",
        r#"{"game": theirs, "on_time": true, "you_acted": false, "replied_to": none,
            "mover": bob, "action": "pass"}"#,
    ),
    (
        "action_played.txt",
        r#"{"game": theirs, "on_time": false, "you_acted": true, "replied_to": none,
            "mover": alice, "action": "k1-j1"}"#,
    ),
    (
        "action_played.txt",
        r#"{"game": game, "on_time": false, "you_acted": false, "replied_to": "k1-j1",
            "mover": bob, "action": "a6-b6"}"#,
    ),
    (
        "action_played.txt",
        r#"{"game": game, "on_time": false, "you_acted": true, "replied_to": "x-1",
            "mover": alice, "opponent": bob, "action": "x-2", "conditional": true}"#,
    ),
    (
        "action_played.txt",
        r#"{"game": game, "on_time": false, "you_acted": false, "replied_to": none,
            "mover": bob, "action": "a6-b6"}"#,
    ),
    (
        "already_applied.txt",
        r#"{"action": "k1-j1", "ply": 3, "id": 5}"#,
    ),
    ("board.txt", r#"{"game": game}"#),
    ("board.txt", r#"{"game": theirs}"#),
    ("board.txt", r#"{"game": proposed}"#),
    ("board.txt", r#"{"game": over}"#),
    ("board.txt", r#"{"game": aborted}"#),
    (
        "board.txt",
        r#"{"game": game, "notes": [{"ply": 0, "text": "x-1"}, {"ply": 3, "text": "x-2"}]}"#,
    ),
    (
        "challenge_closed.txt",
        r#"{"event": "operator", "game": game, "by": none, "what": "x-1"}"#,
    ),
    (
        "challenge_closed.txt",
        r#"{"event": none, "game": game, "by": alice, "what": "withdrew"}"#,
    ),
    (
        "challenge_closed.txt",
        r#"{"event": none, "game": game, "by": bob, "what": "declined"}"#,
    ),
    (
        "challenge_closed.txt",
        r#"{"event": none, "game": game, "by": bob, "what": "withdrew"}"#,
    ),
    (
        "challenge_closed.txt",
        r#"{"event": none, "game": game, "by": alice, "what": "declined"}"#,
    ),
    (
        "challenge_expired.txt",
        r#"{"game": game, "you_acted": true, "opponent": bob, "days": 7}"#,
    ),
    (
        "challenge_expired.txt",
        r#"{"game": game, "you_acted": false, "opponent": alice, "days": 1}"#,
    ),
    (
        "challenge_received.txt",
        r#"{"game": game, "by": alice, "unconfirmed": false, "rating": 1520,
            "reliability": rel}"#,
    ),
    (
        "challenge_received.txt",
        r#"{"game": theirs, "by": alice, "unconfirmed": true, "rating": none,
            "reliability": none}"#,
    ),
    (
        "challenge_received.txt",
        r#"{"game": theirs, "by": alice, "unconfirmed": false, "rating": none,
            "reliability": rel1}"#,
    ),
    ("challenge_sent.txt", r#"{"game": game}"#),
    ("challenge_sent.txt", r#"{"game": theirs}"#),
    (
        "challenge_sent.txt",
        r#"{"game": {"id": 3, "open": true, "title": "Agon", "rating_range": none,
            "clock": "3d", "rated": false, "private": false, "first": alice, "second": bob}}"#,
    ),
    (
        "challenge_sent.txt",
        r#"{"game": {"id": 3, "open": false, "title": "Agon", "rating_range": none,
            "clock": "3d", "rated": true, "private": true, "first": alice, "second": bob}}"#,
    ),
    (
        "digest.txt",
        r#"{"games": [{"id": 5, "title": "Agon", "opponent": "bob", "colour": "Wh",
              "state": "k1-j1", "deadline": "2026-10-24", "away": "2026-11-01"},
             {"id": 6, "title": "Agros", "opponent": "carol", "colour": "Bl",
              "state": "k1-j1", "deadline": none, "away": none}],
            "watched": [{"id": 7, "title": "Agon", "first": "dan", "second": "eve", "ply": 3,
              "result": "1-0", "last": "k1-j1"},
             {"id": 8, "title": "Agon", "first": "dan", "second": "eve", "ply": 3,
              "result": none, "last": "k1-j1"},
             {"id": 9, "title": "Agon", "first": "dan", "second": "eve", "ply": 0,
              "result": none, "last": none}]}"#,
    ),
    (
        "digest.txt",
        r#"{"games": [{"id": 5, "title": "Agon", "opponent": "bob", "colour": "Wh",
              "state": "k1-j1", "deadline": none, "away": none}], "watched": []}"#,
    ),
    ("discord_apology.txt", r#"{"reference": "r-1"}"#),
    (
        "discord_message_refused.txt",
        r#"{"link": "https://x.test/1", "game": 5, "text": "x-1"}"#,
    ),
    ("discord_unknown.txt", "{}"),
    ("discord_words.txt", r#"{"what": "messages_dm"}"#),
    ("discord_words.txt", r#"{"what": "messages_thread"}"#),
    ("discord_words.txt", r#"{"what": "not_a_button"}"#),
    ("discord_words.txt", r#"{"what": "no_game", "game": 5}"#),
    (
        "discord_words.txt",
        r#"{"what": "only_challenged", "who": "<@1>"}"#,
    ),
    (
        "discord_words.txt",
        r#"{"what": "accepted", "game": 5, "who": "<@1>", "thread": "<#2>"}"#,
    ),
    (
        "discord_words.txt",
        r#"{"what": "accepted", "game": 5, "who": "<@1>", "thread": none}"#,
    ),
    (
        "discord_words.txt",
        r#"{"what": "declined", "game": 5, "who": "<@1>"}"#,
    ),
    (
        "discord_words.txt",
        r#"{"what": "challenge_elsewhere", "game": 5, "who": "<@1>", "title": "Agon"}"#,
    ),
    ("discord_words.txt", r#"{"what": "not_yours", "game": 5}"#),
    (
        "discord_words.txt",
        r#"{"what": "out_of_date", "game": 5, "ply": 3, "your_turn": false}"#,
    ),
    (
        "discord_words.txt",
        r#"{"what": "out_of_date", "game": 5, "ply": 3, "your_turn": true}"#,
    ),
    (
        "discord_words.txt",
        r#"{"what": "your_move", "game": 5, "ply": 3}"#,
    ),
    (
        "discord_words.txt",
        r#"{"what": "narrowed", "game": 5, "ply": 3, "value": "k1"}"#,
    ),
    (
        "discord_words.txt",
        r#"{"what": "not_legal", "value": "k1"}"#,
    ),
    (
        "discord_words.txt",
        r#"{"what": "unreadable", "value": "k1"}"#,
    ),
    ("discord_words.txt", r#"{"what": "resign_ask", "game": 5}"#),
    (
        "discord_words.txt",
        r#"{"what": "preview", "game": 5, "ply": 3, "value": "k1-j1"}"#,
    ),
    (
        "discord_words.txt",
        r#"{"what": "ascii", "game": 5, "ply": 3, "board": "[board]"}"#,
    ),
    ("discord_words.txt", r#"{"what": "lobby_accept"}"#),
    (
        "discord_words.txt",
        r#"{"what": "lobby_closed", "taken": true, "game": 5, "title": "Agon",
            "first": "alice", "second": "bob"}"#,
    ),
    (
        "discord_words.txt",
        r#"{"what": "lobby_closed", "taken": false, "game": 5, "title": "Agon",
            "first": "alice"}"#,
    ),
    (
        "discord_words.txt",
        r#"{"what": "lobby_closed", "taken": false, "game": 5, "title": none}"#,
    ),
    (
        "discord_words.txt",
        r#"{"what": "label", "name": "accept"}"#,
    ),
    (
        "discord_words.txt",
        r#"{"what": "label", "name": "decline"}"#,
    ),
    (
        "discord_words.txt",
        r#"{"what": "label", "name": "accept_draw"}"#,
    ),
    (
        "discord_words.txt",
        r#"{"what": "label", "name": "decline_draw"}"#,
    ),
    (
        "discord_words.txt",
        r#"{"what": "label", "name": "grant_takeback"}"#,
    ),
    (
        "discord_words.txt",
        r#"{"what": "label", "name": "refuse_takeback"}"#,
    ),
    ("discord_words.txt", r#"{"what": "label", "name": "move"}"#),
    (
        "discord_words.txt",
        r#"{"what": "label", "name": "resign"}"#,
    ),
    (
        "discord_words.txt",
        r#"{"what": "label", "name": "yes_resign"}"#,
    ),
    (
        "discord_words.txt",
        r#"{"what": "label", "name": "play", "value": "k1-j1"}"#,
    ),
    (
        "discord_words.txt",
        r#"{"what": "label", "name": "choose_again"}"#,
    ),
    ("discord_words.txt", r#"{"what": "label", "name": "ascii"}"#),
    (
        "discord_words.txt",
        r#"{"what": "label", "name": "to_act"}"#,
    ),
    (
        "discord_words.txt",
        r#"{"what": "label", "name": "deadline"}"#,
    ),
    (
        "discord_words.txt",
        r#"{"what": "label", "name": "last_action"}"#,
    ),
    ("discord_words.txt", r#"{"what": "label", "name": "clock"}"#),
    (
        "discord_words.txt",
        r#"{"what": "label", "name": "result"}"#,
    ),
    (
        "discord_words.txt",
        r#"{"what": "label", "name": "title", "game": 5, "title": "Agon"}"#,
    ),
    (
        "discord_words.txt",
        r#"{"what": "label", "name": "footer", "first": "alice", "second": "bob", "ply": 3}"#,
    ),
    (
        "discord_words.txt",
        r#"{"what": "label", "name": "last", "value": "k1-j1", "ply": 3}"#,
    ),
    ("error.txt", r#"{"message": "x-1 `board #5`"}"#),
    (
        "export.txt",
        r#"{"id": 5, "title": "Agon", "actions": 2, "name": "agora-5.txt"}"#,
    ),
    (
        "export.txt",
        r#"{"id": 5, "title": "Agon", "actions": 1, "name": "agora-5.txt"}"#,
    ),
    (
        "game_over.txt",
        r#"{"game": over, "event": "operator", "what": "x-1", "report": ["a1 3", "b2 4"],
            "ratings": ratings}"#,
    ),
    (
        "game_over.txt",
        r#"{"game": over, "event": none, "what": none, "report": none,
            "ratings": none, "analysis": true}"#,
    ),
    (
        "game_over.txt",
        r#"{"game": aborted, "event": "operator", "what": "", "report": none,
            "ratings": none}"#,
    ),
    (
        "game_over.txt",
        r#"{"game": {"id": 7, "title": "Agon", "ply": 1, "first": alice, "second": bob,
            "result": "1-0", "last": "k1-j1", "board": "[board]", "record": "k1-j1",
            "actions": 1, "duration": none, "clock": "3d"}, "event": none, "report": none,
            "ratings": none}"#,
    ),
    ("game_started.txt", r#"{"game": game}"#),
    ("game_started.txt", r#"{"game": theirs}"#),
    (
        "game_started.txt",
        r#"{"game": theirs, "tournament": {"id": 3, "name": "x-1", "round": 2}}"#,
    ),
    (
        "games.txt",
        r#"{"games": [{"id": 5, "title": "Agon", "opponent": "bob", "colour": "Wh",
              "state": "k1-j1", "deadline": "2026-10-24", "away": "2026-11-01"},
             {"id": 6, "title": "Agros", "opponent": "carol", "colour": "Bl",
              "state": "k1-j1", "deadline": none, "away": none}]}"#,
    ),
    ("games.txt", r#"{"games": []}"#),
    (
        "help.txt",
        r#"{"commands": [{"name": "brd", "usage": "brd [#g]", "summary": "x-1"},
            {"name": "gms", "usage": "gms", "summary": "x-2"}]}"#,
    ),
    (
        "help_command.txt",
        r#"{"command": {"name": "brd", "usage": "brd [#g]", "aliases": ["b", "bd"],
            "help": "x-1 `brd #5`"}}"#,
    ),
    (
        "help_command.txt",
        r#"{"command": {"name": "brd", "usage": "brd [#g]", "aliases": [],
            "help": "x-1"}}"#,
    ),
    ("history.txt", r#"{"game": over, "report": ["a1 3"]}"#),
    ("history.txt", r#"{"game": theirs, "report": none}"#),
    (
        "history.txt",
        r#"{"game": theirs, "report": none, "notes": [{"ply": 2, "text": "x-1"}]}"#,
    ),
    (
        "note.txt",
        r#"{"what": "kept", "id": 5, "count": 1, "notes": []}"#,
    ),
    (
        "note.txt",
        r#"{"what": "kept", "id": 5, "count": 3, "notes": []}"#,
    ),
    (
        "note.txt",
        r#"{"what": "cleared", "id": 5, "count": 2, "notes": []}"#,
    ),
    (
        "note.txt",
        r#"{"what": "cleared", "id": 5, "count": 1, "notes": []}"#,
    ),
    (
        "note.txt",
        r#"{"what": "list", "id": 5, "count": 1, "notes": [{"ply": 4, "text": "x-1"}]}"#,
    ),
    (
        "note.txt",
        r#"{"what": "list", "id": 5, "count": 0, "notes": []}"#,
    ),
    (
        "conditional.txt",
        r#"{"what": "added", "id": 5, "count": 1, "lines": ["x-1 → x-2"]}"#,
    ),
    (
        "analysis.txt",
        r#"{"what": "waiting", "id": 5, "ahead": 0}"#,
    ),
    (
        "analysis.txt",
        r#"{"what": "waiting", "id": 5, "ahead": 1}"#,
    ),
    (
        "analysis.txt",
        r#"{"what": "waiting", "id": 5, "ahead": 4}"#,
    ),
    (
        "analysis.txt",
        r#"{"what": "ready", "id": 5, "mistakes": []}"#,
    ),
    (
        "analysis.txt",
        r#"{"what": "ready", "id": 5, "mistakes": [{"ply": 9, "seat": 0, "name": "x-1",
            "colour": "x-2", "played": "x-3", "better": "x-4", "before": 49, "after": 0,
            "board": "x-5"}]}"#,
    ),
    (
        "conditional.txt",
        r#"{"what": "added", "id": 5, "count": 2, "lines": ["x-1 → x-2", "x-3 → x-4"]}"#,
    ),
    (
        "conditional.txt",
        r#"{"what": "known", "id": 5, "count": 1, "lines": ["x-1 → x-2"]}"#,
    ),
    (
        "conditional.txt",
        r#"{"what": "list", "id": 5, "count": 0, "lines": []}"#,
    ),
    (
        "conditional.txt",
        r#"{"what": "cleared", "id": 5, "count": 0, "lines": []}"#,
    ),
    (
        "conditional.txt",
        r#"{"what": "cleared", "id": 5, "count": 1, "lines": []}"#,
    ),
    (
        "conditional.txt",
        r#"{"what": "cleared", "id": 5, "count": 3, "lines": []}"#,
    ),
    (
        "tournament.txt",
        r#"{"what": "list", "tournaments": [{"id": 3, "name": "x-1", "title": "x-2", "format": "x-3", "status": "open", "players": 4, "min_players": 3, "max_players": 10, "round": 2, "clock": "x-4", "rated": true, "starts": "x-6", "organiser": "x-5"}, {"id": 3, "name": "x-1", "title": "x-2", "format": "x-3", "status": "running", "players": 4, "min_players": 3, "max_players": 10, "round": 2, "clock": "x-4", "rated": true, "starts": none, "organiser": "x-5"}, {"id": 3, "name": "x-1", "title": "x-2", "format": "x-3", "status": "finished", "players": 4, "min_players": 3, "max_players": 10, "round": 2, "clock": "x-4", "rated": true, "starts": none, "organiser": "x-5"}, {"id": 3, "name": "x-1", "title": "x-2", "format": "x-3", "status": "cancelled", "players": 4, "min_players": 3, "max_players": 10, "round": 2, "clock": "x-4", "rated": true, "starts": none, "organiser": "x-5"}], "tournament": none, "standings": [], "round": 0, "pairings": [], "bye": none}"#,
    ),
    (
        "tournament.txt",
        r#"{"what": "list", "tournaments": [], "tournament": none, "standings": [], "round": 0, "pairings": [], "bye": none}"#,
    ),
    (
        "tournament.txt",
        r#"{"what": "created", "tournaments": [], "tournament": {"id": 3, "name": "x-1", "title": "x-2", "format": "x-3", "status": "open", "players": 4, "min_players": 3, "max_players": 10, "round": 2, "clock": "x-4", "rated": true, "starts": "x-6", "organiser": "x-5"}, "standings": [], "round": 0, "pairings": [], "bye": none}"#,
    ),
    (
        "tournament.txt",
        r#"{"what": "joined", "tournaments": [], "tournament": {"id": 3, "name": "x-1", "title": "x-2", "format": "x-3", "status": "open", "players": 4, "min_players": 3, "max_players": 10, "round": 2, "clock": "x-4", "rated": true, "starts": none, "organiser": "x-5"}, "standings": [], "round": 0, "pairings": [], "bye": none}"#,
    ),
    (
        "tournament.txt",
        r#"{"what": "left", "tournaments": [], "tournament": {"id": 3, "name": "x-1", "title": "x-2", "format": "x-3", "status": "running", "players": 4, "min_players": 3, "max_players": 10, "round": 2, "clock": "x-4", "rated": true, "starts": none, "organiser": "x-5"}, "standings": [], "round": 0, "pairings": [], "bye": none}"#,
    ),
    (
        "tournament.txt",
        r#"{"what": "cancelled", "tournaments": [], "tournament": {"id": 3, "name": "x-1", "title": "x-2", "format": "x-3", "status": "cancelled", "players": 4, "min_players": 3, "max_players": 10, "round": 2, "clock": "x-4", "rated": true, "starts": none, "organiser": "x-5"}, "standings": [], "round": 0, "pairings": [], "bye": none}"#,
    ),
    (
        "tournament.txt",
        r#"{"what": "removed", "tournaments": [], "tournament": {"id": 3, "name": "x-1", "title": "x-2", "format": "x-3", "status": "running", "players": 4, "min_players": 3, "max_players": 10, "round": 2, "clock": "x-4", "rated": true, "starts": none, "organiser": "x-5"}, "standings": [], "round": 0, "pairings": [], "bye": none}"#,
    ),
    (
        "tournament.txt",
        r#"{"what": "pairings", "tournaments": [], "tournament": {"id": 3, "name": "x-1", "title": "x-2", "format": "x-3", "status": "running", "players": 4, "min_players": 3, "max_players": 10, "round": 2, "clock": "x-4", "rated": true, "starts": none, "organiser": "x-5"}, "standings": [], "round": 2, "pairings": [{"game": 7, "first": "x-7", "second": "x-8", "result": "1-0"}], "bye": "x-9"}"#,
    ),
    (
        "tournament.txt",
        r#"{"what": "pairings", "tournaments": [], "tournament": {"id": 3, "name": "x-1", "title": "x-2", "format": "x-3", "status": "running", "players": 4, "min_players": 3, "max_players": 10, "round": 2, "clock": "x-4", "rated": true, "starts": none, "organiser": "x-5"}, "standings": [], "round": 9, "pairings": [], "bye": none}"#,
    ),
    (
        "tournament.txt",
        r#"{"what": "standings", "tournaments": [], "tournament": {"id": 3, "name": "x-1", "title": "x-2", "format": "x-3", "status": "running", "players": 4, "min_players": 3, "max_players": 10, "round": 2, "clock": "x-4", "rated": true, "starts": none, "organiser": "x-5"}, "standings": [{"rank": 1, "name": "x-7", "points": "3½", "played": 4, "tiebreaks": "SB 5", "out": false, "cells": ["x", "1½"]}, {"rank": 2, "name": "x-8", "points": "½", "played": 4, "tiebreaks": "", "out": true, "cells": ["0½", "x"]}], "round": 0, "pairings": [], "bye": none}"#,
    ),
    (
        "tournament.txt",
        r#"{"what": "standings", "tournaments": [], "tournament": {"id": 3, "name": "x-1", "title": "x-2", "format": "x-3", "status": "open", "players": 4, "min_players": 3, "max_players": 10, "round": 2, "clock": "x-4", "rated": true, "starts": none, "organiser": "x-5"}, "standings": [], "round": 0, "pairings": [], "bye": none}"#,
    ),
    (
        "tournament.txt",
        r#"{"what": "finished", "tournaments": [], "tournament": {"id": 3, "name": "x-1", "title": "x-2", "format": "x-3", "status": "finished", "players": 4, "min_players": 3, "max_players": 10, "round": 2, "clock": "x-4", "rated": true, "starts": none, "organiser": "x-5"}, "standings": [{"rank": 1, "name": "x-7", "points": "1", "played": 1, "tiebreaks": "Bh 1", "out": false, "cells": ["x", "1"]}], "round": 0, "pairings": [], "bye": none}"#,
    ),
    (
        "tournament.txt",
        r#"{"what": "challenged", "tournaments": [], "tournament": none, "standings": [],
            "round": 0, "pairings": [{"game": 7, "first": "", "second": "x-1", "result": ""}],
            "bye": "x-2"}"#,
    ),
    (
        "leaderboard.txt",
        r#"{"pool": "Agon", "max_deviation": 110.0, "min_games": 5,
            "entries": [{"rank": 1, "name": "alice", "rating": 1600, "deviation": 40,
              "games": 12}]}"#,
    ),
    (
        "leaderboard.txt",
        r#"{"pool": "Agon", "max_deviation": 110.0, "min_games": 5, "entries": []}"#,
    ),
    (
        "link_code.txt",
        r#"{"code": "ABCD", "minutes": 15, "name": "alice"}"#,
    ),
    (
        "link_confirm.txt",
        r#"{"name": "alice", "code": "ABCD", "minutes": 15, "first": "discord"}"#,
    ),
    (
        "link_confirm.txt",
        r#"{"name": "alice", "code": "ABCD", "minutes": 15, "first": none}"#,
    ),
    ("linked.txt", r#"{"name": "alice", "accounts": 2}"#),
    ("linked.txt", r#"{"name": "alice", "accounts": 1}"#),
    (
        "live.txt",
        r#"{"games": [{"id": 5, "title": "Agon", "first": "alice", "second": "bob",
              "ply": 3, "to_act": "bob", "colour": "Bl", "rated": false},
             {"id": 6, "title": "Agon", "first": "alice", "second": "bob",
              "ply": 3, "to_act": "bob", "colour": "Bl", "rated": true}]}"#,
    ),
    ("live.txt", r#"{"games": []}"#),
    (
        "lobby.txt",
        r#"{"id": 5, "title": "Agon", "maker": "alice", "maker_rating": 1500,
            "clock": "3d", "rated": true, "private": true, "range": "1400-1600"}"#,
    ),
    (
        "lobby.txt",
        r#"{"id": 5, "title": "Agon", "maker": "alice", "maker_rating": none,
            "clock": "3d", "rated": false, "private": false, "range": none}"#,
    ),
    (
        "mail_footer.txt",
        r#"{"game": 5, "url": "https://x.test/5", "service": "agora@x.test"}"#,
    ),
    (
        "mail_footer.txt",
        r#"{"game": 5, "url": none, "service": "agora@x.test"}"#,
    ),
    (
        "mail_footer.txt",
        r#"{"game": none, "url": none, "service": "agora@x.test"}"#,
    ),
    (
        "mail_put_aside.txt",
        r#"{"arrived": "2026-10-24 12:00", "attempts": 3, "reference": "r-1",
            "address": "ann@example.org", "service": "agora@x.test"}"#,
    ),
    (
        "mail_reply.txt",
        r#"{"limited": true, "too_large_kb": 64, "confirmed": true, "already_confirmed": false,
            "wrong_code": true, "codes_locked": true, "revoked": true, "revoke_refused": false,
            "answers": [{"line": "brd #5", "text": "x-1"}, {"line": "gms", "text": "x-2"}],
            "unproven": {"not_done": 1, "not_commands": 2}, "not_done": ["resign #5"],
            "not_commands": [{"line": "hallo", "closest": "hlp"}], "nothing": true,
            "request": {"code": "ABCD", "not_done": true, "hours": 24},
            "address": "ann@example.org", "service": "agora@x.test"}"#,
    ),
    (
        "mail_reply.txt",
        r#"{"limited": false, "too_large_kb": none, "confirmed": false,
            "already_confirmed": true, "wrong_code": false, "codes_locked": false,
            "revoked": false, "revoke_refused": true,
            "answers": [{"line": "brd #5", "text": "x-1"}],
            "unproven": {"not_done": 2, "not_commands": 1},
            "not_done": ["resign #5", "draw #5"],
            "not_commands": [{"line": "hallo", "closest": "hlp"},
              {"line": "xyz", "closest": none}], "nothing": false,
            "request": {"code": "ABCD", "not_done": false, "hours": 1},
            "address": "ann@example.org", "service": "agora@x.test"}"#,
    ),
    (
        "mail_reply.txt",
        r#"{"limited": false, "too_large_kb": none, "confirmed": false,
            "already_confirmed": false, "wrong_code": false, "codes_locked": false,
            "revoked": false, "revoke_refused": false, "answers": [],
            "unproven": {"not_done": 0, "not_commands": 1}, "not_done": [],
            "not_commands": [{"line": "hallo", "closest": none}], "nothing": false,
            "request": none, "address": "ann@example.org", "service": "agora@x.test"}"#,
    ),
    (
        "mail_subject.txt",
        r#"{"limited": true, "put_aside": false, "too_large_kb": none, "unproven": none}"#,
    ),
    (
        "mail_subject.txt",
        r#"{"limited": false, "put_aside": true, "too_large_kb": none, "unproven": none}"#,
    ),
    (
        "mail_subject.txt",
        r#"{"limited": false, "put_aside": false, "too_large_kb": 64, "unproven": none}"#,
    ),
    (
        "mail_subject.txt",
        r#"{"limited": false, "put_aside": false, "too_large_kb": none,
            "unproven": {"not_done": 1}}"#,
    ),
    (
        "mail_subject.txt",
        r#"{"limited": false, "put_aside": false, "too_large_kb": none, "unproven": none}"#,
    ),
    (
        "offer.txt",
        r#"{"game": game, "by": alice, "event": "offered", "what": "draw"}"#,
    ),
    (
        "offer.txt",
        r#"{"game": game, "by": bob, "event": "offered", "what": "draw"}"#,
    ),
    (
        "offer.txt",
        r#"{"game": game, "by": bob, "event": "offered", "what": "takeback"}"#,
    ),
    (
        "offer.txt",
        r#"{"game": game, "by": alice, "event": "declined", "what": "takeback"}"#,
    ),
    (
        "offer.txt",
        r#"{"game": game, "by": bob, "event": "declined", "what": "draw"}"#,
    ),
    (
        "offer.txt",
        r#"{"game": game, "by": alice, "event": "accepted", "what": "takeback"}"#,
    ),
    (
        "offer.txt",
        r#"{"game": game, "by": bob, "event": "accepted", "what": "draw"}"#,
    ),
    (
        "preview.txt",
        r#"{"id": 5, "ply": 3, "mover": "alice", "action": "k1-j1", "board": "[board]",
            "outcome": "1-0"}"#,
    ),
    (
        "preview.txt",
        r#"{"id": 5, "ply": 3, "mover": "alice", "action": "k1-j1", "board": "[board]",
            "outcome": none}"#,
    ),
    (
        "rating.txt",
        r#"{"computer": true, "name": "level-3", "you": false,
            "ratings": [{"pool": "Agon", "rating": 1500}], "reliability": none}"#,
    ),
    (
        "rating.txt",
        r#"{"computer": false, "name": "bob", "you": false,
            "ratings": [{"pool": "Agon", "rating": 1500, "deviation": 50, "games": 1,
              "established": false},
             {"pool": "Agros", "rating": 1600, "deviation": 30, "games": 9,
              "established": true}], "reliability": rel}"#,
    ),
    (
        "rating.txt",
        r#"{"computer": false, "name": "alice", "you": true,
            "ratings": [{"pool": "Agon", "rating": 1500, "deviation": 50, "games": 2,
              "established": true}], "reliability": rel1}"#,
    ),
    (
        "rating.txt",
        r#"{"computer": false, "name": "bob", "you": false, "ratings": [],
            "reliability": none}"#,
    ),
    (
        "rating.txt",
        r#"{"computer": false, "name": "alice", "you": true, "ratings": [],
            "reliability": none}"#,
    ),
    (
        "reminder.txt",
        r#"{"game": game, "left": "1h", "moved": none}"#,
    ),
    (
        "reminder.txt",
        r#"{"game": theirs, "left": "1h", "moved": none}"#,
    ),
    (
        "reminder.txt",
        r#"{"game": game, "left": "12h", "moved": 12}"#,
    ),
    ("rules_agon.txt", "{}"),
    ("rules_agros.txt", "{}"),
    (
        "seeks.txt",
        r#"{"seeks": [{"id": 5, "title": "Agon", "maker": "alice", "maker_rating": 1500,
              "clock": "3d", "rated": true, "private": true, "range": "1400-1600",
              "expires": "2026-10-24"},
             {"id": 6, "title": "Agon", "maker": "bob", "maker_rating": none,
              "clock": "3d", "rated": false, "private": false, "range": none,
              "expires": "2026-10-24"}]}"#,
    ),
    ("seeks.txt", r#"{"seeks": []}"#),
    (
        "settings.txt",
        r#"{"what": "timezone", "value": "Europe/Amsterdam"}"#,
    ),
    (
        "settings.txt",
        r#"{"what": "language", "value": "svenska"}"#,
    ),
    ("settings.txt", r#"{"what": "digest", "value": "x-1"}"#),
    ("settings.txt", r#"{"what": "notify", "value": "x-1"}"#),
    ("settings.txt", r#"{"what": "rest", "value": "x-1"}"#),
    (
        "settings.txt",
        r#"{"what": "calendar", "value": "https://agora.example/calendar/x.ics"}"#,
    ),
    ("settings.txt", r#"{"what": "calendar-off", "value": ""}"#),
    ("settings.txt", r#"{"what": "calendar-none", "value": ""}"#),
    (
        "undeliverable.txt",
        r#"{"game": 5, "failed_channel": "mailto", "address": "ann@example.org"}"#,
    ),
    (
        "undeliverable.txt",
        r#"{"game": none, "failed_channel": "discord", "address": "42"}"#,
    ),
    (
        "undeliverable.txt",
        r#"{"game": 5, "failed_channel": "local", "address": "ann"}"#,
    ),
    (
        "vacation.txt",
        r#"{"event": "started", "until": "2026-11-01", "left": 20, "allowance": 30}"#,
    ),
    (
        "vacation.txt",
        r#"{"event": "ended", "until": none, "left": 20, "allowance": 30}"#,
    ),
    (
        "vacation.txt",
        r#"{"event": "away", "until": "2026-11-01", "left": 1, "allowance": 30}"#,
    ),
    (
        "vacation.txt",
        r#"{"event": "none", "until": none, "left": 20, "allowance": 30}"#,
    ),
    (
        "vacation_notice.txt",
        r#"{"event": "away", "game": game, "by": bob}"#,
    ),
    (
        "vacation_notice.txt",
        r#"{"event": "back", "game": game, "by": bob}"#,
    ),
    (
        "vacation_notice.txt",
        r#"{"event": "unwarned", "game": game, "by": bob, "moved": 12}"#,
    ),
    (
        "watching.txt",
        r#"{"game": over, "event": "operator", "what": "x-1", "report": ["a1 3"],
            "ratings": ratings, "mover": alice, "on_time": false, "action": "k1-j1"}"#,
    ),
    (
        "watching.txt",
        r#"{"game": {"id": 7, "title": "Agon", "ply": 1, "first": alice, "second": bob,
            "status": "finished", "result": none, "board": "[board]", "record": ""},
            "event": none, "report": none, "ratings": none}"#,
    ),
    (
        "watching.txt",
        r#"{"game": game, "event": none, "report": none, "ratings": none, "mover": bob,
            "on_time": false, "action": "k1-j1"}"#,
    ),
    (
        "watching.txt",
        r#"{"game": theirs, "event": none, "report": none, "ratings": none, "mover": bob,
            "on_time": true, "action": "pass"}"#,
    ),
    ("watching_reply.txt", r#"{"event": "watch", "game": game}"#),
    (
        "watching_reply.txt",
        r#"{"event": "already", "game": game}"#,
    ),
    (
        "watching_reply.txt",
        r#"{"event": "unwatch", "game": game}"#,
    ),
    ("watching_reply.txt", r#"{"event": "not", "game": game}"#),
];

/// The samples' values: `SHARED` evaluated in order, then each sample with them in scope.
fn samples() -> Vec<(&'static str, Value)> {
    let env = minijinja::Environment::new();
    let mut scope: BTreeMap<String, Value> = BTreeMap::new();
    for (name, expr) in SHARED {
        let value = env
            .compile_expression(expr)
            .unwrap_or_else(|e| panic!("{name}: {e}"))
            .eval(Value::from(scope.clone()))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        scope.insert((*name).to_owned(), value);
    }
    SAMPLES
        .iter()
        .map(|(template, expr)| {
            let value = env
                .compile_expression(expr)
                .unwrap_or_else(|e| panic!("{template} {expr}: {e}"))
                .eval(Value::from(scope.clone()))
                .unwrap_or_else(|e| panic!("{template} {expr}: {e}"));
            (*template, value)
        })
        .collect()
}

/// Every sample rendered on every channel with `catalogue`: (a heading naming the sample, text).
fn render_all(templates: &Templates, catalogue: &'static Catalogue) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (i, (template, values)) in samples().into_iter().enumerate() {
        for channel in CHANNELS {
            let text = templates.render_with(template, channel, catalogue, &values);
            out.push((format!("{template} #{i} on {channel}"), text));
        }
    }
    out
}

/// Letters a reader of English still reads, but no English word is spelt with.
fn accented(c: char) -> char {
    const FROM: &str = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    const TO: &str = "áƀçđéƒĝĥíĵķľɱñóƥʠŕšťúʋŵẋýžÁƁÇĐÉƑĜĤÍĴĶĽṀÑÓƤǪŔŠŤÚṼŴẊÝŽ";
    FROM.find(c).and_then(|i| TO.chars().nth(i)).unwrap_or(c)
}

/// A pattern with the letters of its text accented, except between backticks (a command, typed
/// as it is); placeables kept, but the variants of a selector accented in turn (their keys kept).
fn accent_pattern(pattern: &mut ast::Pattern<String>, quoted: &mut bool) {
    for element in &mut pattern.elements {
        match element {
            ast::PatternElement::TextElement { value } => *value = accent(value, quoted),
            ast::PatternElement::Placeable { expression } => accent_expression(expression, quoted),
        }
    }
}

fn accent(text: &str, quoted: &mut bool) -> String {
    text.chars()
        .map(|c| {
            if c == '`' {
                *quoted = !*quoted;
            }
            if *quoted { c } else { accented(c) }
        })
        .collect()
}

fn accent_expression(expression: &mut ast::Expression<String>, quoted: &mut bool) {
    match expression {
        ast::Expression::Select { variants, .. } => {
            let before = *quoted;
            for variant in variants {
                *quoted = before;
                accent_pattern(&mut variant.value, quoted);
            }
        }
        ast::Expression::Inline(ast::InlineExpression::Placeable { expression }) => {
            accent_expression(expression, quoted)
        }
        // A string literal is text too (`{" "}`): accented the same way.
        ast::Expression::Inline(ast::InlineExpression::StringLiteral { value }) => {
            *value = accent(value, quoted);
        }
        ast::Expression::Inline(_) => {}
    }
}

/// `en-XA`, accented English, made of the English Fluent files alone: each message and term
/// accented, except a command line (`cmd-…`), which stays as it is typed.
fn pseudo_english() -> &'static Catalogue {
    let sources = FILES
        .iter()
        .filter(|(lang, _, _)| *lang == Language::En)
        .map(|(_, name, source)| {
            let mut resource = fluent_syntax::parser::parse((*source).to_owned())
                .unwrap_or_else(|(_, e)| panic!("{name}: {e:?}"));
            for entry in &mut resource.body {
                match entry {
                    ast::Entry::Message(m) if !m.id.name.starts_with("cmd-") => {
                        if let Some(value) = &mut m.value {
                            accent_pattern(value, &mut false);
                        }
                        for attribute in &mut m.attributes {
                            accent_pattern(&mut attribute.value, &mut false);
                        }
                    }
                    ast::Entry::Term(t) => accent_pattern(&mut t.value, &mut false),
                    _ => {}
                }
            }
            (*name, fluent_syntax::serializer::serialize(&resource))
        });
    let catalogue = Catalogue::from_ftl("en-XA", sources).expect("en-XA builds");
    Box::leak(Box::new(catalogue))
}

/// The words of the samples' values (names, titles, notation): what a text repeats, not its
/// language's words.
fn value_words() -> BTreeSet<String> {
    fn collect(value: &Value, out: &mut BTreeSet<String>) {
        if let Some(text) = value.as_str() {
            out.extend(text.split_whitespace().map(str::to_owned));
        } else if let Ok(items) = value.try_iter() {
            for item in items {
                if value.kind() == minijinja::value::ValueKind::Map {
                    if let Ok(v) = value.get_item(&item) {
                        collect(&v, out);
                    }
                } else {
                    collect(&item, out);
                }
            }
        }
    }
    let mut out = BTreeSet::new();
    for (_, value) in samples() {
        collect(&value, &mut out);
    }
    out
}

/// The runs of three words of plain English letters in `text`, outside backticks (commands) and
/// apart from the samples' values (`values`).
fn english_runs(text: &str, values: &BTreeSet<String>) -> Vec<String> {
    let mut runs = Vec::new();
    for line in text.lines() {
        let mut words: Vec<String> = Vec::new();
        let mut in_quote = false;
        for token in line.split_inclusive(|c: char| c.is_whitespace() || c == '`') {
            let ends_quote = token.ends_with('`');
            let word = token.trim_end_matches(|c: char| c.is_whitespace() || c == '`');
            let word = word.trim_matches(|c: char| ",.;:()!?\"'".contains(c));
            let plain = !in_quote
                && !values.contains(word)
                && word.len() > 1
                && word
                    .chars()
                    .all(|c| c.is_ascii_alphabetic() || c == '\'' || c == '-')
                && word.chars().any(|c| c.is_ascii_lowercase());
            if plain {
                words.push(word.to_owned());
                if words.len() >= 3 {
                    runs.push(words[words.len() - 3..].join(" "));
                }
            } else {
                words.clear();
            }
            if ends_quote {
                in_quote = !in_quote;
                words.clear();
            }
        }
    }
    runs
}

#[test]
fn a_language_of_fluent_files_alone_words_every_text() {
    let templates = Templates::load(None).unwrap();
    let english = render_all(&templates, Catalogue::of(Language::En));
    let pseudo_catalogue = pseudo_english();
    let pseudo = render_all(&templates, pseudo_catalogue);
    if let Some(dir) = std::env::var_os("AGORA_RENDERINGS_DIR") {
        let dir = std::path::PathBuf::from(dir);
        std::fs::create_dir_all(&dir).unwrap();
        let mut languages: Vec<(&str, Vec<(String, String)>)> = Language::ALL
            .iter()
            .map(|&l| (l.code(), render_all(&templates, Catalogue::of(l))))
            .collect();
        languages.push(("en-XA", pseudo.clone()));
        for (code, texts) in languages {
            let mut file = String::new();
            for (heading, text) in texts {
                writeln!(file, "=== {heading}\n{text}").unwrap();
            }
            std::fs::write(dir.join(format!("{code}.txt")), file).unwrap();
        }
    }
    let values = value_words();
    let mut left = Vec::new();
    for ((heading, en), (_, xa)) in english.iter().zip(&pseudo) {
        assert!(!xa.contains("(template"), "{heading}: {xa}");
        let kept = english_runs(xa, &values);
        for run in english_runs(en, &values) {
            if kept.contains(&run) {
                left.push(format!("{heading}: {run}"));
            }
        }
    }
    left.dedup();
    assert!(
        left.is_empty(),
        "English left in en-XA ({}):\n{}",
        left.len(),
        left.join("\n")
    );
}

#[test]
fn every_sample_renders_in_every_language() {
    let templates = Templates::load(None).unwrap();
    for lang in Language::ALL {
        for (heading, text) in render_all(&templates, Catalogue::of(lang)) {
            assert!(!text.contains("(template"), "{lang} {heading}: {text}");
        }
    }
}
