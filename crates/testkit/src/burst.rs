//! A burst of commands for the tests that kill the real binary: registrations, challenges,
//! acceptances, then the games' actions interleaved, each line with its own delivery id.

use agora_rules::{AnyPosition, Variant};
use agora_store::{Store, StoreOptions};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

/// `agora play --script` (the `binary`) on `db`, logging its deliveries to `log`, with its input and output
/// piped to the test.
pub fn play(binary: &str, db: &Path, log: &Path) -> Child {
    Command::new(binary)
        .args(["play", "--script", "--players", "terminal", "--db"])
        .arg(db)
        .arg("--outbox-log")
        .arg(log)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("agora binary")
}

/// A fresh directory for the test `name`.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("agora-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

pub const GAMES: usize = 6;
pub const PLIES: usize = 30;

/// The burst: registrations, challenges, acceptances, then the games' actions interleaved.
/// Returns the lines and, per game, the delivery ids of its actions in order.
pub fn burst() -> (Vec<String>, Vec<Vec<String>>) {
    let mut rng = SmallRng::seed_from_u64(42);
    let mut lines = Vec::new();
    let mut games = Vec::new();
    for g in 0..GAMES {
        let (kind, variant) = if g % 2 == 0 {
            ("agon", Variant::Agon)
        } else {
            (
                "agros board 8 farmers 3",
                Variant::Agros {
                    board: 8,
                    farmers: 3,
                },
            )
        };
        lines.push(format!("#reg-{g} b{g}: games"));
        lines.push(format!("#ch-{g} w{g}: challenge b{g} {kind}"));
        lines.push(format!("#ac-{g} b{g}: accept {}", g + 1));
        let mut p: AnyPosition = variant.start();
        let mut actions = Vec::new();
        while actions.len() < PLIES && !p.is_finished() {
            let legal = p.legal_actions();
            let a = legal[rng.random_range(0..legal.len())];
            actions.push(p.notation(a));
            p.play_unchecked(a);
        }
        games.push(actions);
    }
    let mut ids = vec![Vec::new(); GAMES];
    for n in 0..PLIES {
        for (g, actions) in games.iter().enumerate() {
            if let Some(a) = actions.get(n) {
                let who = if n % 2 == 0 { "w" } else { "b" };
                let id = format!("g{g}-p{n}");
                lines.push(format!("#{id} {who}{g}: move #{} ply {n} {a}", g + 1));
                ids[g].push(id);
            }
        }
    }
    (lines, ids)
}

/// After the burst on `db`: every game has each of its actions once, in order (none lost,
/// acknowledged or not, none doubled); no notification waits; and the log of deliveries has
/// each sent row exactly once.
pub fn assert_applied_once(db: &Path, log: &Path, ids: &[Vec<String>]) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let store = Store::open(db, &StoreOptions::default()).await.unwrap();
        let mut tx = store.write().await.unwrap();
        let mut total = 0;
        for (g, expected) in ids.iter().enumerate() {
            let actions = tx.actions(g as i64 + 1).await.unwrap();
            let got: Vec<String> = actions
                .iter()
                .map(|a| a.delivery_id.clone().unwrap_or_default())
                .collect();
            // Every action once, in order: none lost (acknowledged or not), none doubled.
            assert_eq!(&got, expected, "game {}", g + 1);
            total += got.len();
        }
        assert_eq!(tx.count_actions().await.unwrap(), total as i64);

        let stats = tx.outbox_stats().await.unwrap();
        assert_eq!(stats.pending, 0, "every outbox row sent");
        let text = std::fs::read_to_string(log).unwrap();
        let logged: Vec<i64> = text
            .lines()
            .filter_map(|l| l.split_once('\t'))
            .map(|(id, _)| id.parse().unwrap())
            .collect();
        let unique: HashSet<i64> = logged.iter().copied().collect();
        assert_eq!(
            unique.len(),
            logged.len(),
            "no notification delivered twice"
        );
        assert_eq!(
            logged.len() as i64,
            stats.sent,
            "each sent row delivered once"
        );
        drop(tx);
        store.close().await;
    });
}
