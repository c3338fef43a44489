# The command language's texts, by key: each command's summary, usage and help
# (`cmd-<command>-summary`…), its arguments' names and one-line helps (`cmd-<command>-arg-<name>`,
# `…-help`: Discord option names, lowercase letters, digits, - and _, at most 32 characters;
# helps at most 100 characters) and the parse errors. The same keys and $variables in every
# language; English is the command table's own words.


parse-empty = inget kommando hittades: skicka `hjälp` för listan
parse-unknown-closest = okänt kommando `{ $word }`: menade du `{ $closest }`? Skicka `hjälp` för listan
parse-unknown = okänt kommando `{ $word }`: skicka `hjälp` för listan
parse-too-long = det kommandot är { $chars } tecken långt, och ett kommando har högst { $max }, så inget av det lästes: `hjälp` visar kommandona
parse-usage = { parse-problem }; användning:

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
parse-problem-game-number = efter `parti` kommer ett partinummer som `parti 12`, inte { $word }
parse-problem-game-number-missing = efter `parti` kommer ett partinummer som `parti 12`, men här kommer ingenting
parse-problem-two-games = du nämner två partier, #{ $first } och #{ $second }: nämn ett
parse-problem-ply-missing = efter `ply` kommer antalet drag som spelats hittills
parse-problem-ply-number = `ply { $word }`: `{ $word }` är inget ply-nummer
parse-problem-not-game = `{ $word }` är ingen hänvisning till ett parti som #12
parse-problem-not-live = `{ $word }` är inte `live`
parse-problem-preview-ply = en förhandsvisning tar inget `ply`: den spelar ingenting
parse-problem-one-player = `{ $word }` förstår jag inte här: nämn en spelare
parse-problem-nothing-more = `{ $word }` förstår jag inte här: `{ $command ->
        [seeks] utmaningar
        [next] nästa
       *[other] { $command }
    }` tar inget mer
parse-problem-not-understood = `{ $word }` förstår jag inte här
parse-problem-name-game = nämn partiet, t.ex. `#12` (`partier live` visar dem)
parse-problem-name-game-short = nämn partiet, t.ex. `#12`
parse-problem-name-kind = nämn spelet: agon eller agros
parse-problem-unknown-game = okänt spel `{ $word }`: spelen är agon och agros
parse-problem-board-size = `{ $word }` är ingen brädstorlek: 8, 10 eller 12
parse-problem-agon-board = Agon har bara ett bräde: utelämna `bräde`
parse-problem-rating-range = `rating { $word }` är inget intervall av ratingar som 1400-1800, 1500+ eller -1800
parse-problem-rating-bounds = `rating { $word }`: den nedre gränsen ligger över den övre
parse-problem-rating-missing = `rating` behöver ett intervall, t.ex. `rating 1400-1800`
parse-problem-tournament-missing = vilken turnering? Ange dess nummer, t.ex. `turnering delta 3`
parse-problem-tournament-number = `{ $word }` är inget turneringsnummer
parse-problem-tournament-what = `{ $word }` är inget man gör med en turnering: lista, skapa, delta, lämna, ställning, lottning, starta, avbryt, stryk eller utmana
parse-problem-tournament-date = `starta` behöver en dag som 2027-01-10, inte `{ $word }`
parse-problem-tournament-date-missing = `starta` behöver en dag som 2027-01-10
parse-problem-tournament-name = `namn` ska följas av turneringens namn
parse-problem-tournament-format = formen saknas: alla-mot-alla, dubbel, schweizer N eller stege
parse-problem-tournament-rounds = en schweizerturnering har 1 till { $max } ronder, och en steges räckvidd är 1 till { $max } platser
parse-problem-tournament-who = vem stryker du? Ange spelaren efter turneringens nummer
parse-problem-rating-anyone = `rating` hör till en utmaning till `alla`: den säger vem som får anta den
parse-problem-action-missing = draget saknas
parse-problem-reply-missing = säg `erbjud`, `acceptera` eller `avböj`
parse-problem-reply = `{ $word }` är inte `erbjud`, `acceptera` eller `avböj`
parse-problem-code-one-word = koden är ett enda ord
parse-problem-who = vem utmanar du?
parse-problem-game-missing = spelet saknas: agon eller agros
parse-problem-discord-mention = `{ $word }` är inget Discord-omnämnande
parse-problem-mail-address = `{ $word }` är ingen e-postadress
parse-problem-not-option = `{ $word }` är inget alternativ
parse-problem-needs-number = efter `{ $word ->
        [board] bräde
        [farmers] bönder
        [days] dagar
       *[other] { $word }
    }` ska det stå ett tal
parse-problem-one-clock = ange en enda klocka: `dagar D`, `bank ...` eller `drag N på Dd`
parse-problem-moves = `drag` behöver ett antal och dagar, t.ex. `drag 10 på 50d`
parse-problem-moves-days = `{ $word }` är inget antal dagar: skriv t.ex. `drag 10 på 50d`
parse-problem-bank-reserve = `bank` behöver en reserv, t.ex. `bank 7d+1d max 14d`
parse-problem-max-amount = `max` behöver en tidsangivelse, t.ex. `max 14d`
parse-problem-amount-max = `{ $word }` är ingen tidsangivelse som 14d eller 12h
parse-problem-amount = `{ $word }` är ingen tidsangivelse som 7d eller 12h
parse-problem-bank-empty = bankens reserv måste vara större än noll
parse-problem-bank-cap = bankens tak (`max`) måste vara minst lika stort som reserven
parse-problem-level = nivån är `lätt`, `normal` eller `svår`
parse-problem-level-computer = `nivå` hör till ett parti mot `datorn`
parse-problem-timeout = efter `tid` kommer `förlust` eller `passa`
parse-problem-timeout-pass-agon = `tid passa` hör till Agros: i Agon kan man inte passa (AG-5), så en missad tidsgräns förlorar
parse-problem-variant-board = brädet är 8, 10 eller 12 rutor brett, inte { $size }
parse-problem-variant-farmers = varje sida har 3, 5 eller 7 bönder, inte { $count }
parse-problem-agon-options = Agon har inga alternativ: brädet och pjäserna är fasta
parse-problem-not-rated = `{ $word }` är inget val: med rating eller `vänskaplig`
parse-problem-not-private = `{ $word }` är inget val: offentlig eller `privat`
parse-problem-vacation-min = en semester är minst 1 dag
parse-problem-vacation-days = `{ $word }` är varken ett antal dagar eller `slut`
parse-problem-channel = `{ $word }` är inte `discord`, `e-post` eller `terminal`
parse-problem-language = `{ $word }` är inte en, nl eller sv
parse-problem-hour = `{ $word }` är varken en timme från 0 till 23 eller `av`
parse-problem-setting-missing = inställningen saknas
parse-problem-setting = `{ $word }` är inte `tidszon`, `aviseringar`, `sammanfattning`, `språk`, `vila` eller `kalender` med ett värde
parse-problem-one-setting = ange en inställning i taget
parse-problem-rest = `{ $word }` är ingen vilotid: skriv `helg`, `natt 23-07`, båda, eller `av`
parse-problem-rest-missing = säg när din klocka vilar: `helg`, `natt 23-07`, båda, eller `av`
parse-problem-rest-night = `{ $hours }` är ingen natt: ange två hela timmar, som i `natt 23-07`
parse-problem-rest-night-missing = `natt` behöver sina timmar, som i `natt 23-07`
parse-problem-rest-long = en nattvila är högst { $most } timmar: `{ $hours }` är { $length }
parse-problem-calendar = `{ $word }` förstås inte: `inställningar kalender` ger en ny adress, `inställningar kalender av` tar bort den

cmd-help-summary = visa kommandona, eller förklara ett
cmd-help-usage = hjälp [kommando]
cmd-help-help = Utan kommando visas alla kommandon. Med ett visas hur det används och vad det gör. `hjälp regler agon` eller `hjälp regler agros` ger spelreglerna i korthet.
cmd-help-arg-command = kommando
cmd-help-arg-command-help = kommandot som ska förklaras
parse-usage-help = { parse-problem }; användning: { cmd-help-usage }

cmd-challenge-summary = bjud in någon, alla eller datorn till ett parti
cmd-challenge-usage = utmana <motståndare|alla> <agon|agros> [bräde 8|10|12] [bönder 3|5|7] [dagar D | bank 7d+1d max 14d | drag 10 på 50d] [tid förlust|passa] [nivå lätt|normal|svår] [vänskaplig] [privat] [rating MIN-MAX]
cmd-challenge-help = Motståndaren är en spelares namn, en e-postadress, ett Discord-omnämnande, `datorn` eller `alla` för en öppen utmaning som `utmaningar` visar och som den första behöriga spelaren tar (`rating 1400-1800`, `rating 1500+` eller `rating -1800` släpper bara in de ratingarna). Partier mellan människor räknas för rating om du inte lägger till `vänskaplig`; `privat` håller partiet utanför `partier live` och borta från åskådare. Du börjar (Vit i Agon, Ljus i Agros). I Agros väljer du också brädstorlek (standard 10) och antal bönder per sida (standard 5). Klockan är `dagar D` per drag (standard 3) eller en tidsbank: `bank 7d+1d max 14d` ger varje spelare 7 dagar, lägger till 1 dag efter varje eget drag och rymmer aldrig mer än 14 (i d, h eller m; ökningen är 1d som standard, taket som standard dubbla starttiden), eller ICCF:s klocka, `drag 10 på 50d`: 10 drag inom 50 dagar, sedan 50 dagar till för vart och ett av följande 10, och oanvänd tid förs över. Den som missar en tidsgräns förlorar partiet; med `tid passa` passar man i stället automatiskt i Agros. `nivå` ställer in datorns styrka.
cmd-challenge-arg-opponent = motståndare
cmd-challenge-arg-opponent-help = `datorn`, `alla`, en spelares namn eller en e-postadress
cmd-challenge-arg-game = spel
cmd-challenge-arg-game-help = agon eller agros
cmd-challenge-arg-board = bräde
cmd-challenge-arg-board-help = Agros: brädstorlek (standard 10)
cmd-challenge-arg-farmers = bönder
cmd-challenge-arg-farmers-help = Agros: bönder per sida (standard 5)
cmd-challenge-arg-days = dagar
cmd-challenge-arg-days-help = dagar per drag (betänketiden)
cmd-challenge-arg-bank = bank
cmd-challenge-arg-bank-help = eller en tidsbank: start+ökning, t.ex. 7d+1d max 14d
cmd-challenge-arg-moves = drag
cmd-challenge-arg-moves-help = eller ICCF:s klocka: N drag på D dagar, oanvänd tid förs över, t.ex. 10 på 50d
cmd-challenge-arg-timeout = tid
cmd-challenge-arg-timeout-help = vid missad tidsgräns: förlust (standard) eller, i Agros, pass
cmd-challenge-arg-level = nivå
cmd-challenge-arg-level-help = datorns styrka
cmd-challenge-arg-rated = rankad
cmd-challenge-arg-rated-help = om resultatet räknas för rating (standard: ja mellan människor)
cmd-challenge-arg-private = privat
cmd-challenge-arg-private-help = ett privat parti listas inte och kan inte följas (standard: offentligt)
cmd-challenge-arg-rating = rating
cmd-challenge-arg-rating-help = för en utmaning till alla: de ratingar som släpps in, t.ex. 1400-1800 eller 1500+
parse-usage-challenge = { parse-problem }; användning: { cmd-challenge-usage }

cmd-accept-summary = anta en utmaning
cmd-accept-usage = acceptera [#parti]
cmd-accept-help = Startar ett parti du har utmanats till, t.ex. `acceptera #12`. Partiet kan utelämnas när bara en utmaning väntar på dig.
cmd-any-arg-game = parti
cmd-any-arg-game-help = partiets nummer; kan utelämnas i partiets tråd eller när bara ett passar
parse-usage-accept = { parse-problem }; användning: { cmd-accept-usage }

cmd-decline-summary = avböj en utmaning
cmd-decline-usage = avböj [#parti]
cmd-decline-help = Avböjer ett parti du har utmanats till; inget noteras mot någon.
parse-usage-decline = { parse-problem }; användning: { cmd-decline-usage }

cmd-cancel-summary = återkalla en utmaning du gjort
cmd-cancel-usage = återkalla [#parti]
cmd-cancel-help = Återkallar en utmaning som ännu inte har antagits. Ett pågående parti avslutas i stället med `ge-upp`.
parse-usage-cancel = { parse-problem }; användning: { cmd-cancel-usage }

cmd-move-summary = spela ett drag
cmd-move-usage = drag [#parti] [ply N] <drag>
cmd-move-help = Spelar ett drag i spelets notation: Agon `k1-j1`, en återplacering `b7=f6`; Agros `e5`, `c3,h8` (eller `c3 h8`), en skörd `e5-e7`, en sådd `e6=e8`, `pass`; versaler spelar ingen roll, mellanslag runt `-` och `=` går bra. Ange partiet som `#12` (eller `parti 12`) när flera väntar på dig; i ett svar på partiets e-post eller i dess Discord-tråd är partiet känt. `ply N` skyddar mot en ställning som har ändrats: N måste vara antalet drag hittills. Väntar bara ett parti på dig räcker ett ensamt drag.
cmd-move-arg-ply = ply
cmd-move-arg-ply-help = antalet drag hittills, så att en ändrad ställning nekar draget
cmd-move-arg-action = drag
cmd-move-arg-action-help = draget: välj ett av dina tillåtna drag i listan
parse-usage-move = { parse-problem }; användning: { cmd-move-usage }

cmd-pass-summary = passa (Agros, spelfasen)
cmd-pass-usage = passa [#parti]
cmd-pass-help = Passar i Agros (AR-7). Ett pass direkt efter motståndarens pass avslutar partiet (AR-9). Agon har inga pass.
parse-usage-pass = { parse-problem }; användning: { cmd-pass-usage }

cmd-resign-summary = ge upp ett pågående parti
cmd-resign-usage = ge-upp [#parti]
cmd-resign-help = Avslutar partiet genast som en förlust för dig.
parse-usage-resign = { parse-problem }; användning: { cmd-resign-usage }

cmd-draw-summary = erbjud, anta eller avböj remi (Agon)
cmd-draw-usage = remi erbjud|acceptera|avböj [#parti]
cmd-draw-help = Erbjuder remi i Agon; erbjudandet gäller tills motståndaren antar, avböjer eller gör ett drag.
cmd-draw-arg-reply = svar
cmd-draw-arg-reply-help = erbjud remi, eller svara på ett erbjudande
parse-usage-draw = { parse-problem }; användning: { cmd-draw-usage }

cmd-undo-summary = be att få ta tillbaka ditt senaste drag, eller tillåt det
cmd-undo-usage = ångra [acceptera|avböj] [#parti]
cmd-undo-help = `ångra` ber motståndaren att få ta tillbaka ditt senaste drag, så länge motståndaren inte har dragit sedan dess; `ångra acceptera` tillåter det, `ångra avböj` nekar.
cmd-undo-arg-reply = svar
cmd-undo-arg-reply-help = be att få ta tillbaka ditt senaste drag (standard), eller svara på begäran
parse-usage-undo = { parse-problem }; användning: { cmd-undo-usage }

cmd-board-summary = visa brädet för ett parti
cmd-board-usage = bräde [#parti]
cmd-board-help = Visar den aktuella ställningen, vems tur det är och tidsgränsen (och ställningen hittills i Agros).
parse-usage-board = { parse-problem }; användning: { cmd-board-usage }

cmd-history-summary = visa ett partis förlopp
cmd-history-usage = historik [#parti]
cmd-history-help = Visar varje drag i partiet, numrerat per par (AG-16, AR-17), och resultatet.
parse-usage-history = { parse-problem }; användning: { cmd-history-usage }

cmd-games-summary = visa dina pågående partier och utmaningar, eller alla partier som spelas
cmd-games-usage = partier [live]
cmd-games-help = Visar dina utmaningar och pågående partier, de mest brådskande först: partierna där det är din tur, närmaste tidsgräns först, sedan utmaningar till dig, sedan resten; med motståndare, vems tur det är, tidsgränsen och tiden som är kvar. `partier live` visar de partier som spelas och som alla får följa.
cmd-games-arg-which = vilka
cmd-games-arg-which-help = dina partier (standard), eller de partier som spelas och som alla får följa
parse-usage-games = { parse-problem }; användning: { cmd-games-usage }

cmd-next-summary = visa det parti som behöver dig mest
cmd-next-usage = nästa
cmd-next-help = Visar brädet för det parti där det är din tur med den närmaste tidsgränsen (av partier utan tidsgräns det som har väntat längst), med dess drag.
parse-usage-next = { parse-problem }; användning: { cmd-next-usage }

cmd-seeks-summary = visa de öppna utmaningar som vem som helst får anta
cmd-seeks-usage = utmaningar
cmd-seeks-help = Visar utmaningarna till alla som väntar på en spelare: spel, klocka, skaparen med sin rating och de ratingar som släpps in. `acceptera #12` antar en.
parse-usage-seeks = { parse-problem }; användning: { cmd-seeks-usage }

cmd-watch-summary = följ ett parti du inte spelar i
cmd-watch-usage = följ #parti
cmd-watch-help = Skickar dig brädet efter varje drag i ett parti och slutrapporten, via din kanal (i din sammanfattning om du valt en). Du kan aldrig spela i det. `partier live` visar de partier du får följa; privata partier kan inte följas.
cmd-watch-arg-game = parti
cmd-watch-arg-game-help = partiets nummer
parse-usage-watch = { parse-problem }; användning: { cmd-watch-usage }

cmd-unwatch-summary = sluta följa ett parti
cmd-unwatch-usage = avfölj #parti
cmd-unwatch-help = Stoppar brädena och slutrapporten för ett parti du följer.
parse-usage-unwatch = { parse-problem }; användning: { cmd-unwatch-usage }

cmd-preview-summary = se brädet efter ett drag utan att spela det
cmd-preview-usage = förhandsvisa [#parti] <drag>
cmd-preview-help = Visar brädet som det skulle bli efter draget, utan att spela det, så att du kan kontrollera ett drag innan du skickar det. Motståndaren ser ingenting.
cmd-preview-arg-action = drag
cmd-preview-arg-action-help = draget att pröva: välj ett av dina tillåtna drag i listan
parse-usage-preview = { parse-problem }; användning: { cmd-preview-usage }

cmd-export-summary = hämta ett partis förlopp som fil
cmd-export-usage = exportera [#parti]
cmd-export-help = Skickar förloppet för ett parti (ditt, eller ett parti som inte är privat) som textfil: taggpar och de numrerade dragen, läsbar för `agora rules replay --record` och `agora render --record` (docs/records.md).
parse-usage-export = { parse-problem }; användning: { cmd-export-usage }
cmd-note-summary = för en privat anteckning om ett parti, bara för dig
cmd-note-usage = anteckning [#parti] [text | rensa]
cmd-note-help = `anteckning #12 flytta vänstra vakten nästa gång` sparar en anteckning om parti 12 som bara du någonsin ser: `bräde` och `historik` visar dina anteckningar, och din egen `exportera` har dem som kommentarer. `anteckning #12` listar dem, `anteckning #12 rensa` tar bort dem. En anteckning är högst 400 tecken, ett parti rymmer högst 50 av dina.
cmd-note-arg-text = text
cmd-note-arg-text-help = din anteckning, eller rensa för att ta bort dina anteckningar
parse-usage-note = { parse-problem }; användning: { cmd-note-usage }
cmd-conditional-summary = svara i förväg på motståndarens nästa drag
cmd-conditional-usage = villkor [#parti] [drag | avbryt]
cmd-conditional-help = Medan motståndaren står på tur betyder `villkor #12 e5 d4`: om hen spelar e5, spela d4 åt mig direkt. En följd fortsätter tur för tur (`villkor #12 e5 d4 f6 c3`: och om hen sedan spelar f6, c3), och flera följder kan svara på olika drag. Varje drag kontrolleras när du anger det; ett drag av motståndaren som ingen följd väntar sig tar bort dina följder. `villkor #12` listar dem, `villkor #12 avbryt` tar bort dem (`avbryt e5`: de som börjar med e5). Ingen annan ser dem någonsin.
cmd-conditional-arg-line = följd
cmd-conditional-arg-line-help = motståndarens drag, ditt svar, och så vidare; eller avbryt
parse-usage-conditional = { parse-problem }; användning: { cmd-conditional-usage }
cmd-analysis-summary = datorns genomgång av ett avslutat parti: de största misstagen
cmd-analysis-usage = analys [#parti]
cmd-analysis-help = När ett parti är slut går datorn igenom varje ställning och hittar dragen som kostade den som drog mest av sin vinstchans, med ett bättre drag för vart och ett. `analys #12` skickar de största misstagen för varje sida, bedömningens graf som bild och protokollet med kommentarer; partiets webbsida visar dem också. Ett parti som fortfarande spelas analyseras aldrig: datorn ger inga råd under ett parti.
parse-usage-analysis = { parse-problem }; användning: { cmd-analysis-usage }

cmd-rating-summary = visa dina ratingar, eller en annan spelares
cmd-rating-usage = rating [spelare]
cmd-rating-help = Visar en spelares Glicko-2-ratingar (en per spel, och per brädstorlek i Agros) med avvikelse och spelade partier, och hur pålitligt spelaren spelar: andelen turer spelade i tid och partier spelade till slut i stället för förlorade på tid.
cmd-rating-arg-player = spelare
cmd-rating-arg-player-help = en spelares namn eller ett Discord-omnämnande (standard: du)
parse-usage-rating = { parse-problem }; användning: { cmd-rating-usage }

cmd-leaderboard-summary = de bästa etablerade ratingarna
cmd-leaderboard-usage = topplista agon|agros [bräde 8|10|12]
cmd-leaderboard-help = Visar de högsta ratingarna i ett spel bland spelare vars rating är etablerad (en avvikelse under 110 efter tillräckligt många partier). Varje Agros-bräde har sin egen rating: ange brädet (standard 10).
cmd-leaderboard-arg-board = bräde
cmd-leaderboard-arg-board-help = Agros: brädstorleken (standard 10)
parse-usage-leaderboard = { parse-problem }; användning: { cmd-leaderboard-usage }

cmd-settings-summary = ställ in din tidszon, vart aviseringar går, en daglig sammanfattning, ditt språk, vilotid eller en kalender
cmd-settings-usage = inställningar tidszon <IANA-zon> | inställningar aviseringar <discord|e-post|terminal> | inställningar sammanfattning <timme|av> | inställningar språk <en|nl|sv> | inställningar vila <helg|natt 23-07|av> | inställningar kalender [av]
cmd-settings-help = `inställningar tidszon Europe/Stockholm` visar tidsgränser i din zon. `inställningar aviseringar e-post` skickar dina aviseringar med e-post (till en kopplad adress), `discord` till Discord. `inställningar sammanfattning 8` skickar ett meddelande klockan 08:00 din tid med varje parti som väntar på dig, i stället för en påminnelse per parti; `inställningar sammanfattning av` går tillbaka till påminnelser. `inställningar språk sv` skriver till dig på svenska (`nl` nederländska, `en` engelska). `inställningar vila helg natt 23-07` stoppar din klocka på helgen och från 23:00 till 07:00 din tid, från ditt nästa drag i varje parti (`av` slutar). `inställningar kalender` ger dig en hemlig adress till en kalender med dina tidsgränser; att be igen ersätter den, `inställningar kalender av` tar bort den.
cmd-settings-arg-timezone = tidszon
cmd-settings-arg-timezone-help = din IANA-tidszon, t.ex. Europe/Stockholm
cmd-settings-arg-notify = aviseringar
cmd-settings-arg-notify-help = vart aviseringar går
cmd-settings-arg-digest = sammanfattning
cmd-settings-arg-digest-help = en lokal timme (0-23) för en daglig sammanfattning i stället för påminnelser, eller av
cmd-settings-arg-language = språk
cmd-settings-arg-language-help = språket Agora skriver till dig på: en, nl eller sv
cmd-settings-arg-rest = vila
cmd-settings-arg-rest-help = när din klocka vilar: helg, natt 23-07, båda, eller av
cmd-settings-arg-calendar = kalender
cmd-settings-arg-calendar-help = en ny hemlig adress till din kalender med tidsgränser, eller av
parse-usage-settings = { parse-problem }; användning: { cmd-settings-usage }

cmd-vacation-summary = pausa dina klockor i alla dina partier
cmd-vacation-usage = semester [dagar | slut]
cmd-vacation-help = `semester 7` pausar klockorna i alla dina partier i 7 dagar, från din årliga kvot; dina motståndare ser det på sina bräden. `semester slut` avslutar semestern i förtid och ger tillbaka de oanvända dagarna. `semester` ensamt visar vad som finns kvar av din kvot.
cmd-vacation-arg-days = dagar
cmd-vacation-arg-days-help = dagar att pausa dina klockor, eller `slut`; utelämna för att se din kvot
parse-usage-vacation = { parse-problem }; användning: { cmd-vacation-usage }

cmd-link-summary = koppla ytterligare ett Discord-konto eller en e-postadress till ditt konto
cmd-link-usage = koppla [kod]
cmd-link-help = `koppla` ger en engångskod; skicka den från ditt andra konto (`discord:koppla <kod>` på Discord, `mailto:koppla <kod>` via e-post), som då får en andra kod: skicka tillbaka den på samma sätt från det första kontot, så blir båda en spelare, med samma partier.
cmd-link-arg-code = kod
cmd-link-arg-code-help = koden som `koppla` gav ditt andra konto
parse-usage-link = { parse-problem }; användning: { cmd-link-usage }
cmd-tournament-summary = alla-mot-alla, schweizerturneringar och stegar: lista, skapa, delta, ställning
cmd-tournament-usage = turnering [lista | skapa … | delta N | lämna N | ställning N | lottning N [rond] | starta N | avbryt N | stryk N spelare | utmana N spelare]
cmd-tournament-help = `turnering` listar turneringarna. `turnering skapa agon alla-mot-alla dagar 3 spelare 4-10` skapar en (även `dubbel`, `schweizer 5`, `stege räckvidd 3`; `bräde`, `bönder` och en klocka som i `utmana`; `vänskaplig`, `rating 1400-1800`, `starta 2027-01-10`, och `namn` följt av dess namn). `turnering delta 3` och `lämna 3` går med och lämnar, `ställning 3` visar tabellen och korstabellen, `lottning 3 2` en ronds partier. Arrangören kan `starta 3` (när tillräckligt många gått med), `avbryt 3` och `stryk 3 <spelare>`. På en stege utmanar `utmana 3 <spelare>` någon högst räckvidden ovanför dig: vinner du tar du över platsen; den som inte svarar på en utmaning i tid förlorar den. Turneringspartier är vanliga partier.
cmd-tournament-arg-action = handling
cmd-tournament-arg-action-help = vad du vill göra (standard: lista turneringarna)
cmd-tournament-arg-tournament = turnering
cmd-tournament-arg-tournament-help = turneringens nummer
cmd-tournament-arg-details = detaljer
cmd-tournament-arg-details-help = skapa: spel, form, klocka…; lottning: ronden; stryk: spelaren
parse-usage-tournament = { parse-problem }; användning: { cmd-tournament-usage }
