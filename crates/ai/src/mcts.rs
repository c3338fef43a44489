//! Monte Carlo tree search (UCT with progressive bias), independent of the game.
//!
//! The search knows nothing about Agon or Agros: a game supplies the candidate actions of a
//! position with a prior (how promising a cheap look says each one is), plays actions, and plays a
//! position out to a reward. Everything is driven by one seeded generator and a [`Budget`]: a search
//! bounded by playouts alone gives the same answer on every machine; one bounded by time stops
//! when its time is up, so it depends on the machine's speed. Either stops early once the most
//! visited action leads the next by more than the playouts left could make up: with a playout
//! budget that is exactly the answer the whole budget would give, sooner.

use agora_rules::Seat;
use rand::rngs::SmallRng;
use std::ops::Range;
use std::time::{Duration, Instant};

/// How long one search may go on: a number of playouts, a time, or both (whichever ends first).
/// A budget with neither stops after one playout.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Budget {
    pub playouts: Option<u32>,
    pub time: Option<Duration>,
}

impl Budget {
    /// Exactly `n` playouts, whatever the time: the same answer on every machine.
    pub fn playouts(n: u32) -> Budget {
        Budget {
            playouts: Some(n),
            time: None,
        }
    }

    /// As many playouts as fit in `time`.
    pub fn time(time: Duration) -> Budget {
        Budget {
            playouts: None,
            time: Some(time),
        }
    }

    /// The most playouts the budget allows: its playouts, no bound but the clock for a time
    /// budget alone, one when it has neither.
    fn playout_limit(self) -> u32 {
        match self {
            Budget {
                playouts: Some(n), ..
            } => n,
            Budget {
                playouts: None,
                time: Some(_),
            } => u32::MAX,
            Budget {
                playouts: None,
                time: None,
            } => 1,
        }
    }
}

/// What the search needs from a game.
pub(crate) trait Game: Clone {
    type Action: Copy;

    fn to_act(&self) -> Seat;

    /// The reward for the first seat (1 a win, 0 a loss, ½ a draw) once the game is over.
    fn terminal(&self) -> Option<f64>;

    /// The actions the tree considers here, each with a prior weight (larger is more promising).
    /// May be a sample when there are too many to consider all; `root` says whether this is the
    /// position the search was asked about (which may deserve a wider sample).
    fn candidates(&self, root: bool, rng: &mut SmallRng, out: &mut Vec<(Self::Action, f32)>);

    fn play(&mut self, action: Self::Action);

    /// Plays on from here with a cheap policy and returns the reward for the first seat (of the
    /// real end, or of an evaluation where the playout stops early) and the plies played.
    fn playout(&mut self, rng: &mut SmallRng) -> (f64, u32);

    /// The first seat's winning chance that a reward stands for, in [0, 1]: a reward may also
    /// weigh how much a side wins by, which a winning chance must not.
    fn chance(reward: f64) -> f64;
}

/// How a search went: the figures a benchmark reports.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Stats {
    /// Playouts run (each one descent of the tree plus one playout or terminal evaluation).
    pub playouts: u32,
    /// Plies played inside playouts, summed.
    pub playout_plies: u64,
    /// Nodes in the tree at the end.
    pub nodes: usize,
    /// Wall time the search took.
    pub elapsed: Duration,
}

struct Node<A> {
    action: Option<A>,
    /// The seat that played `action` (so whose reward `value` sums).
    mover: Seat,
    first_child: u32,
    children: u32,
    expanded: bool,
    terminal: bool,
    visits: u32,
    value: f64,
    prior: f32,
}

/// A terminal reward above this is a win for the side it is counted for.
const WIN: f64 = 0.9;
/// Exploration constant of UCT for rewards in [0, 1].
const EXPLORATION: f64 = 0.6;
/// Weight of the prior, fading as 1 / (visits + 1): progressive bias.
const BIAS: f64 = 0.5;

/// What a search is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Choosing an action: a lone candidate needs no search, and the search stops once no
    /// playout left could change the choice.
    Choose,
    /// Choosing, but using the whole budget (to show that stopping early changes nothing).
    #[cfg(test)]
    ChooseWholeBudget,
    /// Evaluating the position: the whole budget goes into its value, even when there is only
    /// one candidate or the choice is settled early.
    Evaluate,
}

/// What a search found.
struct Found<A> {
    /// The most visited action (`None` when the game is over or nothing is legal).
    action: Option<A>,
    stats: Stats,
    /// The first seat's winning chance: exact when the game is over or the side to act wins at
    /// once, otherwise the mean over all the search's playouts (a half, meaning nothing, when
    /// [`Mode::Choose`] returns without a search). Not the mean of the most visited action
    /// alone: with a modest budget that is the best of many noisy means, so it flatters the side
    /// to act (by 0.1 to 0.2 at 300 playouts, still by 0.04 to 0.07 at 3,000), and the values
    /// of a game's positions would zigzag from ply to ply; the mean of all the playouts, most of
    /// which go through the most promising actions, hardly does.
    first_wins: f64,
}

/// Searches from `root` within `budget` and returns the most visited action (`None` when the game
/// is over or nothing is legal).
pub(crate) fn search<G: Game>(
    root: &G,
    budget: Budget,
    rng: &mut SmallRng,
) -> (Option<G::Action>, Stats) {
    let found = search_in(root, budget, rng, Mode::Choose);
    (found.action, found.stats)
}

/// Evaluates `root` with a search of all of `budget`: its most visited action, how the search
/// went and the first seat's winning chance (see [`Mode::Evaluate`]).
pub(crate) fn evaluate<G: Game>(
    root: &G,
    budget: Budget,
    rng: &mut SmallRng,
) -> (Option<G::Action>, Stats, f64) {
    let found = search_in(root, budget, rng, Mode::Evaluate);
    (found.action, found.stats, found.first_wins)
}

fn search_in<G: Game>(
    root: &G,
    budget: Budget,
    rng: &mut SmallRng,
    mode: Mode,
) -> Found<G::Action> {
    let started = Instant::now();
    let mut found = search_from(root, budget, started, rng, mode);
    found.stats.elapsed = started.elapsed();
    found
}

fn search_from<G: Game>(
    root: &G,
    budget: Budget,
    started: Instant,
    rng: &mut SmallRng,
    mode: Mode,
) -> Found<G::Action> {
    let mut stats = Stats::default();
    if let Some(r) = root.terminal() {
        return Found {
            action: None,
            stats,
            first_wins: G::chance(r),
        };
    }
    let mut nodes: Vec<Node<G::Action>> = vec![Node {
        action: None,
        mover: root.to_act().other(),
        first_child: 0,
        children: 0,
        expanded: false,
        terminal: false,
        visits: 0,
        value: 0.0,
        prior: 0.0,
    }];
    let mut scratch = Vec::new();
    expand(&mut nodes, 0, root, true, rng, &mut scratch);
    let root_node = &nodes[0];
    let children =
        root_node.first_child as usize..(root_node.first_child + root_node.children) as usize;
    if let Some(found) = answer_without_search(root, &nodes, children.clone(), rng, mode) {
        return found;
    }
    // The first seat's winning chance summed over the playouts (a reward may also weigh the
    // margin, which the search's choices use but an evaluation must not).
    let mut chances = 0.0;
    let settle = mode == Mode::Choose;

    let mut path: Vec<u32> = Vec::with_capacity(64);
    let limit = budget.playout_limit();
    let deadline = budget.time.map(|t| started + t);
    for done in 0..limit {
        if settle && done > 0 && done % SETTLED_CHECK == 0 {
            let now = Instant::now();
            let left = playouts_left(done, limit, started, deadline, now);
            if left == 0 || settled(&nodes, children.clone(), left) {
                break;
            }
        } else if done > 0
            // At least one playout, so the choice rests on something; then the clock decides.
            && let Some(deadline) = deadline
            && Instant::now() >= deadline
        {
            break;
        }
        let reward = descend(root, &mut nodes, &mut path, rng, &mut scratch, &mut stats);
        chances += G::chance(reward);
        back_up(&mut nodes, &path, reward);
        stats.playouts += 1;
    }
    stats.nodes = nodes.len();
    let best = most_visited(&nodes, children);
    Found {
        action: nodes[best].action,
        stats,
        // At least one playout ran.
        first_wins: chances / f64::from(stats.playouts.max(1)),
    }
}

/// The answer when the root's `children` need no search: none at all although the game goes on,
/// a lone candidate when choosing, or an action that wins at once. `None` when a search is
/// needed.
fn answer_without_search<G: Game>(
    root: &G,
    nodes: &[Node<G::Action>],
    children: Range<usize>,
    rng: &mut SmallRng,
    mode: Mode,
) -> Option<Found<G::Action>> {
    let mut stats = Stats::default();
    let me = root.to_act();
    // The first seat's chance (or reward) from that of the side to act; the same map turns the
    // first seat's into the side to act's.
    let for_first = |mine: f64| if me == Seat::First { mine } else { 1.0 - mine };
    if children.is_empty() {
        // Nothing to consider although the game goes on (neither game lets that happen): an
        // evaluation judges it by a playout.
        let mut first_wins = 0.5;
        if mode == Mode::Evaluate {
            let (r, plies) = root.clone().playout(rng);
            stats.playouts = 1;
            stats.playout_plies = u64::from(plies);
            first_wins = G::chance(r);
        }
        return Some(Found {
            action: None,
            stats,
            first_wins,
        });
    }
    if children.len() == 1 && mode != Mode::Evaluate {
        return Some(Found {
            action: nodes[children.start].action,
            stats,
            first_wins: 0.5,
        });
    }
    // An action that wins at once needs no search (and a search with a small budget might not
    // see it among many children).
    for c in children {
        let mut next = root.clone();
        next.play(nodes[c].action.expect("children have actions"));
        if let Some(r) = next.terminal() {
            // Rewards of a win are above 0.9 in both games (Agros adds a little for the margin).
            if for_first(r) > WIN {
                return Some(Found {
                    action: nodes[c].action,
                    stats,
                    first_wins: for_first(1.0),
                });
            }
        }
    }
    None
}

/// One descent of the tree from `root`: down the selected children to a node not yet visited,
/// a finished game or a node with nothing to consider, expanding on the way, then a playout
/// unless the game is over there. Returns the reward for the first seat; `path` holds the nodes
/// passed, the root first.
fn descend<G: Game>(
    root: &G,
    nodes: &mut Vec<Node<G::Action>>,
    path: &mut Vec<u32>,
    rng: &mut SmallRng,
    scratch: &mut Vec<(G::Action, f32)>,
    stats: &mut Stats,
) -> f64 {
    let mut state = root.clone();
    path.clear();
    path.push(0);
    let mut node = 0usize;
    loop {
        if nodes[node].terminal {
            return state.terminal().expect("marked terminal");
        }
        if let Some(r) = state.terminal() {
            nodes[node].terminal = true;
            return r;
        }
        if node != 0 && nodes[node].visits == 0 {
            let (r, plies) = state.playout(rng);
            stats.playout_plies += u64::from(plies);
            return r;
        }
        if !nodes[node].expanded {
            expand(nodes, node, &state, false, rng, scratch);
            if nodes[node].children == 0 {
                // Nothing to consider although the game goes on: judge it by a playout.
                let (r, plies) = state.playout(rng);
                stats.playout_plies += u64::from(plies);
                return r;
            }
        }
        let child = select(nodes, node);
        state.play(nodes[child].action.expect("children have actions"));
        path.push(child as u32);
        node = child;
    }
}

/// Adds a playout's `reward` (for the first seat) to every node on `path`, each counting it for
/// the seat that moved into it.
fn back_up<A>(nodes: &mut [Node<A>], path: &[u32], reward: f64) {
    for &n in path {
        let n = &mut nodes[n as usize];
        n.visits += 1;
        n.value += if n.mover == Seat::First {
            reward
        } else {
            1.0 - reward
        };
    }
}

/// The most visited of the root's `children`, the one with more value among equals.
fn most_visited<A>(nodes: &[Node<A>], children: Range<usize>) -> usize {
    children
        .max_by(|&a, &b| {
            let (x, y) = (&nodes[a], &nodes[b]);
            x.visits
                .cmp(&y.visits)
                .then(x.value.total_cmp(&y.value))
                // Equal on both: keep the earlier (higher prior) child, so the choice is stable.
                .then(b.cmp(&a))
        })
        .expect("at least one child")
}

/// How often (in playouts) the search asks whether its answer is settled.
const SETTLED_CHECK: u32 = 64;

/// How many more playouts the budget allows from here: the playouts left of a playout budget,
/// and for a time budget the rate so far over the time left (an over-estimate, since playouts
/// slow down as the tree grows), whichever is smaller.
fn playouts_left(
    done: u32,
    limit: u32,
    started: Instant,
    deadline: Option<Instant>,
    now: Instant,
) -> u32 {
    let by_count = limit - done;
    let Some(deadline) = deadline else {
        return by_count;
    };
    if now >= deadline {
        return 0;
    }
    let spent = now.duration_since(started).as_secs_f64().max(1e-6);
    let rate = f64::from(done) / spent;
    let by_time = (rate * deadline.duration_since(now).as_secs_f64()).ceil();
    by_count.min(by_time.min(f64::from(u32::MAX)) as u32)
}

/// Whether the most visited child of the root leads the next by more than `left` visits, so
/// that no playout the budget still allows could change the answer: the search may stop (with
/// a playout budget, its answer is exactly the one the whole budget would give).
fn settled<A>(nodes: &[Node<A>], children: Range<usize>, left: u32) -> bool {
    let (mut first, mut second) = (0u32, 0u32);
    for c in children {
        let v = nodes[c].visits;
        if v > first {
            second = first;
            first = v;
        } else if v > second {
            second = v;
        }
    }
    first - second > left
}

fn expand<G: Game>(
    nodes: &mut Vec<Node<G::Action>>,
    node: usize,
    state: &G,
    root: bool,
    rng: &mut SmallRng,
    scratch: &mut Vec<(G::Action, f32)>,
) {
    scratch.clear();
    state.candidates(root, rng, scratch);
    // Highest prior first: unvisited children are tried in this order.
    scratch.sort_by(|a, b| b.1.total_cmp(&a.1));
    let total: f32 = scratch
        .iter()
        .map(|c| c.1.max(0.0))
        .sum::<f32>()
        .max(f32::MIN_POSITIVE);
    let mover = state.to_act();
    let first = nodes.len() as u32;
    nodes.extend(scratch.iter().map(|&(action, prior)| Node {
        action: Some(action),
        mover,
        first_child: 0,
        children: 0,
        expanded: false,
        terminal: false,
        visits: 0,
        value: 0.0,
        prior: prior.max(0.0) / total,
    }));
    let n = &mut nodes[node];
    n.first_child = first;
    n.children = scratch.len() as u32;
    n.expanded = true;
}

fn select<A>(nodes: &[Node<A>], node: usize) -> usize {
    let parent = &nodes[node];
    let first = parent.first_child as usize;
    let range = first..first + parent.children as usize;
    let log_n = f64::from(parent.visits.max(1)).ln();
    let mut best = first;
    let mut best_score = f64::NEG_INFINITY;
    for c in range {
        let n = &nodes[c];
        if n.visits == 0 {
            // Children are in prior order, so the first unvisited one is the most promising.
            return c;
        }
        let visits = f64::from(n.visits);
        let score = n.value / visits
            + EXPLORATION * (log_n / visits).sqrt()
            + BIAS * f64::from(n.prior) * parent.children as f64 / (visits + 1.0);
        if score > best_score {
            best_score = score;
            best = c;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agon::AgonGame;
    use crate::agros::{AgrosGame, Playouts};
    use agora_rules::Variant;
    use rand::SeedableRng;

    fn positions() -> Vec<agora_rules::AnyPosition> {
        let mut out = Vec::new();
        for variant in [
            Variant::Agon,
            Variant::Agros {
                board: 8,
                farmers: 3,
            },
        ] {
            let mut p = variant.start();
            let mut rng = SmallRng::seed_from_u64(5);
            for ply in 0..120 {
                if p.is_finished() {
                    break;
                }
                if ply % 12 == 0 {
                    out.push(p.clone());
                }
                let a = crate::random_action(&p, rand::Rng::random(&mut rng)).expect("unfinished");
                p.play_unchecked(a);
            }
        }
        out
    }

    /// A search's action and figures.
    type Answer<A> = (Option<A>, Stats);

    /// A search stopping when settled and one using its whole budget, each of a fresh `game()`
    /// (what an Agros search learns lasts for that search).
    fn both<G: Game>(game: impl Fn() -> G, seed: u64) -> (Answer<G::Action>, Answer<G::Action>) {
        let budget = Budget::playouts(3_000);
        let answer = |mode| {
            let found = search_in(&game(), budget, &mut SmallRng::seed_from_u64(seed), mode);
            (found.action, found.stats)
        };
        (answer(Mode::Choose), answer(Mode::ChooseWholeBudget))
    }

    #[test]
    fn stopping_when_settled_gives_the_answer_of_the_whole_budget() {
        let mut stopped_early = 0;
        for (k, p) in positions().iter().enumerate() {
            let seed = k as u64;
            let (same, early) = match p {
                agora_rules::AnyPosition::Agon(p) => {
                    let ((a, s), (b, w)) = both(
                        || AgonGame {
                            position: p.clone(),
                        },
                        seed,
                    );
                    (
                        a.map(agora_rules::AnyAction::Agon) == b.map(agora_rules::AnyAction::Agon),
                        s.playouts < w.playouts,
                    )
                }
                agora_rules::AnyPosition::Agros(p) => {
                    let ((a, s), (b, w)) =
                        both(|| AgrosGame::new(p.clone(), Playouts::Learnt), seed);
                    (a == b, s.playouts < w.playouts)
                }
            };
            assert!(same, "position {k}: {p:?}");
            stopped_early += usize::from(early);
        }
        assert!(stopped_early > 0, "no search was settled early");
    }

    #[test]
    fn playouts_left_follow_the_budget() {
        let now = Instant::now();
        assert_eq!(playouts_left(100, 1_000, now, None, now), 900);
        let started = now - Duration::from_millis(100);
        // 1,000 playouts in 100 ms, 50 ms left: about 500 more.
        let left = playouts_left(
            1_000,
            u32::MAX,
            started,
            Some(now + Duration::from_millis(50)),
            now,
        );
        assert!((490..=510).contains(&left), "{left}");
        assert_eq!(playouts_left(1_000, u32::MAX, started, Some(now), now), 0);
    }
}
