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

mod admin;
mod assets;
mod guide;
mod pages;
mod public;
mod request;
mod serving;

pub use serving::{serve, serve_admin};

use agora_service::{Language, Service};
use axum::Router;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use pages::Pages;
use request::accepted_language;
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
            .route("/metrics", get(admin::metrics))
            .route("/healthz", get(admin::healthz))
            .fallback(public::not_found)
            .layer(axum::middleware::map_response(secure))
            .with_state(self.clone())
    }

    /// Every public route of the site, with the headers every response carries, within the
    /// site's bounds (see [`serving::guard`]).
    pub fn router(&self) -> Router {
        Router::new()
            .route("/", get(public::home))
            .route("/help", get(public::help))
            .route("/{lang}/help", get(public::help_in))
            .route("/rules/{game}", get(public::rules))
            .route("/{lang}/rules/{game}", get(public::rules_in))
            .route("/games/{id}", get(public::game))
            .route("/games/{id}/board.svg", get(public::board))
            .route("/games/{id}/record", get(public::record))
            .route("/api/games/{id}", get(public::game_json))
            .route("/players/{name}", get(public::player))
            .route("/calendar/{file}", get(public::calendar))
            .route("/leaderboards/{pool}", get(public::leaderboard))
            .route("/tournaments/{id}", get(public::tournament))
            .route("/static/replay.js", get(assets::script))
            .route("/static/site.css", get(assets::style))
            .route("/static/icon.svg", get(assets::icon))
            .route("/favicon.ico", get(assets::icon))
            .fallback(public::not_found)
            .layer(axum::middleware::from_fn_with_state(
                self.clone(),
                serving::guard,
            ))
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
