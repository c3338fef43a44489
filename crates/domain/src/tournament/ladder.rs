//! A ladder: a standing order of places (index 0 is the top) that moves by challenges.

use super::Entrant;

fn place(places: &[Entrant], entrant: Entrant) -> Option<usize> {
    places.iter().position(|&e| e == entrant)
}

/// May `challenger` challenge `target`? Only when both are on the ladder and the target stands
/// above the challenger, at most `reach` places above.
pub fn may_challenge(places: &[Entrant], challenger: Entrant, target: Entrant, reach: u32) -> bool {
    match (place(places, challenger), place(places, target)) {
        (Some(c), Some(t)) => t < c && (c - t) as u64 <= u64::from(reach),
        _ => false,
    }
}

/// After a ladder game between `winner` and `loser`: when the winner stood below the loser, the
/// winner takes the loser's place and everyone from the loser's place down to just above the
/// winner's old place moves down one; otherwise (or when either is not on the ladder) nothing
/// changes.
#[allow(
    clippy::ptr_arg,
    reason = "the ladder is kept as a Vec by its callers; the signature is the module's contract"
)]
pub fn ladder_after(places: &mut Vec<Entrant>, winner: Entrant, loser: Entrant) {
    if let (Some(w), Some(l)) = (place(places, winner), place(places, loser))
        && w > l
    {
        places[l..=w].rotate_right(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn challenges_reach_only_upwards() {
        let places = vec![4, 2, 0, 1, 3];
        assert!(may_challenge(&places, 3, 1, 2)); // one place up
        assert!(may_challenge(&places, 3, 0, 2)); // two places up
        assert!(!may_challenge(&places, 3, 2, 2)); // three: too far
        assert!(may_challenge(&places, 3, 4, 4));
        assert!(!may_challenge(&places, 0, 1, 3)); // below
        assert!(!may_challenge(&places, 0, 0, 3)); // oneself
        assert!(!may_challenge(&places, 9, 0, 3)); // not on the ladder
        assert!(!may_challenge(&places, 2, 4, 0));
    }

    #[test]
    fn a_winner_from_below_takes_the_place() {
        let mut places = vec![0, 1, 2, 3, 4];
        ladder_after(&mut places, 3, 1);
        assert_eq!(places, vec![0, 3, 1, 2, 4]);
        // The defender wins: nothing moves.
        ladder_after(&mut places, 3, 2);
        assert_eq!(places, vec![0, 3, 1, 2, 4]);
        // Next place up.
        ladder_after(&mut places, 4, 2);
        assert_eq!(places, vec![0, 3, 1, 4, 2]);
        ladder_after(&mut places, 2, 0);
        assert_eq!(places, vec![2, 0, 3, 1, 4]);
        // Someone not on the ladder: nothing moves.
        ladder_after(&mut places, 7, 2);
        assert_eq!(places, vec![2, 0, 3, 1, 4]);
    }
}
