//! Who can still be paired: a maximum matching of the entrants in the graph of who may meet
//! whom (Edmonds' blossom algorithm), which the Swiss pairing keeps up to date as it fixes pairs,
//! so that no choice it makes leaves the others impossible to pair.

use super::Entrant;
use std::collections::VecDeque;

/// Marks an unmatched vertex.
const NONE: usize = usize::MAX;

/// A maximum matching of the live entrants in a graph of who may meet whom, by Edmonds' blossom
/// algorithm (the breadth-first form that shrinks odd cycles by relabelling their base), kept up
/// to date as pairs are fixed and their players leave.
pub(super) struct Matcher {
    n: usize,
    /// `adjacent[a * n + b]`: a and b may meet.
    adjacent: Vec<bool>,
    alive: Vec<bool>,
    mate: Vec<usize>,
    // The search's working state, kept to spare allocations.
    parent: Vec<usize>,
    base: Vec<usize>,
    outer: Vec<bool>,
    in_blossom: Vec<bool>,
    on_path: Vec<bool>,
    queue: VecDeque<usize>,
}

impl Matcher {
    /// Whether `a` and `b` may meet.
    pub(super) fn may_meet(&self, a: Entrant, b: Entrant) -> bool {
        self.adjacent[a * self.n + b]
    }

    /// A maximum matching of `players` in the graph `may_meet`.
    pub(super) fn new(
        n: usize,
        players: &[Entrant],
        may_meet: impl Fn(Entrant, Entrant) -> bool,
    ) -> Matcher {
        let mut alive = vec![false; n];
        for &p in players {
            alive[p] = true;
        }
        let mut adjacent = vec![false; n * n];
        for &a in players {
            for &b in players {
                adjacent[a * n + b] = a != b && may_meet(a, b) && may_meet(b, a);
            }
        }
        let mut m = Matcher {
            n,
            adjacent,
            alive,
            mate: vec![NONE; n],
            parent: vec![NONE; n],
            base: (0..n).collect(),
            outer: vec![false; n],
            in_blossom: vec![false; n],
            on_path: vec![false; n],
            queue: VecDeque::with_capacity(n),
        };
        // A greedy start, then augmenting paths from whoever is left.
        for &a in players {
            if m.mate[a] == NONE
                && let Some(&b) = players
                    .iter()
                    .find(|&&b| m.mate[b] == NONE && m.adjacent[a * n + b])
            {
                m.mate[a] = b;
                m.mate[b] = a;
            }
        }
        for &a in players {
            if m.mate[a] == NONE
                && let Some(end) = m.augmenting_path(a)
            {
                m.augment(end);
            }
        }
        m
    }

    /// How many live players the matching leaves out.
    pub(super) fn exposed(&self) -> usize {
        (0..self.n)
            .filter(|&v| self.alive[v] && self.mate[v] == NONE)
            .count()
    }

    /// Whether the matching pairs every live player.
    pub(super) fn perfect(&self) -> bool {
        self.exposed() == 0
    }

    /// Fixes the pair `p`–`q` and removes both, if they may meet and the rest can still be
    /// paired as fully as before; otherwise changes nothing and says no. Expects a perfect
    /// matching.
    pub(super) fn try_fix(&mut self, p: Entrant, q: Entrant) -> bool {
        if !self.alive[p] || !self.alive[q] || !self.adjacent[p * self.n + q] {
            return false;
        }
        let (mp, mq) = (self.mate[p], self.mate[q]);
        if mp == q {
            self.remove(p);
            self.remove(q);
            return true;
        }
        if mp == NONE || mq == NONE {
            // Not perfect: keep going without a guarantee rather than refuse every pair.
            self.remove(p);
            self.remove(q);
            for v in [mp, mq] {
                if v != NONE {
                    self.mate[v] = NONE;
                }
            }
            return true;
        }
        let saved = self.mate.clone();
        self.remove(p);
        self.remove(q);
        self.mate[mp] = NONE;
        self.mate[mq] = NONE;
        // Their old partners are now the only ones left out: one path joining them restores a
        // perfect matching, and without one there is none (Berge).
        match self.augmenting_path(mp) {
            Some(end) => {
                self.augment(end);
                true
            }
            None => {
                self.mate = saved;
                self.alive[p] = true;
                self.alive[q] = true;
                false
            }
        }
    }

    /// Removes `c` if a matching leaving out only `c` exists; expects the matching to leave out
    /// exactly one live player.
    pub(super) fn try_leave_out(&mut self, c: Entrant) -> bool {
        let m = self.mate[c];
        if m == NONE {
            self.remove(c);
            return true;
        }
        let saved = self.mate.clone();
        self.remove(c);
        self.mate[m] = NONE;
        match self.augmenting_path(m) {
            Some(end) => {
                self.augment(end);
                true
            }
            None => {
                self.mate = saved;
                self.alive[c] = true;
                false
            }
        }
    }

    pub(super) fn remove(&mut self, v: usize) {
        self.alive[v] = false;
        self.mate[v] = NONE;
    }

    /// The nearest common base of `a` and `b` in the alternating tree.
    pub(super) fn common_base(&mut self, mut a: usize, mut b: usize) -> usize {
        self.on_path.fill(false);
        loop {
            a = self.base[a];
            self.on_path[a] = true;
            if self.mate[a] == NONE {
                break;
            }
            a = self.parent[self.mate[a]];
        }
        loop {
            b = self.base[b];
            if self.on_path[b] {
                return b;
            }
            b = self.parent[self.mate[b]];
        }
    }

    /// Marks the blossom's vertices from `v` up to `base`, pointing parents across the cycle.
    pub(super) fn mark_blossom(&mut self, mut v: usize, base: usize, mut child: usize) {
        while self.base[v] != base {
            let m = self.mate[v];
            self.in_blossom[self.base[v]] = true;
            self.in_blossom[self.base[m]] = true;
            self.parent[v] = child;
            child = m;
            v = self.parent[m];
        }
    }

    /// Searches an augmenting path from the unmatched `root`; returns its other end, the path
    /// being left in `parent` for [`Matcher::augment`].
    pub(super) fn augmenting_path(&mut self, root: usize) -> Option<usize> {
        let n = self.n;
        self.outer.fill(false);
        self.parent.fill(NONE);
        for (i, b) in self.base.iter_mut().enumerate() {
            *b = i;
        }
        self.outer[root] = true;
        self.queue.clear();
        self.queue.push_back(root);
        while let Some(v) = self.queue.pop_front() {
            for to in 0..n {
                if !self.alive[to]
                    || !self.adjacent[v * n + to]
                    || self.base[v] == self.base[to]
                    || self.mate[v] == to
                {
                    continue;
                }
                if to == root || (self.mate[to] != NONE && self.parent[self.mate[to]] != NONE) {
                    // An odd cycle: shrink it into its base.
                    let base = self.common_base(v, to);
                    self.in_blossom.fill(false);
                    self.mark_blossom(v, base, to);
                    self.mark_blossom(to, base, v);
                    for i in 0..n {
                        if self.in_blossom[self.base[i]] {
                            self.base[i] = base;
                            if !self.outer[i] {
                                self.outer[i] = true;
                                self.queue.push_back(i);
                            }
                        }
                    }
                } else if self.parent[to] == NONE {
                    self.parent[to] = v;
                    let m = self.mate[to];
                    if m == NONE {
                        return Some(to);
                    }
                    self.outer[m] = true;
                    self.queue.push_back(m);
                }
            }
        }
        None
    }

    /// Flips the matching along the path found, ending at `end`.
    pub(super) fn augment(&mut self, mut end: usize) {
        while end != NONE {
            let via = self.parent[end];
            let next = self.mate[via];
            self.mate[end] = via;
            self.mate[via] = end;
            end = next;
        }
    }
}
