//! Serving the site within its bounds: the accept loop (a cap on connections, a deadline and a
//! size limit on each request's head, a graceful end) and the guard on every public request (a
//! short query string, a cap on requests answered at once, a deadline on each).

use crate::{MAX_QUERY_BYTES, Site, WebLimits};
use axum::Router;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

/// The most a request's head may take (hyper's smallest buffer).
const MAX_HEAD_BYTES: usize = 8192;

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
/// [`WebSettings::admin_listen`](crate::WebSettings::admin_listen)) until `shutdown` resolves.
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
pub(crate) async fn guard(
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
