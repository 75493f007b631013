//! `Puzzle.to_png`: the SVG drawing rasterised with resvg, with the fonts
//! `sudokit render -o x.png` embeds (DejaVu Sans cut to ASCII), so the
//! digits show on a machine with no fonts installed.

use std::sync::{Arc, OnceLock};

use resvg::{tiny_skia, usvg};

/// DejaVu Sans, Book and Bold, printable ASCII (the CLI's copies; licence in
/// `crates/sudokit-cli/fonts/LICENSE-DejaVu.txt`).
const FONTS: [&[u8]; 2] = [
    include_bytes!("../../sudokit-cli/fonts/DejaVuSans-ascii.ttf"),
    include_bytes!("../../sudokit-cli/fonts/DejaVuSans-Bold-ascii.ttf"),
];

/// The largest PNG side drawn, in pixels (the CLI's bound).
const MAX_SIDE: u32 = 10_032;

/// The embedded fonts, then the system's (for a title beyond ASCII); loaded
/// once per process.
fn fonts() -> Arc<usvg::fontdb::Database> {
    static FONTS_DB: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    Arc::clone(FONTS_DB.get_or_init(|| {
        let mut db = usvg::fontdb::Database::new();
        for font in FONTS {
            db.load_font_data(font.to_vec());
        }
        db.load_system_fonts();
        db.set_sans_serif_family("DejaVu Sans");
        Arc::new(db)
    }))
}

/// The SVG as PNG bytes, one pixel per SVG unit.
///
/// # Errors
/// A drawing too large or that cannot be parsed, in the CLI's words.
pub(crate) fn png(svg: &str) -> Result<Vec<u8>, String> {
    let options = usvg::Options {
        fontdb: fonts(),
        font_family: "sans-serif".into(),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| format!("cannot draw: {e}"))?;
    let size = tree.size().to_int_size();
    if size.width().max(size.height()) > MAX_SIDE {
        return Err(format!(
            "a {}x{} px PNG is too large (at most {MAX_SIDE} px a side): lower cell=",
            size.width(),
            size.height()
        ));
    }
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or("cannot draw: the picture is too large")?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap
        .encode_png()
        .map_err(|e| format!("cannot encode the PNG: {e}"))
}
