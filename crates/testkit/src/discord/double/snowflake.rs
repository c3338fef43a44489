//! Discord's ids: snowflakes of a time in milliseconds since Discord's epoch, and the
//! timestamps of messages derived from them.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Discord's epoch, 2015-01-01, in milliseconds since 1970.
pub const DISCORD_EPOCH_MS: u64 = 1_420_070_400_000;

/// The snowflake of `at` with `low` in its low 22 bits.
pub fn snowflake(at: SystemTime, low: u64) -> u64 {
    let ms = at
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
        .saturating_sub(DISCORD_EPOCH_MS);
    (ms << 22) | (low & 0x3F_FFFF)
}

/// When a snowflake was made.
pub fn snowflake_time(id: u64) -> SystemTime {
    UNIX_EPOCH + Duration::from_millis((id >> 22) + DISCORD_EPOCH_MS)
}

/// The RFC 3339 time of a snowflake, as in a message's `timestamp`.
pub fn timestamp(id: u64) -> String {
    let ms = (id >> 22) + DISCORD_EPOCH_MS;
    chrono::DateTime::from_timestamp_millis(ms as i64)
        .unwrap_or_default()
        .format("%Y-%m-%dT%H:%M:%S%.6f+00:00")
        .to_string()
}
