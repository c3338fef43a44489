# Zie ../messages.ftl: korte teksten per sleutel, met dezelfde sleutels en $variabelen als in het
# Engels. De woorden van het overzicht van een partij en van de plaatjes (ASCII, PNG, SVG). De
# notatie van zetten verandert nooit. Een $seat is white, black (Agon), light of dark (Agros).

## Kleuren

side = { $seat ->
    [white] Wit
    [black] Zwart
    [light] Licht
   *[dark] Donker
}
colour = { $seat ->
    [white] wit
    [black] zwart
    [light] licht
   *[dark] donker
}

## De plaatjes

pic-to-act = { $side } is aan zet
pic-to-act-return-queen = { $side } is aan zet: plaats de gevangen koningin terug
pic-to-act-return-guard = { $side } is aan zet: plaats een gevangen wachter terug
pic-wins = { $side } wint: { $why }
pic-draw = Remise: { $why }
pic-why-throne = koningin op de troon, ring 1 vol
pic-why-ring-closed-by = { $side } sloot ring 1 zonder de koningin op de troon
pic-why-ring-closed = ring 1 gesloten zonder de koningin
pic-why-no-action-of = { $side } heeft geen geldige zet
pic-why-no-action = geen geldige zet
pic-why-repetition = derde herhaling
pic-why-two-passes = twee keer gepast
pic-over-wins = Partij afgelopen: { $side } wint met { $light } tegen { $dark }
pic-over-draw = Partij afgelopen: gelijkspel, { $light } tegen { $dark }
pic-to-place = { $count ->
    [one] { $side } is aan zet: plaats { $count } boer
   *[other] { $side } is aan zet: plaats { $count } boeren
}
pic-to-act-after-pass = { $side } is aan zet ({ $other } paste; nog een pas beëindigt de partij)
pic-score = Stand: { $light_side } { $light }, { $dark_side } { $dark } ({ $half })
pic-half-point = half punt: { $side }
pic-no-half-point = geen half punt
pic-last = Laatste zet: { $side } { $action }
pic-last-passed = Laatste zet: { $side } paste
pic-fields = Velden:
pic-fields-nobody = niemand
ascii-marked = gemarkeerd
ascii-legend-agon = Q/G witte koningin/wachter, q/g zwart, * gevangen, ^ troon
ascii-legend-agros = L3/D3 boer met oogst 3, l/d los zaadje, . leeg

## De titel van een partij

agros-title = Agros { $board }x{ $board }, { $farmers } boeren

## Het overzicht van een partij

view-who = { $name } ({ $colour })
view-game-over = { $title }: partij afgelopen, { $how }
view-over-resigned = { $colour } wint door opgave
view-over-time = { $colour } wint op tijd
view-over-forfeit = { $colour } wint reglementair
view-over-agreement = remise in onderling overleg
view-reserves = { $clock }; reserve aan het begin van elke beurt: { $reserves }
view-reserve = { $colour } { $left }
view-away = { $name } is op vakantie tot { $until }: de klok staat zolang stil
view-resting = { $name } rust tot { $until }: de klok staat zolang stil
view-score = { $light_colour } { $light }, { $dark_colour } { $dark }
view-range-both = { $min } tot { $max }
view-range-min = minstens { $min }
view-range-max = hoogstens { $max }

## De uitslag van een partij

result-throne = { $winner } wint: de koningin op de troon, ring 1 vol met haar wachters (AG-11)
result-ring = { $winner } wint: { $loser } vulde ring 1 zonder de koningin op de troon (AG-11)
result-no-action = { $winner } wint: { $loser } heeft geen geldige zet (AG-12)
result-repetition = remise: dezelfde stelling voor de derde keer (AG-13)
result-score-win = { $winner } wint op punten, { $score } (AR-14)
result-score-draw = gelijkspel: gelijke stand, { $score } (AR-14)
result-resigned = { $winner } wint: { $loser } gaf op
result-agreement = remise in onderling overleg
result-time = { $winner } wint op tijd: { $loser } haalde de deadline niet
result-forfeit = { $winner } wint reglementair: { $loser } is uit het toernooi gegaan
result-other-win = { $winner } wint ({ $reason })
result-other-draw = remise ({ $reason })

## Het puntenoverzicht van een uitgespeelde partij Agros (AR-14)

report-field = { $squares } ({ $count }): { $light_colour } { $light } tegen { $dark_colour } { $dark } -> { $result }
report-controller = { $colour } { $value }
report-nobody = niemand
report-others = { $fields ->
    [one] { $fields } ander veld
   *[other] { $fields } andere velden
} ({ $squares ->
    [one] { $squares } vak
   *[other] { $squares } vakken
}): niemand, 0
report-half-point = half punt: { $colour }
report-half-point-nobody = half punt: niemand (gelijke oogsten)

## Klokken en tijdsduren

clock-per-move = { $days ->
    [one] { $days } dag per zet
   *[other] { $days } dagen per zet
}
clock-bank = tijdbank { $initial }+{ $increment } max { $max }
# De tijdsregeling van de ICCF: `$moves` zetten binnen `$days` dagen, ongebruikte tijd schuift door.
clock-moves = { $moves ->
    [one] 1 zet
   *[other] { $moves } zetten
} in { $days ->
    [one] 1 dag
   *[other] { $days } dagen
}
clock-loss = { $control }, verlies bij tijdsoverschrijding
clock-pass = { $control }, automatisch passen bij tijdsoverschrijding
span-days = { $days }d
span-days-hours = { $days }d { $hours }u
span-hours = { $hours }u
span-hours-minutes = { $hours }u { $minutes }m
span-minutes = { $minutes }m
duration-under-a-minute = minder dan een minuut
duration-minutes = { $minutes ->
    [one] { $minutes } minuut
   *[other] { $minutes } minuten
}
duration-hours = { $hours ->
    [one] { $hours } uur
   *[other] { $hours } uur
}
duration-days = { $days ->
    [one] { $days } dag
   *[other] { $days } dagen
}
duration-two = { $first } en { $second }

## Data: wo 2 dec 2026 14:00 CET

weekday-short = { $day ->
    [1] ma
    [2] di
    [3] wo
    [4] do
    [5] vr
    [6] za
   *[7] zo
}
month-short = { $month ->
    [1] jan.
    [2] febr.
    [3] mrt.
    [4] apr.
    [5] mei
    [6] jun.
    [7] jul.
    [8] aug.
    [9] sept.
    [10] okt.
    [11] nov.
   *[12] dec.
}
date-time = { $weekday } { $day } { $month } { $year } { $time } { $zone }
