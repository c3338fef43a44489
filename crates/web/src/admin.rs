//! The operator's routes, served on the admin listener only: the service's metrics for a
//! scraper, and a health check for a load balancer or a supervisor.

use crate::Site;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

/// The service's metrics in the Prometheus text format, for a scraper.
pub(crate) async fn metrics(State(site): State<Site>) -> Response {
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
pub(crate) async fn healthz(State(site): State<Site>) -> Response {
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
