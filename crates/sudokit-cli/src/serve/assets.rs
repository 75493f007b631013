//! The page and its assets, compiled into the binary: the app works offline.

use axum::http::header;
use axum::response::IntoResponse;

const INDEX: &str = include_str!("../../web/index.html");
/// The page's script: the parts in `web/app/`, joined in one function so
/// they share its scope and leave only `window.sudokit` behind. No build
/// step: each part is plain JavaScript, read as written.
const SCRIPT: &str = concat!(
    "(() => {\n\"use strict\";\n",
    include_str!("../../web/app/core.js"),
    include_str!("../../web/app/draw.js"),
    include_str!("../../web/app/teach.js"),
    include_str!("../../web/app/play.js"),
    include_str!("../../web/app/main.js"),
    "})();\n"
);
const STYLE: &str = include_str!("../../web/style.css");

/// What the page may load: its own script, style and API, pictures it makes
/// itself; nothing from elsewhere, no inline script.
/// The engine's Web Worker starts from a blob and compiles WebAssembly.
const CSP: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
                   worker-src blob:; style-src 'self' 'unsafe-inline'; \
                   img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; \
                   base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

/// `GET /`.
pub async fn index() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CONTENT_SECURITY_POLICY, CSP),
        ],
        INDEX,
    )
}

/// `GET /app.js`.
pub async fn script() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        SCRIPT,
    )
}

/// `GET /style.css`.
pub async fn style() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/css; charset=utf-8")], STYLE)
}

/// `engine.js` when the server has no engine: the page uses the API.
pub const NO_ENGINE: &str = "self.sudokitEngine = null;\n";

/// `GET /engine.js`: the page's WebAssembly engine (`--engine`), or none.
pub async fn engine(
    axum::extract::State(state): axum::extract::State<super::State>,
) -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        state
            .engine
            .as_ref()
            .map_or(NO_ENGINE.to_owned(), |e| e.to_string()),
    )
}

/// `sudokit serve --export DIR`: the page and `engine` (or none) as files.
///
/// # Errors
/// A file that cannot be written.
pub fn export(dir: &std::path::Path, engine: Option<&str>) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    std::fs::write(dir.join("index.html"), INDEX)?;
    std::fs::write(dir.join("app.js"), SCRIPT)?;
    std::fs::write(dir.join("style.css"), STYLE)?;
    std::fs::write(dir.join("engine.js"), engine.unwrap_or(NO_ENGINE))
}
