//! The arguments and help texts of `sudokit serve`.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use clap::Args;

use super::parse_seconds;

pub(super) const SERVE_LONG_ABOUT: &str = "\
Serve a local web app and its JSON API. Open the address it prints in a
browser: paste or drop a puzzle in any format sudokit reads, play it (digits,
pencil marks, undo and redo, clashes shown), check it, ask for a hint (the
next logical step, explained and highlighted on the board), solve, rate,
generate by size, variant and level, and share a puzzle by its URL. The page
and its assets are inside the binary: it works offline.

The API answers POST requests under /api/ (solve, count, hint, explain, rate,
generate, render, parse) with JSON; the README documents it. Every request
is bounded: its body (--max-body), its search or rating time (--timeout),
the grid side (36), the render title (200 characters), and the number of
requests worked on at once (--jobs per lane: parse and solve have their own
workers, the rest share the others; at most --queue more wait per lane, each
the wait counting against --timeout). A request past a bound gets a 4xx, or a 503 with
`Retry-After: 1`, with a JSON `error`. Connections must send their headers and
bodies within 10 s each; 4,096 are open at once.

The server listens on 127.0.0.1 (this machine only) unless --addr says
otherwise; Ctrl-C stops it.

With --engine (the file scripts/build-npm.sh makes, target/npm/engine.js),
the page runs sudokit itself in a Web Worker (WebAssembly): solve, count,
true candidates, hints, the step list, check, rate and generate answer
without the server, which then only serves the files. --export DIR writes
the page (with that engine) into DIR, for any static host or to open from
disk, and exits.";

pub(super) const SERVE_EXAMPLES: &str = "\
Examples:
  sudokit serve                          then open http://127.0.0.1:8080/
  sudokit serve --addr 127.0.0.1:0       any free port (printed)
  sudokit serve --engine target/npm/engine.js
                                         the page answers without the server
  sudokit serve --export site --engine target/npm/engine.js
                                         the page as static files in site/
  curl -d '{\"puzzle\":\"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\"}' 127.0.0.1:8080/api/solve";

/// Arguments of `sudokit serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Address to listen on (port 0: any free port).
    #[arg(long, value_name = "IP:PORT", default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,

    /// Time limit of one request's work: a search, a rating, a generation.
    #[arg(long, value_name = "SECS", value_parser = parse_seconds, default_value = "5")]
    pub timeout: Duration,

    /// Largest request body, in bytes.
    #[arg(long, value_name = "BYTES", default_value_t = 1 << 20)]
    pub max_body: usize,

    /// Requests worked on at once, per lane (parse and solve; the rest)
    /// [default: the number of CPUs].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,

    /// Requests allowed to wait for a worker, per lane; more are answered
    /// 503 at once, and one that waits all of --timeout too.
    #[arg(long, value_name = "N", default_value_t = 256)]
    pub queue: usize,

    /// The page's WebAssembly engine (made by scripts/build-npm.sh as
    /// target/npm/engine.js): the page then answers in the browser.
    #[arg(long, value_name = "FILE")]
    pub engine: Option<PathBuf>,

    /// Write the page (index.html, app.js, style.css and engine.js) into
    /// DIR instead of serving it, and exit.
    #[arg(long, value_name = "DIR")]
    pub export: Option<PathBuf>,
}
