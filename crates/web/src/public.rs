//! The handlers of the site's public pages: home, the player's guide, the rules, each game
//! (its page, board, record and JSON twin), players, calendars, leaderboards and tournaments,
//! and the page of what is not found. Each reads the reader's language, asks the service and
//! renders its answer, or the error page that says why there is none.

use crate::Site;
use crate::request::{Asked, asked, path_language, query_of};
use agora_service::Language;
use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};

pub(crate) async fn home(State(site): State<Site>, headers: HeaderMap) -> Response {
    let lang = site.language(&headers);
    match site.service.home_page(lang).await {
        Ok(home) => site.page(
            StatusCode::OK,
            site.pages.home(lang, &home, &site.join(lang)),
        ),
        Err(e) => site.failed(lang, e),
    }
}

/// The player's guide in the reader's language (`Accept-Language`).
pub(crate) async fn help(State(site): State<Site>, headers: HeaderMap) -> Response {
    site.help_page(site.language(&headers))
}

/// The player's guide in the language the path names: `/en/help`, `/nl/help`, `/sv/help`.
pub(crate) async fn help_in(
    State(site): State<Site>,
    Path(code): Path<String>,
    headers: HeaderMap,
) -> Response {
    match path_language(&code) {
        Some(lang) => site.help_page(lang),
        None => site.not_found_page(site.language(&headers)),
    }
}

/// The short rules of a game, in `lang`.
fn rules_page(site: &Site, lang: Language, game: &str) -> Response {
    let title = match game {
        "agon" => "Agon",
        "agros" => "Agros",
        _ => return site.not_found_page(lang),
    };
    match site.service.rules_text(game, lang) {
        Some(text) => site.page(StatusCode::OK, site.pages.rules(lang, title, &text)),
        None => site.not_found_page(lang),
    }
}

pub(crate) async fn rules(
    State(site): State<Site>,
    Path(game): Path<String>,
    headers: HeaderMap,
) -> Response {
    let lang = site.language(&headers);
    rules_page(&site, lang, &game)
}

pub(crate) async fn rules_in(
    State(site): State<Site>,
    Path((code, game)): Path<(String, String)>,
    headers: HeaderMap,
) -> Response {
    match path_language(&code) {
        Some(lang) => rules_page(&site, lang, &game),
        None => site.not_found_page(site.language(&headers)),
    }
}

/// The game page of `id` at `ply`, or the response that says why there is none.
async fn game_page(
    site: &Site,
    lang: Language,
    id: &str,
    raw: Option<String>,
) -> Result<agora_service::site::GamePage, Response> {
    let query = match query_of(raw) {
        Ok(q) => q,
        Err(raw) => {
            let message = agora_i18n::tr(
                lang,
                "web-bad-parameter",
                &[("value", raw.into()), ("name", "query".into())],
            );
            return Err(site.error(lang, StatusCode::BAD_REQUEST, message));
        }
    };
    let (id, ply) = match asked(lang, id, query) {
        Asked::Game { id, ply } => (id, ply),
        Asked::Bad(message) => return Err(site.error(lang, StatusCode::BAD_REQUEST, message)),
    };
    let page = match site.service.game_page(id, ply, lang).await {
        Ok(Some(page)) => page,
        Ok(None) => return Err(site.not_found_page(lang)),
        Err(e) => return Err(site.failed(lang, e)),
    };
    if let Some(p) = ply.filter(|&p| p > page.plies) {
        let message = agora_i18n::tr(
            lang,
            "web-bad-ply",
            &[
                ("value", p.to_string().into()),
                ("plies", page.plies.into()),
            ],
        );
        return Err(site.error(lang, StatusCode::BAD_REQUEST, message));
    }
    Ok(page)
}

pub(crate) async fn game(
    State(site): State<Site>,
    Path(id): Path<String>,
    RawQuery(raw): RawQuery,
    headers: HeaderMap,
) -> Response {
    let lang = site.language(&headers);
    match game_page(&site, lang, &id, raw).await {
        Ok(page) => site.page(StatusCode::OK, site.pages.game(lang, &page)),
        Err(response) => response,
    }
}

pub(crate) async fn board(
    State(site): State<Site>,
    Path(id): Path<String>,
    RawQuery(raw): RawQuery,
    headers: HeaderMap,
) -> Response {
    let lang = site.language(&headers);
    match game_page(&site, lang, &id, raw).await {
        Ok(page) => (
            StatusCode::OK,
            [
                (header::CONTENT_TYPE, "image/svg+xml; charset=utf-8"),
                (header::VARY, "Accept-Language"),
            ],
            page.svg,
        )
            .into_response(),
        Err(response) => response,
    }
}

pub(crate) async fn record(
    State(site): State<Site>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    let lang = site.language(&headers);
    let id = match asked(lang, &id, None) {
        Asked::Game { id, .. } => id,
        Asked::Bad(message) => return site.error(lang, StatusCode::BAD_REQUEST, message),
    };
    match site.service.game_record(id).await {
        Ok(Some(text)) => (
            StatusCode::OK,
            [
                (header::CONTENT_TYPE, "text/plain; charset=utf-8".to_owned()),
                (
                    header::CONTENT_DISPOSITION,
                    format!("attachment; filename=\"agora-{id}.txt\""),
                ),
            ],
            text,
        )
            .into_response(),
        Ok(None) => site.not_found_page(lang),
        Err(e) => site.failed(lang, e),
    }
}

/// A player's calendar of deadlines (`/calendar/<secret>.ics`), iCalendar for a calendar
/// program to subscribe to. An address that names no calendar is not found, whatever is wrong
/// with it.
pub(crate) async fn calendar(
    State(site): State<Site>,
    Path(file): Path<String>,
    headers: HeaderMap,
) -> Response {
    let lang = site.language(&headers);
    let Some(token) = file.strip_suffix(".ics") else {
        return site.not_found_page(lang);
    };
    match site.service.calendar_feed(token).await {
        Ok(Some(text)) => (
            StatusCode::OK,
            [
                (header::CONTENT_TYPE, "text/calendar; charset=utf-8"),
                // The address is a secret: no shared cache keeps the feed (and, as on every
                // response, no page it links to learns it from a referrer).
                (header::CACHE_CONTROL, "private, max-age=300"),
            ],
            text,
        )
            .into_response(),
        Ok(None) => site.not_found_page(lang),
        Err(e) => site.failed(lang, e),
    }
}

/// The game page as JSON: the same facts, with links to the board, the page and the record.
pub(crate) async fn game_json(
    State(site): State<Site>,
    Path(id): Path<String>,
    RawQuery(raw): RawQuery,
    headers: HeaderMap,
) -> Response {
    let lang = site.language(&headers);
    match game_page(&site, lang, &id, raw).await {
        Ok(page) => {
            let links = serde_json::json!({
                "page": format!("/games/{}?ply={}", page.id, page.ply),
                "board": format!("/games/{}/board.svg?ply={}", page.id, page.ply),
                "record": format!("/games/{}/record", page.id),
            });
            let mut value = serde_json::to_value(&page).unwrap_or_default();
            value["language"] = lang.code().into();
            value["links"] = links;
            (
                StatusCode::OK,
                [(header::VARY, "Accept-Language")],
                axum::Json(value),
            )
                .into_response()
        }
        Err(response) => {
            // The same status, as JSON: a tool reads the status, a person the page.
            let status = response.status();
            let error = match status {
                StatusCode::NOT_FOUND => "not found",
                StatusCode::BAD_REQUEST => "bad request",
                _ => "failed",
            };
            (status, axum::Json(serde_json::json!({ "error": error }))).into_response()
        }
    }
}

pub(crate) async fn player(
    State(site): State<Site>,
    Path(name): Path<String>,
    headers: HeaderMap,
) -> Response {
    let lang = site.language(&headers);
    match site.service.player_page(&name, lang).await {
        Ok(Some(player)) => site.page(StatusCode::OK, site.pages.player(lang, &player)),
        Ok(None) => site.not_found_page(lang),
        Err(e) => site.failed(lang, e),
    }
}

pub(crate) async fn leaderboard(
    State(site): State<Site>,
    Path(pool): Path<String>,
    headers: HeaderMap,
) -> Response {
    let lang = site.language(&headers);
    match site.service.leaderboard_page(&pool).await {
        Ok(Some(board)) => site.page(StatusCode::OK, site.pages.leaderboard(lang, &board)),
        Ok(None) => site.not_found_page(lang),
        Err(e) => site.failed(lang, e),
    }
}

pub(crate) async fn tournament(
    State(site): State<Site>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    let lang = site.language(&headers);
    let Some(id) = id.parse::<i64>().ok().filter(|n| *n > 0) else {
        let message = agora_i18n::tr(
            lang,
            "web-bad-parameter",
            &[("value", id.into()), ("name", "tournament".into())],
        );
        return site.error(lang, StatusCode::BAD_REQUEST, message);
    };
    match site.service.tournament_page(id, lang).await {
        Ok(Some(page)) => site.page(StatusCode::OK, site.pages.tournament(lang, &page)),
        Ok(None) => site.not_found_page(lang),
        Err(e) => site.failed(lang, e),
    }
}

pub(crate) async fn not_found(State(site): State<Site>, headers: HeaderMap) -> Response {
    let lang = site.language(&headers);
    site.not_found_page(lang)
}
