//! The Move button's menus reach every legal action of every variant: for positions of all ten
//! variants (Agon; Agros on 8, 10 and 12 squares with 3, 5 and 7 farmers), reached by seeded
//! random play from the start, every option of every menu is followed until an action's preview,
//! within `MAX_STEPS` choices, each menu within Discord's limits; and an Agros placement and an
//! Agon re-entry are played from the menus end to end, through serenity's real client against the
//! Discord double.

use agora_testkit::discord as common;

use agora_discord::menus::{ID_MAX, MENU_MAX, MenuStep, menu_step, play_id};
use agora_rules::{AnyAction, AnyPosition, GameKind, Variant, agon, agros};
use agora_service::Inbound;
use common::double::{Double, LOBBY, buttons_of};
use common::{Agora, Opt, Place, User, click, in_server, mention_in, new_thread, run, temp_db};
use serde_json::Value;
use std::collections::HashMap;

/// The most menu choices between the Move button and an action's preview.
const MAX_STEPS: usize = 4;

/// A small seeded generator (splitmix64): the same positions on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut x = self.0;
        x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((x ^ (x >> 31)) % n as u64) as usize
    }
}

fn variants() -> Vec<Variant> {
    let mut all = vec![Variant::new(GameKind::Agon, None, None).unwrap()];
    for board in [8, 10, 12] {
        for farmers in [3, 5, 7] {
            all.push(Variant::new(GameKind::Agros, Some(board), Some(farmers)).unwrap());
        }
    }
    all
}

/// The legal actions as the service lists them: canonical notation, Agon captures included.
fn listed(position: &AnyPosition) -> Vec<String> {
    position
        .legal_actions()
        .into_iter()
        .map(|a| position.notation(a))
        .collect()
}

/// The clicks (menu custom id, value) that lead from the Move button to each action's preview.
type Paths = HashMap<String, Vec<(String, String)>>;

/// Follows every option of every menu for `actions` of `game` at `ply`, checking each menu on
/// the way; returns the clicks that reach each action.
fn walk(game: i64, ply: u32, actions: &[String]) -> Paths {
    fn visit(
        game: i64,
        ply: u32,
        actions: &[String],
        step: MenuStep,
        path: Vec<(String, String)>,
        out: &mut Paths,
    ) {
        match step {
            MenuStep::Chosen(action) => {
                assert!(path.len() <= MAX_STEPS, "{action}: {path:?}");
                assert!(actions.contains(&action), "{action} is not legal");
                let play = play_id(game, ply, &action);
                assert!(play.len() <= ID_MAX, "{play}");
                let again = out.insert(action.clone(), path);
                assert!(again.is_none(), "{action} is reached twice");
            }
            MenuStep::Menu(menu) => {
                assert!(
                    path.len() < MAX_STEPS,
                    "a menu after {MAX_STEPS} choices: {path:?} → {menu:?}"
                );
                let id = &menu.custom_id;
                assert!(id.len() <= ID_MAX, "{id}");
                assert!(
                    id == &format!("pick:{game}:{ply}") || id == &format!("to:{game}:{ply}"),
                    "{id}"
                );
                assert!(
                    (1..=MENU_MAX).contains(&menu.options.len()),
                    "{} options: {menu:?}",
                    menu.options.len()
                );
                let mut values: Vec<&str> = menu.options.iter().map(|o| o.value.as_str()).collect();
                values.sort_unstable();
                values.dedup();
                assert_eq!(values.len(), menu.options.len(), "values repeat: {menu:?}");
                for option in &menu.options {
                    assert!(option.value.chars().count() <= ID_MAX, "{option:?}");
                    assert!(
                        (1..=ID_MAX).contains(&option.label.chars().count()),
                        "{option:?}"
                    );
                    let next = menu_step(game, ply, actions, Some((id, &option.value)));
                    let mut longer = path.clone();
                    longer.push((id.clone(), option.value.clone()));
                    visit(game, ply, actions, next, longer, out);
                }
            }
            MenuStep::Nothing => panic!("an option leads nowhere: {path:?}"),
        }
    }
    let mut out = Paths::new();
    let first = menu_step(game, ply, actions, None);
    visit(game, ply, actions, first, Vec::new(), &mut out);
    out
}

/// What kind of action `text` is, for the tally of kinds walked.
fn kind(position: &AnyPosition, text: &str) -> &'static str {
    match position.parse_action(text).expect("a legal action reads") {
        AnyAction::Agon(agon::Action::Step { .. }) => "agon step",
        AnyAction::Agon(agon::Action::Return { .. }) => "agon re-entry",
        AnyAction::Agros(agros::Action::Place(_)) => "agros placement of one",
        AnyAction::Agros(agros::Action::PlaceTwo(..)) => "agros placement of two",
        AnyAction::Agros(agros::Action::Harvest { .. }) => "agros harvest",
        AnyAction::Agros(agros::Action::Sow { .. }) => "agros sow",
        AnyAction::Agros(agros::Action::Pass) => "agros pass",
    }
}

/// Positions of `variant` from seeded random play: the first three plies, then every eleventh,
/// and (Agon) every position where a captured piece must re-enter. Captures are preferred half
/// of the time, so re-entries come early. Of the Agros openings where two farmers are placed
/// (over 10,000 actions on the largest board) only the first is kept, so the test stays fast.
fn positions(variant: Variant, rng: &mut Rng, games: usize) -> Vec<(u32, AnyPosition)> {
    let mut out = Vec::new();
    let mut placed_two = false;
    for _ in 0..games {
        let mut position = variant.start();
        for ply in 0..150u32 {
            let legal = position.legal_actions();
            if legal.is_empty() {
                break;
            }
            let re_entry = legal
                .iter()
                .any(|a| matches!(a, AnyAction::Agon(agon::Action::Return { .. })));
            let two = legal
                .iter()
                .any(|a| matches!(a, AnyAction::Agros(agros::Action::PlaceTwo(..))));
            if (ply < 3 || ply % 11 == 0 || re_entry) && !(two && placed_two) {
                out.push((ply, position.clone()));
                placed_two |= two;
            }
            let captures: Vec<AnyAction> = legal
                .iter()
                .copied()
                .filter(|a| !position.captures(*a).is_empty())
                .collect();
            let action = if !captures.is_empty() && rng.below(2) == 0 {
                captures[rng.below(captures.len())]
            } else {
                legal[rng.below(legal.len())]
            };
            position.play_unchecked(action);
        }
    }
    out
}

#[test]
fn menus_reach_every_legal_action_of_every_variant_within_four_choices() {
    let mut rng = Rng(53);
    let mut kinds: HashMap<&str, usize> = HashMap::new();
    let (mut walked, mut actions_walked, mut deepest) = (0, 0, 0);
    for variant in variants() {
        let (mut most, mut positions_of) = (0, 0);
        for (ply, position) in positions(variant, &mut rng, 2) {
            let actions = listed(&position);
            let paths = walk(7, ply, &actions);
            assert_eq!(
                paths.len(),
                actions.len(),
                "{variant} at ply {ply}: every legal action is reached"
            );
            for (action, path) in &paths {
                *kinds.entry(kind(&position, action)).or_default() += 1;
                most = most.max(path.len());
            }
            actions_walked += actions.len();
            positions_of += 1;
        }
        eprintln!("{variant}: {positions_of} positions, at most {most} choices");
        walked += positions_of;
        deepest = deepest.max(most);
    }
    eprintln!("{walked} positions, {actions_walked} actions, at most {deepest} choices; {kinds:?}");
    for k in [
        "agon step",
        "agon re-entry",
        "agros placement of one",
        "agros placement of two",
        "agros harvest",
        "agros sow",
        "agros pass",
    ] {
        assert!(kinds.get(k).copied().unwrap_or(0) > 0, "no {k} walked");
    }
    // The largest opening (two farmers on a 12×12 board: over 10,000 actions) needs all four.
    assert_eq!(deepest, MAX_STEPS);
}

#[test]
fn menus_narrow_any_notation_strictly_with_ranges_and_whole_actions_that_others_continue() {
    // Not a game's notation: a thousand actions that differ only in one long number (ranges of
    // ranges), and actions that are the beginning of others (`q7` beside `q7-a1`, …).
    let mut actions: Vec<String> = (0..1000).map(|n| format!("p{n}")).collect();
    actions.push("q7".into());
    for file in 'a'..='z' {
        for rank in 1..=3 {
            actions.push(format!("q7-{file}{rank}"));
        }
    }
    actions.push("q7-b2xc3".into());
    let paths = walk(1, 0, &actions);
    assert_eq!(paths.len(), actions.len());
    assert!(paths.values().all(|p| p.len() <= MAX_STEPS));
    // A value no menu offered, or an old menu's, leads nowhere; a forged action is not chosen.
    for (id, value) in [
        ("to:1:0", "p1000"),
        ("pick:1:0", "p~p1~p999~"),
        ("pick:1:0", "r"),
        ("pick:1:0", "p~p9~p1"),
        ("to:1:1", "p1"),
        ("to:2:0", "p1"),
        ("play:1:0", "p1"),
    ] {
        assert_eq!(
            menu_step(1, 0, &actions, Some((id, value))),
            MenuStep::Nothing,
            "{id} {value}"
        );
    }
}

fn alice() -> User {
    User {
        id: 530_000_000_000_000_001,
        name: "alice",
    }
}

fn bob() -> User {
    User {
        id: 530_000_000_000_000_002,
        name: "bob",
    }
}

fn identity(user: &User) -> String {
    format!("discord:{}", user.id)
}

/// Alice challenges bob to `game` from the lobby and bob accepts; returns the game's thread.
async fn started(double: &Double, game: &'static str) -> Place {
    let (alice, bob) = (alice(), bob());
    let lobby = in_server(LOBBY);
    let before = double.calls().len();
    let opts = [Opt::Choice("game", game), Opt::User("user", bob.clone())];
    let sent = run(double, &alice, lobby, "challenge", &opts).await;
    assert!(sent.ephemeral(), "{}", sent.text());
    let invite = mention_in(double, LOBBY, &bob, before).await;
    let accept = invite
        .buttons()
        .into_iter()
        .find(|b| b.starts_with("accept:"))
        .expect("an Accept button");
    let before = double.calls().len();
    click(double, &bob, lobby, &invite.response, &accept).await;
    new_thread(double, before).await
}

/// The one of alice and bob who is to act in game 1.
async fn to_act(agora: &Agora) -> User {
    for user in [alice(), bob()] {
        let legal = agora
            .service
            .legal_actions(&identity(&user), Some(1))
            .await
            .unwrap();
        if !legal.is_empty() {
            return user;
        }
    }
    panic!("nobody is to act in game 1");
}

/// Plays the action of game 1 that takes the most menu choices among those `wanted` picks, with
/// the status message's Move button, the menus, the preview and Play; returns it.
async fn play_from_menus(
    double: &Double,
    agora: &Agora,
    thread: Place,
    wanted: impl Fn(&AnyPosition, &str) -> bool,
) -> String {
    let user = to_act(agora).await;
    let state = agora.service.game_state(1, None).await.unwrap().unwrap();
    let ply = state.current_ply;
    let actions = agora
        .service
        .legal_actions(&identity(&user), Some(1))
        .await
        .unwrap();
    let paths = walk(1, ply, &actions);
    let (target, path) = paths
        .iter()
        .filter(|(a, _)| wanted(&state.position, a))
        .max_by_key(|(a, p)| (p.len(), a.as_str()))
        .expect("a wanted action");
    let move_button = format!("move:1:{ply}");
    double
        .wait_until("the status message's Move button", |d| {
            d.pinned_in(thread.channel)
                .first()
                .is_some_and(|m| buttons_of(m).contains(&move_button))
        })
        .await;
    let status: Value = double.pinned_in(thread.channel)[0].clone();
    let mut step = click(double, &user, thread, &status, &move_button).await;
    assert!(step.ephemeral(), "{:?}", step.json);
    for (id, value) in path {
        let shown = common::menus(&step);
        let (menu, values) = shown.first().expect("a menu");
        assert_eq!(menu, id, "{:?}", step.json);
        assert!(values.contains(value), "{value} in {values:?}");
        assert!(values.len() <= MENU_MAX);
        let message = common::ephemeral_message(double, thread, &step);
        step = common::choose(double, &user, thread, &message, id, value).await;
    }
    assert_eq!(step.json["type"], 7, "the menu gives way to the preview");
    assert!(step.png().is_some(), "the position after {target}, drawn");
    let play = step
        .buttons()
        .into_iter()
        .find(|b| b.starts_with("play:"))
        .expect("a Play button");
    assert_eq!(play, play_id(1, ply, target));
    let preview = common::ephemeral_message(double, thread, &step);
    let played = click(double, &user, thread, &preview, &play).await;
    assert_eq!(played.json["type"], 7);
    assert!(played.text().contains(target.as_str()), "{}", played.text());
    let after = agora.service.game_state(1, None).await.unwrap().unwrap();
    assert_eq!(after.current_ply, ply + 1, "the game advanced");
    let last = after.last_action.expect("a last action").to_string();
    assert!(target.starts_with(&last), "{last} played for {target}");
    target.clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn menus_play_agros_placements_of_one_and_of_two_farmers() {
    let double = Double::start().await;
    let db = temp_db("menus-agros");
    let agora = Agora::start(&db, &double).await;
    let thread = started(&double, "agros").await;

    let placement = |p: &AnyPosition, a: &str| {
        matches!(
            p.parse_action(a),
            Ok(AnyAction::Agros(
                agros::Action::Place(_) | agros::Action::PlaceTwo(..)
            ))
        )
    };
    let one = play_from_menus(&double, &agora, thread, placement).await;
    assert!(
        !one.contains(','),
        "{one}: the first turn places one farmer"
    );
    let two = play_from_menus(&double, &agora, thread, placement).await;
    assert!(two.contains(','), "{two}: then two at a time");

    agora.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn menus_play_an_agon_re_entry() {
    // A game that comes to a re-entry soon, found by seeded play that prefers captures.
    let mut rng = Rng(1842);
    let mut position = Variant::Agon.start();
    let mut record = Vec::new();
    let re_entry = |p: &AnyPosition, a: &AnyAction| {
        matches!(a, AnyAction::Agon(agon::Action::Return { .. })) && p.check(*a).is_ok()
    };
    while !position
        .legal_actions()
        .iter()
        .any(|a| re_entry(&position, a))
    {
        assert!(record.len() < 400, "no re-entry in {} plies", record.len());
        let legal = position.legal_actions();
        let captures: Vec<AnyAction> = legal
            .iter()
            .copied()
            .filter(|a| !position.captures(*a).is_empty())
            .collect();
        let action = if captures.is_empty() {
            legal[rng.below(legal.len())]
        } else {
            captures[rng.below(captures.len())]
        };
        record.push(position.notation(action));
        position.play_unchecked(action);
    }

    let double = Double::start().await;
    let db = temp_db("menus-agon");
    let agora = Agora::start(&db, &double).await;
    let thread = started(&double, "agon").await;
    for action in &record {
        let user = to_act(&agora).await;
        agora
            .service
            .handle(
                &Inbound {
                    text: format!("move {action}"),
                    game: Some(1),
                    ..Inbound::new(identity(&user).parse().unwrap())
                },
                chrono::Utc::now(),
            )
            .await
            .unwrap();
    }
    let state = agora.service.game_state(1, None).await.unwrap().unwrap();
    assert_eq!(state.current_ply as usize, record.len(), "{record:?}");

    let played = play_from_menus(&double, &agora, thread, |p, a| {
        matches!(
            p.parse_action(a),
            Ok(AnyAction::Agon(agon::Action::Return { .. }))
        )
    })
    .await;
    assert!(played.contains('='), "{played}");

    agora.stop().await;
}
