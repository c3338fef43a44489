//! Pictures of a position of either game: plain ASCII for mail bodies and chat code blocks, and an
//! SVG drawing that is rasterised to PNG for attachments; and the graph of an analysed game's
//! winning chances ([`evaluation_svg`], [`evaluation_png`]).
//!
//! The crate only turns a position (and the action that led to it) into text or bytes: it reads no
//! files, opens no network connection and keeps no state apart from the embedded font, so every
//! machine draws the same picture. Everything it knows about the games comes from `agora-rules`.
//!
//! Every word of a picture (whose turn it is, the ending, the score, the legends) is in the
//! reader's [`Language`], from `templates/*/views.ftl` through `agora-i18n`; the notation of
//! actions and the coordinates are the same in every language.
//!
//! ```
//! use agora_rules::Variant;
//! let start = Variant::Agon.start();
//! let text = agora_render::ascii(&start, None, agora_render::Language::En);
//! assert!(text.contains("White to act"));
//! let png = agora_render::png(&start, None, &agora_render::PngOptions::default()).unwrap();
//! assert_eq!(&png[1..4], b"PNG");
//! ```

mod ascii;
mod caption;
mod describe;
mod graph;
mod last_action;
mod raster;
mod svg;

pub use agora_i18n::Language;
use agora_rules::{AnyAction, AnyPosition, GameKind};
pub use describe::{DESCRIPTION_LIMIT, describe_position};
pub use graph::{GraphLabels, evaluation_png, evaluation_svg};

/// How big a picture to draw, in which language, and whether to show the Agros field overlay.
///
/// Build it with `..PngOptions::default()` for the fields you leave as they are, so a field added
/// later does not break the call.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PngOptions {
    /// Width and height of the square picture in pixels (the SVG uses the same user units).
    pub size: u32,
    /// For Agros: tint each field by the side that controls it, print its value (AR-10 …
    /// AR-12) and say in a legend which tint is whose. Ignored for Agon.
    pub field_overlay: bool,
    /// The language of the picture's words (status, score, last action, legend).
    pub language: Language,
}

impl Default for PngOptions {
    fn default() -> Self {
        PngOptions {
            size: 800,
            field_overlay: false,
            language: Language::En,
        }
    }
}

/// The words of the legend under the Agros field overlay, one line: the title, then a swatch of
/// each tint with its word, in a language ([`FieldLegend::new`]): `Fields: ■ Light ■ Dark ■ nobody`
/// in English, the default.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldLegend {
    /// Before the swatches.
    pub title: String,
    /// Beside the tint of the fields Light controls.
    pub light: String,
    /// Beside the tint of the fields Dark controls.
    pub dark: String,
    /// Beside the bare board's colour, for the fields nobody controls (AR-11); shown only when
    /// the position has such a field.
    pub nobody: String,
}

impl FieldLegend {
    /// The legend's words in `language`.
    pub fn new(language: Language) -> FieldLegend {
        let side = |seat| caption::side(language, GameKind::Agros, seat);
        FieldLegend {
            title: agora_i18n::tr(language, "pic-fields", &[]),
            light: side(agora_rules::Seat::First),
            dark: side(agora_rules::Seat::Second),
            nobody: agora_i18n::tr(language, "pic-fields-nobody", &[]),
        }
    }
}

impl Default for FieldLegend {
    fn default() -> Self {
        FieldLegend::new(Language::En)
    }
}

/// Why a picture could not be drawn.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// The requested size cannot be drawn (zero, or too large to hold in memory).
    #[error("cannot draw a picture of {0} pixels: the size must be between 64 and 8192")]
    Size(u32),
    /// The generated SVG was rejected by the SVG parser: a bug in this crate.
    #[error("the drawing is not valid SVG: {0}")]
    Svg(String),
    /// The PNG encoder failed.
    #[error("could not encode the PNG: {0}")]
    Encode(String),
}

/// The position as plain text (at most 60 columns): the board with coordinates on its edges, in
/// ASCII, then in `language` whose turn it is (or how the game ended), the Agros score, and a
/// one-line legend.
///
/// `last` is the action that led to `position`; its cells are marked, and so are the pieces it
/// captured (an Agon step, AG-8), which the crate reads off `position` itself. An action of the
/// other game is ignored.
pub fn ascii(position: &AnyPosition, last: Option<AnyAction>, language: Language) -> String {
    match position {
        AnyPosition::Agon(p) => ascii::agon(language, p, agon_action(last)),
        AnyPosition::Agros(p) => ascii::agros(language, p, agros_action(last)),
    }
}

/// The position as an SVG document of `options.size` × `options.size` user units. Its text uses
/// the font family `DejaVu Sans` (bold), which [`png`] embeds; a browser falls back to any sans.
/// It is an image (`role="img"`) whose `<title>` is [`describe_position`]'s text, so a screen
/// reader reads the position.
pub fn svg(position: &AnyPosition, last: Option<AnyAction>, options: &PngOptions) -> String {
    let lang = options.language;
    let layers = match position {
        AnyPosition::Agon(p) => svg::agon::draw(lang, p, agon_action(last), options.size),
        AnyPosition::Agros(p) => svg::agros::draw(
            lang,
            p,
            agros_action(last),
            options.size,
            field_legend(options).as_ref(),
        ),
    };
    layers.document(options.size, &describe_position(position, last, lang))
}

/// The picture of [`svg`], rasterised to a PNG of `options.size` × `options.size` pixels with the
/// embedded font.
pub fn png(
    position: &AnyPosition,
    last: Option<AnyAction>,
    options: &PngOptions,
) -> Result<Vec<u8>, RenderError> {
    let (size, lang) = (options.size, options.language);
    if !(64..=8192).contains(&size) {
        return Err(RenderError::Size(size));
    }
    // The base layer is rasterised once per game, board and size; only the top is drawn here.
    match position {
        AnyPosition::Agon(p) => raster::png(
            raster::BaseKey {
                game: GameKind::Agon,
                board: 0,
                size,
            },
            || svg::agon::base(size),
            &svg::agon::top(lang, p, agon_action(last), size),
        ),
        AnyPosition::Agros(p) => raster::png(
            raster::BaseKey {
                game: GameKind::Agros,
                board: p.size(),
                size,
            },
            || svg::agros::base(size, p.size()),
            &svg::agros::top(
                lang,
                p,
                agros_action(last),
                size,
                field_legend(options).as_ref(),
            ),
        ),
    }
}

/// The legend's words when the field overlay is on.
fn field_legend(options: &PngOptions) -> Option<FieldLegend> {
    options
        .field_overlay
        .then(|| FieldLegend::new(options.language))
}

fn agon_action(last: Option<AnyAction>) -> Option<agora_rules::agon::Action> {
    match last {
        Some(AnyAction::Agon(a)) => Some(a),
        _ => None,
    }
}

fn agros_action(last: Option<AnyAction>) -> Option<agora_rules::agros::Action> {
    match last {
        Some(AnyAction::Agros(a)) => Some(a),
        _ => None,
    }
}
