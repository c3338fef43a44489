//! Agora's read-only website, served by `agora serve` beside the front ends: the running games,
//! open challenges and recent results, and how to join; a page per game with its board (SVG from
//! `agora-render`, with the position in words for a screen reader), its actions by turn, a replay
//! of every position and its record; a page per player; the leaderboards; the player's guide
//! (`/help`, `/nl/help`, `/sv/help`: `docs/guide/*.md` with the ways in configured and every
//! command of the service's table); and a JSON twin of each game's page for tools. On a listener of their own, for the operator
//! (loopback by default, never the public one), `/metrics` (the service's
//! [`agora_service::metrics`] in the Prometheus text format) and `/healthz` (whether the database
//! answers and the front ends are connected).
//!
//! The site holds under load: a bounded number of connections, each request's head within a
//! deadline (so slow and idle connections are closed), a bounded number of requests answered at
//! once (503 beyond, never queued), each within a deadline, and bounded query strings.
//!
//! Every page is rendered on the server from `templates/web/` (minijinja, HTML-escaped), its words
//! from `templates/*/web.ftl` in the reader's language (`Accept-Language`, else the service's
//! default); the player's guide's text is `docs/guide/<lang>.md`, rendered by the `guide`
//! module. The data comes from the service's read API ([`agora_service::site`]), which never
//! holds anything private: no address, Discord id, token or code, and no private game. Every
//! response carries a strict Content-Security-Policy: the site's one script and stylesheet come
//! from itself, nothing runs inline and nothing comes from elsewhere. The site works without
//! JavaScript; the script only steps through a game's positions without loading the page again
//! and shows times in the reader's zone.

mod guide;
mod pages;

use agora_service::{Language, Service};
use axum::Router;
use axum::extract::{Path, Query, RawQuery, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use pages::Pages;
use serde::Deserialize;
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

/// The `[web]` settings the site needs.
#[derive(Debug, Clone)]
pub struct WebSettings {
    /// Where the site listens.
    pub listen: SocketAddr,
    /// The public address of the site (`https://agora.example.org`), for links in mails and
    /// Discord messages; without a trailing slash.
    pub base_url: String,
    /// Where the operator's `/metrics` and `/healthz` are served (loopback by default), never
    /// on the public listener; `None`: nowhere.
    pub admin_listen: Option<SocketAddr>,
    /// How much the site takes on at once, and for how long.
    pub limits: WebLimits,
    /// How a visitor joins, told on the home and help pages where set: the Discord server's
    /// invitation (`https://discord.gg/…`) and the address that takes commands by mail.
    pub discord_invite: Option<String>,
    pub mail_address: Option<String>,
}

/// The site's bounds, so that no number of readers, slow or idle, can hold it or the database
/// its pages read.
#[derive(Debug, Clone)]
pub struct WebLimits {
    /// A request's head (its line and headers) must arrive within this, and an idle connection
    /// is closed after it.
    pub header_timeout: Duration,
    /// A request is answered within this, or with 503.
    pub request_timeout: Duration,
    /// Connections open at once; one more is closed at once.
    pub max_connections: usize,
    /// Requests being answered at once; one more is answered 503 at once.
    pub max_in_flight: usize,
}

impl Default for WebLimits {
    fn default() -> WebLimits {
        WebLimits {
            header_timeout: Duration::from_secs(10),
            request_timeout: Duration::from_secs(15),
            max_connections: 1024,
            max_in_flight: 64,
        }
    }
}

/// The longest query string a page takes (its parameters are a ply and a language at most).
pub const MAX_QUERY_BYTES: usize = 512;

/// The most a request's head may take (hyper's smallest buffer).
const MAX_HEAD_BYTES: usize = 8192;

/// The website: the service it reads from and its compiled pages.
#[derive(Clone)]
pub struct Site {
    service: Arc<Service>,
    pages: Arc<Pages>,
    limits: WebLimits,
    discord_invite: Option<String>,
    mail_address: Option<String>,
    /// One permit per request being answered.
    in_flight: Arc<tokio::sync::Semaphore>,
}

/// The one script, the one stylesheet and the icon, embedded.
const SCRIPT: &str = include_str!("../static/replay.js");
const STYLE: &str = include_str!("../static/site.css");
const ICON: &str = include_str!("../static/icon.svg");

/// What every response says about where its page may load anything from: only this site, no
/// inline script or style, no frames, no forms.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; \
     style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; \
     form-action 'none'; frame-ancestors 'none'";

impl Site {
    pub fn new(service: Arc<Service>, settings: WebSettings) -> Site {
        Site {
            service,
            pages: Arc::new(Pages::new()),
            in_flight: Arc::new(tokio::sync::Semaphore::new(
                settings.limits.max_in_flight.max(1),
            )),
            limits: settings.limits,
            discord_invite: settings.discord_invite,
            mail_address: settings.mail_address,
        }
    }

    /// How to join, in `lang`.
    fn join(&self, lang: Language) -> pages::Join {
        pages::Join::new(lang, self.discord_invite.clone(), self.mail_address.clone())
    }

    /// The player's guide in `lang`, with the ways in configured.
    fn help_page(&self, lang: Language) -> Response {
        let ways = guide::Ways {
            mail_address: self.mail_address.as_deref(),
            discord_invite: self.discord_invite.as_deref(),
        };
        self.page(StatusCode::OK, self.pages.help(lang, ways))
    }

    /// The operator's routes, for the admin listener: `/metrics` and `/healthz`.
    pub fn admin_router(&self) -> Router {
        Router::new()
            .route("/metrics", get(metrics))
            .route("/healthz", get(healthz))
            .fallback(not_found)
            .layer(axum::middleware::map_response(secure))
            .with_state(self.clone())
    }

    /// Every public route of the site, with the headers every response carries, within the
    /// site's bounds (see [`guard`]).
    pub fn router(&self) -> Router {
        Router::new()
            .route("/", get(home))
            .route("/help", get(help))
            .route("/{lang}/help", get(help_in))
            .route("/rules/{game}", get(rules))
            .route("/{lang}/rules/{game}", get(rules_in))
            .route("/games/{id}", get(game))
            .route("/games/{id}/board.svg", get(board))
            .route("/games/{id}/record", get(record))
            .route("/api/games/{id}", get(game_json))
            .route("/players/{name}", get(player))
            .route("/calendar/{file}", get(calendar))
            .route("/leaderboards/{pool}", get(leaderboard))
            .route("/tournaments/{id}", get(tournament))
            .route("/static/replay.js", get(script))
            .route("/static/site.css", get(style))
            .route("/static/icon.svg", get(icon))
            .route("/favicon.ico", get(icon))
            .fallback(not_found)
            .layer(axum::middleware::from_fn_with_state(self.clone(), guard))
            .layer(axum::middleware::map_response(secure))
            .with_state(self.clone())
    }

    /// The reader's language: the first of `Accept-Language` Agora speaks, else the service's
    /// default.
    fn language(&self, headers: &HeaderMap) -> Language {
        headers
            .get(header::ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok())
            .and_then(accepted_language)
            .unwrap_or_else(|| self.service.default_language())
    }

    /// An HTML page with its status.
    fn page(&self, status: StatusCode, html: String) -> Response {
        (
            status,
            [
                (header::CONTENT_TYPE, "text/html; charset=utf-8"),
                (header::VARY, "Accept-Language"),
            ],
            html,
        )
            .into_response()
    }

    /// The error page of `status`, its message in `lang`.
    fn error(&self, lang: Language, status: StatusCode, message: String) -> Response {
        let title_key = match status {
            StatusCode::NOT_FOUND => "web-not-found-title",
            StatusCode::BAD_REQUEST => "web-bad-request-title",
            _ => "web-failed-title",
        };
        let title = agora_i18n::tr(lang, title_key, &[]);
        self.page(status, self.pages.error(lang, &title, &message))
    }

    fn not_found_page(&self, lang: Language) -> Response {
        let message = agora_i18n::tr(lang, "web-not-found", &[]);
        self.error(lang, StatusCode::NOT_FOUND, message)
    }

    /// A failure on Agora's side, logged; the reader is told no more than that.
    fn failed(&self, lang: Language, e: impl std::fmt::Display) -> Response {
        tracing::error!(error = %e, "web page failed");
        let message = agora_i18n::tr(lang, "web-failed", &[]);
        self.error(lang, StatusCode::INTERNAL_SERVER_ERROR, message)
    }
}

/// Serves the site's public pages on `listener` until `shutdown` resolves; requests under way
/// are finished (for at most the request timeout).
pub async fn serve(
    listener: tokio::net::TcpListener,
    site: Site,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let limits = site.limits.clone();
    serve_router(listener, site.router(), &limits, shutdown).await
}

/// Serves the operator's `/metrics` and `/healthz` on `listener` (see
/// [`WebSettings::admin_listen`]) until `shutdown` resolves.
pub async fn serve_admin(
    listener: tokio::net::TcpListener,
    site: Site,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let limits = site.limits.clone();
    serve_router(listener, site.admin_router(), &limits, shutdown).await
}

/// The accept loop: HTTP/1 connections up to the cap (one more is closed at once), each with a
/// deadline for every request's head (hyper's header-read timeout, which also ends a connection
/// left idle) and a bounded head.
async fn serve_router(
    listener: tokio::net::TcpListener,
    router: Router,
    limits: &WebLimits,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let connections = Arc::new(tokio::sync::Semaphore::new(limits.max_connections.max(1)));
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(hyper_util::rt::TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .max_buf_size(MAX_HEAD_BYTES);
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(e) => {
                    // Out of file descriptors, say: wait a little rather than spin.
                    tracing::warn!(error = %e, "website: accepting a connection failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let Ok(permit) = connections.clone().try_acquire_owned() else {
            // Over the cap: closed at once, costing nothing more.
            drop(stream);
            continue;
        };
        let service = hyper_util::service::TowerToHyperService::new(router.clone());
        let connection =
            graceful.watch(builder.serve_connection(hyper_util::rt::TokioIo::new(stream), service));
        tokio::spawn(async move {
            let _ = connection.await;
            drop(permit);
        });
    }
    drop(listener);
    let grace = limits.request_timeout + Duration::from_secs(1);
    if tokio::time::timeout(grace, graceful.shutdown())
        .await
        .is_err()
    {
        tracing::warn!(?grace, "website: connections cut at shutdown");
    }
    Ok(())
}

/// The bounds of every public request: a query string of at most [`MAX_QUERY_BYTES`] (414
/// beyond), at most [`WebLimits::max_in_flight`] requests answered at once (503 with
/// `Retry-After` beyond, at once, never queued), each answered within
/// [`WebLimits::request_timeout`] (503 after it).
async fn guard(
    State(site): State<Site>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    if request
        .uri()
        .query()
        .is_some_and(|q| q.len() > MAX_QUERY_BYTES)
    {
        return StatusCode::URI_TOO_LONG.into_response();
    }
    let Ok(_permit) = site.in_flight.clone().try_acquire_owned() else {
        return busy();
    };
    match tokio::time::timeout(site.limits.request_timeout, next.run(request)).await {
        Ok(response) => response,
        Err(_) => {
            tracing::warn!(timeout = ?site.limits.request_timeout, "website: a request took too long");
            busy()
        }
    }
}

/// 503 Service Unavailable, to be tried again in a second.
fn busy() -> Response {
    (
        StatusCode::SERVICE_UNAVAILABLE,
        [(header::RETRY_AFTER, "1")],
        "busy: try again in a moment\n",
    )
        .into_response()
}

/// The first language of an `Accept-Language` value Agora speaks, by the weights given.
fn accepted_language(value: &str) -> Option<Language> {
    let mut ranked: Vec<(f32, usize, Language)> = value
        .split(',')
        .enumerate()
        .filter_map(|(i, part)| {
            let mut pieces = part.split(';');
            let tag = pieces.next()?.trim();
            let q = pieces
                .filter_map(|p| p.trim().strip_prefix("q="))
                .find_map(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            let lang = Language::from_locale(tag)?;
            (q > 0.0).then_some((q, i, lang))
        })
        .collect();
    ranked.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    ranked.first().map(|&(_, _, lang)| lang)
}

/// The headers of every response: the Content-Security-Policy and its companions.
async fn secure(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CONTENT_SECURITY_POLICY),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers
        .entry(header::CACHE_CONTROL)
        .or_insert(HeaderValue::from_static("no-cache"));
    response
}

/// `?ply=N` of a game's page, its board and its JSON twin; anything else in the query is ignored.
#[derive(Deserialize)]
struct PlyQuery {
    ply: Option<String>,
}

/// A request's game number and ply, or the 400 page saying which is wrong.
enum Asked {
    Game { id: i64, ply: Option<u32> },
    Bad(String),
}

fn asked(lang: Language, id: &str, query: Option<PlyQuery>) -> Asked {
    let Some(id) = id.parse::<i64>().ok().filter(|&n| n > 0) else {
        return Asked::Bad(agora_i18n::tr(
            lang,
            "web-bad-game",
            &[("value", id.into())],
        ));
    };
    let ply = match query.and_then(|q| q.ply) {
        None => None,
        Some(p) => match p.parse::<u32>() {
            Ok(n) => Some(n),
            Err(_) => {
                return Asked::Bad(agora_i18n::tr(
                    lang,
                    "web-bad-parameter",
                    &[("value", p.into()), ("name", "ply".into())],
                ));
            }
        },
    };
    Asked::Game { id, ply }
}

/// A query string that does not parse as the page's parameters.
fn query_of(raw: Option<String>) -> Result<Option<PlyQuery>, String> {
    match raw {
        None => Ok(None),
        Some(raw) => {
            Query::<PlyQuery>::try_from_uri(&format!("/?{raw}").parse().map_err(|_| raw.clone())?)
                .map(|q| Some(q.0))
                .map_err(|_| raw)
        }
    }
}

async fn home(State(site): State<Site>, headers: HeaderMap) -> Response {
    let lang = site.language(&headers);
    match site.service.home_page(lang).await {
        Ok(home) => site.page(
            StatusCode::OK,
            site.pages.home(lang, &home, &site.join(lang)),
        ),
        Err(e) => site.failed(lang, e),
    }
}

/// The language a path names (`/nl/help`): one Agora speaks, by its code.
fn path_language(code: &str) -> Option<Language> {
    Language::ALL.into_iter().find(|l| l.code() == code)
}

/// The player's guide in the reader's language (`Accept-Language`).
async fn help(State(site): State<Site>, headers: HeaderMap) -> Response {
    site.help_page(site.language(&headers))
}

/// The player's guide in the language the path names: `/en/help`, `/nl/help`, `/sv/help`.
async fn help_in(
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

async fn rules(State(site): State<Site>, Path(game): Path<String>, headers: HeaderMap) -> Response {
    let lang = site.language(&headers);
    rules_page(&site, lang, &game)
}

async fn rules_in(
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

async fn game(
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

async fn board(
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

async fn record(State(site): State<Site>, Path(id): Path<String>, headers: HeaderMap) -> Response {
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
async fn calendar(
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
async fn game_json(
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

async fn player(
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

async fn leaderboard(
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

async fn tournament(
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

async fn script() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        SCRIPT,
    )
        .into_response()
}

async fn style() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/css; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        STYLE,
    )
        .into_response()
}

async fn icon() -> Response {
    (
        [
            (header::CONTENT_TYPE, "image/svg+xml"),
            (header::CACHE_CONTROL, "public, max-age=86400"),
        ],
        ICON,
    )
        .into_response()
}

/// The service's metrics in the Prometheus text format, for a scraper.
async fn metrics(State(site): State<Site>) -> Response {
    let text = site.service.metrics_text(site.service.now()).await;
    (
        [
            (
                header::CONTENT_TYPE,
                "text/plain; version=0.0.4; charset=utf-8",
            ),
            (header::CACHE_CONTROL, "no-store"),
        ],
        text,
    )
        .into_response()
}

/// Whether Agora is well, for a load balancer or a supervisor: 200 when the database answers
/// and every front end that started is connected, else 503; the body says which part is not.
async fn healthz(State(site): State<Site>) -> Response {
    let health = site.service.health().await;
    let front_ends: serde_json::Map<String, serde_json::Value> = health
        .front_ends
        .iter()
        .map(|(front_end, up)| {
            let state = if *up { "connected" } else { "disconnected" };
            (front_end.label().to_owned(), state.into())
        })
        .collect();
    let (status, word) = if health.is_healthy() {
        (StatusCode::OK, "ok")
    } else {
        (StatusCode::SERVICE_UNAVAILABLE, "unavailable")
    };
    let database = match &health.database {
        Ok(()) => "ok",
        Err(_) => "unreachable",
    };
    if let Err(e) = &health.database {
        tracing::warn!(error = %e, "health check: the database did not answer");
    }
    let body = serde_json::json!({
        "status": word,
        "database": database,
        "front_ends": front_ends,
    });
    (
        status,
        [(header::CACHE_CONTROL, "no-store")],
        axum::Json(body),
    )
        .into_response()
}

async fn not_found(State(site): State<Site>, headers: HeaderMap) -> Response {
    let lang = site.language(&headers);
    site.not_found_page(lang)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_language_picks_the_first_spoken_by_weight() {
        assert_eq!(
            accepted_language("nl-NL,nl;q=0.9,en;q=0.8"),
            Some(Language::Nl)
        );
        assert_eq!(
            accepted_language("de-DE, sv;q=0.5, en;q=0.4"),
            Some(Language::Sv)
        );
        assert_eq!(accepted_language("en;q=0.2, nl;q=0.7"), Some(Language::Nl));
        assert_eq!(accepted_language("de, fr"), None);
        assert_eq!(accepted_language("sv;q=0, en"), Some(Language::En));
        assert_eq!(accepted_language(""), None);
    }
}
