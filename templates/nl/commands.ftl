# The command language's texts, by key: each command's summary, usage and help
# (`cmd-<command>-summary`…), its arguments' names and one-line helps (`cmd-<command>-arg-<name>`,
# `…-help`: Discord option names, lowercase letters, digits, - and _, at most 32 characters;
# helps at most 100 characters) and the parse errors. The same keys and $variables in every
# language; English is the command table's own words.


parse-empty = geen commando gevonden: stuur `hulp` voor de lijst
parse-unknown-closest = onbekend commando `{ $word }`: bedoel je `{ $closest }`? Stuur `hulp` voor de lijst
parse-unknown = onbekend commando `{ $word }`: stuur `hulp` voor de lijst
parse-too-long = dat commando is { $chars } tekens lang, en een commando heeft er hoogstens { $max }, dus er is niets van gelezen: `hulp` toont de commando's
parse-usage = { parse-problem }; gebruik:

# The problem of a usage error: `$problem` names its key (one of the `parse-problem-*` below),
# whose arguments the usage message carries; a problem outside the catalogue is shown as it came.
parse-problem = { $problem ->
        [parse-problem-game-number] { parse-problem-game-number }
        [parse-problem-game-number-missing] { parse-problem-game-number-missing }
        [parse-problem-two-games] { parse-problem-two-games }
        [parse-problem-ply-missing] { parse-problem-ply-missing }
        [parse-problem-ply-number] { parse-problem-ply-number }
        [parse-problem-not-game] { parse-problem-not-game }
        [parse-problem-not-live] { parse-problem-not-live }
        [parse-problem-preview-ply] { parse-problem-preview-ply }
        [parse-problem-one-player] { parse-problem-one-player }
        [parse-problem-nothing-more] { parse-problem-nothing-more }
        [parse-problem-not-understood] { parse-problem-not-understood }
        [parse-problem-name-game] { parse-problem-name-game }
        [parse-problem-name-game-short] { parse-problem-name-game-short }
        [parse-problem-name-kind] { parse-problem-name-kind }
        [parse-problem-unknown-game] { parse-problem-unknown-game }
        [parse-problem-board-size] { parse-problem-board-size }
        [parse-problem-agon-board] { parse-problem-agon-board }
        [parse-problem-rating-range] { parse-problem-rating-range }
        [parse-problem-rating-bounds] { parse-problem-rating-bounds }
        [parse-problem-rating-missing] { parse-problem-rating-missing }
        [parse-problem-rating-anyone] { parse-problem-rating-anyone }
        [parse-problem-action-missing] { parse-problem-action-missing }
        [parse-problem-reply-missing] { parse-problem-reply-missing }
        [parse-problem-reply] { parse-problem-reply }
        [parse-problem-code-one-word] { parse-problem-code-one-word }
        [parse-problem-who] { parse-problem-who }
        [parse-problem-game-missing] { parse-problem-game-missing }
        [parse-problem-discord-mention] { parse-problem-discord-mention }
        [parse-problem-mail-address] { parse-problem-mail-address }
        [parse-problem-not-option] { parse-problem-not-option }
        [parse-problem-needs-number] { parse-problem-needs-number }
        [parse-problem-one-clock] { parse-problem-one-clock }
        [parse-problem-bank-reserve] { parse-problem-bank-reserve }
        [parse-problem-moves] { parse-problem-moves }
        [parse-problem-moves-days] { parse-problem-moves-days }
        [parse-problem-max-amount] { parse-problem-max-amount }
        [parse-problem-amount-max] { parse-problem-amount-max }
        [parse-problem-amount] { parse-problem-amount }
        [parse-problem-bank-empty] { parse-problem-bank-empty }
        [parse-problem-bank-cap] { parse-problem-bank-cap }
        [parse-problem-level] { parse-problem-level }
        [parse-problem-level-computer] { parse-problem-level-computer }
        [parse-problem-timeout] { parse-problem-timeout }
        [parse-problem-timeout-pass-agon] { parse-problem-timeout-pass-agon }
        [parse-problem-variant-board] { parse-problem-variant-board }
        [parse-problem-variant-farmers] { parse-problem-variant-farmers }
        [parse-problem-agon-options] { parse-problem-agon-options }
        [parse-problem-not-rated] { parse-problem-not-rated }
        [parse-problem-not-private] { parse-problem-not-private }
        [parse-problem-vacation-min] { parse-problem-vacation-min }
        [parse-problem-vacation-days] { parse-problem-vacation-days }
        [parse-problem-channel] { parse-problem-channel }
        [parse-problem-language] { parse-problem-language }
        [parse-problem-hour] { parse-problem-hour }
        [parse-problem-setting-missing] { parse-problem-setting-missing }
        [parse-problem-setting] { parse-problem-setting }
        [parse-problem-one-setting] { parse-problem-one-setting }
        [parse-problem-rest] { parse-problem-rest }
        [parse-problem-rest-missing] { parse-problem-rest-missing }
        [parse-problem-rest-night] { parse-problem-rest-night }
        [parse-problem-rest-night-missing] { parse-problem-rest-night-missing }
        [parse-problem-rest-long] { parse-problem-rest-long }
        [parse-problem-calendar] { parse-problem-calendar }
        [parse-problem-tournament-missing] { parse-problem-tournament-missing }
        [parse-problem-tournament-number] { parse-problem-tournament-number }
        [parse-problem-tournament-what] { parse-problem-tournament-what }
        [parse-problem-tournament-date] { parse-problem-tournament-date }
        [parse-problem-tournament-date-missing] { parse-problem-tournament-date-missing }
        [parse-problem-tournament-name] { parse-problem-tournament-name }
        [parse-problem-tournament-format] { parse-problem-tournament-format }
        [parse-problem-tournament-rounds] { parse-problem-tournament-rounds }
        [parse-problem-tournament-who] { parse-problem-tournament-who }
       *[other] { $problem }
    }
parse-problem-game-number = na `partij` volgt een partijnummer zoals `partij 12`, niet { $word }
parse-problem-game-number-missing = na `partij` volgt een partijnummer zoals `partij 12`, maar er volgt niets
parse-problem-two-games = je noemt twee partijen, #{ $first } en #{ $second }: noem er één
parse-problem-ply-missing = na `ply` volgt het aantal zetten dat tot nu toe gespeeld is
parse-problem-ply-number = `ply { $word }`: `{ $word }` is geen plynummer
parse-problem-not-game = `{ $word }` is geen verwijzing naar een partij zoals #12
parse-problem-not-live = `{ $word }` is niet `live`
parse-problem-preview-ply = een voorbeeld neemt geen `ply`: het speelt niets
parse-problem-one-player = `{ $word }` begrijp ik hier niet: noem één speler
parse-problem-nothing-more = `{ $word }` begrijp ik hier niet: na `{ $command ->
        [seeks] uitdagingen
        [next] volgende
       *[other] { $command }
    }` komt niets meer
parse-problem-not-understood = `{ $word }` begrijp ik hier niet
parse-problem-name-game = noem de partij, bijvoorbeeld `#12` (`partijen live` toont ze)
parse-problem-name-game-short = noem de partij, bijvoorbeeld `#12`
parse-problem-name-kind = noem het spel: agon of agros
parse-problem-unknown-game = onbekend spel `{ $word }`: de spellen zijn agon en agros
parse-problem-board-size = `{ $word }` is geen bordgrootte: 8, 10 of 12
parse-problem-agon-board = Agon heeft één bord: laat `bord` weg
parse-problem-rating-range = `rating { $word }` is geen bereik van ratings zoals 1400-1800, 1500+ of -1800
parse-problem-rating-bounds = `rating { $word }`: de ondergrens ligt boven de bovengrens
parse-problem-rating-missing = `rating` heeft een bereik nodig, bijvoorbeeld `rating 1400-1800`
parse-problem-tournament-missing = welk toernooi? Geef het nummer, bijvoorbeeld `toernooi meedoen 3`
parse-problem-tournament-number = `{ $word }` is geen toernooinummer
parse-problem-tournament-what = `{ $word }` is niets wat je met een toernooi kunt doen: lijst, maak, meedoen, verlaat, stand, indeling, start, annuleer, verwijder of daag-uit
parse-problem-tournament-date = `start` heeft een dag nodig zoals 2027-01-10, niet `{ $word }`
parse-problem-tournament-date-missing = `start` heeft een dag nodig zoals 2027-01-10
parse-problem-tournament-name = `naam` moet gevolgd worden door de naam van het toernooi
parse-problem-tournament-format = de vorm ontbreekt: competitie, dubbel, zwitsers N of ladder
parse-problem-tournament-rounds = een Zwitsers toernooi heeft 1 tot { $max } ronden, en het bereik van een ladder is 1 tot { $max } plaatsen
parse-problem-tournament-who = wie verwijder je? Noem de speler na het nummer van het toernooi
parse-problem-rating-anyone = `rating` hoort bij een uitdaging aan `iedereen`: het zegt wie mag aannemen
parse-problem-action-missing = de zet ontbreekt
parse-problem-reply-missing = zeg `aanbieden`, `accepteer` of `weiger`
parse-problem-reply = `{ $word }` is niet `aanbieden`, `accepteer` of `weiger`
parse-problem-code-one-word = de code is één woord
parse-problem-who = wie daag je uit?
parse-problem-game-missing = het spel ontbreekt: agon of agros
parse-problem-discord-mention = `{ $word }` is geen Discord-vermelding
parse-problem-mail-address = `{ $word }` is geen e-mailadres
parse-problem-not-option = `{ $word }` is geen optie
parse-problem-needs-number = na `{ $word ->
        [board] bord
        [farmers] boeren
        [days] dagen
       *[other] { $word }
    }` hoort een getal
parse-problem-one-clock = geef één klok: `dagen D`, `bank ...` of `zetten N in Dd`
parse-problem-moves = `zetten` heeft een aantal en dagen nodig, bijvoorbeeld `zetten 10 in 50d`
parse-problem-moves-days = `{ $word }` is geen aantal dagen: schrijf bijvoorbeeld `zetten 10 in 50d`
parse-problem-bank-reserve = `bank` heeft een reserve nodig, bijvoorbeeld `bank 7d+1d max 14d`
parse-problem-max-amount = `max` heeft een tijdsduur nodig, bijvoorbeeld `max 14d`
parse-problem-amount-max = `{ $word }` is geen tijdsduur zoals 14d of 12h
parse-problem-amount = `{ $word }` is geen tijdsduur zoals 7d of 12h
parse-problem-bank-empty = de reserve van de bank moet groter dan nul zijn
parse-problem-bank-cap = het maximum van de bank (`max`) moet minstens zo groot zijn als de reserve
parse-problem-level = het niveau is `makkelijk`, `normaal` of `moeilijk`
parse-problem-level-computer = `niveau` hoort bij een partij tegen de `computer`
parse-problem-timeout = na `tijd` volgt `verlies` of `pas`
parse-problem-timeout-pass-agon = `tijd pas` hoort bij Agros: Agon kent geen passen (AG-5), dus wie een deadline mist, verliest
parse-problem-variant-board = het bord is 8, 10 of 12 vakken breed, niet { $size }
parse-problem-variant-farmers = elke kant heeft 3, 5 of 7 boeren, niet { $count }
parse-problem-agon-options = Agon heeft geen opties: het bord en de stukken liggen vast
parse-problem-not-rated = `{ $word }` is geen keuze: met rating of `vriendschappelijk`
parse-problem-not-private = `{ $word }` is geen keuze: openbaar of `privé`
parse-problem-vacation-min = een vakantie duurt minstens 1 dag
parse-problem-vacation-days = `{ $word }` is geen aantal dagen en ook geen `einde`
parse-problem-channel = `{ $word }` is geen `discord`, `e-mail` of `terminal`
parse-problem-language = `{ $word }` is geen en, nl of sv
parse-problem-hour = `{ $word }` is geen uur van 0 tot 23 en ook geen `uit`
parse-problem-setting-missing = de instelling ontbreekt
parse-problem-setting = `{ $word }` is geen `tijdzone`, `meldingen`, `overzicht`, `taal`, `rust` of `agenda` met een waarde
parse-problem-one-setting = geef één instelling tegelijk
parse-problem-rest = `{ $word }` is geen rusttijd: gebruik `weekend`, `nacht 23-07`, beide, of `uit`
parse-problem-rest-missing = zeg wanneer je klok rust: `weekend`, `nacht 23-07`, beide, of `uit`
parse-problem-rest-night = `{ $hours }` is geen nacht: geef twee hele uren, zoals in `nacht 23-07`
parse-problem-rest-night-missing = `nacht` heeft uren nodig, zoals in `nacht 23-07`
parse-problem-rest-long = een nachtrust duurt hoogstens { $most } uur: `{ $hours }` is { $length } uur
parse-problem-calendar = `{ $word }` is niet duidelijk: `instellingen agenda` maakt een nieuw adres, `instellingen agenda uit` verwijdert het

cmd-help-summary = toon de commando's, of leg er een uit
cmd-help-usage = hulp [commando]
cmd-help-help = Zonder commando toont het alle commando's. Met een commando toont het hoe je het gebruikt en wat het doet. `hulp regels agon` of `hulp regels agros` geeft de spelregels in het kort.
cmd-help-arg-command = commando
cmd-help-arg-command-help = het commando om uit te leggen
parse-usage-help = { parse-problem }; gebruik: { cmd-help-usage }

cmd-challenge-summary = daag iemand, iedereen of de computer uit voor een partij
cmd-challenge-usage = uitdagen <tegenstander|iedereen> <agon|agros> [bord 8|10|12] [boeren 3|5|7] [dagen D | bank 7d+1d max 14d | zetten 10 in 50d] [tijd verlies|pas] [niveau makkelijk|normaal|moeilijk] [vriendschappelijk] [privé] [rating MIN-MAX]
cmd-challenge-help = De tegenstander is de naam van een speler, een e-mailadres, een Discord-vermelding, `computer`, of `iedereen` voor een open uitdaging die `uitdagingen` toont en die de eerste geschikte speler aanneemt (`rating 1400-1800`, `rating 1500+` of `rating -1800` laat alleen die ratings toe). Partijen tussen mensen tellen mee voor de rating, tenzij je `vriendschappelijk` toevoegt; `privé` houdt de partij uit `partijen live` en weg van toeschouwers. Jij begint (als Wit in Agon, als Licht in Agros). Bij Agros kies je ook de bordgrootte (standaard 10) en het aantal boeren per speler (standaard 5). De klok is `dagen D` per zet (standaard 3) of een tijdbank: `bank 7d+1d max 14d` geeft elke speler 7 dagen, telt er 1 dag bij na elke eigen zet en houdt nooit meer dan 14 (in d, h of m; de toename is standaard 1d, het maximum standaard tweemaal de begintijd), of de klok van de ICCF, `zetten 10 in 50d`: 10 zetten binnen 50 dagen, daarna 50 dagen erbij voor elke volgende 10, en ongebruikte tijd schuift door. Wie een deadline mist, verliest de partij; met `tijd pas` wordt er in Agros in plaats daarvan automatisch gepast. `niveau` stelt de sterkte van de computer in.
cmd-challenge-arg-opponent = tegenstander
cmd-challenge-arg-opponent-help = `computer`, `iedereen`, de naam van een speler, of een e-mailadres
cmd-challenge-arg-game = spel
cmd-challenge-arg-game-help = agon of agros
cmd-challenge-arg-board = bord
cmd-challenge-arg-board-help = Agros: bordgrootte (standaard 10)
cmd-challenge-arg-farmers = boeren
cmd-challenge-arg-farmers-help = Agros: boeren per kant (standaard 5)
cmd-challenge-arg-days = dagen
cmd-challenge-arg-days-help = dagen per zet (de bedenktijd)
cmd-challenge-arg-bank = bank
cmd-challenge-arg-bank-help = of een tijdbank: begin+toename, bijv. 7d+1d max 14d
cmd-challenge-arg-moves = zetten
cmd-challenge-arg-moves-help = of de klok van de ICCF: N zetten in D dagen, ongebruikte tijd schuift door, bijv. 10 in 50d
cmd-challenge-arg-timeout = tijd
cmd-challenge-arg-timeout-help = bij een gemiste deadline: verlies (standaard) of, in Agros, passen
cmd-challenge-arg-level = niveau
cmd-challenge-arg-level-help = de sterkte van de computer
cmd-challenge-arg-rated = telling
cmd-challenge-arg-rated-help = of de uitslag meetelt voor de rating (standaard: ja tussen mensen)
cmd-challenge-arg-private = privé
cmd-challenge-arg-private-help = een privépartij staat niet in lijsten en is niet te volgen (standaard: openbaar)
cmd-challenge-arg-rating = rating
cmd-challenge-arg-rating-help = bij een uitdaging aan iedereen: de toegelaten ratings, bijv. 1400-1800 of 1500+
parse-usage-challenge = { parse-problem }; gebruik: { cmd-challenge-usage }

cmd-accept-summary = neem een uitdaging aan
cmd-accept-usage = accepteer [#partij]
cmd-accept-help = Begint een partij waarvoor je bent uitgedaagd, bijvoorbeeld `accepteer #12`. Het partijnummer mag je weglaten als er maar één uitdaging op je wacht.
cmd-any-arg-game = partij
cmd-any-arg-game-help = het partijnummer; mag weg in de thread van de partij of als er maar één past
parse-usage-accept = { parse-problem }; gebruik: { cmd-accept-usage }

cmd-decline-summary = weiger een uitdaging
cmd-decline-usage = weiger [#partij]
cmd-decline-help = Weigert een partij waarvoor je bent uitgedaagd; er wordt niets tegen iemand vastgelegd.
parse-usage-decline = { parse-problem }; gebruik: { cmd-decline-usage }

cmd-cancel-summary = trek je eigen uitdaging in
cmd-cancel-usage = annuleer [#partij]
cmd-cancel-help = Trekt een uitdaging in die nog niet is aangenomen. Een lopende partij beëindig je met `opgeven`.
parse-usage-cancel = { parse-problem }; gebruik: { cmd-cancel-usage }

cmd-move-summary = speel een zet
cmd-move-usage = zet [#partij] [ply N] <zet>
cmd-move-help = Speelt een zet in de notatie van het spel: Agon `k1-j1`, een terugplaatsing `b7=f6`; Agros `e5`, `c3,h8` (of `c3 h8`), een oogstzet `e5-e7`, een zaaizet `e6=e8`, `pass`; hoofdletters maken niet uit, spaties rond `-` en `=` mogen. Noem de partij als `#12` (of `partij 12`) als er meer op je wachten; in een antwoord op een mail van de partij of in de Discord-thread van de partij is die bekend. `ply N` beschermt tegen een stelling die veranderd is: N moet het aantal zetten tot nu toe zijn. Wacht er maar één partij op je, dan is een losse zet genoeg.
cmd-move-arg-ply = ply
cmd-move-arg-ply-help = het aantal zetten tot nu toe, zodat een veranderde stelling de zet weigert
cmd-move-arg-action = zet
cmd-move-arg-action-help = de zet: kies een van je geldige zetten uit de lijst
parse-usage-move = { parse-problem }; gebruik: { cmd-move-usage }

cmd-pass-summary = pas (Agros, verplaatsingsfase)
cmd-pass-usage = pas [#partij]
cmd-pass-help = Past in Agros (AR-7). Een pas direct na de pas van je tegenstander beëindigt de partij (AR-9). Agon kent geen passen.
parse-usage-pass = { parse-problem }; gebruik: { cmd-pass-usage }

cmd-resign-summary = geef een lopende partij op
cmd-resign-usage = opgeven [#partij]
cmd-resign-help = Beëindigt de partij meteen als verlies voor jou.
parse-usage-resign = { parse-problem }; gebruik: { cmd-resign-usage }

cmd-draw-summary = bied remise aan, of neem een aanbod aan of weiger het (Agon)
cmd-draw-usage = remise aanbieden|accepteer|weiger [#partij]
cmd-draw-help = Biedt in Agon remise aan; het aanbod staat tot je tegenstander het aanneemt, weigert of een zet doet.
cmd-draw-arg-reply = antwoord
cmd-draw-arg-reply-help = bied remise aan, of beantwoord een aanbod
parse-usage-draw = { parse-problem }; gebruik: { cmd-draw-usage }

cmd-undo-summary = vraag of je je laatste zet mag terugnemen, of sta het toe
cmd-undo-usage = terugnemen [accepteer|weiger] [#partij]
cmd-undo-help = `terugnemen` vraagt je tegenstander om je laatste zet terug te mogen nemen, zolang die nog geen zet heeft gedaan; `terugnemen accepteer` staat het toe, `terugnemen weiger` weigert.
cmd-undo-arg-reply = antwoord
cmd-undo-arg-reply-help = vraag of je je laatste zet mag terugnemen (standaard), of beantwoord het verzoek
parse-usage-undo = { parse-problem }; gebruik: { cmd-undo-usage }

cmd-board-summary = toon het bord van een partij
cmd-board-usage = bord [#partij]
cmd-board-help = Toont de huidige stelling, wie aan zet is en de deadline (en in Agros de stand tot nu toe).
parse-usage-board = { parse-problem }; gebruik: { cmd-board-usage }

cmd-history-summary = toon het verloop van een partij
cmd-history-usage = geschiedenis [#partij]
cmd-history-help = Toont elke zet van de partij, per paar genummerd (AG-16, AR-17), en de uitslag.
parse-usage-history = { parse-problem }; gebruik: { cmd-history-usage }

cmd-games-summary = toon je lopende partijen en uitdagingen, of alle partijen die gespeeld worden
cmd-games-usage = partijen [live]
cmd-games-help = Toont je uitdagingen en lopende partijen, de dringendste eerst: de partijen waarin jij aan zet bent, de dichtstbijzijnde deadline eerst, dan uitdagingen aan jou, dan de rest; met tegenstander, wie aan zet is, de deadline en de resterende tijd. `partijen live` toont de partijen die gespeeld worden en die iedereen mag volgen.
cmd-games-arg-which = welke
cmd-games-arg-which-help = jouw partijen (standaard), of de lopende partijen die iedereen mag volgen
parse-usage-games = { parse-problem }; gebruik: { cmd-games-usage }

cmd-next-summary = toon de partij die jou het meest nodig heeft
cmd-next-usage = volgende
cmd-next-help = Toont het bord van de partij waarin jij aan zet bent met de dichtstbijzijnde deadline (van de partijen zonder deadline: die het langst wacht), met de zetten.
parse-usage-next = { parse-problem }; gebruik: { cmd-next-usage }

cmd-seeks-summary = toon de open uitdagingen die iedereen mag aannemen
cmd-seeks-usage = uitdagingen
cmd-seeks-help = Toont de uitdagingen aan iedereen die op een speler wachten: spel, klok, de maker met zijn rating en de toegelaten ratings. `accepteer #12` neemt er een aan.
parse-usage-seeks = { parse-problem }; gebruik: { cmd-seeks-usage }

cmd-watch-summary = volg een partij waarin je niet speelt
cmd-watch-usage = volg #partij
cmd-watch-help = Stuurt je het bord na elke zet van een partij en het eindverslag, via je kanaal (in je overzicht als je dat gekozen hebt). Je kunt er nooit in spelen. `partijen live` toont de partijen die je mag volgen; privépartijen kun je niet volgen.
cmd-watch-arg-game = partij
cmd-watch-arg-game-help = het partijnummer
parse-usage-watch = { parse-problem }; gebruik: { cmd-watch-usage }

cmd-unwatch-summary = stop met het volgen van een partij
cmd-unwatch-usage = ontvolg #partij
cmd-unwatch-help = Je krijgt geen borden en eindverslag meer van een partij die je volgt.
parse-usage-unwatch = { parse-problem }; gebruik: { cmd-unwatch-usage }

cmd-preview-summary = bekijk het bord na een zet, zonder die te spelen
cmd-preview-usage = probeer [#partij] <zet>
cmd-preview-help = Toont het bord zoals het na de zet zou zijn, zonder hem te spelen, zodat je een zet kunt controleren voor je hem stuurt. Je tegenstander ziet niets.
cmd-preview-arg-action = zet
cmd-preview-arg-action-help = de zet om te proberen: kies een van je geldige zetten uit de lijst
parse-usage-preview = { parse-problem }; gebruik: { cmd-preview-usage }

cmd-export-summary = ontvang het verloop van een partij als bestand
cmd-export-usage = exporteer [#partij]
cmd-export-help = Stuurt het verloop van een partij (van jou, of een partij die niet privé is) als tekstbestand: tagparen en de genummerde zetten, leesbaar voor `agora rules replay --record` en `agora render --record` (docs/records.md).
parse-usage-export = { parse-problem }; gebruik: { cmd-export-usage }
cmd-note-summary = houd een privénotitie bij over een partij, alleen voor jou
cmd-note-usage = notitie [#partij] [tekst | wis]
cmd-note-help = `notitie #12 volgende keer de linker wacht naar voren` bewaart een notitie bij partij 12 die alleen jij ooit ziet: `bord` en `geschiedenis` tonen je notities, en je eigen `exporteer` heeft ze als commentaar. `notitie #12` toont ze, `notitie #12 wis` verwijdert ze. Een notitie is hoogstens 400 tekens, een partij houdt er hoogstens 50 van jou.
cmd-note-arg-text = tekst
cmd-note-arg-text-help = je notitie, of wis om je notities te verwijderen
parse-usage-note = { parse-problem }; gebruik: { cmd-note-usage }
cmd-conditional-summary = beantwoord de volgende zet van je tegenstander alvast
cmd-conditional-usage = voorwaardelijk [#partij] [zetten | annuleer]
cmd-conditional-help = Terwijl je tegenstander aan zet is, betekent `voorwaardelijk #12 e5 d4`: als die e5 speelt, speel dan meteen d4 voor mij. Een reeks gaat om beurten verder (`voorwaardelijk #12 e5 d4 f6 c3`: en als die dan f6 speelt, c3), en meerdere reeksen kunnen verschillende zetten beantwoorden. Elke zet wordt gecontroleerd wanneer je hem invoert; een zet van je tegenstander die geen reeks verwacht, verwijdert je reeksen. `voorwaardelijk #12` toont ze, `voorwaardelijk #12 annuleer` verwijdert ze (`annuleer e5`: de reeksen die met e5 beginnen). Niemand anders ziet ze ooit.
cmd-conditional-arg-line = reeks
cmd-conditional-arg-line-help = de zet van je tegenstander, jouw antwoord, enzovoort; of annuleer
parse-usage-conditional = { parse-problem }; gebruik: { cmd-conditional-usage }
cmd-analysis-summary = de blik van de computer op een afgelopen partij: de grootste fouten
cmd-analysis-usage = analyse [#partij]
cmd-analysis-help = Na afloop van een partij bekijkt de computer elke stelling en zoekt de zetten die de speler aan zet het meeste winstkans kostten, met voor elk een betere. `analyse #12` stuurt de grootste fouten van elke kant, de grafiek van de beoordeling als afbeelding en het verloop met commentaar; de webpagina van de partij toont ze ook. Een partij die nog gespeeld wordt, wordt nooit geanalyseerd: de computer geeft geen advies tijdens een partij.
parse-usage-analysis = { parse-problem }; gebruik: { cmd-analysis-usage }

cmd-rating-summary = toon je ratings, of die van een andere speler
cmd-rating-usage = rating [speler]
cmd-rating-help = Toont de Glicko-2-ratings van een speler (één per spel, en in Agros per bordgrootte) met hun afwijking en gespeelde partijen, en hoe betrouwbaar de speler speelt: het deel van de beurten op tijd gespeeld en van de partijen uitgespeeld in plaats van op tijd verloren.
cmd-rating-arg-player = speler
cmd-rating-arg-player-help = de naam van een speler of een Discord-vermelding (standaard: jij)
parse-usage-rating = { parse-problem }; gebruik: { cmd-rating-usage }

cmd-leaderboard-summary = de beste vaste ratings
cmd-leaderboard-usage = ranglijst agon|agros [bord 8|10|12]
cmd-leaderboard-help = Toont de hoogste ratings van een spel onder spelers wier rating vaststaat (een afwijking onder 110 na genoeg partijen). Agros-borden hebben elk een eigen rating: noem het bord (standaard 10).
cmd-leaderboard-arg-board = bord
cmd-leaderboard-arg-board-help = Agros: de bordgrootte (standaard 10)
parse-usage-leaderboard = { parse-problem }; gebruik: { cmd-leaderboard-usage }

cmd-settings-summary = stel je tijdzone in, waar meldingen heen gaan, een dagelijks overzicht, je taal, rusttijd of een agenda
cmd-settings-usage = instellingen tijdzone <IANA-zone> | instellingen meldingen <discord|e-mail|terminal> | instellingen overzicht <uur|uit> | instellingen taal <en|nl|sv> | instellingen rust <weekend|nacht 23-07|uit> | instellingen agenda [uit]
cmd-settings-help = `instellingen tijdzone Europe/Amsterdam` toont deadlines in jouw zone. `instellingen meldingen e-mail` stuurt je meldingen per mail (naar een gekoppeld adres), `discord` naar Discord. `instellingen overzicht 8` stuurt om 08:00 jouw tijd één bericht met elke partij die op je wacht, in plaats van een herinnering per partij; `instellingen overzicht uit` gaat terug naar herinneringen. `instellingen taal nl` schrijft je in het Nederlands (`sv` Zweeds, `en` Engels). `instellingen rust weekend nacht 23-07` zet je klok stil in het weekend en van 23:00 tot 07:00 jouw tijd, vanaf je volgende beurt in elke partij (`uit` stopt het). `instellingen agenda` geeft je een geheim adres van een agenda met je deadlines; opnieuw vragen vervangt het, `instellingen agenda uit` verwijdert het.
cmd-settings-arg-timezone = tijdzone
cmd-settings-arg-timezone-help = je IANA-tijdzone, bijv. Europe/Amsterdam
cmd-settings-arg-notify = meldingen
cmd-settings-arg-notify-help = waar meldingen heen gaan
cmd-settings-arg-digest = overzicht
cmd-settings-arg-digest-help = een uur (0-23) voor één dagelijks overzicht in plaats van herinneringen, of uit
cmd-settings-arg-language = taal
cmd-settings-arg-language-help = de taal waarin Agora je schrijft: en, nl of sv
cmd-settings-arg-rest = rust
cmd-settings-arg-rest-help = wanneer je klok rust: weekend, nacht 23-07, beide, of uit
cmd-settings-arg-calendar = agenda
cmd-settings-arg-calendar-help = een nieuw geheim adres van je agenda met deadlines, of uit
parse-usage-settings = { parse-problem }; gebruik: { cmd-settings-usage }

cmd-vacation-summary = zet je klokken in al je partijen stil
cmd-vacation-usage = vakantie [dagen | einde]
cmd-vacation-help = `vakantie 7` zet de klokken van al je partijen 7 dagen stil (dat gaat af van je jaarlijkse tegoed); je tegenstanders zien het op hun borden. `vakantie einde` beëindigt je vakantie eerder en geeft de ongebruikte dagen terug. `vakantie` alleen toont wat er van je tegoed over is.
cmd-vacation-arg-days = dagen
cmd-vacation-arg-days-help = dagen om je klokken stil te zetten, of `einde`; laat weg om je tegoed te zien
parse-usage-vacation = { parse-problem }; gebruik: { cmd-vacation-usage }

cmd-link-summary = koppel nog een Discord-account of e-mailadres aan je account
cmd-link-usage = koppel [code]
cmd-link-help = `koppel` geeft een eenmalige code; stuur die vanaf je andere account (`discord:koppel <code>` op Discord, `mailto:koppel <code>` per mail), dat dan een tweede code krijgt: stuur die op dezelfde manier terug vanaf het eerste account, en beide worden één speler, met dezelfde partijen.
cmd-link-arg-code = code
cmd-link-arg-code-help = de code die `koppel` je andere account gaf
parse-usage-link = { parse-problem }; gebruik: { cmd-link-usage }
cmd-tournament-summary = competities, Zwitserse toernooien en ladders: lijst, maken, meedoen, stand
cmd-tournament-usage = toernooi [lijst | maak … | meedoen N | verlaat N | stand N | indeling N [ronde] | start N | annuleer N | verwijder N speler | daag-uit N speler]
cmd-tournament-help = `toernooi` toont de toernooien. `toernooi maak agon competitie dagen 3 spelers 4-10` maakt er een (ook `dubbel`, `zwitsers 5`, `ladder bereik 3`; `bord`, `boeren` en een klok zoals bij `uitdagen`; `vriendschappelijk`, `rating 1400-1800`, `start 2027-01-10`, en `naam` gevolgd door de naam). Met `toernooi meedoen 3` en `verlaat 3` doe je mee en stop je, `stand 3` toont de stand en de kruistabel, `indeling 3 2` de partijen van een ronde. De organisator kan `start 3` (zodra genoeg spelers meedoen), `annuleer 3` en `verwijder 3 <speler>`. Op een ladder daag je met `daag-uit 3 <speler>` iemand uit die hoogstens het bereik hoger staat: win je, dan neem je die plaats in; wie een uitdaging niet op tijd beantwoordt, verliest haar. Toernooipartijen zijn gewone partijen.
cmd-tournament-arg-action = actie
cmd-tournament-arg-action-help = wat je wilt doen (standaard: de toernooien tonen)
cmd-tournament-arg-tournament = toernooi
cmd-tournament-arg-tournament-help = het nummer van het toernooi
cmd-tournament-arg-details = details
cmd-tournament-arg-details-help = maak: spel, vorm, klok…; indeling: de ronde; verwijder: de speler
parse-usage-tournament = { parse-problem }; gebruik: { cmd-tournament-usage }
