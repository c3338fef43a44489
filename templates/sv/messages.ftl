# Korta texter som koden sätter ihop, per nyckel (se ../messages.ftl).

days = { $count ->
    [one] { $count } dag
   *[other] { $count } dagar
}

# En text som den är.
raw = { $message }

game-changed = parti #{ $game } ändrades medan ditt kommando var på väg: titta på `bräde #{ $game }` och försök igen
player-gone = den spelaren finns inte längre

## Felmeddelanden som en spelare får från tjänsten.

no-such-game = det finns inget parti #{ $game }
no-such-game-list = det finns inget parti #{ $game }: `partier` visar dina
game-not-yours = parti #{ $game } är inte ditt
game-not-yours-list = parti #{ $game } är inte ditt: `partier` visar dina
watch-which-game = ange partiet, till exempel `följ #12`
context-mismatch = det här meddelandet svarar i parti #{ $game }, men det nämner parti #{ $named }, så inget gjordes. Vill du göra något i parti #{ $game }, skriv då inte `#{ $named }`; för parti #{ $named } svarar du på ett av parti #{ $named }:s egna meddelanden, eller skickar kommandot fristående
mail-scope-other-game = det här mejlet svarar i parti #{ $game }, så det kan bara göra något i parti #{ $game }, inte i parti #{ $named }. Inget gjordes; vill du göra något i parti #{ $named }, svara då på ett av parti #{ $named }:s egna mejl
mail-scope-unnamed = det här mejlet svarar i parti #{ $game }, så det kan bara göra något i parti #{ $game }. Inget gjordes; ange partiet, eller svara på ett av det partiets egna mejl
mail-scope-settings = det här mejlet svarar i parti #{ $game }, så det kan bara göra något i det partiet, inte med dina inställningar eller nya utmaningar. Inget gjordes; skicka kommandot i ett nytt mejl, eller svara på ett mejl från oss som inte gäller något parti (som svaret på `hjälp`)
mail-no-game-named = vill du göra något i parti #{ $named }, svara då på ett av parti #{ $named }:s egna mejl; det här gäller inget parti, så inget gjordes
mail-no-game = vill du göra något i ett parti, svara då på ett av det partiets egna mejl; det här gäller inget parti, så inget gjordes
out-of-date = det här är inaktuellt: parti #{ $game } har { $change ->
    [changed] ändrats
    [started] börjat
    [ended] avslutats
    [declined] avböjts
   *[withdrawn] återkallats
} sedan det skickades, så inget gjordes. `bräde #{ $game }` visar hur det står till
clock-game-gone = parti #{ $game } finns inte längre
clock-not-due = parti #{ $game } är inte på tur än
clock-timeout-held = parti #{ $game }: tidsöverskridandet hålls kvar för brevlådan
digest-player-gone = spelare { $player } finns inte längre
digest-none = spelare { $player } har ingen sammanfattning
digest-not-due = sammanfattningen för spelare { $player } är inte på tur än
vacation-none = du har ingen semester: `semester <dagar>` tar en
vacation-already = du har redan semester till { $until }: först `semester slut`, sedan kan du ta en ny
vacation-too-long = { $days ->
    [one] { $days } dag
   *[other] { $days } dagar
} är mer än de { $left } semester du har kvar i år (av { $allowance ->
    [one] { $allowance } dag
   *[other] { $allowance } dagar
})
challenge-self = du kan inte utmana dig själv: ange din motståndare
challenge-limit = du har { $max } utmaningar som väntar på svar, vilket är max per spelare: återkalla en (`partier` visar dem, `återkalla #<parti>` återkallar en) eller vänta på svar
challenge-strangers-limit = du har inom ett dygn utmanat { $max } personer som aldrig har använt Agora, vilket är max: utmana spelare som har det, eller försök igen i morgon
no-challenge-for-you = ingen utmaning väntar på dig: `partier` visar dina partier
no-challenge-to-withdraw = du har ingen utmaning att återkalla: `partier` visar dina partier
accept-own-challenge = parti #{ $game } är din egen utmaning: din motståndare antar den (`återkalla #{ $game }` återkallar den)
challenge-expired = utmaningen i parti #{ $game } gick ut efter { $days ->
    [one] { $days } dag
   *[other] { $days } dagar
} utan svar: utmana igen för att spela
game-already-started = parti #{ $game } har redan börjat
accept-nothing = parti #{ $game } är { $status ->
    [active] redan igång
    [finished] avslutat
    [declined] avböjt
    [cancelled] återkallat
   *[other] { $status }
}: det finns inget att anta
accept-own-open = parti #{ $game } är din egen öppna utmaning: en annan spelare antar den (`återkalla #{ $game }` återkallar den)
open-challenge-closed = den öppna utmaningen i parti #{ $game } är inte längre öppen: `utmaningar` visar de som är det
computer-no-open = datorn antar inga öppna utmaningar
computer-game-limit = du har redan { $max } { $max ->
    [one] pågående parti
   *[other] pågående partier
} mot datorn, vilket är max per spelare: spela klart eller ge upp ett först (`partier` visar dem)
rating-range-between = { $min } till { $max }
rating-range-at-least = minst { $min }
rating-range-at-most = högst { $max }
rating-range-any = alla
open-rating-range = parti #{ $game } är öppet för rating { $range }, och din i { $variant } är { $rating }: `utmaningar` visar de andra
open-seat-taken = någon annan hann före till den öppna utmaningen i parti #{ $game }: `utmaningar` visar de som fortfarande är öppna
cancel-challenge-to-you = parti #{ $game } är en utmaning till dig: `avböj #{ $game }` tackar nej till den
decline-own-challenge = parti #{ $game } är din egen utmaning: `återkalla #{ $game }` återkallar den
game-under-way-resign = parti #{ $game } är igång: `ge-upp #{ $game }` avslutar det
game-status-already = parti #{ $game } är redan { $status ->
    [active] igång
    [finished] avslutat
    [declined] avböjt
    [cancelled] återkallat
   *[other] { $status }
}
days-range = `dagar { $days }`: betänketiden per drag är 1 till { $max } dagar
bank-range = en tidsbank börjar med minst 1h och rymmer högst { $max } dagar (`max { $max }d`)
moves-range = `drag { $moves } på { $days }d`: en period har 1 till { $most } drag, minst 1 dag och i snitt högst { $max } dagar per drag
challenge-no-player-suggest = ingen spelare heter `{ $name }`: menade du `{ $suggestion }`? Du kan också utmana en e-postadress eller ett Discord-omnämnande
challenge-no-player = ingen spelare heter `{ $name }`: utmana en e-postadress eller ett Discord-omnämnande för att bjuda in någon ny
which-game = vilket parti? { $games }: lägg till det, till exempel `{ $command ->
    [move] drag
    [export] exportera
    [board] bräde
    [history] historik
    [accept] acceptera
    [cancel] återkalla
    [decline] avböj
    [resign] ge-upp
    [draw] remi
    [undo] ångra
    [preview] förhandsvisa
   *[other] { $command }
} #{ $game }`
no-game-under-way = du har inget pågående parti: `partier` visar dina
not-started-withdraw = parti #{ $game } har inte börjat: en utmaning återkallas med `återkalla #{ $game }` eller avböjs med `avböj #{ $game }`
game-is-status = parti #{ $game } är { $status ->
    [proposed] fortfarande en utmaning
    [active] igång
    [finished] avslutat
    [declined] avböjt
    [cancelled] återkallat
   *[other] { $status }
}
no-game-under-way-challenge = du har inget pågående parti: `utmana <motståndare> agon` startar ett, `partier` visar dina
game-waits-for = parti #{ $game } väntar på { $player }
not-your-turn-anywhere = det är inte din tur i något parti ({ $waits })
which-game-turn = vilket parti? Det är din tur i partierna { $games }: lägg till det, till exempel `#{ $game } { $action }`
not-started-awaiting = parti #{ $game } har inte börjat: { $opponent } har inte antagit din utmaning än
not-started-accept = parti #{ $game } har inte börjat: `acceptera #{ $game }` startar det
game-over-result = parti #{ $game } är slut: { $result }
game-no-board = parti #{ $game } blev { $status ->
    [declined] avböjt
    [cancelled] återkallat
   *[other] { $status }
}: det har inget bräde att spela på
stale-ply = inaktuellt: partiet är vid drag { $ply }; titta på `bräde #{ $game }` och skicka ditt drag igen
not-your-turn = det är { $player } som är på tur i parti #{ $game }, inte du
not-your-turn-deadline = det är { $player } som är på tur i parti #{ $game }, inte du; tidsgränsen är { $deadline }
agon-no-pass = i Agon kan man inte passa (AG-5): varje tur är ett steg, eller en återplacering när en pjäs är infångad
action-unreadable = jag kan inte läsa `{ $action }` som ett drag: { $why }; { $hint }
action-illegal = `{ $action }` är inte tillåtet här: { $why }; { $hint }
legal-from = tillåtna drag från { $from }: { $actions }
legal-some = { $count ->
    [one] { $count } tillåtet drag
   *[other] { $count } tillåtna drag
}, till exempel { $actions }
agros-no-draw = parti #{ $game } är Agros, som inte har några remierbjudanden: det slutar när båda spelarna passar i tur och ordning (AR-9), och `ge-upp #{ $game }` ger upp
draw-already-offered = du har redan erbjudit remi i parti #{ $game }
draw-offered-to-you = { $player } har erbjudit dig remi i parti #{ $game }: `remi acceptera #{ $game }` eller `remi avböj #{ $game }`
no-draw-offered = du har inte fått något remierbjudande i parti #{ $game }: `remi erbjud #{ $game }` erbjuder remi
nothing-to-take-back = det finns inget att ta tillbaka i parti #{ $game }: bara ditt senaste drag kan tas tillbaka, innan din motståndare drar
takeback-already-asked = du har redan bett om att ta tillbaka ett drag i parti #{ $game }
no-takeback-asked = ingen har bett om att få ta tillbaka ett drag i parti #{ $game }
watch-own-game = du spelar själv i parti #{ $game }: dess bräden och rapport får du redan
watch-not-started = parti #{ $game } har inte börjat: följ det när det har börjat
watch-over = parti #{ $game } är slut: `historik #{ $game }` visar det, `exportera #{ $game }` skickar protokollet
watch-limit = du följer { $max } partier, vilket är max per spelare: `avfölj` ett först
watchers-limit = parti #{ $game } har redan { $max } följare, vilket är max per parti: försök igen när någon har slutat följa det
preview-no-game = du har inget pågående parti: ange partiet, till exempel `förhandsvisa #12 k1-j1`
preview-not-active = parti #{ $game } är { $status ->
    [proposed] fortfarande en utmaning
    [finished] avslutat
    [declined] avböjt
    [cancelled] återkallat
   *[other] { $status }
}: bara ett pågående parti har ett nästa drag att förhandsvisa
preview-illegal = `{ $action }` kan inte spelas i parti #{ $game }: { $why }. Inget spelades
next-none = Inget parti väntar på ditt drag: `partier` visar dina och de utmaningar som väntar på svar.
board-no-game = du har inget pågående parti: ange partiet (`bräde #12`), eller starta ett med `utmana <motståndare> agon`
no-player-named = ingen spelare heter `{ $name }`
export-no-game = du har inget parti: ange partiet, till exempel `exportera #12`
note-no-game = du har inget parti: ange partiet, till exempel `anteckning #12 <text>`
note-not-yours = du spelar inte i parti #{ $game }: anteckningar är för spelarna
note-not-started = parti #{ $game } har inte börjat: en anteckning får vänta tills dess
note-too-long = en anteckning är högst { $most } tecken; den här har { $length }
note-too-many = du har redan { $most } anteckningar om parti #{ $game }: `anteckning #{ $game } rensa` tar bort dem
conditional-no-game = inget av dina partier väntar på motståndaren: ange partiet, till exempel `villkor #12 <hens drag> <ditt svar>`
conditional-not-running = parti #{ $game } pågår inte: villkorsdrag är för ett parti som spelas
conditional-your-turn = det är din tur i parti #{ $game }: spela ditt drag; villkorsdrag svarar på motståndarens
conditional-too-long = en följd har högst { $most } drag; den här har { $length }
conditional-too-many = du har redan { $most } följder i parti #{ $game }: `villkor #{ $game } avbryt` tar bort dem
conditional-after-end = partiet är slut efter `{ $action }` (drag { $index } i din följd): inget kan komma efter det
conditional-illegal = drag { $index } i din följd, `{ $action }`, kan inte spelas där: { $problem }
conditional-ends-theirs = en följd slutar med ditt eget svar: säg vad du spelar efter `{ $action }`
conditional-conflict = du svarar redan på { $after } med `{ $answer }`, inte `{ $action }`: ett svar på varje drag av motståndaren (`villkor #{ $game } avbryt { $after }` tar bort den följden)
analysis-no-game = du har inget parti: ange partiet, till exempel `analys #12`
analysis-running = parti #{ $game } spelas fortfarande: datorn går igenom ett parti först när det är slut
analysis-not-finished = parti #{ $game } spelades inte klart: det finns inget att analysera
analysis-off = den här Agoran analyserar inga partier
export-not-started = parti #{ $game } har inte börjat: det har inget protokoll än
timezone-suggest = okänd tidszon `{ $zone }`: menade du `{ $suggestion }`?
timezone-unknown = okänd tidszon `{ $zone }`: använd ett IANA-namn som Europe/Stockholm eller America/New_York
calendar-no-site = det finns ingen kalender: denna Agora har ingen webbplats att visa den på
notify-no-identity = du har inget { $channel ->
    [mailto] e-postkonto
    [discord] Discord-konto
   *[other] terminalkonto
} kopplat än: skicka `koppla` här, och sedan `koppla <kod>` från det kontot
link-code-invalid = `{ $code }` är ingen giltig kopplingskod (en kod fungerar en gång och går ut efter { $minutes } minuter): skicka `mailto:koppla` via e-post eller `discord:koppla` på Discord från ditt första konto för att få en ny
link-code-invalid-left = `{ $code }` är ingen giltig kopplingskod (en kod fungerar en gång och går ut efter { $minutes } minuter): skicka `mailto:koppla` via e-post eller `discord:koppla` på Discord från ditt första konto för att få en ny. { $left ->
    [0] I dag tas inga fler felaktiga koder emot från det här kontot
    [1] I dag tas en felaktig kod till emot från det här kontot
   *[other] I dag tas { $left } felaktiga koder till emot från det här kontot
}
link-same-account = det här kontot är redan ditt: skicka `mailto:koppla <kod>` via e-post eller `discord:koppla <kod>` på Discord från det ANDRA kontot
link-played-each-other = de här två kontona har spelat mot varandra, så de kan inte bli en spelare
link-guesses-exhausted = det här kontot har skickat { $wrong } felaktiga kopplingskoder inom ett dygn, så `koppla <kod>` nekas tills vidare, oavsett kod: försök igen i morgon

## Fel från spelreglerna (crates/service/src/rule_errors.rs).

# En sida i en mening från spelreglerna, efter sitt engelska ord (white, black, light, dark).
rule-side = { $side ->
    [white] Vit
    [black] Svart
    [light] Ljus
   *[dark] Mörk
}
rule-variant-board = brädet är 8, 10 eller 12 rutor brett, inte { $board }
rule-variant-farmers = varje sida har 3, 5 eller 7 bönder, inte { $farmers }
rule-variant-agon-options = Agon har inga val: brädet och pjäserna är fasta
rule-agon-empty = du angav inget drag: skriv ett steg som från-till (k1-j1) eller en återplacering som från=till (b7=f6)
rule-agon-pass = i Agon kan du inte passa: varje tur är ett steg eller en återplacering (AG-5)
rule-agon-no-separator = `{ $text }` saknar skiljetecken: skriv { $from }-{ $to } för ett steg eller { $from }={ $to } för en återplacering
rule-agon-unreadable = `{ $text }` går inte att läsa: skriv ett steg som från-till (k1-j1) eller en återplacering som från=till (b7=f6)
rule-agon-separators = `{ $text }` går inte att läsa: ett drag har ett skiljetecken, - eller =; skriv ett steg som från-till (k1-j1) eller en återplacering som från=till (b7=f6)
rule-return-captures = en återplacering fångar aldrig: skriv { $from }={ $to } utan x-del
rule-ends-in-x = `{ $text }` slutar på x utan ruta: ange de infångade pjäserna (a5-a6xb7) eller ta bort x-delen
rule-cell-malformed = `{ $text }` är ingen ruta: en ruta är en radbokstav a till k och ett tal, som f6
rule-cell-off-row = `{ $text }` är ingen ruta: rad { $row } har rutorna { $row }1 till { $row }{ $last }
rule-agros-empty = du angav inget drag: skriv en placering (e5 eller c3,h8), en skörd (e5-e7), en sådd (e6=e8) eller pass
rule-verb-form = `{ $text }` går inte att läsa: skriv { $verb } <från> <till>, som { $verb } e5 e7, eller { $verb } <från> <riktning>, som { $verb } e5 n
rule-agros-unreadable = `{ $text }` går inte att läsa: skriv en placering (e5 eller c3,h8), en skörd (e5-e7), en sådd (e6=e8) eller pass
rule-agros-separators = `{ $text }` går inte att läsa: ett drag har ett skiljetecken, - eller =; skriv en placering (e5 eller c3,h8), en skörd (e5-e7), en sådd (e6=e8) eller pass
rule-square-malformed = `{ $text }` är ingen ruta: en ruta är en kolumnbokstav och ett radnummer, som e5
rule-square-off-board = `{ $text }` ligger inte på det här brädet på { $size }×{ $size }: rutorna går från a1 till { $last }{ $size }
rule-square-or-direction = { $error } (eller ange en riktning: n ne e se s sw w nw)
rule-game-over = partiet är slut
rule-other-game = det draget hör till det andra spelet
rule-no-piece = det står ingen pjäs på { $from }
rule-not-yours = { $piece ->
    [queen] drottningen
   *[guard] vakten
} på { $from } tillhör { $owner }; { $me } är på tur
rule-captured-cannot-step = { $piece ->
    [queen] drottningen
   *[guard] vakten
} på { $from } är infångad och kan inte ta ett steg: sätt tillbaka den med { $from }=<ruta>
rule-return-queen-first = { $me } måste först sätta tillbaka den infångade drottningen på { $queen } (skriv { $queen }=<ruta>)
rule-return-guard-first = { $me } måste först sätta tillbaka en infångad vakt ({ $cells })
rule-not-next-to = { $to } ligger inte bredvid { $from }: en pjäs flyttar ett steg till en angränsande ruta
rule-cell-not-empty = { $cell } är inte tom
rule-steps-outward = { $from }-{ $to } flyttar utåt (från ring { $from_ring } till ring { $to_ring }): en pjäs flyttar ett steg åt sidan eller inåt
rule-guard-throne = en vakt får inte gå in på tronen
rule-between-enemies = { $to } står mellan två fientliga pjäser ({ $a }, { $b })
rule-not-captured = { $piece ->
    [queen] drottningen
   *[guard] vakten
} på { $from } är inte infångad, så du kan inte sätta tillbaka den: skriv ett steg som { $from }-{ $to }
rule-not-captured-step = { $piece ->
    [queen] drottningen
   *[guard] vakten
} på { $from } är inte infångad, så du kan inte sätta tillbaka den: skriv ett steg som { $from }-<ruta>
rule-guard-outer-ring = en återplacerad vakt går till en tom ruta i den yttersta ringen, och { $to } ligger i ring { $ring }
rule-captured-must-return = { $piece ->
    [queen] drottningen
   *[guard] vakten
} på { $from } är infångad: { $me } måste sätta tillbaka { $returning ->
    [queen] drottningen
   *[guard] en vakt
} med { $at }=<ruta>, till exempel { $example }
rule-captures-nothing = { $action } fångar ingenting: skriv { $action }
rule-captures-other = { $action } fångar { $actual }, inte { $given }: skriv { $write }
rule-hint-one = 1 bonde, som { $a }
rule-hint-two = 2 bönder, som { $a },{ $b }
rule-opening-no-pass = i öppningen kan du inte passa: placera { $hint } (AR-4)
rule-opening-places = i öppningen placerar du bönder, inget rör sig än: placera { $hint }
rule-opening-over = öppningen är över: skörda (som e5-e7), så (som e6=e8) eller passa
rule-off-board = { $square } ligger inte på det här brädet på { $size }×{ $size }
rule-no-farmer = det står ingen bonde på { $from }
rule-seed-never-moves = på { $from } ligger ett löst frö, och frön rör sig aldrig
rule-farmer-not-yours = bonden på { $from } tillhör { $owner }; { $me } är på tur
rule-not-straight = { $from } till { $to } är ingen rak linje: en bonde rör sig rakt eller diagonalt
rule-is-sow = { $from }-{ $to } är en sådd: skriv { $from }={ $to }
rule-harvest-distance = bonden på { $from } har skörd { $harvest }, så vid skörd flyttar den exakt { $harvest } { $harvest ->
    [one] ruta
   *[other] rutor
}: { $examples }
rule-legal-none = bonden på { $from } har inget tillåtet drag nu
rule-legal-some = tillåtna drag för den nu är { $actions }
rule-harvest-not-empty = { $to } är inte tom: en skörd landar på en tom ruta
rule-harvest-passes = { $from }-{ $to } passerar { $piece ->
    [seed] ett frö
   *[farmer] en bonde
} som tillhör { $owner } på { $on }: en skörd får bara passera tomma rutor och pjäser som tillhör { $me }
rule-no-seeds = bonden på { $from } har inga frön att så (skörd 1): skörda först
rule-is-harvest = { $from }={ $to } är en skörd: skriv { $from }-{ $to }
rule-sow-distance = bonden på { $from } bär { $seeds } { $seeds ->
    [one] frö
   *[other] frön
}, så vid sådd flyttar den exakt { $seeds } { $seeds ->
    [one] ruta
   *[other] rutor
}: { $examples }
rule-sow-not-empty = { $square } är inte tom: varje ruta som en sådd passerar och landar på måste vara tom
rule-places-one = i den här öppningsturen placerar du 1 bonde, inte { $given }: placera { $hint }
rule-places-two = i den här öppningsturen placerar du 2 bönder: placera { $hint }
rule-named-twice = du anger { $square } två gånger: placera 2 bönder på 2 olika rutor
rule-place-off-board = { $square } ligger inte på det här brädet
rule-square-not-empty = { $square } är inte tom
rule-leaves-board = med { $action } skulle bonden lämna brädet: den flyttar { $steps } { $steps ->
    [one] ruta
   *[other] rutor
}
rule-place = placera { $hint }
no-visible-game = det finns inget parti #{ $game } som du får se: `partier live` visar de partier som spelas

# En rad i `partier`.
listing-waiting = väntar på att { $opponent } ska acceptera
listing-challenge = utmaning från { $opponent }: acceptera { $game }
listing-your-turn = din tur
listing-their-turn = { $opponent } står på tur

# Svaret på ett drag som kom efter tidsgränsen i ett Agros-parti som passar vid tidsöverskridande.
too-late-passed-ended = För sent: din tidsgräns i parti #{ $game } hade gått ut, så du passade automatiskt (AR-7), och därmed tog partiet slut: { $result }.
too-late-passed = För sent: din tidsgräns i parti #{ $game } hade gått ut, så du passade automatiskt (AR-7); nu står { $to_act } på tur.

# Turneringar.
tournament-none = det finns ingen turnering T{ $id }: `turnering` listar dem
tournament-not-open = turnering T{ $id } tar inte emot anmälningar nu: den har startat eller är avslutad
tournament-too-few = turnering T{ $id } har { $players } spelare och behöver minst { $min } för att starta
tournament-no-such-entrant = ingen som heter { $name } spelar i turnering T{ $id }
tournament-not-organiser = bara arrangören av turnering T{ $id } får göra det
tournament-computer = datorn spelar inte i turneringar
tournament-organiser-limit = du arrangerar redan { $max } turneringar som inte är avslutade
tournament-players-range = en turnering har 2 till { $most } spelare, minsta antalet högst lika med största
tournament-start-past = en turnerings startdag måste ligga i framtiden
tournament-already-in = du är redan med i turnering T{ $id }
tournament-full = turnering T{ $id } är full: den tar { $max } spelare
tournament-rating = turnering T{ $id } tar emot rating från { $min } till { $max }, och din är { $rating }
tournament-not-in = du är inte med i turnering T{ $id }
tournament-over = turnering T{ $id } är avslutad
tournament-not-ladder = turnering T{ $id } är ingen stege: dess partier lottas åt dig
tournament-ladder-reach = på stege T{ $id } är du nummer { $place } och får utmana upp till { $reach } platser ovanför dig: { $name } står för högt
tournament-ladder-busy = på stege T{ $id } har du eller den du utmanar redan en utmaning eller ett parti på gång
tournament-operator-plays-not = operatören arrangerar turneringar och spelar inte i någon: spelarna går med, lämnar och utmanar själva
