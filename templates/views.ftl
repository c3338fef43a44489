# See ../messages.ftl: short keyed texts, the same keys and $variables in every language.
# The words of a game's view (what the notification and answer templates show of a game) and of
# its pictures (the ASCII board, the PNG and SVG drawings). The notation of actions never changes.
# A $seat is one of white, black (Agon), light, dark (Agros).

## Seats

# A seat's colour with a capital, as at the start of a sentence or on a picture.
side = { $seat ->
    [white] White
    [black] Black
    [light] Light
   *[dark] Dark
}
# A seat's colour within a sentence.
colour = { $seat ->
    [white] white
    [black] black
    [light] light
   *[dark] dark
}

## The pictures (ASCII, PNG, SVG)

pic-to-act = { $side } to act
pic-to-act-return-queen = { $side } to act: return the captured queen
pic-to-act-return-guard = { $side } to act: return a captured guard
pic-wins = { $side } wins: { $why }
pic-draw = Draw: { $why }
pic-why-throne = queen on the throne, ring 1 full
pic-why-ring-closed-by = { $side } closed ring 1 without the queen on the throne
pic-why-ring-closed = ring 1 closed without the queen
pic-why-no-action-of = { $side } has no legal action
pic-why-no-action = no legal action
pic-why-repetition = third repetition
pic-why-two-passes = two passes
pic-over-wins = Game over: { $side } wins, { $light } to { $dark }
pic-over-draw = Game over: a draw, { $light } to { $dark }
pic-to-place = { $count ->
    [one] { $side } to place { $count } farmer
   *[other] { $side } to place { $count } farmers
}
pic-to-act-after-pass = { $side } to act ({ $other } passed; a pass ends the game)
pic-score = Score: { $light_side } { $light }, { $dark_side } { $dark } ({ $half })
pic-half-point = half point: { $side }
pic-no-half-point = no half point
pic-last = Last: { $side } { $action }
pic-last-passed = Last: { $side } passed
pic-fields = Fields:
pic-fields-nobody = nobody
ascii-marked = marked
ascii-legend-agon = Q/G white queen/guard, q/g black, * captured, ^ throne
ascii-legend-agros = L3/D3 farmer with harvest 3, l/d loose seed, . empty

## The game's title

agros-title = Agros { $board }x{ $board }, { $farmers } farmers

## The game view

view-who = { $name } ({ $colour })
view-game-over = { $title }: game over, { $how }
view-over-resigned = { $colour } wins by resignation
view-over-time = { $colour } wins on time
view-over-forfeit = { $colour } wins by forfeit
view-over-agreement = drawn by agreement
view-reserves = { $clock }; reserves at the start of each turn: { $reserves }
view-reserve = { $colour } { $left }
view-away = { $name } is on vacation until { $until }: their clock is paused
view-resting = { $name } is resting until { $until }: their clock stands still
view-score = { $light_colour } { $light }, { $dark_colour } { $dark }
view-range-both = { $min } to { $max }
view-range-min = at least { $min }
view-range-max = at most { $max }

## The result of a game

result-throne = { $winner } wins: the queen on the throne, ring 1 full of her guards (AG-11)
result-ring = { $winner } wins: { $loser } filled ring 1 without the queen on the throne (AG-11)
result-no-action = { $winner } wins: { $loser } has no legal action (AG-12)
result-repetition = draw: the same position for the third time (AG-13)
result-score-win = { $winner } wins on score, { $score } (AR-14)
result-score-draw = draw: equal scores, { $score } (AR-14)
result-resigned = { $winner } wins: { $loser } resigned
result-agreement = draw by agreement
result-time = { $winner } wins on time: { $loser } missed the deadline
result-forfeit = { $winner } wins by forfeit: { $loser } left the tournament
result-other-win = { $winner } wins ({ $reason })
result-other-draw = draw ({ $reason })

## The score report of a finished Agros game (AR-14)

report-field = { $squares } ({ $count }): { $light_colour } { $light } vs { $dark_colour } { $dark } -> { $result }
report-controller = { $colour } { $value }
report-nobody = nobody
report-others = { $fields ->
    [one] { $fields } other field
   *[other] { $fields } other fields
} ({ $squares ->
    [one] { $squares } square
   *[other] { $squares } squares
}): nobody, 0
report-half-point = half point: { $colour }
report-half-point-nobody = half point: nobody (equal harvests)

## Clocks and durations

clock-per-move = { $days ->
    [one] { $days } day per move
   *[other] { $days } days per move
}
clock-bank = time bank { $initial }+{ $increment } max { $max }
# ICCF's time control: `$moves` actions within `$days` days, the time unused carried over.
clock-moves = { $moves ->
    [one] 1 move
   *[other] { $moves } moves
} in { $days ->
    [one] 1 day
   *[other] { $days } days
}
clock-loss = { $control }, loss on time
clock-pass = { $control }, auto-pass on time
# A short span: 3d 2h, 5h 10m, 45m.
span-days = { $days }d
span-days-hours = { $days }d { $hours }h
span-hours = { $hours }h
span-hours-minutes = { $hours }h { $minutes }m
span-minutes = { $minutes }m
# A duration in words, the two largest units.
duration-under-a-minute = under a minute
duration-minutes = { $minutes ->
    [one] { $minutes } minute
   *[other] { $minutes } minutes
}
duration-hours = { $hours ->
    [one] { $hours } hour
   *[other] { $hours } hours
}
duration-days = { $days ->
    [one] { $days } day
   *[other] { $days } days
}
duration-two = { $first } { $second }

## Dates (English writes 2026-12-02 14:00 CET; the others use these words)

weekday-short = { $day ->
    [1] Mon
    [2] Tue
    [3] Wed
    [4] Thu
    [5] Fri
    [6] Sat
   *[7] Sun
}
month-short = { $month ->
    [1] Jan
    [2] Feb
    [3] Mar
    [4] Apr
    [5] May
    [6] Jun
    [7] Jul
    [8] Aug
    [9] Sep
    [10] Oct
    [11] Nov
   *[12] Dec
}
date-time = { $weekday } { $day } { $month } { $year } { $time } { $zone }
