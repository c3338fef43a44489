//! What a reader who cannot see the board, or sees it poorly, gets: every board picture names the
//! position in words (its SVG `<title>`, in the reader's language), the game page lists the
//! position as text beside it, and every text colour of the stylesheet reads on every background
//! it sets at WCAG 2 AA contrast (4.5:1). The pictures' own colours are checked in
//! `agora-render`'s tests, on the pixels under each text.

use crate::http::{get, request};
use agora_service::{Identity, Inbound, Language, Status};
use agora_testkit::web as support;

/// The stylesheet, as served.
const STYLE: &str = include_str!("../../static/site.css");

/// WCAG 2's contrast ratio of two `#rrggbb` colours.
fn contrast(a: &str, b: &str) -> f64 {
    fn luminance(hex: &str) -> f64 {
        let hex = hex.trim_start_matches('#');
        let v = u32::from_str_radix(hex, 16).unwrap_or_else(|_| panic!("a colour: {hex}"));
        let channel = |shift: u32| {
            let c = f64::from((v >> shift) & 0xff) / 255.0;
            if c <= 0.039_28 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0)
    }
    let (x, y) = (luminance(a), luminance(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

/// The stylesheet's text colours and backgrounds (`color` and `background` declarations, with
/// its `:root` variables resolved; `#fff` written out).
fn colours(css: &str) -> (Vec<String>, Vec<String>) {
    let mut css = css.to_owned();
    while let Some(start) = css.find("/*") {
        let end = css[start..].find("*/").expect("a closed comment") + start + 2;
        css.replace_range(start..end, "");
    }
    let declarations: Vec<(String, String)> = css
        .split(['{', '}', ';'])
        .filter_map(|d| d.split_once(':'))
        .map(|(name, value)| (name.trim().to_owned(), value.trim().to_owned()))
        .collect();
    let resolve = |value: &str| -> Option<String> {
        let value = match value.strip_prefix("var(").and_then(|v| v.strip_suffix(')')) {
            Some(name) => declarations
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.clone())?,
            None => value.to_owned(),
        };
        let hex = value.strip_prefix('#')?;
        match hex.len() {
            3 => Some(format!(
                "#{}",
                hex.chars().flat_map(|c| [c, c]).collect::<String>()
            )),
            6 => Some(format!("#{hex}")),
            _ => None,
        }
    };
    let mut text = Vec::new();
    let mut background = Vec::new();
    for (name, value) in &declarations {
        let list = match name.as_str() {
            "color" | "--ink" | "--muted" | "--accent" => &mut text,
            "background" | "background-color" | "--paper" => &mut background,
            _ => continue,
        };
        if let Some(colour) = resolve(value)
            && !list.contains(&colour)
        {
            list.push(colour);
        }
    }
    (text, background)
}

#[test]
fn every_text_colour_of_the_stylesheet_reads_on_every_background() {
    let (text, background) = colours(STYLE);
    assert!(
        text.len() >= 3 && background.len() >= 3,
        "{text:?} {background:?}"
    );
    let mut low = Vec::new();
    for fg in &text {
        for bg in &background {
            let ratio = contrast(fg, bg);
            if ratio < 4.5 {
                low.push(format!("{fg} on {bg}: {ratio:.2}"));
            }
        }
    }
    assert!(low.is_empty(), "below 4.5:1: {low:?}");
    // The measure itself: black on white is 21, #767676 on white the threshold.
    assert!((contrast("#000000", "#ffffff") - 21.0).abs() < 1e-9);
    assert!((4.5..4.6).contains(&contrast("#767676", "#ffffff")));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_board_names_its_position_in_the_readers_language() {
    let (service, dir) = support::fresh_service("alt", 5).await;
    let now: chrono::DateTime<chrono::Utc> = std::time::SystemTime::now().into();
    let say = |who: &str, text: &str| {
        let inbound = Inbound {
            text: text.to_owned(),
            ..Inbound::new(Identity::local(who))
        };
        let service = service.clone();
        async move {
            let answer = service.handle(&inbound, now).await.unwrap();
            assert_eq!(answer.status, Status::Done, "{}", answer.text);
            answer
        }
    };
    say("ann", "games").await;
    say("bob", "games").await;
    let game = say("ann", "challenge bob agon").await.game.expect("a game");
    say("bob", &format!("accept #{game}")).await;
    say("ann", &format!("#{game} k1-j1")).await;
    let site = support::Served::start(service.clone()).await;
    let a = site.address();

    for (lang, status, queen) in [
        (Language::En, "Black to act", "queen"),
        (Language::Nl, "Zwart is aan zet", "koningin"),
        (Language::Sv, "Svart drar", "drottning"),
    ] {
        let header = [("Accept-Language", lang.code())];
        let svg = request(a, "GET", &format!("/games/{game}/board.svg"), &header).await;
        assert!(
            svg.body.starts_with("<svg role=\"img\" "),
            "{lang}: {}",
            svg.body
        );
        let title = svg
            .body
            .split_once("<title>")
            .and_then(|(_, rest)| rest.split_once("</title>"))
            .map(|(title, _)| title.to_owned())
            .expect("a title");
        for words in [status, queen, "k1-j1"] {
            assert!(title.contains(words), "{lang}: no {words:?} in {title:?}");
        }
        // The page lists the same words as text, and its inline board carries them too.
        let page = request(a, "GET", &format!("/games/{game}"), &header)
            .await
            .body;
        assert!(
            page.contains(&format!(
                "<p id=\"position-text\" aria-live=\"polite\">{title}</p>"
            )),
            "{lang}: the position in words on the page"
        );
        assert!(page.contains(&format!("<title>{title}</title>")), "{lang}");
    }
    assert!(
        get(a, &format!("/api/games/{game}"))
            .await
            .body
            .contains("\"description\"")
    );

    site.stop().await;
    service.store().close().await;
    let _ = std::fs::remove_dir_all(&dir);
}
