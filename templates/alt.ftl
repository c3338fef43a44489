# See messages.ftl: short keyed texts, the same keys and $variables in every language.
# The words of a position read aloud: the text alternative of every board picture (the website's
# SVG and its text listing, the description of a Discord attachment). Whose turn it is and the
# last action come from views.ftl (pic-*); these name the pieces, side by side. Cells and squares
# are written as on the board (k1, e5) and the notation of actions never changes.

## Agon

alt-queen = queen { $cell }
alt-queen-captured = captured queen { $cell }
alt-guards = { $count ->
    [one] guard { $cells }
   *[other] guards { $cells }
}
alt-guards-captured = { $count ->
    [one] captured guard { $cells }
   *[other] captured guards { $cells }
}

## Agros

# One farmer: its square and its harvest (the height of its stack).
alt-farmer = { $square } with harvest { $harvest }
alt-farmers = { $count ->
    [one] farmer { $list }
   *[other] farmers { $list }
}
alt-seeds = { $count ->
    [one] seed { $cells }
   *[other] seeds { $cells }
}

## Both games

# A side's pieces: `White: queen f6; guards a1, b2`.
alt-side = { $side }: { $pieces }
alt-side-empty = { $side }: no pieces
# What is left out when a description would be too long to read.
alt-more = and more
