//! How far a command's proof reaches ([`Scope`]), and which game a command is for.

use crate::fail::{Fail, user};
use crate::{Scope, commands};
use agora_i18n::text;

/// The game a command is for: the one it names, else the one the conversation is about (the mail
/// or Discord thread it answers, a button). When both are given they must agree: a command never
/// reaches a game its sender did not mean.
pub(super) fn aim(named: Option<i64>, context: Option<i64>) -> Result<Option<i64>, Fail> {
    match (named, context) {
        (Some(n), Some(c)) if n != c => user(text!("context-mismatch", game = c, named = n)),
        (n, c) => Ok(n.or(c)),
    }
}

/// Refuses a command that reaches beyond the scope of the proof it came with.
pub(super) fn within(
    scope: Scope,
    command: &commands::Command,
    context: Option<i64>,
) -> Result<(), Fail> {
    if command.reads_only() {
        return Ok(());
    }
    within_game(scope, command.game().map(|named| named.or(context)))
}

/// [`within`] for a command about `game`: `Some(named)` for one about a game (`named`: the
/// game it names or its conversation's), `None` for one about the player or no game yet.
pub(super) fn within_game(scope: Scope, game: Option<Option<i64>>) -> Result<(), Fail> {
    match (scope, game) {
        (Scope::Everything, _) => Ok(()),
        (Scope::Game(g), Some(Some(n))) if n == g => Ok(()),
        (Scope::Game(g), Some(Some(n))) => {
            user(text!("mail-scope-other-game", game = g, named = n))
        }
        (Scope::Game(g), Some(None)) => user(text!("mail-scope-unnamed", game = g)),
        (Scope::Game(g), None) => user(text!("mail-scope-settings", game = g)),
        (Scope::NoGame, Some(Some(n))) => user(text!("mail-no-game-named", named = n)),
        (Scope::NoGame, Some(None)) => user(text!("mail-no-game")),
        (Scope::NoGame, None) => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    //! `within` for every kind of command in every scope.

    use super::{Scope, within};
    use crate::commands::{Command, Opponent, Reply, VacationRequest};
    use agora_domain::Channel;
    use agora_rules::Variant;

    /// One command of each kind about game `g` (`None` = naming no game), then every command
    /// about no game.
    fn game_commands(g: Option<i64>) -> Vec<Command> {
        vec![
            Command::Accept(g),
            Command::Decline(g),
            Command::Cancel(g),
            Command::Move {
                game: g,
                ply: None,
                action: "k1-j1".into(),
            },
            Command::Resign(g),
            Command::Draw(Reply::Offer, g),
            Command::Undo(Reply::Accept, g),
        ]
    }

    fn reads(g: Option<i64>) -> Vec<Command> {
        vec![
            Command::Help(None),
            Command::Board(g),
            Command::History(g),
            Command::Games,
            Command::Next,
        ]
    }

    fn player_commands() -> Vec<Command> {
        vec![
            Command::Challenge {
                opponent: Opponent::Name("bob".into()),
                variant: Variant::Agon,
                time: None,
                timeout: None,
                level: None,
                options: Default::default(),
            },
            Command::Watch(Some(3)),
            Command::Unwatch(Some(3)),
            Command::Timezone("UTC".into()),
            Command::Notify(Channel::Mail),
            Command::Digest(Some(7)),
            Command::Vacation(VacationRequest::Days(3)),
            Command::Vacation(VacationRequest::Show),
            Command::Link(None),
            Command::Link(Some("ABCDEFGH".into())),
        ]
    }

    #[test]
    fn everything_allows_every_command() {
        for context in [None, Some(1)] {
            for c in game_commands(None)
                .into_iter()
                .chain(game_commands(Some(2)))
                .chain(reads(Some(2)))
                .chain(player_commands())
            {
                assert!(within(Scope::Everything, &c, context).is_ok(), "{c:?}");
            }
        }
    }

    #[test]
    fn reading_is_allowed_in_every_scope() {
        for scope in [Scope::Everything, Scope::Game(1), Scope::NoGame] {
            for context in [None, Some(1)] {
                for c in reads(None).into_iter().chain(reads(Some(2))) {
                    assert!(within(scope, &c, context).is_ok(), "{scope:?} {c:?}");
                }
            }
        }
    }

    #[test]
    fn one_game_allows_that_game_only() {
        let scope = Scope::Game(1);
        for c in game_commands(Some(1)) {
            assert!(within(scope, &c, None).is_ok(), "{c:?}");
            assert!(within(scope, &c, Some(1)).is_ok(), "{c:?}");
        }
        // Unnamed, the game is the conversation's: allowed when that is the scope's game.
        for c in game_commands(None) {
            assert!(within(scope, &c, Some(1)).is_ok(), "{c:?}");
            assert!(within(scope, &c, None).is_err(), "{c:?}");
            assert!(within(scope, &c, Some(2)).is_err(), "{c:?}");
        }
        for c in game_commands(Some(2)) {
            assert!(within(scope, &c, None).is_err(), "{c:?}");
            assert!(within(scope, &c, Some(1)).is_err(), "{c:?}");
        }
        for c in player_commands() {
            assert!(within(scope, &c, Some(1)).is_err(), "{c:?}");
            assert!(within(scope, &c, None).is_err(), "{c:?}");
        }
    }

    #[test]
    fn no_game_allows_the_player_but_no_game() {
        let scope = Scope::NoGame;
        for context in [None, Some(1)] {
            for c in game_commands(None)
                .into_iter()
                .chain(game_commands(Some(1)))
            {
                assert!(within(scope, &c, context).is_err(), "{c:?}");
            }
            for c in player_commands() {
                assert!(within(scope, &c, context).is_ok(), "{c:?}");
            }
        }
    }
}
