//! The website in a real browser: headless Chromium driven through chromedriver, against the site
//! served on a loopback port over a service with real games in a fresh SQLite file.
//!
//! - The home page lists the running games, the open challenge and the finished game as links.
//! - A game page draws the pieces of the position the rules give after the same actions, at the
//!   current ply and at earlier ones (`?ply=N`), with the move list and the record link.
//! - The replay steps through the moves (buttons, keys, a click on a move) without loading a page,
//!   keeping the address bar's `?ply=N` in step.
//! - Every action of a 1,000-action game can be reached in its list, which scrolls down by turns
//!   and never sideways, and a click on the last one shows the final position and its words.
//! - A screenshot of a game page is kept under the test's output directory
//!   (`web-screenshots/`).
//! - Nothing shows an error in the browser's console (a Content-Security-Policy violation is one).
//!
//! Each test starts its own chromedriver and browser and ends them. Without chromedriver
//! the tests say `SKIPPED: no chromedriver` and pass, unless `AGORA_REQUIRE_BROWSER=1`.

use agora_testkit::web as support;

use agora_rules::agros::Content;
use agora_rules::{AnyPosition, Seat, Variant};
use agora_service::{Identity, Inbound, Service, Status};
use fantoccini::Locator;
use fantoccini::key::Key;
use serde_json::Value;
use std::sync::Arc;
use std::time::{Duration, Instant};
use support::{Browser, PATIENCE, Served, browser_available};

/// A game played through the service, with what the rules say of each of its positions.
struct Played {
    id: i64,
    /// The actions in the service's notation; `moves[k - 1]` leads to `positions[k]`.
    moves: Vec<String>,
    /// `positions[k]` is the position after `k` actions.
    positions: Vec<AnyPosition>,
}

impl Played {
    fn plies(&self) -> u32 {
        self.moves.len() as u32
    }
}

/// The games on the site.
struct Games {
    service: Arc<Service>,
    /// Agon between ann and bob, running, ~30 actions with captures.
    agon: Played,
    /// Agros 8×8 with 3 farmers between cid and dan, running, a few actions with sows.
    agros: Played,
    /// Agon between ann and cid, over: cid resigned.
    finished: i64,
    /// An open Agon challenge by eve.
    challenge: i64,
    /// Where the database is.
    dir: std::path::PathBuf,
}

impl Games {
    /// Closes the database and removes it.
    async fn finish(self) {
        self.service.store().close().await;
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

async fn say(service: &Service, who: &str, text: &str) -> agora_service::Answer {
    let inbound = Inbound {
        text: text.to_owned(),
        ..Inbound::new(Identity::local(who))
    };
    let answer = service
        .handle(&inbound, std::time::SystemTime::now().into())
        .await
        .unwrap_or_else(|e| panic!("{who}: {text}: {e}"));
    assert_eq!(
        answer.status,
        Status::Done,
        "{who}: {text}: {}",
        answer.text
    );
    answer
}

/// The game an answer is about: the one it names, else the first `#N` of its text.
fn game_of(answer: &agora_service::Answer) -> i64 {
    answer.game.unwrap_or_else(|| {
        answer
            .text
            .split('#')
            .skip(1)
            .find_map(|t| {
                let digits: String = t.chars().take_while(char::is_ascii_digit).collect();
                digits.parse().ok()
            })
            .unwrap_or_else(|| panic!("a game number in {}", answer.text))
    })
}

/// Starts a game: `first` challenges `second`, who accepts. Returns its number.
async fn start_game(service: &Service, first: &str, second: &str, what: &str) -> i64 {
    let game = game_of(&say(service, first, &format!("challenge {second} {what}")).await);
    say(service, second, &format!("accept #{game}")).await;
    game
}

/// A small, fixed sequence of choices, so every run plays the same games.
struct Choices(u64);

impl Choices {
    fn pick(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) as usize % n
    }
}

/// Plays up to `actions` actions of a started game, each chosen among the legal actions the
/// service offers the player to act, and follows each on the
/// rules' own position.
async fn play(
    service: &Service,
    id: i64,
    seats: [&str; 2],
    variant: Variant,
    actions: usize,
) -> Played {
    let mut position = variant.start();
    let mut played = Played {
        id,
        moves: Vec::new(),
        positions: vec![position.clone()],
    };
    let mut choices = Choices(7);
    for _ in 0..actions {
        if position.is_finished() {
            break;
        }
        let who = seats[position.to_act().index()];
        let legal = service
            .legal_actions(&Identity::local(who).to_string(), Some(id))
            .await
            .unwrap();
        assert!(!legal.is_empty(), "{who} has legal actions in game #{id}");
        // An Agon capture (`…x…`) or an Agros sow (`…=…`) when there is one: they leave
        // captured pieces and loose seeds for the board to show.
        let marked = match variant {
            Variant::Agon => 'x',
            Variant::Agros { .. } => '=',
        };
        let preferred: Vec<&String> = legal.iter().filter(|a| a.contains(marked)).collect();
        let pool: Vec<&String> = if preferred.is_empty() {
            legal.iter().collect()
        } else {
            preferred
        };
        let notation = pool[choices.pick(pool.len())].clone();
        say(service, who, &format!("#{id} {notation}")).await;
        let action = position
            .parse_action(&notation)
            .unwrap_or_else(|e| panic!("the rules take {notation}: {e}"));
        position.play(action).unwrap();
        played.moves.push(notation);
        played.positions.push(position.clone());
    }
    played
}

/// A service on a fresh SQLite file with the games every test looks at.
async fn games(test: &str) -> Games {
    let (service, dir) = support::fresh_service(&format!("browser-{test}"), 7).await;
    // Everyone says something first, so each is a player the others can challenge.
    for who in ["ann", "bob", "cid", "dan", "eve"] {
        say(&service, who, "games").await;
    }
    let id = start_game(&service, "ann", "bob", "agon").await;
    let agon = play(&service, id, ["ann", "bob"], Variant::Agon, 30).await;
    assert_eq!(agon.plies(), 30, "the Agon game runs on past 30 actions");
    let id = start_game(&service, "cid", "dan", "agros board 8 farmers 3").await;
    let variant = Variant::Agros {
        board: 8,
        farmers: 3,
    };
    let agros = play(&service, id, ["cid", "dan"], variant, 7).await;
    let finished = start_game(&service, "ann", "cid", "agon").await;
    say(&service, "ann", &format!("#{finished} k1-j1")).await;
    say(&service, "cid", &format!("#{finished} a6-a5")).await;
    say(&service, "cid", &format!("resign #{finished}")).await;
    let challenge = game_of(&say(&service, "eve", "challenge anyone agon").await);
    Games {
        service,
        agon,
        agros,
        finished,
        challenge,
        dir,
    }
}

/// A piece as the page draws it, or as the rules place it: cell, side, kind, captured.
type Piece = (String, String, String, bool);

fn side(seat: Seat) -> String {
    match seat {
        Seat::First => "first",
        Seat::Second => "second",
    }
    .to_owned()
}

/// The pieces of a position, sorted: Agon's queens and guards, Agros's farmers and loose seeds.
fn pieces(position: &AnyPosition) -> Vec<Piece> {
    let mut out: Vec<Piece> = match position {
        AnyPosition::Agon(p) => p
            .pieces()
            .map(|(cell, piece)| {
                (
                    cell.to_string(),
                    side(piece.seat),
                    piece.kind.name().to_owned(),
                    piece.captured,
                )
            })
            .collect(),
        AnyPosition::Agros(p) => p
            .squares()
            .filter_map(|square| {
                let (seat, kind) = match p.content(square)? {
                    Content::Farmer { seat, .. } => (seat, "farmer"),
                    Content::Seed(seat) => (seat, "seed"),
                };
                Some((square.to_string(), side(seat), kind.to_owned(), false))
            })
            .collect(),
    };
    out.sort();
    out
}

/// What a game page shows right now, read in one go.
#[derive(Debug)]
struct Shown {
    /// The text of `output#ply`.
    ply: Option<String>,
    /// `main#game`'s `data-ply`, `data-plies` and `data-game`.
    data_ply: Option<String>,
    data_plies: Option<String>,
    data_game: Option<String>,
    /// The path and query in the address bar.
    location: String,
    /// Whether `#board` holds an inline SVG.
    svg: bool,
    /// The `g.piece` groups of the board, sorted.
    pieces: Vec<Piece>,
    /// The `data-ply` of the moves marked `aria-current="step"`.
    current: Vec<String>,
    /// Set by the test before stepping; a page load loses it.
    marker: Value,
}

const SHOWN: &str = r#"
const main = document.querySelector('main#game');
const out = document.querySelector('output#ply');
const attr = (e, name) => (e ? e.getAttribute(name) : null);
const pieces = Array.from(document.querySelectorAll('#board svg g.piece')).map(g => [
  attr(g, 'data-cell'), attr(g, 'data-side'), attr(g, 'data-kind'), attr(g, 'data-captured'),
]);
const current = Array.from(document.querySelectorAll('#moves [aria-current="step"]')).map(e => {
  const a = e.matches('[data-ply]') ? e : e.querySelector('[data-ply]');
  return attr(a, 'data-ply');
});
return {
  ply: out ? out.textContent.trim() : null,
  dataPly: attr(main, 'data-ply'),
  dataPlies: attr(main, 'data-plies'),
  dataGame: attr(main, 'data-game'),
  location: location.pathname + location.search,
  svg: !!document.querySelector('#board svg'),
  pieces,
  current,
  marker: window.agoraTestMarker === undefined ? null : window.agoraTestMarker,
};
"#;

async fn shown(browser: &Browser) -> Shown {
    let v = browser.js(SHOWN).await;
    let text = |v: &Value| v.as_str().map(str::to_owned);
    let mut pieces: Vec<Piece> = v["pieces"]
        .as_array()
        .expect("a list of pieces")
        .iter()
        .map(|p| {
            (
                text(&p[0]).unwrap_or_default(),
                text(&p[1]).unwrap_or_default(),
                text(&p[2]).unwrap_or_default(),
                p[3] == "true",
            )
        })
        .collect();
    pieces.sort();
    Shown {
        ply: text(&v["ply"]),
        data_ply: text(&v["dataPly"]),
        data_plies: text(&v["dataPlies"]),
        data_game: text(&v["dataGame"]),
        location: text(&v["location"]).unwrap_or_default(),
        svg: v["svg"] == true,
        pieces,
        current: v["current"]
            .as_array()
            .map(|a| a.iter().filter_map(text).collect())
            .unwrap_or_default(),
        marker: v["marker"].clone(),
    }
}

/// Waits until the page shows `game` after `ply` actions: `#ply`, `data-ply`, the address bar,
/// the board's pieces and the current move all agree. Panics with what it shows after a while.
async fn wait_shown(browser: &Browser, game: &Played, ply: u32, what: &str) -> Shown {
    let want = pieces(&game.positions[ply as usize]);
    let location = format!("/games/{}?ply={ply}", game.id);
    let current: Vec<String> = if ply == 0 {
        Vec::new()
    } else {
        vec![ply.to_string()]
    };
    let deadline = Instant::now() + PATIENCE;
    loop {
        let s = shown(browser).await;
        let ok = s.ply.as_deref() == Some(&*ply.to_string())
            && s.data_ply.as_deref() == Some(&*ply.to_string())
            && s.location == location
            && s.pieces == want
            && s.current == current;
        if ok {
            return s;
        }
        if Instant::now() > deadline {
            panic!(
                "{what}: the page should show game #{} at ply {ply} ({location}, #ply {ply}, \
                 data-ply {ply}, aria-current on move {current:?}, pieces {want:?});\nit shows \
                 #ply {:?}, data-ply {:?}, {}, aria-current on {:?}, pieces {:?}",
                game.id, s.ply, s.data_ply, s.location, s.current, s.pieces
            );
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The absolute address a link of the page leads to.
async fn link_target(browser: &Browser, css: &str) -> String {
    let script = format!(
        "const a = document.querySelector({}); return a ? a.href : null;",
        Value::from(css)
    );
    browser
        .js(&script)
        .await
        .as_str()
        .unwrap_or_else(|| panic!("the page has a link {css}"))
        .to_owned()
}

async fn click(browser: &Browser, css: &str) {
    browser
        .client
        .find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("the page has {css}: {e}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("clicking {css}: {e}"));
}

async fn press(browser: &Browser, key: Key) {
    browser
        .client
        .find(Locator::Css("body"))
        .await
        .expect("a body")
        .send_keys(&key)
        .await
        .unwrap_or_else(|e| panic!("pressing {key:?}: {e}"));
}

/// Loads a page and waits until it has loaded in full.
async fn goto(browser: &Browser, url: &str) {
    browser
        .client
        .goto(url)
        .await
        .unwrap_or_else(|e| panic!("loading {url}: {e}"));
    let deadline = Instant::now() + PATIENCE;
    while browser.js("return document.readyState;").await != "complete" {
        assert!(Instant::now() < deadline, "{url} did not finish loading");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The ids of the games a section of the home page links to, in its order.
async fn linked_games(browser: &Browser, section: &str) -> Vec<i64> {
    let script = format!(
        "const s = document.getElementById({}); if (!s) return null; \
         return Array.from(s.querySelectorAll('a[href]')).map(a => a.getAttribute('href'));",
        Value::from(section)
    );
    let v = browser.js(&script).await;
    let hrefs = v
        .as_array()
        .unwrap_or_else(|| panic!("the home page has #{section}"));
    hrefs
        .iter()
        .filter_map(|h| h.as_str()?.strip_prefix("/games/")?.parse().ok())
        .collect()
}

async fn section_text(browser: &Browser, section: &str) -> String {
    let script = format!(
        "const s = document.getElementById({}); return s ? s.textContent : null;",
        Value::from(section)
    );
    browser
        .js(&script)
        .await
        .as_str()
        .unwrap_or_else(|| panic!("the home page has #{section}"))
        .to_owned()
}

/// The first ply of a game whose position has a captured Agon piece.
fn ply_with_a_capture(game: &Played) -> u32 {
    let has = |p: &AnyPosition| pieces(p).iter().any(|piece| piece.3);
    game.positions
        .iter()
        .position(has)
        .expect("the Agon game has a captured piece on the board at some ply") as u32
}

/// Where the screenshots go: `web-screenshots/` under the tests' output directory.
fn screenshot_path(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("web-screenshots")
        .join(name)
}

/// A PNG's width and height, from its header.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert!(
        bytes.len() > 24 && bytes.starts_with(b"\x89PNG\r\n\x1a\n") && &bytes[12..16] == b"IHDR",
        "a PNG"
    );
    let be = |b: &[u8]| u32::from_be_bytes([b[0], b[1], b[2], b[3]]);
    (be(&bytes[16..20]), be(&bytes[20..24]))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_home_page_lists_the_games_as_links() {
    if !browser_available() {
        return;
    }
    let games = games("home").await;
    let site = Served::start(games.service.clone()).await;
    let browser = Browser::open().await;

    goto(&browser, &site.url("/")).await;
    let h1 = browser
        .client
        .find(Locator::Css("h1"))
        .await
        .expect("the home page has an h1")
        .text()
        .await
        .unwrap();
    assert!(!h1.trim().is_empty(), "the h1 says something");
    let running = linked_games(&browser, "running").await;
    for id in [games.agon.id, games.agros.id] {
        assert!(
            running.contains(&id),
            "#running links to game #{id}: {running:?}"
        );
    }
    assert!(
        !running.contains(&games.finished),
        "#running does not list the finished game #{}: {running:?}",
        games.finished
    );
    let results = linked_games(&browser, "results").await;
    assert!(
        results.contains(&games.finished),
        "#results links to the finished game #{}: {results:?}",
        games.finished
    );
    let challenges = section_text(&browser, "challenges").await;
    assert!(
        challenges.contains("eve"),
        "#challenges shows eve's open challenge #{}: {challenges:?}",
        games.challenge
    );
    section_text(&browser, "leaderboards").await;
    browser.assert_no_console_errors("loading the home page");

    // The page comes with a Content-Security-Policy that allows no inline script.
    let policy = browser
        .client
        .execute_async(
            "const done = arguments[arguments.length - 1]; \
             fetch(location.href).then(r => done(r.headers.get('content-security-policy')), \
             e => done('failed: ' + e));",
            Vec::new(),
        )
        .await
        .expect("fetching the home page again");
    let policy = policy.as_str().expect("a Content-Security-Policy header");
    let scripts = policy
        .split(';')
        .map(str::trim)
        .find(|d| d.starts_with("script-src "))
        .or_else(|| {
            policy
                .split(';')
                .map(str::trim)
                .find(|d| d.starts_with("default-src "))
        })
        .unwrap_or_else(|| panic!("the policy governs scripts: {policy}"));
    assert!(
        !scripts.contains("'unsafe-inline'") && !scripts.contains("'unsafe-eval'"),
        "no inline or eval'd scripts: {policy}"
    );

    std::fs::create_dir_all(screenshot_path("")).unwrap();
    let png = browser.client.screenshot().await.expect("a screenshot");
    png_size(&png);
    std::fs::write(screenshot_path("home.png"), &png).unwrap();

    // A running game's link leads to its page.
    click(
        &browser,
        &format!("#running a[href=\"/games/{}\"]", games.agon.id),
    )
    .await;
    let deadline = Instant::now() + PATIENCE;
    let s = loop {
        let s = shown(&browser).await;
        if s.data_game.is_some() || Instant::now() > deadline {
            break s;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(s.location, format!("/games/{}", games.agon.id));
    assert_eq!(s.data_game, Some(games.agon.id.to_string()), "{s:?}");
    assert!(s.svg, "the game page draws its board");
    browser.assert_no_console_errors("following a game's link");

    browser.close().await;
    site.stop().await;
    games.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_page_shows_the_position_the_rules_give() {
    if !browser_available() {
        return;
    }
    let games = games("game").await;
    let site = Served::start(games.service.clone()).await;
    let browser = Browser::open().await;
    let agon = &games.agon;
    let plies = agon.plies();

    // The current position by default.
    goto(&browser, &site.url(&format!("/games/{}", agon.id))).await;
    let s = shown(&browser).await;
    assert!(s.svg, "#board holds an inline svg");
    assert_eq!(s.data_game, Some(agon.id.to_string()));
    assert_eq!(
        s.data_ply,
        Some(plies.to_string()),
        "data-ply is the current ply"
    );
    assert_eq!(s.data_plies, Some(plies.to_string()));
    assert_eq!(s.ply, Some(plies.to_string()), "#ply shows the current ply");
    let want = pieces(&agon.positions[plies as usize]);
    assert_eq!(
        s.pieces.len(),
        want.len(),
        "as many pieces as the rules have"
    );
    assert_eq!(s.pieces, want, "the pieces of the current position");
    assert_eq!(
        s.current,
        vec![plies.to_string()],
        "the last move is the current one"
    );

    // The actions by turn: a row per turn, its number and then each side's action, each a link
    // to its ply with the action's notation (AG-16: turn N holds actions 2N-1 and 2N).
    let moves = browser
        .js(
            "return Array.from(document.querySelectorAll('table#moves > tbody > tr')).map(tr => \
               [tr.querySelector('th').textContent.trim()].concat( \
                 Array.from(tr.querySelectorAll('a[data-ply]')).map(a => \
                   [a.getAttribute('data-ply'), a.href, a.textContent.trim()])));",
        )
        .await;
    let turns = moves.as_array().expect("the move list");
    assert_eq!(
        turns.len(),
        agon.moves.len().div_ceil(2),
        "one row per turn: {turns:?}"
    );
    // (turn number, link) for every action, in order.
    let links: Vec<(Value, &Value)> = turns
        .iter()
        .flat_map(|row| {
            let row = row.as_array().expect("a row");
            row[1..].iter().map(move |a| (row[0].clone(), a))
        })
        .collect();
    assert_eq!(links.len(), agon.moves.len(), "one link per action");
    for (k, ((turn, link), notation)) in links.into_iter().zip(&agon.moves).enumerate() {
        let ply = k + 1;
        let expected = serde_json::json!([
            ply.to_string(),
            site.url(&format!("/games/{}?ply={ply}", agon.id)),
            notation
        ]);
        assert_eq!(
            turn,
            ply.div_ceil(2).to_string(),
            "the turn of action {ply}"
        );
        assert_eq!(link, &expected, "move {ply}");
    }
    assert_eq!(
        link_target(&browser, "a#record").await,
        site.url(&format!("/games/{}/record", agon.id)),
    );
    assert!(
        browser
            .js("return !!document.querySelector('script[src=\"/static/replay.js\"]');")
            .await
            == true,
        "the page loads /static/replay.js"
    );
    browser.assert_no_console_errors("loading a game page");

    // The start, and a position with a captured piece, by `?ply=`.
    let capture = ply_with_a_capture(agon);
    for ply in [0, capture, plies / 2] {
        goto(
            &browser,
            &site.url(&format!("/games/{}?ply={ply}", agon.id)),
        )
        .await;
        let s = shown(&browser).await;
        assert_eq!(s.data_ply, Some(ply.to_string()), "data-ply at ?ply={ply}");
        assert_eq!(
            s.data_plies,
            Some(plies.to_string()),
            "data-plies at ?ply={ply}"
        );
        assert_eq!(s.ply, Some(ply.to_string()), "#ply at ?ply={ply}");
        assert_eq!(
            s.pieces,
            pieces(&agon.positions[ply as usize]),
            "the pieces after {ply} actions"
        );
        let current = if ply == 0 {
            vec![]
        } else {
            vec![ply.to_string()]
        };
        assert_eq!(s.current, current, "aria-current at ?ply={ply}");
    }
    browser.assert_no_console_errors("loading earlier plies");

    // The replay links work without a script: they are plain `?ply=` links.
    let mid = plies / 2;
    goto(
        &browser,
        &site.url(&format!("/games/{}?ply={mid}", agon.id)),
    )
    .await;
    let page = site.url(&format!("/games/{}", agon.id));
    for (css, ply) in [
        ("nav#replay a#first", 0),
        ("nav#replay a#prev", mid - 1),
        ("nav#replay a#next", mid + 1),
        ("nav#replay a#last", plies),
    ] {
        assert_eq!(
            link_target(&browser, css).await,
            format!("{page}?ply={ply}"),
            "{css} at ply {mid}"
        );
    }

    // The record, as text (a download: read it as the page's own script would).
    let record = browser
        .client
        .execute_async(
            "const done = arguments[arguments.length - 1]; \
             fetch(document.querySelector('a#record').href).then( \
               r => r.text().then(t => done([r.status, r.headers.get('content-type'), t])), \
               e => done(['failed', String(e)]));",
            Vec::new(),
        )
        .await
        .expect("fetching the record");
    assert_eq!(record[0], 200, "the record: {record}");
    assert!(
        record[1]
            .as_str()
            .is_some_and(|t| t.starts_with("text/plain")),
        "the record is text: {record}"
    );
    let record = record[2].as_str().unwrap_or_default();
    for notation in [&agon.moves[0], agon.moves.last().unwrap()] {
        assert!(
            record.contains(notation.as_str()),
            "the record has {notation}: {record}"
        );
    }

    // Agros: the farmers and seeds where the rules put them; none before the first placement.
    let agros = &games.agros;
    goto(&browser, &site.url(&format!("/games/{}", agros.id))).await;
    let s = shown(&browser).await;
    assert!(s.svg, "the Agros board is an inline svg");
    assert_eq!(s.data_ply, Some(agros.plies().to_string()));
    let want = pieces(agros.positions.last().unwrap());
    assert!(
        want.iter().any(|p| p.2 == "seed") && want.iter().any(|p| p.2 == "farmer"),
        "the Agros game has farmers and loose seeds on the board: {want:?}"
    );
    assert_eq!(
        s.pieces, want,
        "the farmers and seeds of the current Agros position"
    );
    goto(&browser, &site.url(&format!("/games/{}?ply=0", agros.id))).await;
    let s = shown(&browser).await;
    assert_eq!(s.data_ply, Some("0".to_owned()));
    assert!(
        s.pieces.is_empty(),
        "nothing on the board before the first action: {:?}",
        s.pieces
    );
    goto(&browser, &site.url(&format!("/games/{}?ply=3", agros.id))).await;
    assert_eq!(
        shown(&browser).await.pieces,
        pieces(&agros.positions[3]),
        "Agros at ply 3"
    );
    browser.assert_no_console_errors("loading the Agros game");

    browser.close().await;
    site.stop().await;
    games.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_replay_steps_through_the_moves_without_a_page_load() {
    if !browser_available() {
        return;
    }
    let games = games("replay").await;
    let site = Served::start(games.service.clone()).await;
    let browser = Browser::open().await;
    let agon = &games.agon;
    let plies = agon.plies();

    goto(&browser, &site.url(&format!("/games/{}?ply=0", agon.id))).await;
    wait_shown(&browser, agon, 0, "?ply=0").await;
    browser.js("window.agoraTestMarker = 1; return null;").await;

    press(&browser, Key::Right).await;
    wait_shown(&browser, agon, 1, "ArrowRight from the start").await;
    click(&browser, "nav#replay a#next").await;
    wait_shown(&browser, agon, 2, "#next from ply 1").await;
    let url = browser.client.current_url().await.unwrap();
    assert!(url.as_str().ends_with("?ply=2"), "the address bar: {url}");
    assert_eq!(url.path(), format!("/games/{}", agon.id));

    press(&browser, Key::Left).await;
    wait_shown(&browser, agon, 1, "ArrowLeft from ply 2").await;
    click(&browser, "nav#replay a#last").await;
    wait_shown(&browser, agon, plies, "#last").await;
    click(&browser, "nav#replay a#first").await;
    wait_shown(&browser, agon, 0, "#first").await;
    press(&browser, Key::End).await;
    wait_shown(&browser, agon, plies, "End").await;
    press(&browser, Key::Home).await;
    wait_shown(&browser, agon, 0, "Home").await;

    // A move of the list, then one back: a captured piece shows on the way.
    let capture = ply_with_a_capture(agon).max(2);
    click(&browser, &format!("table#moves a[data-ply=\"{capture}\"]")).await;
    wait_shown(&browser, agon, capture, "a click on a move").await;
    click(&browser, "nav#replay a#prev").await;
    wait_shown(&browser, agon, capture - 1, "#prev").await;
    press(&browser, Key::Right).await;
    let s = wait_shown(&browser, agon, capture, "ArrowRight to the capture").await;
    assert!(
        s.pieces.iter().any(|p| p.3),
        "a piece marked data-captured: {:?}",
        s.pieces
    );

    let s = shown(&browser).await;
    assert_eq!(s.marker, 1, "no page was loaded while stepping");
    browser.assert_no_console_errors("stepping through the moves");

    browser.close().await;
    site.stop().await;
    games.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_screenshot_of_a_game_page() {
    if !browser_available() {
        return;
    }
    let games = games("screenshot").await;
    let site = Served::start(games.service.clone()).await;
    let browser = Browser::open().await;
    std::fs::create_dir_all(screenshot_path("")).unwrap();

    for (game, name) in [(&games.agon, "game.png"), (&games.agros, "agros.png")] {
        goto(&browser, &site.url(&format!("/games/{}", game.id))).await;
        let s = shown(&browser).await;
        assert!(s.svg, "the board is drawn");
        assert_eq!(s.pieces, pieces(game.positions.last().unwrap()));
        let png = browser.client.screenshot().await.expect("a screenshot");
        let (width, height) = png_size(&png);
        assert!(width > 0 && height > 0, "{name} is {width}×{height}");
        let path = screenshot_path(name);
        std::fs::write(&path, &png).unwrap();
        assert!(std::fs::metadata(&path).unwrap().len() > 0);
        println!("screenshot: {}", path.display());
    }
    browser.assert_no_console_errors("the screenshots");

    browser.close().await;
    site.stop().await;
    games.finish().await;
}

/// Plays `actions` actions of a started Agon game of which none ends it, each chosen among the
/// legal actions that leave the game running, and follows each on the rules' own position.
async fn play_without_ending(
    service: &Service,
    id: i64,
    seats: [&str; 2],
    actions: usize,
) -> Played {
    let mut position = Variant::Agon.start();
    let mut played = Played {
        id,
        moves: Vec::new(),
        positions: vec![position.clone()],
    };
    let mut choices = Choices(11);
    for _ in 0..actions {
        let running: Vec<_> = position
            .legal_actions()
            .into_iter()
            .filter(|&a| {
                let mut after = position.clone();
                after.play_unchecked(a);
                !after.is_finished()
            })
            .collect();
        assert!(!running.is_empty(), "an action that keeps the game going");
        let action = running[choices.pick(running.len())];
        let notation = position.notation(action);
        let who = seats[position.to_act().index()];
        say(service, who, &format!("#{id} {notation}")).await;
        position.play(action).unwrap();
        played.moves.push(notation);
        played.positions.push(position.clone());
    }
    played
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_action_of_a_thousand_action_game_can_be_reached_and_clicked() {
    if !browser_available() {
        return;
    }
    let (service, dir) = support::fresh_service("browser-long", 7).await;
    for who in ["ann", "bob"] {
        say(&service, who, "games").await;
    }
    let id = start_game(&service, "ann", "bob", "agon").await;
    let long = play_without_ending(&service, id, ["ann", "bob"], 1000).await;
    let site = Served::start(service.clone()).await;
    let browser = Browser::open().await;

    goto(&browser, &site.url(&format!("/games/{id}?ply=0"))).await;
    wait_shown(&browser, &long, 0, "the start of a long game").await;
    // The list holds every turn and scrolls down, never sideways; nor does the page.
    let sizes = browser
        .js(
            "const box = document.getElementById('moves-box'); \
             const page = document.documentElement; \
             return { rows: document.querySelectorAll('#moves tbody tr').length, \
                      links: document.querySelectorAll('#moves a[data-ply]').length, \
                      scrollWidth: box.scrollWidth, clientWidth: box.clientWidth, \
                      scrollHeight: box.scrollHeight, clientHeight: box.clientHeight, \
                      pageScrollWidth: page.scrollWidth, pageWidth: page.clientWidth, \
                      last: document.querySelector('#moves tbody tr:last-child th').textContent.trim() };",
        )
        .await;
    println!("the list of a 1,000-action game: {sizes}");
    assert_eq!(sizes["rows"], 500, "{sizes}");
    assert_eq!(sizes["links"], 1000, "{sizes}");
    assert_eq!(sizes["last"], "500", "{sizes}");
    let number = |key: &str| sizes[key].as_f64().unwrap_or(f64::NAN);
    assert!(
        number("scrollWidth") <= number("clientWidth"),
        "the list scrolls sideways: {sizes}"
    );
    assert!(
        number("scrollHeight") > number("clientHeight"),
        "the list scrolls down: {sizes}"
    );
    assert!(
        number("pageScrollWidth") <= number("pageWidth"),
        "the page scrolls sideways: {sizes}"
    );

    // The last action, reached by scrolling the list, shows the final position.
    click(&browser, "table#moves a[data-ply=\"1000\"]").await;
    wait_shown(&browser, &long, 1000, "a click on the last action").await;
    let words = browser
        .js("return document.getElementById('position-text').textContent;")
        .await;
    let last = long.moves.last().unwrap();
    let step = last.split('x').next().unwrap_or(last);
    assert!(
        words.as_str().is_some_and(|w| w.contains(step)),
        "the position in words follows the board: {words} (last action {last})"
    );
    // And one in the middle, further up the list.
    click(&browser, "table#moves a[data-ply=\"501\"]").await;
    wait_shown(&browser, &long, 501, "a click on action 501").await;
    browser.assert_no_console_errors("the long game");

    browser.close().await;
    site.stop().await;
    service.store().close().await;
    let _ = std::fs::remove_dir_all(&dir);
}
