//! PNG pictures: an SVG of `sudokit::render` rasterised with resvg, in
//! bands (the native build only: the WebAssembly build draws SVG).

use std::io;
use std::sync::Arc;

/// DejaVu Sans, Book and Bold, cut down to printable ASCII (19 KB; see
/// `fonts/LICENSE-DejaVu.txt`): every symbol a grid uses, so a PNG has its
/// digits on a machine with no fonts installed.
const FONTS: [&[u8]; 2] = [
    include_bytes!("../fonts/DejaVuSans-ascii.ttf"),
    include_bytes!("../fonts/DejaVuSans-Bold-ascii.ttf"),
];

/// The embedded fonts, then the system's (for a title beyond ASCII).
/// `sans-serif` means DejaVu Sans, the drawing's first choice anyway.
pub(crate) fn load_fonts() -> Arc<resvg::usvg::fontdb::Database> {
    let mut db = resvg::usvg::fontdb::Database::new();
    for font in FONTS {
        db.load_font_data(font.to_vec());
    }
    db.load_system_fonts();
    db.set_sans_serif_family("DejaVu Sans");
    Arc::new(db)
}

/// The largest PNG side drawn, in pixels (a 25x25 grid at 400 px cells).
pub(crate) const MAX_PNG_SIDE: u32 = 10_032;

/// Rows painted at a time: a band of a 4096 px wide picture is 4 MiB.
const BAND_ROWS: u32 = 256;

/// `svg` as a PNG of at most `max_side` pixels a side, painted and encoded
/// a band of rows at a time: only one band of pixels is held besides the
/// encoded bytes, and `give_up` (a server's deadline, or its client gone)
/// is asked before each band, so a large picture stops within one band's
/// work. Painting with the band's offset gives the same pixels as one
/// whole painting (every pixel is covered in the same device space).
pub(crate) fn png(
    svg: &str,
    fonts: &Arc<resvg::usvg::fontdb::Database>,
    max_side: u32,
    give_up: &dyn Fn() -> bool,
) -> Result<Vec<u8>, String> {
    use resvg::{tiny_skia, usvg};
    let options = usvg::Options {
        fontdb: Arc::clone(fonts),
        font_family: "sans-serif".into(),
        ..usvg::Options::default()
    };
    // Laying out the text cannot be interrupted: the one step that runs
    // on once begun (a quarter of a 36x36 with candidates).
    if give_up() {
        return Err(GAVE_UP_PAINTING.into());
    }
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| format!("cannot draw: {e}"))?;
    let size = tree.size().to_int_size();
    let (width, height) = (size.width(), size.height());
    // A 64x64 grid at 400 px cells would need gigabytes of pixels.
    if width.max(height) > max_side {
        return Err(format!(
            "a {width}x{height} px PNG is too large (at most {max_side} px a side): lower --cell"
        ));
    }
    let encode = |e: png::EncodingError| format!("cannot encode the PNG: {e}");
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().map_err(encode)?;
    let mut stream = writer.stream_writer().map_err(encode)?;
    let band = BAND_ROWS.min(height);
    let mut pixmap =
        tiny_skia::Pixmap::new(width, band).ok_or("cannot draw: the picture is too large")?;
    let mut bytes = Vec::with_capacity(pixmap.data().len());
    let mut top = 0;
    while top < height {
        if give_up() {
            return Err(GAVE_UP_PAINTING.into());
        }
        let rows = band.min(height - top);
        pixmap.fill(tiny_skia::Color::TRANSPARENT);
        let shift = tiny_skia::Transform::from_translate(0.0, -(top as f32));
        resvg::render(&tree, shift, &mut pixmap.as_mut());
        bytes.clear();
        // PNG wants straight alpha; tiny-skia paints premultiplied.
        for pixel in &pixmap.pixels()[..(width * rows) as usize] {
            let c = pixel.demultiply();
            bytes.extend_from_slice(&[c.red(), c.green(), c.blue(), c.alpha()]);
        }
        io::Write::write_all(&mut stream, &bytes)
            .map_err(|e| format!("cannot encode the PNG: {e}"))?;
        top += rows;
    }
    stream.finish().map_err(encode)?;
    writer.finish().map_err(encode)?;
    Ok(out)
}

/// What [`png`] answers when `give_up` said so.
pub(crate) const GAVE_UP_PAINTING: &str = "gave up painting the PNG";

#[cfg(test)]
mod tests {
    use super::*;
    use sudokit::render::{self, Options};
    use sudokit::Grid;

    #[test]
    fn a_png_painted_in_bands_has_the_pixels_of_one_whole_painting() {
        use resvg::{tiny_skia, usvg};
        // 16x16 at 40 px cells with candidates: over two bands tall, with
        // text and lines across the bands' edges.
        let puzzle = sudokit::format::line::parse_line(&".".repeat(256)).unwrap();
        let options = Options {
            cell: 40.0,
            ..Options::default()
        };
        let g = puzzle.geometry();
        let svg = render::svg(g, puzzle.givens(), None, None, None, &options);
        let fonts = load_fonts();
        let bytes = png(&svg, &fonts, MAX_PNG_SIDE, &|| false).unwrap();
        let decoder = ::png::Decoder::new(std::io::Cursor::new(bytes));
        let mut reader = decoder.read_info().unwrap();
        let mut banded = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut banded).unwrap();
        assert!(info.height > 2 * BAND_ROWS, "{}", info.height);
        let tree = usvg::Tree::from_str(
            &svg,
            &usvg::Options {
                fontdb: Arc::clone(&fonts),
                font_family: "sans-serif".into(),
                ..usvg::Options::default()
            },
        )
        .unwrap();
        let mut whole = tiny_skia::Pixmap::new(info.width, info.height).unwrap();
        resvg::render(&tree, tiny_skia::Transform::default(), &mut whole.as_mut());
        let straight: Vec<u8> = whole
            .pixels()
            .iter()
            .flat_map(|p| {
                let c = p.demultiply();
                [c.red(), c.green(), c.blue(), c.alpha()]
            })
            .collect();
        assert!(banded == straight, "the bands differ from one painting");
        // Asked to give up, it stops before the next band (the first
        // question comes before the text is laid out).
        let asked = std::cell::Cell::new(0);
        let give_up = || {
            asked.set(asked.get() + 1);
            asked.get() > 2
        };
        assert_eq!(
            png(&svg, &fonts, MAX_PNG_SIDE, &give_up),
            Err(GAVE_UP_PAINTING.to_owned())
        );
        assert_eq!(asked.get(), 3);
    }

    #[test]
    fn the_embedded_fonts_draw_the_digits() {
        let fonts = load_fonts();
        let embedded = fonts
            .faces()
            .filter(|f| matches!(f.source, resvg::usvg::fontdb::Source::Binary(_)))
            .count();
        assert_eq!(embedded, 2);
        // Givens are text only: if no font drew them, both PNGs would match.
        let puzzle = sudokit::format::line::parse_line("1...3..1..2...4.").unwrap();
        let g = puzzle.geometry();
        let options = Options::default();
        let with = render::svg(g, puzzle.givens(), None, None, None, &options);
        let without = render::svg(g, &Grid::empty(4), None, None, None, &options);
        assert_ne!(
            png(&with, &fonts, MAX_PNG_SIDE, &|| false).unwrap(),
            png(&without, &fonts, MAX_PNG_SIDE, &|| false).unwrap()
        );
        let mut empty = resvg::usvg::fontdb::Database::new();
        empty.set_sans_serif_family("DejaVu Sans");
        assert_eq!(
            png(&with, &Arc::new(empty), MAX_PNG_SIDE, &|| false).unwrap(),
            png(&without, &fonts, MAX_PNG_SIDE, &|| false).unwrap()
        );
    }
}
