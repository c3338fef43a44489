# Se ../messages.ftl: korta texter per nyckel, med samma nycklar och $variabler som på engelska.
# Orden i en ställning som läses upp: textalternativet till varje bild av brädet (webbplatsens SVG
# och textversionen bredvid, beskrivningen av en bilaga på Discord). Vem som drar och det senaste
# draget kommer från views.ftl (pic-*); de här nämner pjäserna.

## Agon

alt-queen = drottning { $cell }
alt-queen-captured = infångad drottning { $cell }
alt-guards = { $count ->
    [one] vakt { $cells }
   *[other] vakter { $cells }
}
alt-guards-captured = { $count ->
    [one] infångad vakt { $cells }
   *[other] infångade vakter { $cells }
}

## Agros

alt-farmer = { $square } med skörd { $harvest }
alt-farmers = { $count ->
    [one] bonde { $list }
   *[other] bönder { $list }
}
alt-seeds = { $count ->
    [one] frö { $cells }
   *[other] frön { $cells }
}

## Båda spelen

alt-side = { $side }: { $pieces }
alt-side-empty = { $side }: inga pjäser
alt-more = med mera
