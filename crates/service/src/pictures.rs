//! The pictures of games, drawn once per game, ply, size, overlay and language and shared by every
//! recipient, channel and command that shows that position in that language: a move tells both players, often on
//! two channels, and a `board` command for the same position follows, so drawing each of them
//! anew would rasterise one picture several times.
//!
//! The cache is bounded by the bytes it holds ([`CAPACITY`]) and forgets the pictures used least
//! (quick_cache's CLOCK-PRO policy, close to LRU, tuned toward recency). A picture is also checked against the position
//! it shows before it is handed out: a takeback replays a ply with another action, and an id
//! freed by a purge may name a new game, so an entry whose position differs is drawn again and
//! replaced. Concurrent asks for one picture wait for the first to draw it instead of drawing it
//! too (the Discord and mail senders run side by side on the same rows).
//!
//! It counts what it does ([`PictureStats`]) for the benchmarks; it keeps nothing on disk.

use crate::queries::GameState;
use agora_render::{Language, RenderError};
use agora_rules::{AnyAction, AnyPosition};
use quick_cache::sync::{Cache, GuardResult};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The bytes of pictures kept: 8 MiB, a couple of hundred boards at the usual sizes (a board of
/// 800 pixels is some tens of kilobytes). The recipients and channels of one move ask for its
/// picture within seconds of each other, so this covers them on a busy server; older positions
/// are rarely asked for again, and more would only weigh on the server's resident memory.
pub const CAPACITY: u64 = 8 * 1024 * 1024;

/// How many pictures [`CAPACITY`] is expected to hold, to size the cache's tables.
const EXPECTED_ITEMS: usize = 256;

/// How long an ask waits for another caller drawing the same picture before drawing it itself:
/// far longer than a drawing takes, so it only matters if one never finishes.
const WAIT: Duration = Duration::from_secs(10);

/// What pictures were drawn and reused since the service started.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PictureStats {
    /// Pictures drawn (including those that failed).
    pub renders: u64,
    /// Pictures handed out from the cache without drawing.
    pub hits: u64,
    /// The time spent drawing, in all.
    pub render_time: Duration,
}

impl PictureStats {
    /// The mean time of one drawing, if any was made.
    pub fn mean_render_time(&self) -> Option<Duration> {
        let renders = u32::try_from(self.renders).ok().filter(|&n| n > 0)?;
        Some(self.render_time / renders)
    }
}

/// Which picture: the same game, ply, size and overlay show the same position, unless a takeback
/// or a reused id changed it (see [`Drawn`]); its words are in `language`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    game: i64,
    ply: u32,
    size: u32,
    overlay: bool,
    language: Language,
}

/// A drawn picture and the position it shows.
#[derive(Debug)]
struct Drawn {
    position: AnyPosition,
    last: Option<AnyAction>,
    png: Arc<[u8]>,
}

impl Drawn {
    fn shows(&self, state: &GameState) -> bool {
        self.last == state.last_action && self.position == state.position
    }
}

/// Weighs an entry by its bytes, so the bound holds whatever the sizes asked for.
#[derive(Debug, Clone, Copy)]
struct Bytes;

impl quick_cache::Weighter<Key, Arc<Drawn>> for Bytes {
    fn weight(&self, _key: &Key, drawn: &Arc<Drawn>) -> u64 {
        // The position and the bookkeeping, roughly, on top of the picture.
        drawn.png.len() as u64 + 512
    }
}

/// The service's pictures: the cache and its counters.
pub(crate) struct Pictures {
    cache: Cache<Key, Arc<Drawn>, Bytes>,
    renders: AtomicU64,
    hits: AtomicU64,
    nanos: AtomicU64,
}

impl std::fmt::Debug for Pictures {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pictures")
            .field("kept", &self.cache.len())
            .field("stats", &self.stats())
            .finish()
    }
}

impl Default for Pictures {
    fn default() -> Self {
        Pictures::with_capacity(CAPACITY)
    }
}

impl Pictures {
    /// A cache holding at most `bytes` of pictures.
    pub(crate) fn with_capacity(bytes: u64) -> Pictures {
        // Half the space for pictures asked for once so far: a picture is asked for by its
        // recipients within moments of being drawn, then seldom again, so recency matters more
        // than the frequency the default (97 % for pictures asked for twice) is tuned for; with
        // it, a new picture could be pushed out by those of other games before its second ask.
        let options = quick_cache::OptionsBuilder::new()
            .estimated_items_capacity(EXPECTED_ITEMS)
            .weight_capacity(bytes)
            .hot_allocation(0.5)
            .build();
        let cache = match options {
            Ok(options) => {
                Cache::with_options(options, Bytes, Default::default(), Default::default())
            }
            // Not reached: every option it requires is set above.
            Err(_) => Cache::with_weighter(EXPECTED_ITEMS, bytes, Bytes),
        };
        Pictures {
            cache,
            renders: AtomicU64::new(0),
            hits: AtomicU64::new(0),
            nanos: AtomicU64::new(0),
        }
    }

    /// The picture of `state`'s shown position, `size` pixels wide, with its overlay and its
    /// words in `language`: from the cache when it holds that very position, else drawn and kept.
    pub(crate) fn picture(
        &self,
        state: &GameState,
        size: u32,
        language: Language,
    ) -> Result<Arc<[u8]>, RenderError> {
        let key = Key {
            game: state.id,
            ply: state.ply,
            size,
            overlay: state.overlay,
            language,
        };
        match self.cache.get_value_or_guard(&key, Some(WAIT)) {
            GuardResult::Value(drawn) if drawn.shows(state) => {
                self.hits.fetch_add(1, Ordering::Relaxed);
                Ok(drawn.png.clone())
            }
            // Another position under the same key: the new one replaces it.
            GuardResult::Value(_) => {
                let drawn = self.draw(state, size, language)?;
                self.cache.insert(key, drawn.clone());
                Ok(drawn.png.clone())
            }
            GuardResult::Guard(guard) => {
                // A failure drops the guard: whoever waits draws it in turn.
                let drawn = self.draw(state, size, language)?;
                let _ = guard.insert(drawn.clone());
                Ok(drawn.png.clone())
            }
            GuardResult::Timeout => Ok(self.draw(state, size, language)?.png.clone()),
        }
    }

    /// Draws the picture, counting the drawing and its time.
    fn draw(
        &self,
        state: &GameState,
        size: u32,
        language: Language,
    ) -> Result<Arc<Drawn>, RenderError> {
        let started = Instant::now();
        // As `GameState::png` draws it, with the words in `language`.
        let options = agora_render::PngOptions {
            size,
            field_overlay: state.overlay,
            language,
        };
        let png = agora_render::png(&state.position, state.last_action, &options);
        let nanos = u64::try_from(started.elapsed().as_nanos()).unwrap_or(u64::MAX);
        self.renders.fetch_add(1, Ordering::Relaxed);
        self.nanos.fetch_add(nanos, Ordering::Relaxed);
        Ok(Arc::new(Drawn {
            position: state.position.clone(),
            last: state.last_action,
            png: png?.into(),
        }))
    }

    /// The counters so far.
    pub(crate) fn stats(&self) -> PictureStats {
        PictureStats {
            renders: self.renders.load(Ordering::Relaxed),
            hits: self.hits.load(Ordering::Relaxed),
            render_time: Duration::from_nanos(self.nanos.load(Ordering::Relaxed)),
        }
    }
}

impl crate::Service {
    /// The picture of `state`'s shown position, `size` pixels wide, with the last action marked
    /// and, where [`GameState::overlay`] says so, the final fields tinted, its words in English
    /// (see [`crate::Service::picture_in`]).
    pub fn picture(&self, state: &GameState, size: u32) -> Result<Arc<[u8]>, RenderError> {
        self.picture_in(state, size, Language::En)
    }

    /// The picture of `state`'s shown position, `size` pixels wide, with the last action marked,
    /// where [`GameState::overlay`] says so the final fields tinted, and its words in `language`,
    /// the reader's: drawn once per game, ply, size, overlay and language, whoever asks. Every
    /// front end draws its pictures through here.
    pub fn picture_in(
        &self,
        state: &GameState,
        size: u32,
        language: Language,
    ) -> Result<Arc<[u8]>, RenderError> {
        self.pictures.picture(state, size, language)
    }

    /// How many pictures were drawn and reused, and the time spent drawing, since the service
    /// started.
    pub fn picture_stats(&self) -> PictureStats {
        self.pictures.stats()
    }
}
