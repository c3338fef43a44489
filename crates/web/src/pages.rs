//! The site's pages, rendered with minijinja from `templates/web/` (embedded in the binary). HTML
//! is escaped everywhere except the board's SVG, which Agora draws itself. Every page sees `lang`
//! (the reader's language code), `t("key", name=…)` for a word of `templates/*/web.ftl` in that
//! language, the filter `segment` (a name as one segment of a path), and the filter `when`, which writes a time in UTC in that language's way (the script
//! shows it in the reader's zone).

use crate::guide::{self, Guide, Ways};
use agora_i18n::Language;
use agora_service::site::{GamePage, HomePage, LeaderboardPage, PlayerPage};
use minijinja::value::Kwargs;
use minijinja::{Environment, State, Value};
use serde::Serialize;

const TEMPLATES: &[(&str, &str)] = &[
    (
        "base.html",
        include_str!("../../../templates/web/base.html"),
    ),
    (
        "_game_list.html",
        include_str!("../../../templates/web/_game_list.html"),
    ),
    (
        "home.html",
        include_str!("../../../templates/web/home.html"),
    ),
    (
        "game.html",
        include_str!("../../../templates/web/game.html"),
    ),
    (
        "player.html",
        include_str!("../../../templates/web/player.html"),
    ),
    (
        "leaderboard.html",
        include_str!("../../../templates/web/leaderboard.html"),
    ),
    (
        "tournament.html",
        include_str!("../../../templates/web/tournament.html"),
    ),
    (
        "error.html",
        include_str!("../../../templates/web/error.html"),
    ),
    (
        "help.html",
        include_str!("../../../templates/web/help.html"),
    ),
    (
        "rules.html",
        include_str!("../../../templates/web/rules.html"),
    ),
];

/// How a visitor joins, as the home page says it: the configured ways in, and the command words
/// they are told to type, in the reader's language.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Join {
    pub discord_invite: Option<String>,
    pub mail_address: Option<String>,
    pub challenge: &'static str,
    pub help: &'static str,
}

impl Join {
    pub fn new(
        lang: Language,
        discord_invite: Option<String>,
        mail_address: Option<String>,
    ) -> Join {
        let name =
            |english| agora_service::commands::spec(english).map_or(english, |c| c.name_in(lang));
        Join {
            discord_invite,
            mail_address,
            challenge: name("challenge"),
            help: name("help"),
        }
    }
}

/// One command of the help page, in the reader's language.
#[derive(Debug, Clone, Serialize)]
struct CommandLine {
    name: &'static str,
    usage: String,
    summary: String,
}

/// A language the help page links to.
#[derive(Debug, Clone, Serialize)]
struct LanguageLink {
    code: &'static str,
    name: &'static str,
}

/// The compiled pages.
pub(crate) struct Pages {
    env: Environment<'static>,
}

fn language_of(state: &State) -> Language {
    state
        .lookup("lang")
        .and_then(|v| v.as_str().and_then(Language::parse))
        .unwrap_or(Language::En)
}

impl Pages {
    /// Compiles every page; a template that does not compile is a bug of the build, so it panics.
    pub fn new() -> Pages {
        let mut env = Environment::new();
        env.set_syntax(
            minijinja::syntax::SyntaxConfig::builder()
                .trim_blocks(true)
                .lstrip_blocks(true)
                .build()
                .expect("default delimiters"),
        );
        env.set_undefined_behavior(minijinja::UndefinedBehavior::Strict);
        env.add_function("t", |state: &State, key: String, kwargs: Kwargs| {
            agora_service::templates::keyed_text(language_of(state), &key, &kwargs)
        });
        // `name | segment`: a text as one segment of a path (`/players/…`), every byte but the
        // unreserved ones percent-encoded, `/` and `?` included.
        env.add_filter("segment", |value: String| -> String {
            let mut out = String::with_capacity(value.len());
            for b in value.bytes() {
                if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
                    out.push(char::from(b));
                } else {
                    out.push_str(&format!("%{b:02X}"));
                }
            }
            out
        });
        env.add_filter("when", |state: &State, value: String| -> String {
            match chrono::DateTime::parse_from_rfc3339(&value) {
                Ok(t) => agora_service::views::local_time_in(
                    t.with_timezone(&chrono::Utc),
                    "UTC",
                    language_of(state),
                ),
                Err(_) => value,
            }
        });
        for (name, source) in TEMPLATES {
            env.add_template(name, source)
                .unwrap_or_else(|e| panic!("templates/web/{name}: {e}"));
        }
        Pages { env }
    }

    fn render(&self, name: &str, ctx: impl Serialize) -> String {
        match self
            .env
            .get_template(name)
            .and_then(|t| t.render(Value::from(minijinja::value::Serde(ctx))))
        {
            Ok(html) => html,
            Err(e) => {
                // A page that does not render is a bug; the reader still gets a page.
                tracing::error!(template = name, error = %e, "web template failed");
                format!(
                    "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>Agora</title></head>\
                     <body><p>{}</p></body></html>",
                    agora_i18n::tr(Language::En, "web-failed", &[])
                )
            }
        }
    }

    pub fn home(&self, lang: Language, home: &HomePage, join: &Join) -> String {
        #[derive(Serialize)]
        struct Ctx<'a> {
            lang: &'a str,
            home: &'a HomePage,
            join: &'a Join,
        }
        let lang = lang.code();
        self.render("home.html", Ctx { lang, home, join })
    }

    /// The player's guide in `lang` (`docs/guide/<lang>.md`, see [`crate::guide`]) with `ways`
    /// filled in, and every command of the service's table with its name, usage and summary in
    /// `lang` where the guide puts them.
    pub fn help(&self, lang: Language, ways: Ways) -> String {
        #[derive(Serialize)]
        struct Ctx<'a> {
            lang: &'a str,
            guide: Guide,
            commands: Vec<CommandLine>,
            languages: Vec<LanguageLink>,
        }
        let commands = agora_service::commands::COMMANDS
            .iter()
            .map(|c| CommandLine {
                name: c.name_in(lang),
                usage: c.usage_in(lang),
                summary: c.summary_in(lang),
            })
            .collect();
        let languages = Language::ALL
            .iter()
            .map(|l| LanguageLink {
                code: l.code(),
                name: l.native_name(),
            })
            .collect();
        self.render(
            "help.html",
            Ctx {
                lang: lang.code(),
                guide: guide::render(guide::source(lang), ways),
                commands,
                languages,
            },
        )
    }

    /// The short rules of `game` (its title) in `lang`.
    pub fn rules(&self, lang: Language, game: &str, text: &str) -> String {
        #[derive(Serialize)]
        struct Ctx<'a> {
            lang: &'a str,
            game: &'a str,
            text: &'a str,
        }
        let lang = lang.code();
        self.render("rules.html", Ctx { lang, game, text })
    }

    pub fn game(&self, lang: Language, game: &GamePage) -> String {
        #[derive(Serialize)]
        struct Ctx<'a> {
            lang: &'a str,
            game: &'a GamePage,
            svg: &'a str,
            /// The analysis's evaluation graph, when there is one.
            graph: &'a str,
        }
        let lang = lang.code();
        let svg = &game.svg;
        let graph = game.analysis.as_ref().map_or("", |a| a.graph_svg.as_str());
        self.render(
            "game.html",
            Ctx {
                lang,
                game,
                svg,
                graph,
            },
        )
    }

    pub fn player(&self, lang: Language, player: &PlayerPage) -> String {
        #[derive(Serialize)]
        struct Ctx<'a> {
            lang: &'a str,
            player: &'a PlayerPage,
        }
        let lang = lang.code();
        self.render("player.html", Ctx { lang, player })
    }

    pub fn leaderboard(&self, lang: Language, board: &LeaderboardPage) -> String {
        #[derive(Serialize)]
        struct Ctx<'a> {
            lang: &'a str,
            board: &'a LeaderboardPage,
        }
        let lang = lang.code();
        self.render("leaderboard.html", Ctx { lang, board })
    }

    pub fn tournament(&self, lang: Language, page: &agora_service::TournamentPage) -> String {
        #[derive(Serialize)]
        struct Ctx<'a> {
            lang: &'a str,
            page: &'a agora_service::TournamentPage,
        }
        let lang = lang.code();
        self.render("tournament.html", Ctx { lang, page })
    }

    pub fn error(&self, lang: Language, title: &str, message: &str) -> String {
        #[derive(Serialize)]
        struct Ctx<'a> {
            lang: &'a str,
            title: &'a str,
            message: &'a str,
        }
        let lang = lang.code();
        self.render(
            "error.html",
            Ctx {
                lang,
                title,
                message,
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use agora_service::site::GameLine;

    /// Whatever a name holds is text on the page, never markup.
    #[test]
    fn names_are_escaped() {
        let hostile = r#"<script>alert("x")</script> & 'quotes' "#;
        let line = GameLine {
            id: 7,
            title: "Agon".into(),
            kind: "agon",
            names: [hostile.into(), "bob\" onmouseover=\"x".into()],
            colours: ["white".into(), "black".into()],
            ply: 3,
            status: "active",
            to_act: Some(hostile.into()),
            winner: None,
            at: chrono::DateTime::UNIX_EPOCH,
        };
        let tournament = agora_service::TournamentLine {
            id: 1,
            name: hostile.into(),
            title: "Agon".into(),
            format: "round robin".into(),
            status: "open",
            players: 2,
            min_players: 3,
            max_players: 10,
            round: 0,
            clock: "3 days".into(),
            rated: true,
            starts: None,
            organiser: Some(hostile.into()),
        };
        let home = HomePage {
            running: vec![line],
            tournaments: vec![tournament],
            challenges: Vec::new(),
            results: Vec::new(),
            leaderboards: Vec::new(),
        };
        let join = Join::new(Language::En, None, None);
        let html = Pages::new().home(Language::En, &home, &join);
        assert!(!html.contains("<script>alert"), "{html}");
        assert!(!html.contains("\" onmouseover"), "{html}");
        assert!(html.contains("&lt;script&gt;alert("), "{html}");
        assert!(
            html.contains("&amp; &#x27;quotes&#x27;") || html.contains("&amp; &#39;quotes&#39;"),
            "{html}"
        );
    }
}
