//! The site's static files, embedded in the binary: its one script, its one stylesheet and its
//! icon, each cached by browsers for a while.

use axum::http::header;
use axum::response::{IntoResponse, Response};

/// The one script, the one stylesheet and the icon, embedded.
const SCRIPT: &str = include_str!("../static/replay.js");
const STYLE: &str = include_str!("../static/site.css");
const ICON: &str = include_str!("../static/icon.svg");

pub(crate) async fn script() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        SCRIPT,
    )
        .into_response()
}

pub(crate) async fn style() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/css; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        STYLE,
    )
        .into_response()
}

pub(crate) async fn icon() -> Response {
    (
        [
            (header::CONTENT_TYPE, "image/svg+xml"),
            (header::CACHE_CONTROL, "public, max-age=86400"),
        ],
        ICON,
    )
        .into_response()
}
