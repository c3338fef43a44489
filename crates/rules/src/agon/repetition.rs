//! The occurrence counts behind the third-repetition draw (AG-13): the Zobrist hash of every
//! position of a game so far, and a cheap test that spares almost every count.
//!
//! Nothing in Agon is irreversible (a return can undo a capture and move a piece outward again),
//! so any earlier position may come back and the whole game is kept. This module does not know
//! what a position is, only its hash.

/// The hashes of a game's positions in order, behind a counting filter.
///
/// The filter keeps, for each value of a hash's top bits, a count of the hashes seen with those
/// bits, saturating at 3. Fewer than two earlier hashes in a hash's slot means fewer than two
/// earlier occurrences of it, so the third occurrence can only be reached when the filter says
/// two: only then are the hashes counted. Both live in one vector so that a clone is one copy.
#[derive(Clone, Debug)]
pub(crate) struct Occurrences {
    /// `FILTER_WORDS` words of two-bit counters, then every hash so far, the current one last.
    words: Vec<u64>,
}

/// Top bits of a hash that pick its counter: 4096 counters, 1 KiB, so that in a game of a
/// thousand plies a count is needed in about one ply in thirty.
const FILTER_BITS: u32 = 12;
const FILTER_WORDS: usize = (1 << FILTER_BITS) * 2 / 64;

/// The word and bit offset of a hash's counter.
#[inline(always)]
fn counter(hash: u64) -> (usize, u32) {
    let slot = (hash >> (64 - FILTER_BITS)) as usize;
    (slot / 32, (slot % 32) as u32 * 2)
}

impl Occurrences {
    /// The occurrences of a game whose first position has `hash`.
    pub(crate) fn new(hash: u64) -> Occurrences {
        let mut words = Vec::with_capacity(FILTER_WORDS + 64);
        words.resize(FILTER_WORDS, 0);
        let mut occurrences = Occurrences { words };
        occurrences.add(hash);
        occurrences
    }

    /// Records one more position; returns whether it is now at least the third occurrence of
    /// its hash.
    #[inline]
    pub(crate) fn add(&mut self, hash: u64) -> bool {
        let (word, shift) = counter(hash);
        let earlier = (self.words[word] >> shift) & 3;
        self.words[word] += u64::from(earlier != 3) << shift;
        self.words.push(hash);
        earlier >= 2 && self.count(hash) >= 3
    }

    /// How many of the recorded positions have `hash`.
    pub(crate) fn count(&self, hash: u64) -> usize {
        // A plain scan that the compiler vectorises.
        self.hashes().iter().filter(|&&h| h == hash).count()
    }

    /// How many positions have been recorded after the first.
    pub(crate) fn plies(&self) -> usize {
        self.hashes().len() - 1
    }

    fn hashes(&self) -> &[u64] {
        &self.words[FILTER_WORDS..]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The third-occurrence answers and the counts agree with a plain count over a long stream
    /// with many repeats and many hashes that share their counter.
    #[test]
    fn agrees_with_a_plain_count() {
        let mut x = 0x1234_5678_u64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let first = next();
        let mut occurrences = Occurrences::new(first);
        let mut stream = vec![first];
        for _ in 0..5_000 {
            // 64 counters' worth of top bits and few low values: counters fill up and hashes
            // repeat.
            let r = next();
            let hash = (r & (63 << 58)) | (r % 300);
            stream.push(hash);
            let expected = stream.iter().filter(|&&h| h == hash).count();
            assert_eq!(occurrences.add(hash), expected >= 3, "{hash:x}");
            assert_eq!(occurrences.count(hash), expected);
        }
        assert_eq!(occurrences.plies(), 5_000);
    }
}
