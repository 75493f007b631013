//! Connections as production servers keep them: a client must send each
//! request's headers within a time (which also ends an idle kept-alive
//! connection) and its body within another, and only so many connections
//! are open at once. Slow or half-open clients cost a bounded number of
//! sockets for a bounded time, whatever they send.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tower_http::timeout::RequestBodyTimeoutLayer;

/// The bounds of a connection.
#[derive(Clone, Copy, Debug)]
pub struct Timeouts {
    /// A request's headers must arrive within this, counted from the end of
    /// the previous response (or the connection's start).
    pub headers: Duration,
    /// A request's body must arrive within this.
    pub body: Duration,
    /// Connections open at once; the next waits in the listen backlog.
    pub connections: usize,
}

impl Timeouts {
    /// The server's: 10 s for headers and for a body, 4096 connections
    /// (the descriptor limit here is 20,000).
    pub const DEFAULT: Timeouts = Timeouts {
        headers: Duration::from_secs(10),
        body: Duration::from_secs(10),
        connections: 4096,
    };
}

/// Serves `app` on `listener` until `stop` completes.
pub async fn serve_on(
    listener: TcpListener,
    app: Router,
    timeouts: Timeouts,
    stop: impl Future<Output = ()>,
) {
    let app = app.layer(RequestBodyTimeoutLayer::new(timeouts.body));
    let open = Arc::new(Semaphore::new(timeouts.connections.max(1)));
    tokio::pin!(stop);
    loop {
        let permit = tokio::select! {
            permit = Arc::clone(&open).acquire_owned() => match permit {
                Ok(p) => p,
                Err(_) => return,
            },
            () = &mut stop => return,
        };
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(e) => {
                    // Out of descriptors and the like: wait, don't spin.
                    eprintln!("sudokit serve: accept: {e}");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
            () = &mut stop => return,
        };
        let service = TowerToHyperService::new(app.clone());
        tokio::spawn(async move {
            let mut builder = http1::Builder::new();
            builder
                .timer(TokioTimer::new())
                .header_read_timeout(timeouts.headers)
                .keep_alive(true);
            // A connection that fails (reset, timed out) has nothing to answer.
            let _ = builder
                .serve_connection(TokioIo::new(stream), service)
                .await;
            drop(permit);
        });
    }
}
