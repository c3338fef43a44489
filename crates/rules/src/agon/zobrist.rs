//! Zobrist hashing of Agon positions: a key per cell and piece byte, and one for Black to act, so
//! the hash of a position that AG-13 compares is updated by a few XORs per action.

use super::PRESENT;
use super::board::CELLS;

const fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// Zobrist keys: one per cell and cell byte (16 values), and one for Black to act.
pub(super) const ZOBRIST: [[u64; 16]; CELLS] = {
    let mut t = [[0u64; 16]; CELLS];
    let mut i = 0;
    while i < CELLS {
        let mut v = 1; // 0 (empty) hashes to nothing
        while v < 16 {
            t[i][v] = splitmix((i * 16 + v) as u64 * 0x1000_0000_01B3);
            v += 1;
        }
        i += 1;
    }
    t
};
pub(super) const ZOBRIST_SECOND: u64 = splitmix(0xA60A_A60A);

/// The keys of `ZOBRIST` for the eight bytes of a piece (`PRESENT` set), by the byte's low three
/// bits: the same keys in half the memory, for the updates made on every action.
static PIECE_KEYS: [[u64; 8]; CELLS] = {
    let mut t = [[0u64; 8]; CELLS];
    let mut i = 0;
    while i < CELLS {
        let mut v = 0;
        while v < 8 {
            t[i][v] = ZOBRIST[i][PRESENT as usize | v];
            v += 1;
        }
        i += 1;
    }
    t
};

/// The Zobrist key of the piece byte `raw` (never 0) on cell `i`.
#[inline(always)]
pub(super) fn piece_key(i: usize, raw: u8) -> u64 {
    PIECE_KEYS[i][(raw & 7) as usize]
}
