//! Rasterising the SVG pictures to PNG with resvg, using only the font embedded in this crate.
//!
//! Two things keep a picture well under 20 ms and 100 KB at 800 px. The base layer of each game,
//! board and size (frame, cells, names, coordinates: most of the shapes and text) is rasterised
//! once and kept, so a picture only draws its top layer onto a copy. And the PNG is written with a
//! palette of at most 256 colours: a board has a few dozen flat colours plus anti-aliased edges,
//! and mapping the rarest edge shades to their nearest kept colour is invisible, while it cuts the
//! data to a quarter before compression, so the fastest deflate level is small enough.
//!
//! The font database is built once per process too: loading the face parses its tables.

use crate::RenderError;
use crate::svg::{CLOSE, FONT_FAMILY, open};
use agora_rules::GameKind;
use resvg::{tiny_skia, usvg};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::{Arc, Mutex, OnceLock};

/// DejaVu Sans Bold (Bitstream Vera licence, see `fonts/LICENSE-DejaVu.txt`).
pub(crate) static FONT: &[u8] = include_bytes!("../../fonts/DejaVuSans-Bold.ttf");

/// How many base layers to keep: a few sizes of each board are plenty, and each 800 px one holds
/// 2.5 MB.
const KEPT_BASES: usize = 8;

fn fonts() -> Arc<usvg::fontdb::Database> {
    static FONTS: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = usvg::fontdb::Database::new();
            db.load_font_data(FONT.to_vec());
            // Any family a text might ask for resolves to the embedded face.
            db.set_sans_serif_family(FONT_FAMILY);
            Arc::new(db)
        })
        .clone()
}

/// Which base layer: the game, the board's side (0 for Agon) and the picture's size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct BaseKey {
    pub game: GameKind,
    pub board: usize,
    pub size: u32,
}

/// Draws the elements of `body` onto `pixmap`, inside a document of the pixmap's size.
fn draw(body: &str, background: bool, pixmap: &mut tiny_skia::Pixmap) -> Result<(), RenderError> {
    let size = pixmap.width();
    let mut document = open(size, background);
    document.push_str(body);
    document.push_str(CLOSE);
    draw_document(&document, pixmap)
}

/// Draws a whole SVG document onto `pixmap`, with the embedded font.
fn draw_document(document: &str, pixmap: &mut tiny_skia::Pixmap) -> Result<(), RenderError> {
    let options = usvg::Options {
        font_family: FONT_FAMILY.to_string(),
        fontdb: fonts(),
        ..usvg::Options::default()
    };
    let tree =
        usvg::Tree::from_str(document, &options).map_err(|e| RenderError::Svg(e.to_string()))?;
    resvg::render(
        &tree,
        tiny_skia::Transform::identity(),
        &mut pixmap.as_mut(),
    );
    Ok(())
}

/// Rasterises a whole SVG document of `width` × `height` user units, which paints its own
/// opaque background, and encodes it as PNG.
pub(crate) fn document_png(
    document: &str,
    width: u32,
    height: u32,
) -> Result<Vec<u8>, RenderError> {
    let mut pixmap =
        tiny_skia::Pixmap::new(width, height).ok_or(RenderError::Size(width.max(height)))?;
    draw_document(document, &mut pixmap)?;
    encode(&pixmap)
}

/// The rasterised base layer for `key`, drawn from `base` the first time it is asked for.
fn base_layer(
    key: BaseKey,
    base: impl FnOnce() -> String,
) -> Result<Arc<tiny_skia::Pixmap>, RenderError> {
    static KEPT: Mutex<Vec<(BaseKey, Arc<tiny_skia::Pixmap>)>> = Mutex::new(Vec::new());
    // A panic elsewhere while holding the lock leaves the list intact: keep using it.
    let lock = || KEPT.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some((_, pixmap)) = lock().iter().find(|(k, _)| *k == key) {
        return Ok(pixmap.clone());
    }
    let mut pixmap =
        tiny_skia::Pixmap::new(key.size, key.size).ok_or(RenderError::Size(key.size))?;
    draw(&base(), true, &mut pixmap)?;
    let pixmap = Arc::new(pixmap);
    let mut kept = lock();
    if kept.len() >= KEPT_BASES {
        kept.remove(0);
    }
    kept.push((key, pixmap.clone()));
    Ok(pixmap)
}

/// Draws the top layer `top` over the base layer `key` and encodes the result as PNG.
pub(crate) fn png(
    key: BaseKey,
    base: impl FnOnce() -> String,
    top: &str,
) -> Result<Vec<u8>, RenderError> {
    let mut pixmap = (*base_layer(key, base)?).clone();
    draw(top, false, &mut pixmap)?;
    encode(&pixmap)
}

/// A hasher for packed colours: one multiplication, where the default hasher's strength against
/// hostile keys is not needed (the keys are the picture's own pixels).
#[derive(Default)]
struct ColourHasher(u64);

impl Hasher for ColourHasher {
    fn finish(&self) -> u64 {
        self.0 ^ (self.0 >> 29)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }

    fn write_u32(&mut self, n: u32) {
        self.0 = u64::from(n).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

type ColourMap<V> = HashMap<u32, V, BuildHasherDefault<ColourHasher>>;

/// Encodes an opaque pixmap as an 8-bit palette PNG (see the module docs).
fn encode(pixmap: &tiny_skia::Pixmap) -> Result<Vec<u8>, RenderError> {
    // The background is opaque, so premultiplied pixels are plain colours with alpha 255; a
    // colour is packed as 0xRRGGBB.
    let (pixels, _) = pixmap.data().as_chunks::<4>();
    let packed = |p: &[u8; 4]| u32::from_be_bytes([0, p[0], p[1], p[2]]);

    // Count the colours, looking up once per run of equal pixels.
    let mut counts: ColourMap<u32> = ColourMap::default();
    let mut run = (u32::MAX, 0u32);
    for p in pixels {
        let c = packed(p);
        if c == run.0 {
            run.1 += 1;
        } else {
            if run.1 > 0 {
                *counts.entry(run.0).or_default() += run.1;
            }
            run = (c, 1);
        }
    }
    *counts.entry(run.0).or_default() += run.1;

    // The most frequent colours form the palette, in a fixed order so equal pictures give equal
    // bytes; every other colour takes its nearest palette entry.
    let mut by_count: Vec<(u32, u32)> = counts.into_iter().collect();
    by_count.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let rgb = |c: u32| [(c >> 16) as u8, (c >> 8) as u8, c as u8];
    let palette: Vec<[u8; 3]> = by_count.iter().take(256).map(|&(c, _)| rgb(c)).collect();
    let nearest = |c: [u8; 3]| -> u8 {
        let distance = |p: &[u8; 3]| -> u32 {
            // Green weighs most and blue least, as the eye sees them.
            let d = |i: usize, w: u32| w * u32::from(c[i].abs_diff(p[i])).pow(2);
            d(0, 3) + d(1, 4) + d(2, 2)
        };
        (0..palette.len())
            .min_by_key(|&i| distance(&palette[i]))
            .unwrap_or(0) as u8
    };
    let index: ColourMap<u8> = by_count
        .iter()
        .enumerate()
        .map(|(i, &(c, _))| (c, if i < 256 { i as u8 } else { nearest(rgb(c)) }))
        .collect();
    let mut indices = Vec::with_capacity(pixels.len());
    let mut last = (u32::MAX, 0u8);
    for p in pixels {
        let c = packed(p);
        if c != last.0 {
            last = (c, index[&c]);
        }
        indices.push(last.1);
    }

    let mut out = Vec::with_capacity(96 * 1024);
    let mut encoder = ::png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    encoder.set_color(::png::ColorType::Indexed);
    encoder.set_depth(::png::BitDepth::Eight);
    encoder.set_palette(palette.concat());
    // The fastest zlib level: slower levels shrink a board by a fifth at three times the cost,
    // and the result is already well under 100 KB at 800 px.
    encoder.set_deflate_compression(::png::DeflateCompression::Level(1));
    // Palette indices have no gradients for a filter to exploit; unfiltered rows compress best.
    encoder.set_filter(::png::Filter::NoFilter);
    let encode_error = |e: ::png::EncodingError| RenderError::Encode(e.to_string());
    let mut writer = encoder.write_header().map_err(encode_error)?;
    writer.write_image_data(&indices).map_err(encode_error)?;
    writer.finish().map_err(encode_error)?;
    Ok(out)
}

#[cfg(test)]
mod tests;
