//! The website over HTTP on a real socket, on a real SQLite file with games played through the
//! service: every route, its status, content type and security headers; the 404 and 400 pages;
//! private games absent everywhere; nothing private (addresses, Discord ids, link codes) on any
//! page; the reader's language; a 500-action game's page under 100 KB with its script
//! and stylesheet.

use agora_service::{Identity, Inbound, Service, Status};
use chrono::{DateTime, Duration, Utc};
use support::Served;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use agora_testkit::web as support;

/// A response as the test reads it.
pub(crate) struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Reply {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// One HTTP/1.1 request on a fresh connection (`Connection: close`), read to its end.
pub(crate) async fn request(
    address: &str,
    method: &str,
    path: &str,
    extra: &[(&str, &str)],
) -> Reply {
    let mut stream = tokio::net::TcpStream::connect(address).await.unwrap();
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n");
    for (name, value) in extra {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("Content-Length: 0\r\n\r\n");
    stream.write_all(head.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.unwrap();
    let text = String::from_utf8(raw).expect("a UTF-8 response");
    let (head, body) = text.split_once("\r\n\r\n").expect("a head and a body");
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .expect("a status line");
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_owned(), v.trim().to_owned()))
        .collect();
    Reply {
        status,
        headers,
        body: body.to_owned(),
    }
}

pub(crate) async fn get(address: &str, path: &str) -> Reply {
    request(address, "GET", path, &[]).await
}

async fn say(s: &Service, who: &Identity, text: &str, now: DateTime<Utc>) -> String {
    let inbound = Inbound {
        text: text.into(),
        ..Inbound::new(who.clone())
    };
    let answer = s.handle(&inbound, now).await.unwrap();
    assert_eq!(
        answer.status,
        Status::Done,
        "{who}: {text}: {}",
        answer.text
    );
    answer.text
}

fn game_number(text: &str) -> i64 {
    text.split('#')
        .nth(1)
        .and_then(|t| t.split(|c: char| !c.is_ascii_digit()).next()?.parse().ok())
        .unwrap_or_else(|| panic!("a game number in {text}"))
}

/// Plays up to `n` legal actions of `game`, the players taking turns as the service says, each
/// picked by a fixed pseudo-random sequence; stops early if the game ends. The actions played.
async fn play(
    s: &Service,
    players: [&Identity; 2],
    game: i64,
    n: usize,
    now: DateTime<Utc>,
) -> u32 {
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15 ^ game as u64;
    let mut played = 0;
    while played < n {
        let mut acted = false;
        for who in players {
            let legal = s.legal_actions(&who.to_string(), Some(game)).await.unwrap();
            if legal.is_empty() {
                continue;
            }
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let action = &legal[(seed >> 33) as usize % legal.len()];
            say(s, who, &format!("#{game} {action}"), now).await;
            acted = true;
            played += 1;
            break;
        }
        if !acted {
            break;
        }
    }
    played as u32
}

struct World {
    address: String,
    /// An Agon game between Ann (by mail) and Bob (on Discord), and its actions.
    agon: i64,
    plies: u32,
    /// A finished Agros game.
    agros: i64,
    /// A private game.
    private: i64,
    /// An open challenge.
    open: i64,
    /// The secret of Ann's calendar feed.
    calendar: String,
    /// The site, served until the world is dropped.
    _site: Served,
}

async fn world(name: &str) -> World {
    let (service, _) = support::fresh_service(name, 3).await;
    let now: DateTime<Utc> = "2026-05-04T09:00:00Z".parse().unwrap();
    let ann = Identity::mail("ann.secret@example.org");
    let bob = Identity::discord(123456789012345678u64);
    let cid = Identity::local("cid");
    let dan = Identity::local("dan");
    // Everyone says something first, so each has a player (and a name) of their own: Ann and
    // Bob under the display names their mail and Discord give.
    for (who, name) in [
        (&ann, Some("Ann")),
        (&bob, Some("Bob")),
        (&cid, None),
        (&dan, None),
    ] {
        let inbound = Inbound {
            text: "games".into(),
            name: name.map(str::to_owned),
            ..Inbound::new(who.clone())
        };
        service.handle(&inbound, now).await.unwrap();
    }
    // A Discord user whose display name never reached Agora is named after their id, which no
    // page shows.
    let eve = Identity::discord(987654321098765432u64);
    let text = say(&service, &eve, "challenge dan agon", now).await;
    let eves = game_number(&text);
    say(&service, &dan, &format!("accept #{eves}"), now).await;
    play(&service, [&eve, &dan], eves, 1, now).await;
    let text = say(&service, &ann, "challenge Bob agon", now).await;
    let agon = game_number(&text);
    say(&service, &bob, &format!("accept #{agon}"), now).await;
    let plies = play(&service, [&ann, &bob], agon, 40, now).await;
    assert!(plies >= 20, "{plies} actions");

    let text = say(&service, &cid, "challenge dan agros board 8 farmers 3", now).await;
    let agros = game_number(&text);
    say(&service, &dan, &format!("accept #{agros}"), now).await;
    play(&service, [&cid, &dan], agros, 6, now).await;
    say(
        &service,
        &dan,
        &format!("resign #{agros}"),
        now + Duration::minutes(5),
    )
    .await;

    let text = say(&service, &ann, "challenge dan agon private", now).await;
    let private = game_number(&text);
    say(&service, &dan, &format!("accept #{private}"), now).await;
    play(&service, [&ann, &dan], private, 2, now).await;

    let text = say(&service, &dan, "challenge anyone agon", now).await;
    let open = game_number(&text);

    // A round robin of four, one of them known only by a Discord id: its page and the home
    // page show it, without the id or anyone's address.
    say(
        &service,
        &dan,
        "tournament create agon round-robin name Spring",
        now,
    )
    .await;
    for who in [&dan, &ann, &bob, &eve] {
        say(&service, who, "tournament join 1", now).await;
    }
    say(&service, &dan, "tournament start 1", now).await;

    // Ann's calendar of deadlines: the secret is the last part of the address she is given.
    let answer = say(&service, &ann, "settings calendar", now).await;
    let calendar = answer
        .split(&format!("{}/calendar/", support::SITE))
        .nth(1)
        .and_then(|rest| rest.split(".ics").next())
        .unwrap_or_else(|| panic!("no calendar address in {answer}"))
        .to_owned();
    let site = Served::start(service).await;
    let address = site.address().to_owned();
    World {
        calendar,
        address,
        agon,
        plies,
        agros,
        private,
        open,
        _site: site,
    }
}

/// What no page may ever show.
fn assert_nothing_private(path: &str, body: &str) {
    for secret in [
        "ann.secret",
        "987654321098765432",
        "example.org",
        "mailto:",
        "123456789012345678",
        "discord:",
        "local:",
    ] {
        assert!(!body.contains(secret), "{path} shows {secret:?}:\n{body}");
    }
}

fn assert_secure(path: &str, r: &Reply) {
    let csp = r
        .header("content-security-policy")
        .unwrap_or_else(|| panic!("{path}: no CSP"));
    assert!(csp.contains("default-src 'none'"), "{path}: {csp}");
    assert!(csp.contains("script-src 'self'"), "{path}: {csp}");
    assert!(!csp.contains("unsafe-inline"), "{path}: {csp}");
    assert_eq!(
        r.header("x-content-type-options"),
        Some("nosniff"),
        "{path}"
    );
    assert_eq!(r.header("x-frame-options"), Some("DENY"), "{path}");
    assert_eq!(r.header("referrer-policy"), Some("no-referrer"), "{path}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_route_answers_with_its_type_and_headers_and_nothing_private() {
    let w = world("routes").await;
    let a = &w.address;
    let (agon, agros, private, open, plies) = (w.agon, w.agros, w.private, w.open, w.plies);

    let routes: Vec<(String, u16, &str)> = vec![
        ("/".into(), 200, "text/html"),
        (format!("/games/{agon}"), 200, "text/html"),
        (format!("/games/{agon}?ply=0"), 200, "text/html"),
        (format!("/games/{agon}?ply={plies}"), 200, "text/html"),
        (format!("/games/{agros}"), 200, "text/html"),
        (format!("/games/{agon}/board.svg"), 200, "image/svg+xml"),
        (
            format!("/games/{agon}/board.svg?ply=3"),
            200,
            "image/svg+xml",
        ),
        (format!("/games/{agon}/record"), 200, "text/plain"),
        (format!("/api/games/{agon}"), 200, "application/json"),
        (format!("/api/games/{agon}?ply=2"), 200, "application/json"),
        ("/players/dan".into(), 200, "text/html"),
        ("/leaderboards/agon".into(), 200, "text/html"),
        ("/leaderboards/agros-10".into(), 200, "text/html"),
        ("/tournaments/1".into(), 200, "text/html"),
        ("/static/replay.js".into(), 200, "text/javascript"),
        ("/static/site.css".into(), 200, "text/css"),
        ("/static/icon.svg".into(), 200, "image/svg+xml"),
        ("/favicon.ico".into(), 200, "image/svg+xml"),
        (
            format!("/calendar/{}.ics", w.calendar),
            200,
            "text/calendar",
        ),
        // Not found: unknown paths, games that do not exist, private games, challenges not
        // yet taken, unknown players and pools.
        ("/nothing/here".into(), 404, "text/html"),
        ("/games".into(), 404, "text/html"),
        ("/games/999999".into(), 404, "text/html"),
        (format!("/games/{private}"), 404, "text/html"),
        (format!("/games/{private}/board.svg"), 404, "text/html"),
        (format!("/games/{private}/record"), 404, "text/html"),
        (format!("/api/games/{private}"), 404, "application/json"),
        (format!("/games/{open}"), 404, "text/html"),
        ("/players/nobody-at-all".into(), 404, "text/html"),
        ("/leaderboards/chess".into(), 404, "text/html"),
        ("/tournaments/999".into(), 404, "text/html"),
        ("/tournaments/abc".into(), 400, "text/html"),
        ("/tournaments/0".into(), 400, "text/html"),
        // A calendar is found only by its whole secret address.
        (format!("/calendar/{}", w.calendar), 404, "text/html"),
        (format!("/calendar/{}x.ics", w.calendar), 404, "text/html"),
        (
            "/calendar/mnpqrstuvwxyz234abcdefghjk.ics".into(),
            404,
            "text/html",
        ),
        (
            "/calendar/..%2F..%2Fetc%2Fpasswd.ics".into(),
            404,
            "text/html",
        ),
        // Bad parameters.
        ("/games/abc".into(), 400, "text/html"),
        ("/games/0".into(), 400, "text/html"),
        ("/games/-4".into(), 400, "text/html"),
        ("/games/99999999999999999999999".into(), 400, "text/html"),
        (format!("/games/{agon}?ply=x"), 400, "text/html"),
        (format!("/games/{agon}?ply=-1"), 400, "text/html"),
        (format!("/games/{agon}?ply={}", plies + 1), 400, "text/html"),
        (
            format!("/games/{agon}/board.svg?ply=1000"),
            400,
            "text/html",
        ),
        (format!("/api/games/{agon}?ply=zz"), 400, "application/json"),
        ("/games/abc/record".into(), 400, "text/html"),
    ];
    for (path, status, kind) in &routes {
        let r = get(a, path).await;
        assert_eq!(r.status, *status, "{path}: {}", r.body);
        let content_type = r.header("content-type").unwrap_or_default();
        assert!(
            content_type.starts_with(kind),
            "{path}: content type {content_type}"
        );
        assert_secure(path, &r);
        assert_nothing_private(path, &r.body);
        if *status == 404 && *kind == "text/html" {
            assert!(r.body.contains("<h1>Not found</h1>"), "{path}: {}", r.body);
        }
        if *status == 400 && *kind == "text/html" {
            assert!(
                r.body.contains("<h1>Bad request</h1>"),
                "{path}: {}",
                r.body
            );
        }
    }

    // The tournament's page: standings, a crosstable whose marks link to the games, the games
    // by round; the home page links to it.
    let page = get(a, "/tournaments/1").await.body;
    for shown in [
        "T1 Spring",
        "Crosstable",
        "Round 1",
        "Bob",
        "Sonneborn–Berger",
    ] {
        assert!(page.contains(shown), "{shown}: {page}");
    }
    assert!(page.contains("href=\"/games/"), "{page}");
    assert!(!page.contains("987654321098765432"), "{page}");
    let home = get(a, "/").await.body;
    assert!(home.contains("href=\"/tournaments/1\""), "{home}");
    // A tournament game's page names its tournament and round, linked.
    let first = page
        .split("href=\"/games/")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .unwrap()
        .to_owned();
    let game_page = get(a, &format!("/games/{first}")).await.body;
    assert!(
        game_page.contains("Tournament T1 Spring, round"),
        "{game_page}"
    );
    assert!(game_page.contains("href=\"/tournaments/1\""), "{game_page}");

    // Ann's calendar: her Agon game against Bob if the turn is hers, never a private game's
    // page, and no cache but hers keeps it.
    let r = get(a, &format!("/calendar/{}.ics", w.calendar)).await;
    assert!(r.body.starts_with("BEGIN:VCALENDAR\r\n"), "{}", r.body);
    assert!(r.body.contains("Agora: deadlines of Ann"), "{}", r.body);
    assert!(!r.body.contains(&format!("/games/{private}")), "{}", r.body);
    assert_eq!(r.header("cache-control"), Some("private, max-age=300"));

    // Only GET (and HEAD) are served.
    let r = request(a, "POST", "/", &[]).await;
    assert_eq!(r.status, 405, "{}", r.body);
    assert_secure("POST /", &r);
    let r = request(a, "DELETE", &format!("/games/{agon}"), &[]).await;
    assert_eq!(r.status, 405);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_show_the_games_and_hide_private_ones() {
    let w = world("pages").await;
    let a = &w.address;
    let (agon, agros, private, open, plies) = (w.agon, w.agros, w.private, w.open, w.plies);

    let home = get(a, "/").await.body;
    assert!(home.contains(&format!("href=\"/games/{agon}\"")), "{home}");
    assert!(home.contains(&format!("href=\"/games/{agros}\"")), "{home}");
    assert!(!home.contains(&format!("/games/{private}\"")), "{home}");
    assert!(!home.contains(&format!("#{private} ")), "{home}");
    // The open challenge is listed (it has no page until someone takes it).
    assert!(home.contains(&format!("#{open} Agon")), "{home}");
    assert!(home.contains("id=\"running\""));
    assert!(home.contains("id=\"results\""));
    assert!(home.contains("id=\"leaderboards\""));

    // The game page: board, replay links, the move list, the record.
    let page = get(a, &format!("/games/{agon}?ply=10")).await.body;
    assert!(
        page.contains(&format!(
            "data-game=\"{agon}\" data-ply=\"10\" data-plies=\"{plies}\""
        )),
        "{page}"
    );
    assert!(page.contains("<figure id=\"board\""));
    assert!(page.contains("<svg"));
    assert!(page.contains("class=\"piece\""));
    assert!(
        page.contains(&format!("id=\"prev\" href=\"/games/{agon}?ply=9\"")),
        "{page}"
    );
    assert!(
        page.contains(&format!("id=\"next\" href=\"/games/{agon}?ply=11\"")),
        "{page}"
    );
    assert!(
        page.contains(&format!("id=\"last\" href=\"/games/{agon}?ply={plies}\"")),
        "{page}"
    );
    assert_eq!(
        page.matches("<a data-ply=").count(),
        plies as usize,
        "one link per action"
    );
    assert!(page.contains("data-ply=\"10\" href") && page.contains("aria-current=\"step\""));
    assert!(page.contains(&format!("href=\"/games/{agon}/record\"")));
    assert!(page.contains("<script src=\"/static/replay.js\"></script>"));
    assert!(!page.contains("<script>"), "no inline script");
    assert!(!page.contains("style=\""), "no inline style");
    // Whose turn, the deadline as a machine-readable time, the clock.
    assert!(page.contains("id=\"to-act\""), "{page}");
    assert!(
        page.contains("<time id=\"deadline\" datetime=\"2026-"),
        "{page}"
    );
    assert!(page.contains("id=\"clock\""));

    // The finished Agros game: its result.
    let page = get(a, &format!("/games/{agros}")).await.body;
    assert!(page.contains("id=\"result\""), "{page}");
    assert!(page.contains("resigned"), "{page}");

    // The JSON twin says the same, without the SVG, with links.
    let json: serde_json::Value =
        serde_json::from_str(&get(a, &format!("/api/games/{agon}?ply=2")).await.body).unwrap();
    assert_eq!(json["id"], agon);
    assert_eq!(json["ply"], 2);
    assert_eq!(json["plies"], plies);
    assert_eq!(json["kind"], "agon");
    assert_eq!(json["moves"].as_array().unwrap().len(), plies as usize);
    assert!(json.get("svg").is_none());
    assert_eq!(
        json["links"]["board"],
        format!("/games/{agon}/board.svg?ply=2")
    );

    // The record reads back as the record format.
    let r = get(a, &format!("/games/{agon}/record")).await;
    assert!(
        r.header("content-disposition")
            .is_some_and(|d| d.contains(&format!("agora-{agon}.txt"))),
        "{:?}",
        r.headers
    );
    assert!(r.body.contains(&format!("Agora #{agon}")), "{}", r.body);
    let record = agora_rules::record::Record::parse(&r.body).expect("a record that parses");
    assert_eq!(record.actions().len(), plies as usize);

    // A player's page lists their public games only.
    let dan = get(a, "/players/dan").await.body;
    assert!(dan.contains(&format!("/games/{agros}")), "{dan}");
    assert!(!dan.contains(&format!("/games/{private}")), "{dan}");
    assert!(!dan.contains(&format!("#{private} ")), "{dan}");

    // The board of an earlier ply is another picture.
    let start = get(a, &format!("/games/{agon}/board.svg?ply=0")).await.body;
    let later = get(a, &format!("/games/{agon}/board.svg?ply={plies}"))
        .await
        .body;
    assert!(start.starts_with("<svg"));
    assert_ne!(start, later);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_are_in_the_readers_language() {
    let w = world("languages").await;
    let a = &w.address;
    let path = format!("/games/{}", w.agon);
    let en = get(a, &path).await.body;
    assert!(en.contains("<html lang=\"en\">"));
    let nl = request(
        a,
        "GET",
        &path,
        &[("Accept-Language", "nl-NL,nl;q=0.9,en;q=0.5")],
    )
    .await;
    assert!(nl.body.contains("<html lang=\"nl\">"), "{}", nl.body);
    assert_eq!(nl.header("vary"), Some("Accept-Language"));
    let sv = request(a, "GET", "/nowhere", &[("Accept-Language", "sv-SE")]).await;
    assert_eq!(sv.status, 404);
    assert!(sv.body.contains("<html lang=\"sv\">"), "{}", sv.body);
    assert_ne!(
        sv.body,
        get(a, "/nowhere").await.body,
        "the 404 page is worded in Swedish"
    );
    // A language Agora does not speak falls back to the default.
    let de = request(a, "GET", "/", &[("Accept-Language", "de-DE")]).await;
    assert!(de.body.contains("<html lang=\"en\">"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_500_action_game_page_weighs_under_100_kb_with_its_script() {
    let (service, dir) = support::fresh_service("weight", 3).await;
    let now: DateTime<Utc> = "2026-05-04T09:00:00Z".parse().unwrap();
    let seats = [Identity::local("ann"), Identity::local("bob")];
    for who in &seats {
        say(&service, who, "games", now).await;
    }
    let game = game_number(&say(&service, &seats[0], "challenge bob agon", now).await);
    say(&service, &seats[1], &format!("accept #{game}"), now).await;
    // 500 actions, none of which ends the game, chosen by a fixed pseudo-random sequence.
    let mut position = agora_rules::Variant::Agon.start();
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    for _ in 0..500 {
        let running: Vec<_> = position
            .legal_actions()
            .into_iter()
            .filter(|&a| {
                let mut after = position.clone();
                after.play_unchecked(a);
                !after.is_finished()
            })
            .collect();
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let action = running[(seed >> 33) as usize % running.len()];
        let notation = position.notation(action);
        let who = &seats[position.to_act().index()];
        say(&service, who, &format!("#{game} {notation}"), now).await;
        position.play(action).unwrap();
    }
    let site = Served::start(service.clone()).await;
    let a = site.address();
    let page = get(a, &format!("/games/{game}")).await;
    assert_eq!(page.status, 200);
    assert!(
        page.body.contains("data-plies=\"500\""),
        "a game of 500 actions"
    );
    assert_eq!(
        page.body.matches("<tr><th scope=\"row\">").count(),
        250,
        "a row per turn"
    );
    let script = get(a, "/static/replay.js").await.body.len();
    let style = get(a, "/static/site.css").await.body.len();
    let page = page.body.len();
    println!(
        "a 500-action game: page {page} B, script {script} B, stylesheet {style} B, in all {} B",
        page + script + style
    );
    assert!(
        page + script + style < 100 * 1024,
        "{page} + {script} + {style}"
    );
    site.stop().await;
    service.store().close().await;
    let _ = std::fs::remove_dir_all(&dir);
}
