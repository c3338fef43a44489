# Zie ../messages.ftl: korte teksten per sleutel, met dezelfde sleutels en $variabelen als in het
# Engels. De woorden van een stelling die wordt voorgelezen: de tekst bij elk plaatje van het bord
# (de SVG van de website en de tekstweergave daarnaast, de beschrijving van een bijlage op
# Discord). Wie aan zet is en de laatste zet komen uit views.ftl (pic-*); deze noemen de stukken.

## Agon

alt-queen = koningin { $cell }
alt-queen-captured = gevangen koningin { $cell }
alt-guards = { $count ->
    [one] wachter { $cells }
   *[other] wachters { $cells }
}
alt-guards-captured = { $count ->
    [one] gevangen wachter { $cells }
   *[other] gevangen wachters { $cells }
}

## Agros

alt-farmer = { $square } met oogst { $harvest }
alt-farmers = { $count ->
    [one] boer { $list }
   *[other] boeren { $list }
}
alt-seeds = { $count ->
    [one] zaadje { $cells }
   *[other] zaadjes { $cells }
}

## Beide spellen

alt-side = { $side }: { $pieces }
alt-side-empty = { $side }: geen stukken
alt-more = en meer
