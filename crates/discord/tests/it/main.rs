//! The Discord front end's integration tests: serenity's real client against the local Discord
//! double (`agora_testkit::discord::double`), one module per subject.
//!
//! One binary for the whole crate: `cargo test -p <crate> <module>::` runs one module's tests.

mod community_on_discord;
mod discord_and_mail;
mod faults_on_discord;
mod languages_on_discord;
mod menus_walk;
mod play_on_discord;
mod rest_calls;
mod shards_on_discord;
mod trust_on_discord;
mod under_load;
