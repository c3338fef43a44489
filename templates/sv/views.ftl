# Se ../messages.ftl: korta texter per nyckel, med samma nycklar och $variabler som på engelska.
# Orden i en partis översikt och på bilderna (ASCII, PNG, SVG). Dragens notation ändras aldrig.
# En $seat är white, black (Agon), light eller dark (Agros).

## Färger

side = { $seat ->
    [white] Vit
    [black] Svart
    [light] Ljus
   *[dark] Mörk
}
colour = { $seat ->
    [white] vit
    [black] svart
    [light] ljus
   *[dark] mörk
}

## Bilderna

pic-to-act = { $side } drar
pic-to-act-return-queen = { $side } drar: sätt tillbaka den infångade drottningen
pic-to-act-return-guard = { $side } drar: sätt tillbaka en infångad vakt
pic-wins = { $side } vinner: { $why }
pic-draw = Remi: { $why }
pic-why-throne = drottningen på tronen, ring 1 full
pic-why-ring-closed-by = { $side } stängde ring 1 utan drottningen på tronen
pic-why-ring-closed = ring 1 stängd utan drottningen
pic-why-no-action-of = { $side } har inget tillåtet drag
pic-why-no-action = inget tillåtet drag
pic-why-repetition = tredje upprepningen
pic-why-two-passes = två pass
pic-over-wins = Partiet är slut: { $side } vinner med { $light } mot { $dark }
pic-over-draw = Partiet är slut: oavgjort, { $light } mot { $dark }
pic-to-place = { $count ->
    [one] { $side } drar: sätt ut { $count } bonde
   *[other] { $side } drar: sätt ut { $count } bönder
}
pic-to-act-after-pass = { $side } drar ({ $other } passade; ett pass till avslutar partiet)
pic-score = Ställning: { $light_side } { $light }, { $dark_side } { $dark } ({ $half })
pic-half-point = halv poäng: { $side }
pic-no-half-point = ingen halv poäng
pic-last = Senaste drag: { $side } { $action }
pic-last-passed = Senaste drag: { $side } passade
pic-fields = Fält:
pic-fields-nobody = ingen
ascii-marked = markerat
ascii-legend-agon = Q/G vit drottning/vakt, q/g svart, * infångad, ^ tron
ascii-legend-agros = L3/D3 bonde (Ljus/Mörk) med skörd 3, l/d löst frö, . tom

## En partis titel

agros-title = Agros { $board }x{ $board }, { $farmers } bönder

## En partis översikt

view-who = { $name } ({ $colour })
view-game-over = { $title }: partiet är slut, { $how }
view-over-resigned = { $colour } vinner, motståndaren gav upp
view-over-time = { $colour } vinner på tid
view-over-forfeit = { $colour } vinner på walkover
view-over-agreement = remi efter överenskommelse
view-reserves = { $clock }; reserv i början av varje tur: { $reserves }
view-reserve = { $colour } { $left }
view-away = { $name } har semester till { $until }: klockan står still så länge
view-resting = { $name } vilar till { $until }: klockan står still så länge
view-score = { $light_colour } { $light }, { $dark_colour } { $dark }
view-range-both = { $min } till { $max }
view-range-min = minst { $min }
view-range-max = högst { $max }

## En partis resultat

result-throne = { $winner } vinner: drottningen på tronen, ring 1 full med hennes vakter (AG-11)
result-ring = { $winner } vinner: { $loser } fyllde ring 1 utan drottningen på tronen (AG-11)
result-no-action = { $winner } vinner: { $loser } har inget tillåtet drag (AG-12)
result-repetition = remi: samma ställning för tredje gången (AG-13)
result-score-win = { $winner } vinner på poäng, { $score } (AR-14)
result-score-draw = oavgjort: lika poäng, { $score } (AR-14)
result-resigned = { $winner } vinner: { $loser } gav upp
result-agreement = remi efter överenskommelse
result-time = { $winner } vinner på tid: { $loser } missade tidsgränsen
result-forfeit = { $winner } vinner på walkover: { $loser } lämnade turneringen
result-other-win = { $winner } vinner ({ $reason })
result-other-draw = remi ({ $reason })

## Poängrapporten för ett avslutat parti Agros (AR-14)

report-field = { $squares } ({ $count }): { $light_colour } { $light } mot { $dark_colour } { $dark } -> { $result }
report-controller = { $colour } { $value }
report-nobody = ingen
report-others = { $fields ->
    [one] { $fields } annat fält
   *[other] { $fields } andra fält
} ({ $squares ->
    [one] { $squares } ruta
   *[other] { $squares } rutor
}): ingen, 0
report-half-point = halv poäng: { $colour }
report-half-point-nobody = halv poäng: ingen (lika skördar)

## Klockor och tider

clock-per-move = { $days ->
    [one] { $days } dag per drag
   *[other] { $days } dagar per drag
}
clock-bank = tidsbank { $initial }+{ $increment } max { $max }
# ICCF:s tidskontroll: `$moves` drag på `$days` dagar, oanvänd tid förs över.
clock-moves = { $moves ->
    [one] 1 drag
   *[other] { $moves } drag
} på { $days ->
    [one] 1 dag
   *[other] { $days } dagar
}
clock-loss = { $control }, förlust på tid
clock-pass = { $control }, automatiskt pass när tiden tar slut
span-days = { $days }d
span-days-hours = { $days }d { $hours }h
span-hours = { $hours }h
span-hours-minutes = { $hours }h { $minutes }m
span-minutes = { $minutes }m
duration-under-a-minute = under en minut
duration-minutes = { $minutes ->
    [one] { $minutes } minut
   *[other] { $minutes } minuter
}
duration-hours = { $hours ->
    [one] { $hours } timme
   *[other] { $hours } timmar
}
duration-days = { $days ->
    [one] { $days } dag
   *[other] { $days } dagar
}
duration-two = { $first } och { $second }

## Datum: ons 2 dec. 2026 14:00 CET

weekday-short = { $day ->
    [1] mån
    [2] tis
    [3] ons
    [4] tors
    [5] fre
    [6] lör
   *[7] sön
}
month-short = { $month ->
    [1] jan.
    [2] febr.
    [3] mars
    [4] apr.
    [5] maj
    [6] juni
    [7] juli
    [8] aug.
    [9] sept.
    [10] okt.
    [11] nov.
   *[12] dec.
}
date-time = { $weekday } { $day } { $month } { $year } { $time } { $zone }
