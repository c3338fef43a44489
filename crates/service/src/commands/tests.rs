//! Unit tests of the command language: the text parser, the table, and building from typed
//! values.

use super::*;

#[test]
fn tolerant_of_case_spaces_punctuation_and_signature() {
    assert_eq!(
        parse("  MOVE   k1-j1 .\n\n-- \nAnn").unwrap(),
        Command::Move {
            game: None,
            ply: None,
            action: "k1-j1".into()
        }
    );
    assert_eq!(parse("/Accept 3!").unwrap(), Command::Accept(Some(3)));
    assert_eq!(parse("> quoted\nresign").unwrap(), Command::Resign(None));
}

fn mv(game: Option<i64>, ply: Option<u32>, action: &str) -> Command {
    Command::Move {
        game,
        ply,
        action: action.into(),
    }
}

#[test]
fn a_game_is_hash_or_the_word_game_and_the_ply_guard_is_the_word_ply() {
    assert_eq!(
        parse("move ply 0 k1-j1").unwrap(),
        mv(None, Some(0), "k1-j1")
    );
    assert_eq!(parse("move #3 k1-j1").unwrap(), mv(Some(3), None, "k1-j1"));
    assert_eq!(
        parse("game 3 ply 4 e5").unwrap(),
        mv(Some(3), Some(4), "e5")
    );
    assert_eq!(parse("Game #3 e5").unwrap(), mv(Some(3), None, "e5"));
    assert_eq!(parse("e5 #3").unwrap(), mv(Some(3), None, "e5"));
    assert_eq!(parse("accept #12").unwrap(), Command::Accept(Some(12)));
    assert_eq!(parse("accept game 12").unwrap(), Command::Accept(Some(12)));
    assert_eq!(parse("accept 12").unwrap(), Command::Accept(Some(12)));
    assert_eq!(
        parse("draw offer #4").unwrap(),
        Command::Draw(Reply::Offer, Some(4))
    );
    assert_eq!(
        parse("undo #4 accept").unwrap(),
        Command::Undo(Reply::Accept, Some(4))
    );
    assert!(parse("move #3 #4 e5").is_err());
    assert!(parse("move ply x e5").is_err());
    assert!(parse("accept g12").is_err());
}

#[test]
fn squares_of_the_g_file_are_never_games() {
    for (text, action) in [
        ("g5", "g5"),
        ("move g5", "g5"),
        ("G5", "G5"),
        ("play g5", "g5"),
    ] {
        assert_eq!(parse(text).unwrap(), mv(None, None, action));
    }
    assert_eq!(parse("g6 f5").unwrap(), mv(None, None, "g6 f5"));
    assert_eq!(parse("g1 f5").unwrap(), mv(None, None, "g1 f5"));
    assert_eq!(parse("g1 - f1").unwrap(), mv(None, None, "g1 - f1"));
    assert_eq!(parse("G1 - F1").unwrap(), mv(None, None, "G1 - F1"));
    assert_eq!(parse("Gg1-f1").unwrap(), mv(None, None, "Gg1-f1"));
    assert_eq!(parse("g10 – g9").unwrap(), mv(None, None, "g10 – g9"));
    assert_eq!(parse("#2 g12").unwrap(), mv(Some(2), None, "g12"));
    assert_eq!(
        parse("harvest g5 n").unwrap(),
        mv(None, None, "harvest g5 n")
    );
}

#[test]
fn bare_actions_are_moves() {
    assert_eq!(
        parse("#12 ply 4 c3,h8").unwrap(),
        mv(Some(12), Some(4), "c3,h8")
    );
    assert!(matches!(parse("harvest e5 n"), Ok(Command::Move { .. })));
}

#[test]
fn unknown_commands_suggest_the_closest() {
    assert_eq!(
        parse("chalenge bob agon"),
        Err(ParseError::Unknown {
            word: "chalenge".into(),
            closest: Some("challenge")
        })
    );
}

#[test]
fn challenge_options() {
    let c = parse("challenge <@123> agros board 8 farmers 3 days 2").unwrap();
    assert_eq!(
        c,
        Command::Challenge {
            opponent: Opponent::Identity(Identity::discord(123)),
            variant: Variant::Agros {
                board: 8,
                farmers: 3
            },
            time: Some(TimeControl::PerMove { days: 2 }),
            timeout: None,
            level: None,
            options: ChallengeOptions::default(),
        }
    );
    assert!(parse("challenge bob agon board 8").is_err());
    assert!(parse("challenge ann@example.org agros farmers 4").is_err());
}

#[test]
fn time_banks_and_timeout_policies() {
    let Ok(Command::Challenge { time, timeout, .. }) =
        parse("challenge bob agros bank 7d+1d max 14d timeout pass")
    else {
        panic!("not a challenge");
    };
    assert_eq!(
        time,
        Some(TimeControl::Bank {
            initial: 7 * 86_400,
            increment: 86_400,
            max: 14 * 86_400
        })
    );
    assert_eq!(timeout, Some(TimeoutPolicy::Pass));
    assert_eq!(amount("1d12h"), Some(129_600));
    assert!(parse("challenge bob agon timeout pass").is_err());
    assert!(parse("challenge bob agon bank 7x").is_err());
    assert!(parse("challenge bob agon bank 7d max 3d").is_err());
    assert!(parse("challenge bob agon days 3 bank 7d").is_err());
    assert_eq!(
        parse("vacation 10 days").unwrap(),
        Command::Vacation(VacationRequest::Days(10))
    );
    assert_eq!(
        parse("settings digest 8").unwrap(),
        Command::Digest(Some(8))
    );
    assert!(parse("settings digest 24").is_err());
}

/// Texts of every command of the table, so that each entry is known to parse.
const EXAMPLES: &[(&str, &str)] = &[
    ("help", "help"),
    ("help", "help move"),
    ("challenge", "challenge bob agon"),
    ("challenge", "challenge computer agros board 8 level easy"),
    ("accept", "accept #3"),
    ("decline", "decline"),
    ("cancel", "cancel game 4"),
    ("move", "move #3 ply 2 e5"),
    ("move", "k1-j1"),
    ("pass", "pass #3"),
    ("resign", "resign"),
    ("draw", "draw offer"),
    ("undo", "undo"),
    ("undo", "undo accept #2"),
    ("board", "board #3"),
    ("history", "history"),
    ("games", "games"),
    ("games", "games live"),
    ("next", "next"),
    (
        "challenge",
        "challenge anyone agon rating 1400-1800 unrated",
    ),
    ("seeks", "seeks"),
    ("watch", "watch #4"),
    ("unwatch", "unwatch #4"),
    ("preview", "preview #4 k1-j1"),
    ("export", "export #4"),
    ("note", "note #4 keep the guard home"),
    ("note", "note #4"),
    ("conditional", "conditional #4 k1-j1 k9-j9"),
    ("conditional", "conditional #4 cancel"),
    ("analysis", "analysis #4"),
    ("tournament", "tournament"),
    (
        "tournament",
        "tournament create agros board 8 swiss 5 days 3 players 4-20 name Winter cup",
    ),
    ("tournament", "tournament join 3"),
    ("tournament", "tournament pairings t3 2"),
    ("rating", "rating ann"),
    ("leaderboard", "leaderboard agros board 8"),
    ("settings", "settings timezone Europe/Amsterdam"),
    ("settings", "settings notify email"),
    ("settings", "settings digest off"),
    ("vacation", "vacation"),
    ("vacation", "vacation 7"),
    ("link", "link"),
    ("link", "link abcd2345"),
];

#[test]
fn every_table_entry_parses() {
    for c in COMMANDS {
        assert!(spec(c.name).is_some());
        for a in c.aliases {
            assert_eq!(spec(a).unwrap().name, c.name);
        }
        assert!(
            EXAMPLES.iter().any(|(name, _)| *name == c.name),
            "`{}` has no example here",
            c.name
        );
        assert!(c.args.iter().all(|a| a.help.len() <= 100), "{}", c.name);
    }
    for (name, text) in EXAMPLES {
        let command = parse(text).unwrap_or_else(|e| panic!("`{text}`: {e}"));
        // `pass` is a move of the action `pass`.
        let expected = if *name == "pass" { "move" } else { name };
        assert_eq!(command.spec().map(|s| s.name), Some(expected), "`{text}`");
    }
}

#[test]
fn reads_only_agrees_with_what_each_command_does() {
    // The commands that change nothing of a game or a player: the lifecycle answers them
    // from what it reads (`help`, `board`, `history`, `games`, `next`, the open challenges, a preview,
    // a record, ratings).
    let readers: Vec<&str> = COMMANDS
        .iter()
        .filter(|c| c.reads_only)
        .map(|c| c.name)
        .collect();
    assert_eq!(
        readers,
        [
            "help",
            "board",
            "history",
            "games",
            "next",
            "seeks",
            "preview",
            "export",
            "rating",
            "leaderboard"
        ]
    );
    for (_, text) in EXAMPLES {
        let command = parse(text).unwrap();
        assert_eq!(
            command.reads_only(),
            command.spec().unwrap().reads_only,
            "`{text}`"
        );
        assert_eq!(reads_only(&command), command.reads_only());
    }
    assert!(!Command::Clock(1).reads_only());
    assert!(!Command::SendDigest(1).reads_only());
}

/// An invocation's values by argument name.
type Values = Vec<(String, Value)>;

fn values(pairs: &[(&str, Value)]) -> Values {
    pairs
        .iter()
        .map(|(n, v)| ((*n).to_owned(), v.clone()))
        .collect()
}

fn text(t: &str) -> Value {
    Value::Text(t.into())
}

/// A typed invocation makes the command its text makes, and is refused with the same words.
#[test]
fn typed_values_build_what_their_text_parses_to() {
    let cases: Vec<(&str, Values, &str)> = vec![
        (
            "move",
            values(&[("action", text("a1-b2")), ("game", Value::Number(12))]),
            "move #12 a1-b2",
        ),
        (
            "move",
            values(&[("action", text("  G1 -  F1 ")), ("ply", Value::Number(4))]),
            "move ply 4 G1 - F1",
        ),
        ("move", values(&[]), "move"),
        (
            "challenge",
            values(&[
                ("game", text("agros")),
                ("opponent", Value::Identity(Identity::discord(42))),
                ("board", text("8")),
                ("days", Value::Number(2)),
            ]),
            "challenge <@42> agros board 8 days 2",
        ),
        (
            "challenge",
            values(&[
                ("game", text("agros")),
                ("opponent", text("Bob")),
                ("bank", text("7d+1d max 14d")),
                ("timeout", text("pass")),
            ]),
            "challenge bob agros bank 7d+1d max 14d timeout pass",
        ),
        (
            "challenge",
            values(&[
                ("game", text("agon")),
                ("opponent", text("ann@example.org")),
            ]),
            "challenge ann@example.org agon",
        ),
        (
            "challenge",
            values(&[
                ("game", text("agon")),
                ("opponent", text("computer")),
                ("level", text("easy")),
                ("days", Value::Number(1)),
            ]),
            "challenge computer agon days 1 level easy",
        ),
        (
            "challenge",
            values(&[
                ("game", text("agon")),
                ("opponent", text("bob")),
                ("level", text("hard")),
            ]),
            "challenge bob agon level hard",
        ),
        (
            "challenge",
            values(&[
                ("game", text("agon")),
                ("opponent", text("bob")),
                ("timeout", text("pass")),
            ]),
            "challenge bob agon timeout pass",
        ),
        (
            "challenge",
            values(&[
                ("game", text("agros")),
                ("opponent", text("bob")),
                ("farmers", text("4")),
            ]),
            "challenge bob agros farmers 4",
        ),
        (
            "challenge",
            values(&[
                ("game", text("agros")),
                ("opponent", text("bob")),
                ("days", Value::Number(3)),
                ("bank", text("7d")),
            ]),
            "challenge bob agros days 3 bank 7d",
        ),
        (
            "challenge",
            values(&[
                ("game", text("agros")),
                ("opponent", text("bob")),
                ("bank", text("7x")),
            ]),
            "challenge bob agros bank 7x",
        ),
        ("challenge", values(&[("game", text("agon"))]), "challenge"),
        ("accept", values(&[("game", Value::Number(3))]), "accept #3"),
        ("decline", values(&[]), "decline"),
        ("pass", values(&[("game", Value::Number(3))]), "pass #3"),
        (
            "draw",
            values(&[("reply", text("offer")), ("game", Value::Number(4))]),
            "draw offer #4",
        ),
        ("undo", values(&[("reply", text("ask"))]), "undo offer"),
        ("undo", values(&[]), "undo"),
        ("help", values(&[("command", text("move"))]), "help move"),
        ("help", values(&[]), "help"),
        ("vacation", values(&[("days", text("7"))]), "vacation 7"),
        (
            "vacation",
            values(&[("days", text("10 days"))]),
            "vacation 10 days",
        ),
        ("vacation", values(&[("days", text("End"))]), "vacation end"),
        ("vacation", values(&[("days", text("0"))]), "vacation 0"),
        (
            "link",
            values(&[("code", text("abcd2345"))]),
            "link abcd2345",
        ),
        ("link", values(&[]), "link"),
        (
            "settings",
            values(&[("timezone", text("Europe/Amsterdam"))]),
            "settings timezone Europe/Amsterdam",
        ),
        (
            "settings",
            values(&[("notify", text("email"))]),
            "settings notify email",
        ),
        (
            "settings",
            values(&[("digest", text("8"))]),
            "settings digest 8",
        ),
        (
            "settings",
            values(&[("digest", text("25"))]),
            "settings digest 25",
        ),
        ("settings", values(&[]), "settings"),
        ("games", values(&[]), "games"),
        ("board", values(&[("game", Value::Number(7))]), "board #7"),
    ];
    for (name, values, text) in cases {
        let built = build(spec(name).unwrap(), &values);
        assert_eq!(built, parse(text), "{name} {values:?} as `{text}`");
    }
}

#[test]
fn typed_values_outside_the_table_are_refused() {
    let refused = build(
        spec("board").unwrap(),
        &values(&[("ply", Value::Number(1))]),
    );
    assert!(matches!(
        refused,
        Err(ParseError::Usage {
            command: "board",
            ..
        })
    ));
    let two = build(
        spec("settings").unwrap(),
        &values(&[("notify", text("email")), ("digest", text("8"))]),
    );
    assert!(two.is_err());
}

#[test]
fn open_challenges_and_their_options() {
    let Command::Challenge {
        opponent, options, ..
    } = parse("challenge anyone agon rating 1400-1800 unrated private").unwrap()
    else {
        panic!("a challenge");
    };
    assert_eq!(opponent, Opponent::Anyone);
    assert_eq!(
        options,
        ChallengeOptions {
            unrated: true,
            private: true,
            min_rating: Some(1400),
            max_rating: Some(1800),
        }
    );
    let range = |text: &str| match parse(text) {
        Ok(Command::Challenge { options, .. }) => Ok((options.min_rating, options.max_rating)),
        Ok(other) => panic!("{other:?}"),
        Err(e) => Err(e.to_string()),
    };
    assert_eq!(
        range("challenge anyone agon rating 1500+"),
        Ok((Some(1500), None))
    );
    assert_eq!(
        range("challenge anyone agon rating -1800"),
        Ok((None, Some(1800)))
    );
    for bad in [
        "challenge anyone agon rating 1800-1400",
        "challenge anyone agon rating lots",
        "challenge anyone agon rating",
        "challenge anyone agon rating 99999",
        "challenge bob agon rating 1400-1800",
    ] {
        assert!(range(bad).is_err(), "{bad}");
    }
}

#[test]
fn community_commands() {
    assert_eq!(parse("seeks").unwrap(), Command::Seeks);
    assert_eq!(parse("games live").unwrap(), Command::Live);
    assert_eq!(parse("games").unwrap(), Command::Games);
    assert!(parse("games soon").is_err());
    assert_eq!(parse("watch #12").unwrap(), Command::Watch(Some(12)));
    assert_eq!(
        parse("unwatch game 12").unwrap(),
        Command::Unwatch(Some(12))
    );
    assert!(parse("watch").is_err(), "watch names its game");
    assert_eq!(
        parse("preview #3 k1-j1").unwrap(),
        Command::Preview {
            game: Some(3),
            action: "k1-j1".into()
        }
    );
    assert_eq!(
        parse("preview g5").unwrap(),
        Command::Preview {
            game: None,
            action: "g5".into()
        },
        "g5 is a square, not game 5"
    );
    assert!(
        parse("preview ply 3 g5").is_err(),
        "a preview plays nothing"
    );
    assert_eq!(parse("export").unwrap(), Command::Export(None));
    assert_eq!(parse("export #7").unwrap(), Command::Export(Some(7)));
    assert_eq!(parse("rating").unwrap(), Command::Rating(None));
    assert_eq!(
        parse("rating @ann").unwrap(),
        Command::Rating(Some("ann".into()))
    );
    assert_eq!(
        parse("leaderboard agros board 12").unwrap(),
        Command::Leaderboard(GameKind::Agros, Some(12))
    );
    assert_eq!(
        parse("leaderboard agros 8x8").unwrap(),
        Command::Leaderboard(GameKind::Agros, Some(8))
    );
    assert_eq!(
        parse("top agon").unwrap(),
        Command::Leaderboard(GameKind::Agon, None)
    );
    assert!(parse("leaderboard agon board 8").is_err());
    assert!(parse("leaderboard agros board 9").is_err());
    assert!(parse("leaderboard").is_err());
}

/// `templates/commands.ftl` holds the table's own English words (for translators to start from).
#[test]
fn the_english_catalogue_is_the_tables_words() {
    use agora_i18n::{Language, tr};
    for c in COMMANDS {
        for (part, english) in [("summary", c.summary), ("usage", c.usage), ("help", c.help)] {
            assert_eq!(
                tr(Language::En, &format!("cmd-{}-{part}", c.name), &[]),
                english
            );
        }
        for a in c.args {
            let key = a.key_for_catalogue();
            assert_eq!(tr(Language::En, &key, &[]), a.name);
            assert_eq!(tr(Language::En, &format!("{key}-help"), &[]), a.help);
        }
    }
}

#[test]
fn dutch_and_swedish_lines_parse_to_the_english_command() {
    for (en, nl, sv) in [
        ("help", "hulp", "hjälp"),
        ("help challenge", "hulp uitdagen", "hjälp utmana"),
        ("help rules", "hulp regels", "hjälp regler"),
        ("help rules agon", "hulp regels agon", "hjalp regler agon"),
        (
            "challenge anyone agros board 12 farmers 3 days 5 timeout pass unrated private rating 1400-1800",
            "uitdagen iedereen agros bord 12 boeren 3 dagen 5 tijd pas vriendschappelijk privé rating 1400-1800",
            "utmana alla agros bräde 12 bönder 3 dagar 5 tid passa vänskaplig privat rating 1400-1800",
        ),
        (
            "challenge computer agon bank 7d+1d max 14d level hard",
            "daag-uit computer agon bank 7d+1d max 14d niveau moeilijk",
            "utmana datorn agon bank 7d+1d max 14d nivå svår",
        ),
        (
            "challenge computer agon level easy",
            "uitdagen computer agon niveau makkelijk",
            "utmana datorn agon niva latt",
        ),
        ("accept #12", "accepteer #12", "acceptera #12"),
        ("accept game 12", "aannemen partij 12", "anta parti 12"),
        ("decline 3", "weiger 3", "avböj 3"),
        ("decline", "weiger", "neka"),
        ("cancel #4", "annuleer #4", "återkalla #4"),
        ("cancel", "intrekken", "avbryt"),
        (
            "move #3 ply 4 k1-j1",
            "zet #3 ply 4 k1-j1",
            "drag #3 ply 4 k1-j1",
        ),
        ("move game 3 e5", "zet partij 3 e5", "drag parti 3 e5"),
        ("game 3 e5", "partij 3 e5", "parti 3 e5"),
        ("pass #2", "pas #2", "passa #2"),
        ("resign", "opgeven", "ge-upp"),
        ("resign #1", "opgeven #1", "kapitulera #1"),
        ("draw offer #12", "remise aanbieden #12", "remi erbjud #12"),
        (
            "draw accept #12",
            "remise accepteer #12",
            "remi acceptera #12",
        ),
        ("draw decline", "remise weiger", "remi avböj"),
        ("undo", "terugnemen", "ångra"),
        (
            "undo accept #2",
            "terugnemen accepteer #2",
            "angra acceptera #2",
        ),
        ("board #12", "bord #12", "bräde #12"),
        ("board #12", "BORD #12", "brade #12"),
        ("history", "geschiedenis", "historik"),
        ("history #5", "zetten #5", "historik #5"),
        ("games", "partijen", "partier"),
        ("games live", "partijen live", "partier live"),
        ("seeks", "uitdagingen", "utmaningar"),
        ("watch #7", "volg #7", "följ #7"),
        ("watch #7", "kijk #7", "titta #7"),
        ("unwatch #7", "ontvolg #7", "avfölj #7"),
        ("preview #3 e5", "voorbeeld #3 e5", "förhandsvisa #3 e5"),
        ("preview e5", "probeer e5", "prova e5"),
        ("export #3", "exporteer #3", "exportera #3"),
        ("rating Ann", "waardering Ann", "rankning Ann"),
        (
            "leaderboard agros board 12",
            "ranglijst agros bord 12",
            "topplista agros bräde 12",
        ),
        (
            "settings timezone Europe/Amsterdam",
            "instellingen tijdzone Europe/Amsterdam",
            "inställningar tidszon Europe/Amsterdam",
        ),
        (
            "settings notify email",
            "instellingen meldingen e-mail",
            "inställningar aviseringar e-post",
        ),
        (
            "settings digest off",
            "instellingen overzicht uit",
            "inställningar sammanfattning av",
        ),
        (
            "settings digest 8",
            "instellingen overzicht 8",
            "installningar sammanfattning 8",
        ),
        (
            "settings language nl",
            "instellingen taal nl",
            "inställningar språk nl",
        ),
        ("vacation", "vakantie", "semester"),
        ("vacation 7", "vakantie 7 dagen", "semester 7 dagar"),
        ("vacation end", "vakantie einde", "semester slut"),
        ("link", "koppel", "koppla"),
        ("link ab12", "koppel AB12", "koppla ab12"),
    ] {
        let english = parse(en).unwrap_or_else(|e| panic!("{en}: {e}"));
        for line in [nl, sv] {
            assert_eq!(parse(line), Ok(english.clone()), "{line} is not {en}");
        }
    }
}

#[test]
fn localized_words_never_shadow_actions() {
    for action in [
        "pass",
        "k1-j1",
        "e5",
        "c3,h8",
        "harvest e5 n",
        "g5",
        "e5-e7",
        "e6=e8",
    ] {
        let Command::Move { action: a, .. } = parse(action).unwrap() else {
            panic!("{action} is no move");
        };
        assert_eq!(a, action);
        // Inside a move the action is kept as it came, whatever language the command word is.
        for line in [format!("zet {action}"), format!("drag {action}")] {
            assert_eq!(
                parse(&line).unwrap(),
                parse(&format!("move {action}")).unwrap()
            );
        }
    }
    assert_eq!(
        parse("pas").unwrap(),
        parse("pass").unwrap(),
        "`pas` passes as `pass` does"
    );
}

#[test]
fn every_command_has_names_usage_and_texts_in_every_language() {
    use agora_i18n::Language;
    let valid = |n: &str| {
        (1..=32).contains(&n.chars().count())
            && n.chars()
                .all(|c| c == '-' || c == '_' || (c.is_alphanumeric() && !c.is_uppercase()))
    };
    for c in COMMANDS {
        assert_eq!(c.name_in(Language::En), c.name);
        assert_eq!(c.summary_in(Language::En), c.summary);
        assert_eq!(c.help_in(Language::En), c.help);
        assert_eq!(c.usage_in(Language::En), c.usage);
        for lang in [Language::Nl, Language::Sv] {
            let name = c.name_in(lang);
            // A language may name a command with the English word (`rating` in Dutch and Swedish),
            // but it names every command.
            assert!(
                !c.local_names(lang).is_empty(),
                "{} has no {lang} name",
                c.name
            );
            assert!(valid(name), "{name}");
            assert_eq!(spec(name).map(|s| s.name), Some(c.name));
            assert_ne!(c.summary_in(lang), c.summary, "{}: {lang} summary", c.name);
            assert_ne!(c.help_in(lang), c.help, "{}: {lang} help", c.name);
            assert!(
                c.usage_in(lang).starts_with(name),
                "{}: {lang} usage",
                c.name
            );
            let mut names = Vec::new();
            for a in c.args {
                assert_eq!(a.name_in(Language::En), a.name);
                assert_eq!(a.help_in(Language::En), a.help);
                let n = a.name_in(lang);
                assert!(valid(n), "{lang} option name {n}");
                assert!(a.help_in(lang).chars().count() <= 100, "{n}");
                assert!(!names.contains(&n), "{}: {lang} option {n} twice", c.name);
                names.push(n);
            }
        }
    }
}

#[test]
fn parse_errors_are_texts_in_every_language() {
    use agora_i18n::Language;
    for line in [
        "",
        "acept #3",
        "frobnicate",
        "accept #3 #4",
        "challenge",
        "settings foo bar",
    ] {
        let e = parse(line).unwrap_err();
        assert_eq!(e.text().in_lang(Language::En), e.to_string(), "{line}");
        for lang in [Language::Nl, Language::Sv] {
            assert_ne!(e.text().in_lang(lang), e.to_string(), "{line} in {lang}");
        }
    }
    let long = "x ".repeat(400);
    let e = parse(&long).unwrap_err();
    assert_eq!(e.text().in_lang(Language::En), e.to_string());
    assert!(
        parse("uitdagen iedereen agon")
            .map(|c| c.spec().map(|s| s.name))
            .is_ok_and(|n| n == Some("challenge"))
    );
    assert_eq!(
        parse("hulp").map_err(|e| e.to_string()),
        Ok(Command::Help(None))
    );
    assert!(matches!(
        parse("acepteer"),
        Err(ParseError::Unknown {
            closest: Some("accepteer"),
            ..
        })
    ));
}

/// English words of the usage problems; none may show in a Dutch or Swedish answer.
const ENGLISH_PROBLEM_WORDS: &[&str] = &[
    "is not",
    "needs",
    "missing",
    "give one",
    "at least",
    "understood",
    "name the",
    "followed by",
    "two games",
    "squares wide",
    "lower bound",
    "takes nothing",
];

#[test]
fn usage_problems_are_worded_in_the_readers_language() {
    use agora_i18n::Language;
    let refused = |e: ParseError, what: &str| {
        let ParseError::Usage { problem, .. } = &e else {
            panic!("{what}: not a usage error: {e:?}");
        };
        assert!(
            problem.key.starts_with("parse-problem-"),
            "{what}: {problem:?}"
        );
        let english = e.text().in_lang(Language::En);
        assert_eq!(english, e.to_string(), "{what}");
        let english_problem = english.split("; usage:").next().unwrap();
        for lang in [Language::Nl, Language::Sv] {
            let t = e.text().in_lang(lang);
            assert_ne!(t, english, "{what} in {lang}");
            assert!(!t.contains("parse-problem"), "{what} in {lang}: {t}");
            assert!(!t.contains(english_problem), "{what} in {lang}: {t}");
            for words in ENGLISH_PROBLEM_WORDS {
                assert!(!t.contains(words), "{what} in {lang}: `{words}` in {t}");
            }
        }
    };
    for line in [
        "challenge bob agon foo",
        "uitdagen bob agon foo",
        "utmana bob agon foo",
        "challenge bob agros board 9",
        "challenge bob agros farmers",
        "challenge bob agon bank 7x",
        "challenge anyone agon rating 1800-1400",
        "challenge bob agon days 3 days 4",
        "settings digest 25",
        "instellingen overzicht 25",
        "settings notify pigeon",
        "inställningar aviseringar duva",
        "settings",
        "settings colour blue",
        "vacation 0",
        "vakantie 0",
        "semester soon",
        "draw maybe",
        "accept #3 #4",
        "move ply x k1-j1",
        "move game x k1-j1",
        "seeks foo",
        "watch",
        "leaderboard chess",
        "leaderboard agon board 8",
        "link a b",
    ] {
        refused(parse(line).unwrap_err(), line);
    }
    let nl = parse("vakantie 0")
        .unwrap_err()
        .text()
        .in_lang(Language::Nl);
    assert!(
        nl.starts_with("een vakantie duurt minstens 1 dag; gebruik: vakantie"),
        "{nl}"
    );
    let sv = parse("settings digest 25")
        .unwrap_err()
        .text()
        .in_lang(Language::Sv);
    assert!(sv.starts_with("`25` är varken en timme"), "{sv}");
    assert!(sv.contains("`av`"), "{sv}");
    // The typed values of a front end are refused in the same words.
    for (name, pairs) in [
        (
            "settings",
            values(&[("notify", text("email")), ("digest", text("8"))]),
        ),
        ("settings", values(&[])),
        ("challenge", values(&[("opponent", text("bob"))])),
        (
            "challenge",
            values(&[
                ("opponent", text("bob")),
                ("game", text("agon")),
                ("rated", text("maybe")),
            ]),
        ),
        ("board", values(&[("ply", Value::Number(1))])),
    ] {
        let what = format!("{name} {pairs:?}");
        refused(build(spec(name).unwrap(), &pairs).unwrap_err(), &what);
    }
}

#[test]
fn every_usage_problem_is_reachable_in_every_language() {
    use agora_i18n::{Arg, Language, catalogue, tr};
    let keys: Vec<String> = catalogue(Language::En)
        .into_iter()
        .map(|(k, _)| k)
        .filter(|k| k.starts_with("parse-problem-"))
        .collect();
    assert!(keys.len() > 40, "{keys:?}");
    for lang in Language::ALL {
        for key in &keys {
            let args = [("problem", Arg::from(key.as_str()))];
            let usage = tr(lang, "parse-usage-seeks", &args);
            let alone = tr(lang, key, &[]);
            assert!(
                usage.starts_with(&format!("{alone}; ")),
                "{lang}: `parse-problem` does not word {key}: {usage}"
            );
            if lang != Language::En {
                assert_ne!(alone, tr(Language::En, key, &[]), "{lang}: {key}");
            }
        }
    }
}

#[test]
fn usage_problems_keep_their_english_words() {
    for (line, problem) in [
        (
            "challenge bob chess",
            "unknown game `chess`: the games are agon and agros",
        ),
        (
            "challenge bob agon board 8",
            "Agon has no options: its board and pieces are fixed",
        ),
        (
            "challenge bob agros board 9",
            "the board is 8, 10 or 12 squares wide, not 9",
        ),
        (
            "challenge bob agros farmers 4",
            "each side has 3, 5 or 7 farmers, not 4",
        ),
        (
            "challenge not-an-address@ agon",
            "`not-an-address@` is not an e-mail address",
        ),
        ("move 1", "the action is missing"),
        ("draw maybe", "`maybe` is not offer, accept or decline"),
        (
            "settings colour blue",
            "`colour` is not timezone, notify, digest, language, rest or calendar with its value",
        ),
        ("vacation 0", "a vacation is at least 1 day"),
        (
            "settings digest 25",
            "`25` is not an hour from 0 to 23 or `off`",
        ),
        (
            "challenge bob agon bank 7d max 3d",
            "the bank's cap (`max`) must be at least its reserve",
        ),
        (
            "challenge bob agon days 3 bank 7d",
            "give one clock: `days D`, `bank ...` or `moves N in Dd`",
        ),
        ("#1 #2 k1-j1", "two games are named, #1 and #2: name one"),
        ("accept g12", "`g12` is not a game reference such as #12"),
        (
            "board game g1",
            "`game` is followed by a game number such as `game 12`, not g1",
        ),
        (
            "board game",
            "`game` is followed by a game number such as `game 12`, not nothing",
        ),
        (
            "leaderboard agon board 8",
            "Agon has one board: leave out `board`",
        ),
        (
            "settings notify pigeon",
            "`pigeon` is not discord, email or terminal",
        ),
        (
            "seeks foo",
            "`foo` is not understood here: `seeks` takes nothing more",
        ),
    ] {
        let e = parse(line).unwrap_err();
        let ParseError::Usage { command, .. } = &e else {
            panic!("{line}: {e:?}");
        };
        let usage = spec(command).unwrap().usage;
        assert_eq!(
            e.to_string(),
            format!("{problem}; usage: {usage}"),
            "{line}"
        );
    }
}
