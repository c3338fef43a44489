//! Rebuilds the crate when a migration is added or changed: `sqlx::migrate!` embeds them at compile
//! time, and cargo does not otherwise look outside the crate's own folder.

fn main() {
    println!("cargo:rerun-if-changed=../../migrations");
}
