//! The player's guide and the ways in: `/help` in the reader's language (`Accept-Language`) or
//! the one its path names (`/nl/help`, `/sv/help`), the text of `docs/guide/<lang>.md` with
//! every command of the service's table under its name in that language and the rules of both
//! games, and the invitation to join on the home and help pages (the configured Discord server
//! and mail address).

use crate::http::{get, request};
use agora_service::commands::COMMANDS;
use agora_service::{Language, Service};
use agora_testkit::web as support;
use agora_web::{Site, WebSettings};
use std::net::Ipv4Addr;
use std::sync::Arc;

const INVITE: &str = "https://discord.gg/agora-test";
const ADDRESS: &str = "play@agora.example.org";

/// The site with its ways in configured, served on a loopback port: its address, and the sender
/// that stops it.
async fn serve_with_join(service: Arc<Service>) -> (String, tokio::sync::oneshot::Sender<()>) {
    let listener = tokio::net::TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
        .await
        .unwrap();
    let addr = listener.local_addr().unwrap();
    let site = Site::new(
        service,
        WebSettings {
            listen: addr,
            base_url: format!("http://{addr}"),
            admin_listen: None,
            limits: Default::default(),
            discord_invite: Some(INVITE.to_owned()),
            mail_address: Some(ADDRESS.to_owned()),
        },
    );
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(agora_web::serve(listener, site, async move {
        let _ = stopped.await;
    }));
    (addr.to_string(), stop)
}

/// Every command of the table, under its name in `lang`, in a help page.
fn lists_every_command(page: &str, lang: Language) {
    for command in COMMANDS {
        let name = format!("<code>{}</code>", command.name_in(lang));
        assert!(page.contains(&name), "{lang}: no {name} on the help page");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_help_page_speaks_each_language() {
    let (service, dir) = support::fresh_service("guide", 5).await;
    let site = support::Served::start(service.clone()).await;
    let a = site.address();

    let en = get(a, "/help").await;
    assert_eq!(en.status, 200);
    assert!(en.body.contains("<html lang=\"en\">"), "{}", en.body);
    assert!(en.body.contains("How to play on Agora"), "{}", en.body);
    lists_every_command(&en.body, Language::En);
    for link in ["href=\"/en/rules/agon\"", "href=\"/en/rules/agros\""] {
        assert!(en.body.contains(link), "{link}");
    }
    // Without ways in configured, the page says so rather than inventing one.
    assert!(en.body.contains("does not play by e-mail"), "{}", en.body);
    assert!(!en.body.contains("discord-invite"), "{}", en.body);

    let by_header = request(a, "GET", "/help", &[("Accept-Language", "nl-NL,nl;q=0.9")]).await;
    assert!(by_header.body.contains("<html lang=\"nl\">"));
    assert_eq!(by_header.header("vary"), Some("Accept-Language"));
    let nl = get(a, "/nl/help").await;
    assert_eq!(nl.status, 200);
    assert_eq!(nl.body, by_header.body, "/nl/help is the Dutch guide");
    assert!(nl.body.contains("Zo speel je op Agora"), "{}", nl.body);
    assert!(nl.body.contains("<code>uitdagen</code>"), "{}", nl.body);
    lists_every_command(&nl.body, Language::Nl);

    let sv = get(a, "/sv/help").await;
    assert!(sv.body.contains("<html lang=\"sv\">"));
    assert!(sv.body.contains("Så spelar du på Agora"), "{}", sv.body);
    assert!(sv.body.contains("<code>utmana</code>"), "{}", sv.body);
    lists_every_command(&sv.body, Language::Sv);
    // Whatever the browser prefers, a path's language wins.
    let sv_for_nl = request(a, "GET", "/sv/help", &[("Accept-Language", "nl")]).await;
    assert_eq!(sv_for_nl.body, sv.body);
    assert_eq!(get(a, "/de/help").await.status, 404);

    // The rules, in each language, from the same texts as `help rules`.
    for (path, words) in [
        ("/en/rules/agon", service.rules_text("agon", Language::En)),
        ("/nl/rules/agros", service.rules_text("agros", Language::Nl)),
        ("/sv/rules/agon", service.rules_text("agon", Language::Sv)),
    ] {
        let page = get(a, path).await;
        assert_eq!(page.status, 200, "{path}");
        let first = words
            .expect("rules")
            .lines()
            .next()
            .unwrap_or_default()
            .to_owned();
        assert!(page.body.contains(&first), "{path}: no {first:?}");
    }
    assert_eq!(get(a, "/en/rules/chess").await.status, 404);
    assert_eq!(get(a, "/rules/agon").await.status, 200);

    // Every page links to the guide in its language.
    let home = request(a, "GET", "/", &[("Accept-Language", "sv")]).await;
    assert!(home.body.contains("href=\"/sv/help\""), "{}", home.body);

    site.stop().await;
    service.store().close().await;
    let _ = std::fs::remove_dir_all(&dir);
}

/// The headings of `docs/guide/<lang>.md`, as the page shows them: `(level, text)`.
fn guide_headings(lang: Language) -> Vec<(usize, String)> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(format!("../../docs/guide/{}.md", lang.code()));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    text.lines()
        .filter(|l| l.starts_with('#'))
        .map(|l| {
            let level = l.chars().take_while(|&c| c == '#').count();
            (level, l[level..].trim().to_owned())
        })
        .collect()
}

/// The page `/<lang>/help` serves is the guide in `docs/guide/<lang>.md`: its title and every
/// heading, in order, with the sections that depend on the configuration chosen by it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_help_page_is_the_guide_in_docs() {
    let (service, dir) = support::fresh_service("guide-docs", 5).await;
    let (a, stop) = serve_with_join(service.clone()).await;
    let bare = support::Served::start(service.clone()).await;

    for lang in Language::ALL {
        let headings = guide_headings(lang);
        assert!(headings.len() >= 8, "{lang}: {headings:?}");
        let page = get(&a, &format!("/{}/help", lang.code())).await.body;
        assert!(page.contains(&format!("<html lang=\"{}\">", lang.code())));
        let (_, title) = &headings[0];
        assert!(
            page.contains(&format!("<title>{title} — ")),
            "{lang}: the title {title:?}"
        );
        let mut from = 0;
        for (level, text) in &headings {
            let tag = format!("<h{level}>{text}</h{level}>");
            let Some(at) = page[from..].find(&tag) else {
                panic!(
                    "{lang}: no {tag} (in order) on /{}/help:\n{page}",
                    lang.code()
                );
            };
            from += at + tag.len();
        }
        // The command table stands where the guide puts it: after the heading before its place.
        let table = page
            .find("<table id=\"commands\">")
            .expect("the command table");
        let (_, rules) = headings.last().unwrap();
        assert!(
            table < page.find(&format!("<h2>{rules}</h2>")).unwrap(),
            "{lang}"
        );
        // Nothing of the guide's source shows: no directive, no placeholder.
        for raw in ["<!--", "{mail_address}", "{discord_invite}"] {
            assert!(!page.contains(raw), "{lang}: {raw} on the page");
        }

        // Without the ways in, the same headings, and the page says there are none.
        let without = get(bare.address(), &format!("/{}/help", lang.code()))
            .await
            .body;
        for (level, text) in &headings {
            assert!(
                without.contains(&format!("<h{level}>{text}</h{level}>")),
                "{lang}: {text}"
            );
        }
        assert!(!without.contains("mailto:"), "{lang}");
        assert!(!without.contains("discord.gg"), "{lang}");
    }

    bare.stop().await;
    let _ = stop.send(());
    service.store().close().await;
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_home_page_tells_a_visitor_how_to_join() {
    let (service, dir) = support::fresh_service("join", 5).await;
    let (a, stop) = serve_with_join(service.clone()).await;

    for (path, header) in [
        ("/", "en"),
        ("/", "nl"),
        ("/en/help", "en"),
        ("/sv/help", "sv"),
    ] {
        let page = request(&a, "GET", path, &[("Accept-Language", header)]).await;
        assert_eq!(page.status, 200, "{path}");
        // The page escapes `/` in attributes, as HTML allows.
        let body = page.body.replace("&#x2f;", "/");
        assert!(
            body.contains(&format!("href=\"{INVITE}\"")),
            "{path} ({header}): the Discord invitation"
        );
        assert!(
            body.contains(&format!("href=\"mailto:{ADDRESS}\"")),
            "{path} ({header}): the mail address"
        );
    }
    let nl = request(&a, "GET", "/", &[("Accept-Language", "nl")]).await;
    assert!(nl.body.contains("Meedoen"), "{}", nl.body);
    assert!(
        nl.body.replace("&#x2f;", "/").contains("/uitdagen"),
        "the Dutch command: {}",
        nl.body
    );

    // Without them, the home page offers the guide alone.
    let site = support::Served::start(service.clone()).await;
    let home = get(site.address(), "/").await.body;
    assert!(!home.contains("mailto:"), "{home}");
    assert!(home.contains("href=\"/en/help\""), "{home}");
    site.stop().await;
    let _ = stop.send(());
    service.store().close().await;
    let _ = std::fs::remove_dir_all(&dir);
}
