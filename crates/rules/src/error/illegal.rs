//! Why a readable action is not legal here, in either game (AG-1 … AG-15, AR-1 … AR-16), and the
//! English sentence for each reason.

use super::{PieceName, Side, join};
use crate::agon::{self, Cell};
use crate::agros::{self, Direction, Square};
use std::fmt;

/// What an Agros opening turn places, with example squares: `1 farmer, like e5`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlacementHint {
    One(Square),
    Two(Square, Square),
}

impl fmt::Display for PlacementHint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlacementHint::One(a) => write!(f, "1 farmer, like {a}"),
            PlacementHint::Two(a, b) => write!(f, "2 farmers, like {a},{b}"),
        }
    }
}

/// Why a readable action is not legal here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalAction {
    GameOver,
    /// An Agon action in Agros or the other way round.
    OtherGame,

    // Agon (AG-1 … AG-15).
    NoPiece {
        from: Cell,
    },
    NotYours {
        piece: PieceName,
        from: Cell,
        owner: Side,
        me: Side,
    },
    CapturedCannotStep {
        piece: PieceName,
        from: Cell,
    },
    ReturnQueenFirst {
        me: Side,
        queen: Cell,
    },
    ReturnGuardFirst {
        me: Side,
        guards: Vec<Cell>,
    },
    NotNextTo {
        from: Cell,
        to: Cell,
    },
    CellNotEmpty {
        cell: Cell,
    },
    /// The rings are `from.ring()` and `to.ring()`.
    StepsOutward {
        from: Cell,
        to: Cell,
    },
    GuardThrone,
    BetweenEnemies {
        to: Cell,
        a: Cell,
        b: Cell,
    },
    /// `to` is the step to write instead, `None` for `<cell>`.
    NotCaptured {
        piece: PieceName,
        from: Cell,
        to: Option<Cell>,
    },
    GuardOuterRing {
        to: Cell,
    },
    /// A step of a captured piece of the side to act: it must return `the queen` (`queen`) or
    /// `a guard`, from `at`; `example` is a legal action.
    CapturedMustReturn {
        piece: PieceName,
        from: Cell,
        me: Side,
        queen: bool,
        at: Cell,
        example: Option<agon::Action>,
    },
    CapturesNothing {
        action: agon::Action,
    },
    /// `actual` is what the action captures, `given` what the text said.
    CapturesOther {
        action: agon::Action,
        actual: Vec<Cell>,
        given: Vec<Cell>,
    },

    // Agros (AR-1 … AR-16).
    OpeningNoPass {
        hint: PlacementHint,
    },
    OpeningPlaces {
        hint: PlacementHint,
    },
    OpeningOver,
    OffBoard {
        square: Square,
        size: usize,
    },
    NoFarmer {
        from: Square,
    },
    SeedNeverMoves {
        from: Square,
    },
    FarmerNotYours {
        from: Square,
        owner: Side,
        me: Side,
    },
    NotStraight {
        from: Square,
        to: Square,
    },
    IsSow {
        from: Square,
        to: Square,
    },
    /// `legal` holds a few legal actions of the farmer (none when it cannot move).
    HarvestDistance {
        from: Square,
        harvest: usize,
        legal: Vec<agros::Action>,
    },
    HarvestNotEmpty {
        to: Square,
    },
    /// The harvest passes `owner`'s `piece` (a seed or a farmer) on `on`.
    HarvestPasses {
        from: Square,
        to: Square,
        piece: PieceName,
        owner: Side,
        on: Square,
        me: Side,
    },
    NoSeeds {
        from: Square,
    },
    IsHarvest {
        from: Square,
        to: Square,
    },
    SowDistance {
        from: Square,
        seeds: usize,
        legal: Vec<agros::Action>,
    },
    SowNotEmpty {
        square: Square,
    },
    PlacesOne {
        given: usize,
        hint: PlacementHint,
    },
    PlacesTwo {
        hint: PlacementHint,
    },
    NamedTwice {
        square: Square,
    },
    PlaceOffBoard {
        square: Square,
    },
    SquareNotEmpty {
        square: Square,
    },
    /// `harvest e5 n` (or `sow …`) that would move the farmer `steps` squares off the board.
    LeavesBoard {
        sowing: bool,
        from: Square,
        direction: Direction,
        steps: usize,
    },
    /// Three or more squares, or one square twice, in the opening.
    Place {
        hint: PlacementHint,
    },
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn examples(f: &mut fmt::Formatter<'_>, from: Square, legal: &[agros::Action]) -> fmt::Result {
    if legal.is_empty() {
        write!(f, ": the farmer on {from} has no legal move now")
    } else {
        write!(f, ": legal for it now are {}", join(legal))
    }
}

impl fmt::Display for IllegalAction {
    // Over 80 lines: one arm per reason, each its own sentence, in the order of the variants.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use IllegalAction::*;
        match self {
            GameOver => write!(f, "the game is over"),
            OtherGame => write!(f, "that action belongs to the other game"),
            NoPiece { from } => write!(f, "there is no piece on {from}"),
            NotYours {
                piece,
                from,
                owner,
                me,
            } => write!(f, "the {piece} on {from} is {owner}'s; {me} is to act"),
            CapturedCannotStep { piece, from } => write!(
                f,
                "the {piece} on {from} is captured and cannot step: return it with {from}=<cell>"
            ),
            ReturnQueenFirst { me, queen } => write!(
                f,
                "{me} must first return the captured queen on {queen} (write {queen}=<cell>)"
            ),
            ReturnGuardFirst { me, guards } => write!(
                f,
                "{me} must first return a captured guard ({})",
                join(guards)
            ),
            NotNextTo { from, to } => write!(
                f,
                "{to} is not next to {from}: a piece steps to a neighbouring cell"
            ),
            CellNotEmpty { cell } => write!(f, "{cell} is not empty"),
            StepsOutward { from, to } => write!(
                f,
                "{from}-{to} steps outward (ring {} to ring {}): a piece steps sideways or inward",
                from.ring(),
                to.ring()
            ),
            GuardThrone => write!(f, "a guard may not enter the throne"),
            BetweenEnemies { to, a, b } => {
                write!(f, "{to} stands between two enemy pieces ({a}, {b})")
            }
            NotCaptured { piece, from, to } => {
                write!(
                    f,
                    "the {piece} on {from} is not captured, so it cannot be returned: write a step as {from}-"
                )?;
                match to {
                    Some(to) => write!(f, "{to}"),
                    None => write!(f, "<cell>"),
                }
            }
            GuardOuterRing { to } => write!(
                f,
                "a returned guard goes to an empty cell of the outer ring, and {to} is in ring {}",
                to.ring()
            ),
            CapturedMustReturn {
                piece,
                from,
                me,
                queen,
                at,
                example,
            } => {
                write!(
                    f,
                    "the {piece} on {from} is captured: {me} must return {} with {at}=<cell>, e.g. ",
                    if *queen { "the queen" } else { "a guard" }
                )?;
                match example {
                    Some(a) => write!(f, "{a}"),
                    None => Ok(()),
                }
            }
            CapturesNothing { action } => write!(f, "{action} captures nothing: write {action}"),
            CapturesOther {
                action,
                actual,
                given,
            } => {
                write!(
                    f,
                    "{action} captures {}, not {}: write {action}",
                    join(actual),
                    join(given)
                )?;
                for c in actual {
                    write!(f, "x{c}")?;
                }
                Ok(())
            }
            OpeningNoPass { hint } => write!(f, "no passing in the opening: place {hint} (AR-4)"),
            OpeningPlaces { hint } => write!(
                f,
                "the opening places farmers, nothing moves yet: place {hint}"
            ),
            OpeningOver => write!(
                f,
                "the opening is over: harvest (like e5-e7), sow (like e6=e8) or pass"
            ),
            OffBoard { square, size } => {
                write!(f, "{square} is not on this {size}×{size} board")
            }
            NoFarmer { from } => write!(f, "there is no farmer on {from}"),
            SeedNeverMoves { from } => {
                write!(f, "{from} holds a loose seed, and seeds never move")
            }
            FarmerNotYours { from, owner, me } => {
                write!(f, "the farmer on {from} is {owner}'s; {me} is to act")
            }
            NotStraight { from, to } => write!(
                f,
                "{from} to {to} is not a straight line: a farmer moves orthogonally or diagonally"
            ),
            IsSow { from, to } => write!(f, "{from}-{to} is a sow: write {from}={to}"),
            HarvestDistance {
                from,
                harvest,
                legal,
            } => {
                write!(
                    f,
                    "the farmer on {from} has harvest {harvest}, so a harvest moves it exactly {harvest} square{}",
                    plural(*harvest)
                )?;
                examples(f, *from, legal)
            }
            HarvestNotEmpty { to } => {
                write!(f, "{to} is not empty: a harvest lands on an empty square")
            }
            HarvestPasses {
                from,
                to,
                piece,
                owner,
                on,
                me,
            } => write!(
                f,
                "{from}-{to} passes {owner}'s {piece} on {on}: a harvest may pass only empty squares and {me}'s own pieces"
            ),
            NoSeeds { from } => write!(
                f,
                "the farmer on {from} has no seeds to sow (harvest 1): harvest first"
            ),
            IsHarvest { from, to } => write!(f, "{from}={to} is a harvest: write {from}-{to}"),
            SowDistance { from, seeds, legal } => {
                write!(
                    f,
                    "the farmer on {from} carries {seeds} seed{}, so a sow moves it exactly {seeds} square{}",
                    plural(*seeds),
                    plural(*seeds)
                )?;
                examples(f, *from, legal)
            }
            SowNotEmpty { square } => write!(
                f,
                "{square} is not empty: every square a sow passes and lands on must be empty"
            ),
            PlacesOne { given, hint } => write!(
                f,
                "the opening turn places 1 farmer, not {given}: place {hint}"
            ),
            PlacesTwo { hint } => write!(f, "the opening turn places 2 farmers: place {hint}"),
            NamedTwice { square } => write!(
                f,
                "{square} is named twice: place 2 farmers on 2 different squares"
            ),
            PlaceOffBoard { square } => write!(f, "{square} is not on this board"),
            SquareNotEmpty { square } => write!(f, "{square} is not empty"),
            LeavesBoard {
                sowing,
                from,
                direction,
                steps,
            } => write!(
                f,
                "{} {from} {} would leave the board: the farmer moves {steps} square{}",
                if *sowing { "sow" } else { "harvest" },
                direction.name(),
                plural(*steps)
            ),
            Place { hint } => write!(f, "place {hint}"),
        }
    }
}

impl std::error::Error for IllegalAction {}
