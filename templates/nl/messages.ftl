# Korte teksten die de code samenstelt, per sleutel (zie ../messages.ftl).

days = { $count ->
    [one] { $count } dag
   *[other] { $count } dagen
}

# Een tekst zoals hij is.
raw = { $message }

game-changed = partij #{ $game } is veranderd terwijl je opdracht onderweg was: bekijk `bord #{ $game }` en probeer het opnieuw
player-gone = die speler bestaat niet meer

## Foutmeldingen die een speler van de service krijgt.

no-such-game = er is geen partij #{ $game }
no-such-game-list = er is geen partij #{ $game }: `partijen` toont de jouwe
game-not-yours = partij #{ $game } is niet van jou
game-not-yours-list = partij #{ $game } is niet van jou: `partijen` toont de jouwe
watch-which-game = noem de partij, bijvoorbeeld `volg #12`
context-mismatch = dit bericht is een antwoord in partij #{ $game }, maar het noemt partij #{ $named }, dus er is niets gedaan. Wil je iets doen in partij #{ $game }, laat dan `#{ $named }` weg; voor partij #{ $named } beantwoord je een van de berichten over partij #{ $named }, of stuur je de opdracht los
mail-scope-other-game = deze mail is een antwoord in partij #{ $game }, dus hij kan alleen iets doen in partij #{ $game }, niet in partij #{ $named }. Er is niets gedaan; wil je iets doen in partij #{ $named }, beantwoord dan een van de mails over partij #{ $named }
mail-scope-unnamed = deze mail is een antwoord in partij #{ $game }, dus hij kan alleen iets doen in partij #{ $game }. Er is niets gedaan; noem de partij, of beantwoord een van de mails over die partij
mail-scope-settings = deze mail is een antwoord in partij #{ $game }, dus hij kan alleen iets doen in die partij, niet aan je instellingen of nieuwe uitdagingen. Er is niets gedaan; stuur de opdracht in een nieuwe mail, of beantwoord een mail van ons die over geen partij gaat (zoals het antwoord op `hulp`)
mail-no-game-named = wil je iets doen in partij #{ $named }, beantwoord dan een van de mails over partij #{ $named }; deze gaat over geen partij, dus er is niets gedaan
mail-no-game = wil je iets doen in een partij, beantwoord dan een van de mails over die partij; deze gaat over geen partij, dus er is niets gedaan
out-of-date = dit is verouderd: partij #{ $game } is { $change ->
    [changed] veranderd
    [started] begonnen
    [ended] afgelopen
    [declined] geweigerd
   *[withdrawn] ingetrokken
} sinds dit verstuurd werd, dus er is niets gedaan. `bord #{ $game }` laat zien hoe het ervoor staat
clock-game-gone = partij #{ $game } bestaat niet meer
clock-not-due = partij #{ $game } is nog niet aan de beurt
clock-timeout-held = partij #{ $game }: tijdsoverschrijding aangehouden voor de mailbox
digest-player-gone = speler { $player } bestaat niet meer
digest-none = speler { $player } heeft geen overzicht
digest-not-due = het overzicht van speler { $player } is nog niet aan de beurt
vacation-none = je bent niet op vakantie: met `vakantie <dagen>` neem je er een
vacation-already = je bent al op vakantie tot { $until }: eerst `vakantie einde`, dan kun je een nieuwe nemen
vacation-too-long = { $days ->
    [one] { $days } dag
   *[other] { $days } dagen
} is meer dan de { $left } vakantie die je dit jaar nog hebt (van { $allowance ->
    [one] { $allowance } dag
   *[other] { $allowance } dagen
})
challenge-self = je kunt jezelf niet uitdagen: noem je tegenstander
challenge-limit = je hebt { $max } uitdagingen die op antwoord wachten, het maximum per speler: trek er een in (`partijen` toont ze, `annuleer #<partij>` trekt er een in) of wacht op antwoorden
challenge-strangers-limit = je hebt binnen een dag { $max } mensen uitgedaagd die Agora nog nooit gebruikt hebben, het maximum: daag spelers uit die dat wel hebben, of probeer het morgen opnieuw
no-challenge-for-you = er wacht geen uitdaging op jou: `partijen` toont je partijen
no-challenge-to-withdraw = je hebt geen uitdaging om in te trekken: `partijen` toont je partijen
accept-own-challenge = partij #{ $game } is je eigen uitdaging: je tegenstander neemt die aan (`annuleer #{ $game }` trekt die in)
challenge-expired = de uitdaging van partij #{ $game } is verlopen na { $days ->
    [one] { $days } dag
   *[other] { $days } dagen
} zonder antwoord: daag opnieuw uit om te spelen
game-already-started = partij #{ $game } is al begonnen
accept-nothing = partij #{ $game } is { $status ->
    [active] al bezig
    [finished] afgelopen
    [declined] geweigerd
    [cancelled] ingetrokken
   *[other] { $status }
}: er valt niets aan te nemen
accept-own-open = partij #{ $game } is je eigen open uitdaging: een andere speler neemt die aan (`annuleer #{ $game }` trekt die in)
open-challenge-closed = de open uitdaging van partij #{ $game } staat niet meer open: `uitdagingen` toont de uitdagingen die nog openstaan
computer-no-open = de computer neemt geen open uitdagingen aan
computer-game-limit = je speelt al { $max } { $max ->
    [one] partij
   *[other] partijen
} tegen de computer, het maximum per speler: speel er eerst een uit of geef er een op (`partijen` toont ze)
rating-range-between = { $min } tot { $max }
rating-range-at-least = minstens { $min }
rating-range-at-most = hoogstens { $max }
rating-range-any = elke
open-rating-range = partij #{ $game } staat open voor ratings van { $range }, en die van jou in { $variant } is { $rating }: `uitdagingen` toont de andere
open-seat-taken = iemand anders was je voor bij de open uitdaging van partij #{ $game }: `uitdagingen` toont de uitdagingen die nog openstaan
cancel-challenge-to-you = partij #{ $game } is een uitdaging aan jou: met `weiger #{ $game }` sla je die af
decline-own-challenge = partij #{ $game } is je eigen uitdaging: `annuleer #{ $game }` trekt die in
game-under-way-resign = partij #{ $game } is al bezig: met `opgeven #{ $game }` beëindig je hem
game-status-already = partij #{ $game } is al { $status ->
    [active] bezig
    [finished] afgelopen
    [declined] geweigerd
    [cancelled] ingetrokken
   *[other] { $status }
}
days-range = `dagen { $days }`: de bedenktijd per zet is 1 tot { $max } dagen
bank-range = een tijdbank begint met minstens 1h en bevat hoogstens { $max } dagen (`max { $max }d`)
moves-range = `zetten { $moves } in { $days }d`: een periode telt 1 tot { $most } zetten, van minstens 1 dag en gemiddeld hoogstens { $max } dagen per zet
challenge-no-player-suggest = er is geen speler die `{ $name }` heet: bedoel je `{ $suggestion }`? Je kunt ook een e-mailadres of een Discord-vermelding uitdagen
challenge-no-player = er is geen speler die `{ $name }` heet: daag een e-mailadres of een Discord-vermelding uit om iemand nieuw uit te nodigen
which-game = welke partij? { $games }: voeg hem toe, bijvoorbeeld `{ $command ->
    [move] zet
    [export] exporteer
    [board] bord
    [history] geschiedenis
    [accept] accepteer
    [cancel] annuleer
    [decline] weiger
    [resign] opgeven
    [draw] remise
    [undo] terugnemen
    [preview] probeer
   *[other] { $command }
} #{ $game }`
no-game-under-way = je hebt geen lopende partij: `partijen` toont de jouwe
not-started-withdraw = partij #{ $game } is nog niet begonnen: een uitdaging trek je in met `annuleer #{ $game }` of sla je af met `weiger #{ $game }`
game-is-status = partij #{ $game } is { $status ->
    [proposed] nog een uitdaging
    [active] bezig
    [finished] afgelopen
    [declined] geweigerd
    [cancelled] ingetrokken
   *[other] { $status }
}
no-game-under-way-challenge = je hebt geen lopende partij: `uitdagen <tegenstander> agon` begint er een, `partijen` toont de jouwe
game-waits-for = partij #{ $game } wacht op { $player }
not-your-turn-anywhere = je bent in geen enkele partij aan de beurt ({ $waits })
which-game-turn = welke partij? Je bent aan de beurt in de partijen { $games }: voeg hem toe, bijvoorbeeld `#{ $game } { $action }`
not-started-awaiting = partij #{ $game } is nog niet begonnen: { $opponent } heeft je uitdaging nog niet aangenomen
not-started-accept = partij #{ $game } is nog niet begonnen: `accepteer #{ $game }` begint hem
game-over-result = partij #{ $game } is afgelopen: { $result }
game-no-board = partij #{ $game } is { $status ->
    [declined] geweigerd
    [cancelled] ingetrokken
   *[other] { $status }
}: er is geen bord om op te spelen
stale-ply = verouderd: de partij staat op zet { $ply }; bekijk `bord #{ $game }` en stuur je zet opnieuw
not-your-turn = { $player } is aan de beurt in partij #{ $game }, niet jij
not-your-turn-deadline = { $player } is aan de beurt in partij #{ $game }, niet jij; de deadline is { $deadline }
agon-no-pass = in Agon kun je niet passen (AG-5): elke beurt is één stap, of een terugplaatsing als een stuk gevangen is
action-unreadable = ik kan `{ $action }` niet als zet lezen: { $why }; { $hint }
action-illegal = `{ $action }` is hier niet toegestaan: { $why }; { $hint }
legal-from = toegestane zetten vanaf { $from }: { $actions }
legal-some = { $count ->
    [one] { $count } toegestane zet
   *[other] { $count } toegestane zetten
}, bijvoorbeeld { $actions }
agros-no-draw = partij #{ $game } is Agros, en daarin bestaat geen remiseaanbod: de partij eindigt als beide spelers na elkaar passen (AR-9), en met `opgeven #{ $game }` geef je op
draw-already-offered = je hebt al remise aangeboden in partij #{ $game }
draw-offered-to-you = { $player } heeft je remise aangeboden in partij #{ $game }: `remise accepteer #{ $game }` of `remise weiger #{ $game }`
no-draw-offered = er is je geen remise aangeboden in partij #{ $game }: met `remise aanbieden #{ $game }` bied je er een aan
nothing-to-take-back = er valt niets terug te nemen in partij #{ $game }: alleen je laatste zet kan teruggenomen worden, voordat je tegenstander een zet doet
takeback-already-asked = je hebt al gevraagd om een zet terug te nemen in partij #{ $game }
no-takeback-asked = niemand heeft gevraagd om in partij #{ $game } een zet terug te nemen
watch-own-game = je speelt zelf in partij #{ $game }: de borden en het verslag krijg je al
watch-not-started = partij #{ $game } is nog niet begonnen: volg hem zodra hij begonnen is
watch-over = partij #{ $game } is afgelopen: `geschiedenis #{ $game }` laat hem zien, `exporteer #{ $game }` stuurt het verslag
watch-limit = je volgt { $max } partijen, het maximum per speler: `ontvolg` er eerst een
watchers-limit = partij #{ $game } heeft al { $max } { $max ->
    [one] volger
   *[other] volgers
}, het maximum per partij: probeer het opnieuw zodra iemand de partij niet meer volgt
preview-no-game = je hebt geen lopende partij: noem de partij, bijvoorbeeld `probeer #12 k1-j1`
preview-not-active = partij #{ $game } is { $status ->
    [proposed] nog een uitdaging
    [finished] afgelopen
    [declined] geweigerd
    [cancelled] ingetrokken
   *[other] { $status }
}: alleen van een lopende partij kun je een volgende zet bekijken
preview-illegal = `{ $action }` kan niet gespeeld worden in partij #{ $game }: { $why }. Er is niets gespeeld
next-none = Geen partij wacht op jouw zet: `partijen` toont de jouwe en de uitdagingen die op antwoord wachten.
board-no-game = je hebt geen lopende partij: noem de partij (`bord #12`), of begin er een met `uitdagen <tegenstander> agon`
no-player-named = er is geen speler die `{ $name }` heet
export-no-game = je hebt geen partij: noem de partij, bijvoorbeeld `exporteer #12`
note-no-game = je hebt geen partij: noem de partij, bijvoorbeeld `notitie #12 <tekst>`
note-not-yours = je speelt niet in partij #{ $game }: notities zijn voor de spelers
note-not-started = partij #{ $game } is nog niet begonnen: een notitie wacht tot dan
note-too-long = een notitie is hoogstens { $most } tekens; deze heeft er { $length }
note-too-many = je hebt al { $most } notities bij partij #{ $game }: `notitie #{ $game } wis` verwijdert ze
conditional-no-game = geen partij van jou wacht op je tegenstander: noem de partij, bijvoorbeeld `voorwaardelijk #12 <hun zet> <jouw antwoord>`
conditional-not-running = partij #{ $game } is niet bezig: voorwaardelijke zetten zijn voor een lopende partij
conditional-your-turn = je bent aan zet in partij #{ $game }: speel je zet; voorwaardelijke zetten beantwoorden die van je tegenstander
conditional-too-long = een reeks heeft hoogstens { $most } zetten; deze heeft er { $length }
conditional-too-many = je hebt al { $most } reeksen in partij #{ $game }: `voorwaardelijk #{ $game } annuleer` verwijdert ze
conditional-after-end = de partij is afgelopen na `{ $action }` (zet { $index } van je reeks): daarna kan niets meer
conditional-illegal = zet { $index } van je reeks, `{ $action }`, kan daar niet gespeeld worden: { $problem }
conditional-ends-theirs = een reeks eindigt met je eigen antwoord: zeg wat je speelt na `{ $action }`
conditional-conflict = je beantwoordt { $after } al met `{ $answer }`, niet met `{ $action }`: één antwoord op elke zet van je tegenstander (`voorwaardelijk #{ $game } annuleer { $after }` verwijdert die reeks)
analysis-no-game = je hebt geen partij: noem de partij, bijvoorbeeld `analyse #12`
analysis-running = partij #{ $game } wordt nog gespeeld: de computer bekijkt een partij pas als die afgelopen is
analysis-not-finished = partij #{ $game } is niet uitgespeeld: er valt niets te analyseren
analysis-off = deze Agora analyseert geen partijen
export-not-started = partij #{ $game } is nog niet begonnen: er is nog geen verslag
timezone-suggest = onbekende tijdzone `{ $zone }`: bedoel je `{ $suggestion }`?
timezone-unknown = onbekende tijdzone `{ $zone }`: gebruik een IANA-naam zoals Europe/Amsterdam of America/New_York
calendar-no-site = er is geen agenda: deze Agora heeft geen website om hem te tonen
notify-no-identity = je hebt nog geen { $channel ->
    [mailto] e-mailaccount
    [discord] Discord-account
   *[other] terminalaccount
} gekoppeld: stuur hier `koppel`, en daarna `koppel <code>` vanaf dat account
link-code-invalid = `{ $code }` is geen geldige koppelcode (een code werkt één keer en verloopt na { $minutes } minuten): stuur `mailto:koppel` per mail of `discord:koppel` op Discord vanaf je eerste account voor een nieuwe
link-code-invalid-left = `{ $code }` is geen geldige koppelcode (een code werkt één keer en verloopt na { $minutes } minuten): stuur `mailto:koppel` per mail of `discord:koppel` op Discord vanaf je eerste account voor een nieuwe. { $left ->
    [0] Vandaag wordt er vanaf dit account geen foute code meer aangenomen
    [1] Vandaag wordt er vanaf dit account nog één foute code aangenomen
   *[other] Vandaag worden er vanaf dit account nog { $left } foute codes aangenomen
}
link-same-account = dit account is al van jou: stuur `mailto:koppel <code>` per mail of `discord:koppel <code>` op Discord vanaf het ANDERE account
link-played-each-other = deze twee accounts hebben tegen elkaar gespeeld, dus ze kunnen niet één speler worden
link-guesses-exhausted = dit account heeft binnen een dag { $wrong } foute koppelcodes gestuurd, dus `koppel <code>` wordt voorlopig geweigerd, wat de code ook is: probeer het morgen opnieuw

## Fouten van de spelregels (crates/service/src/rule_errors.rs).

# Een kant in een zin van de spelregels, naar zijn Engelse woord (white, black, light, dark).
rule-side = { $side ->
    [white] Wit
    [black] Zwart
    [light] Licht
   *[dark] Donker
}
rule-variant-board = het bord is 8, 10 of 12 vakken breed, niet { $board }
rule-variant-farmers = elke kant heeft 3, 5 of 7 boeren, niet { $farmers }
rule-variant-agon-options = Agon heeft geen opties: het bord en de stukken liggen vast
rule-agon-empty = je hebt geen zet opgegeven: schrijf een stap als van-naar (k1-j1) of een terugplaatsing als van=naar (b7=f6)
rule-agon-pass = in Agon kun je niet passen: elke beurt is een stap of een terugplaatsing (AG-5)
rule-agon-no-separator = `{ $text }` heeft geen scheidingsteken: schrijf { $from }-{ $to } voor een stap of { $from }={ $to } voor een terugplaatsing
rule-agon-unreadable = `{ $text }` is niet te lezen: schrijf een stap als van-naar (k1-j1) of een terugplaatsing als van=naar (b7=f6)
rule-agon-separators = `{ $text }` is niet te lezen: een zet heeft één scheidingsteken, - of =; schrijf een stap als van-naar (k1-j1) of een terugplaatsing als van=naar (b7=f6)
rule-return-captures = een terugplaatsing vangt nooit: schrijf { $from }={ $to } zonder x-deel
rule-ends-in-x = `{ $text }` eindigt op x zonder vak: noem de gevangen stukken (a5-a6xb7) of laat het x-deel weg
rule-cell-malformed = `{ $text }` is geen vak: een vak is een rijletter a tot en met k en een getal, zoals f6
rule-cell-off-row = `{ $text }` is geen vak: rij { $row } heeft de vakken { $row }1 tot en met { $row }{ $last }
rule-agros-empty = je hebt geen zet opgegeven: schrijf een plaatsing (e5 of c3,h8), een oogstzet (e5-e7), een zaaizet (e6=e8) of pass
rule-verb-form = `{ $text }` is niet te lezen: schrijf { $verb } <van> <naar>, zoals { $verb } e5 e7, of { $verb } <van> <richting>, zoals { $verb } e5 n
rule-agros-unreadable = `{ $text }` is niet te lezen: schrijf een plaatsing (e5 of c3,h8), een oogstzet (e5-e7), een zaaizet (e6=e8) of pass
rule-agros-separators = `{ $text }` is niet te lezen: een zet heeft één scheidingsteken, - of =; schrijf een plaatsing (e5 of c3,h8), een oogstzet (e5-e7), een zaaizet (e6=e8) of pass
rule-square-malformed = `{ $text }` is geen vak: een vak is een kolomletter en een rijnummer, zoals e5
rule-square-off-board = `{ $text }` ligt niet op dit bord van { $size }×{ $size }: de vakken lopen van a1 tot en met { $last }{ $size }
rule-square-or-direction = { $error } (of geef een richting: n ne e se s sw w nw)
rule-game-over = de partij is afgelopen
rule-other-game = die zet hoort bij het andere spel
rule-no-piece = er staat geen stuk op { $from }
rule-not-yours = de { $piece ->
    [queen] koningin
   *[guard] wachter
} op { $from } is van { $owner }; { $me } is aan zet
rule-captured-cannot-step = de { $piece ->
    [queen] koningin
   *[guard] wachter
} op { $from } is gevangen en kan geen stap zetten: plaats { $piece ->
    [queen] haar
   *[guard] hem
} terug met { $from }=<vak>
rule-return-queen-first = { $me } moet eerst de gevangen koningin op { $queen } terugplaatsen (schrijf { $queen }=<vak>)
rule-return-guard-first = { $me } moet eerst een gevangen wachter terugplaatsen ({ $cells })
rule-not-next-to = { $to } ligt niet naast { $from }: een stuk stapt naar een aangrenzend vak
rule-cell-not-empty = { $cell } is niet leeg
rule-steps-outward = { $from }-{ $to } stapt naar buiten (van ring { $from_ring } naar ring { $to_ring }): een stuk stapt opzij of naar binnen
rule-guard-throne = een wachter mag de troon niet betreden
rule-between-enemies = { $to } staat tussen twee vijandelijke stukken ({ $a }, { $b })
rule-not-captured = de { $piece ->
    [queen] koningin
   *[guard] wachter
} op { $from } is niet gevangen, dus je kunt { $piece ->
    [queen] haar
   *[guard] hem
} niet terugplaatsen: schrijf een stap als { $from }-{ $to }
rule-not-captured-step = de { $piece ->
    [queen] koningin
   *[guard] wachter
} op { $from } is niet gevangen, dus je kunt { $piece ->
    [queen] haar
   *[guard] hem
} niet terugplaatsen: schrijf een stap als { $from }-<vak>
rule-guard-outer-ring = een teruggeplaatste wachter gaat naar een leeg vak van de buitenste ring, en { $to } ligt in ring { $ring }
rule-captured-must-return = de { $piece ->
    [queen] koningin
   *[guard] wachter
} op { $from } is gevangen: { $me } moet { $returning ->
    [queen] de koningin
   *[guard] een wachter
} terugplaatsen met { $at }=<vak>, bijvoorbeeld { $example }
rule-captures-nothing = { $action } vangt niets: schrijf { $action }
rule-captures-other = { $action } vangt { $actual }, niet { $given }: schrijf { $write }
rule-hint-one = 1 boer, zoals { $a }
rule-hint-two = 2 boeren, zoals { $a },{ $b }
rule-opening-no-pass = in de opening kun je niet passen: plaats { $hint } (AR-4)
rule-opening-places = in de opening plaats je boeren, er beweegt nog niets: plaats { $hint }
rule-opening-over = de opening is voorbij: oogst (zoals e5-e7), zaai (zoals e6=e8) of pas
rule-off-board = { $square } ligt niet op dit bord van { $size }×{ $size }
rule-no-farmer = er staat geen boer op { $from }
rule-seed-never-moves = op { $from } ligt een los zaadje, en zaadjes bewegen nooit
rule-farmer-not-yours = de boer op { $from } is van { $owner }; { $me } is aan zet
rule-not-straight = { $from } naar { $to } is geen rechte lijn: een boer beweegt recht of diagonaal
rule-is-sow = { $from }-{ $to } is zaaien: schrijf { $from }={ $to }
rule-harvest-distance = de boer op { $from } heeft oogst { $harvest }, dus bij oogsten gaat hij precies { $harvest } { $harvest ->
    [one] vak
   *[other] vakken
}: { $examples }
rule-legal-none = de boer op { $from } heeft nu geen toegestane zet
rule-legal-some = toegestane zetten voor hem zijn nu { $actions }
rule-harvest-not-empty = { $to } is niet leeg: een oogstzet eindigt op een leeg vak
rule-harvest-passes = { $from }-{ $to } passeert { $piece ->
    [seed] een zaadje
   *[farmer] een boer
} van { $owner } op { $on }: een oogstzet mag alleen over lege vakken en stukken van { $me } zelf gaan
rule-no-seeds = de boer op { $from } heeft geen zaadje om te zaaien (oogst 1): oogst eerst
rule-is-harvest = { $from }={ $to } is oogsten: schrijf { $from }-{ $to }
rule-sow-distance = de boer op { $from } draagt { $seeds } { $seeds ->
    [one] zaadje
   *[other] zaadjes
}, dus bij zaaien gaat hij precies { $seeds } { $seeds ->
    [one] vak
   *[other] vakken
}: { $examples }
rule-sow-not-empty = { $square } is niet leeg: elk vak waar een zaaizet overheen gaat en op eindigt, moet leeg zijn
rule-places-one = in deze openingsbeurt plaats je 1 boer, niet { $given }: plaats { $hint }
rule-places-two = in deze openingsbeurt plaats je 2 boeren: plaats { $hint }
rule-named-twice = je noemt { $square } twee keer: plaats 2 boeren op 2 verschillende vakken
rule-place-off-board = { $square } ligt niet op dit bord
rule-square-not-empty = { $square } is niet leeg
rule-leaves-board = met { $action } zou de boer van het bord gaan: hij gaat { $steps } { $steps ->
    [one] vak
   *[other] vakken
}
rule-place = plaats { $hint }
no-visible-game = er is geen partij #{ $game } die jij mag bekijken: `partijen live` toont de partijen die nu gespeeld worden

# Een regel van `partijen`.
listing-waiting = wacht tot { $opponent } accepteert
listing-challenge = uitdaging van { $opponent }: accepteer { $game }
listing-your-turn = jij bent aan zet
listing-their-turn = { $opponent } is aan zet

# Het antwoord op een zet die na de deadline kwam, in een Agros-partij die bij tijdsoverschrijding past.
too-late-passed-ended = Te laat: je deadline in partij #{ $game } was verstreken, dus er is automatisch voor je gepast (AR-7), en daarmee is de partij afgelopen: { $result }.
too-late-passed = Te laat: je deadline in partij #{ $game } was verstreken, dus er is automatisch voor je gepast (AR-7); nu is { $to_act } aan zet.

# Toernooien.
tournament-none = er is geen toernooi T{ $id }: `toernooi` toont ze
tournament-not-open = toernooi T{ $id } neemt nu geen aanmeldingen aan: het is begonnen of afgelopen
tournament-too-few = toernooi T{ $id } heeft { $players } spelers en heeft er minstens { $min } nodig om te beginnen
tournament-no-such-entrant = niemand die { $name } heet speelt mee in toernooi T{ $id }
tournament-not-organiser = alleen de organisator van toernooi T{ $id } mag dat doen
tournament-computer = de computer speelt niet mee in toernooien
tournament-organiser-limit = je organiseert al { $max } toernooien die nog niet afgelopen zijn
tournament-players-range = een toernooi heeft 2 tot { $most } spelers, het minimum niet hoger dan het maximum
tournament-start-past = de begindag van een toernooi moet in de toekomst liggen
tournament-already-in = je doet al mee aan toernooi T{ $id }
tournament-full = toernooi T{ $id } is vol: het neemt { $max } spelers
tournament-rating = toernooi T{ $id } laat ratings van { $min } tot { $max } toe, en de jouwe is { $rating }
tournament-not-in = je doet niet mee aan toernooi T{ $id }
tournament-over = toernooi T{ $id } is afgelopen
tournament-not-ladder = toernooi T{ $id } is geen ladder: de partijen worden voor je ingedeeld
tournament-ladder-reach = op ladder T{ $id } sta je op plaats { $place } en mag je tot { $reach } plaatsen hoger uitdagen: { $name } valt daarbuiten
tournament-ladder-busy = op ladder T{ $id } hebben jij of degene die je uitdaagt al een uitdaging of partij lopen
tournament-operator-plays-not = de beheerder organiseert toernooien en speelt in geen enkel mee: spelers doen zelf mee, stoppen en dagen uit
