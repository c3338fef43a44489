# Se ../messages.ftl: korta texter per nyckel, med samma nycklar och $variabler som på engelska.
# Orden på webbplatsen där man bara kan titta (templates/web/*.html). Ett partis egna ord (dess
# titel, färgerna, klockan och resultatet) kommer från views.ftl.

## På varje sida

web-site-name = Agora
web-tagline = Agon och Agros per korrespondens
web-nav-home = Partier
web-footer = Agora spelar Agon och Agros via e-post och på Discord. Den här webbplatsen visar bara partier: själva spelet sker via e-post eller på Discord.
web-times-utc = Tiderna anges i UTC, om inte din webbläsare visar dem i din egen tidszon.

## Startsidan

web-home-title = Partier på Agora
web-running = Pågående partier
web-running-none = Inget parti spelas just nu.
web-challenges = Öppna utmaningar
web-challenges-none = Inga öppna utmaningar väntar.
web-challenge-by = { $name } utmanar alla
web-rating-at-least = för spelare med rating minst { $min }
web-rating-at-most = för spelare med rating högst { $max }
web-rating-between = för spelare med rating { $min } till { $max }
web-results = Senaste resultat
web-results-none = Inget parti har avslutats än.
web-leaderboards = Topplistor
web-leaderboards-none = Ingen har någon rating än.

## Ett parti i en lista

web-versus = { $first } mot { $second }
web-plies = { $count ->
    [one] { $count } drag
   *[other] { $count } drag
}
web-to-act = { $name } står på tur
web-turn = På tur
web-won = { $name } vann
web-draw = Remi
web-rated = med rating
web-unrated = utan rating
web-computer = dator

## Ett partis sida

web-game-title = Parti { $id }: { $title }
web-board = Brädet
web-replay = Uppspelning
web-first = Första
web-prev = Föregående
web-next = Nästa
web-last = Sista
web-position = Ställning efter drag
web-of-plies = av { $plies }
web-keys = Med piltangenterna stegar du genom dragen; Home och End går till början och slutet.
web-moves = Drag
web-moves-none = Inga drag än.
web-players = Spelare
web-rating-change = rating { $before } → { $after }
web-deadline = Tidsgräns
web-clock = Klocka
web-time-control = Betänketid
web-result = Resultat
web-record = Ladda ner partiprotokollet
web-json = Samma sak som JSON
web-started = Började
web-finished = Slutade

## Slutrapporten för ett parti Agros

web-report = Slutrapport, fält för fält
web-analysis = Datorns analys
web-mistake = Drag { $ply }: { $name } ({ $colour }) spelade { $played }, { $before } % → { $after } %; bättre { $better }
web-no-mistakes = Inget drag kostade mycket: ingen av sidorna gjorde ett misstag som datorn räknar.
web-field = Rutor
web-field-size = Storlek
web-harvests = Skördar för { $colour }
web-controller = Kontrolleras av
web-value = Värde
web-nobody = ingen
web-half-point = Den halva poängen går till { $colour }.
web-half-point-nobody = Ingen får den halva poängen.

## En spelares sida

web-player-title = { $name }
web-player-computer = Datorn spelar som { $name }.
web-player-record = Vinster { $won }, förluster { $lost }, remier { $drawn } (av partierna nedan).
web-games = Partier
web-games-none = Inga offentliga partier.
web-ratings = Rating
web-ratings-none = Ingen rating än.
web-pool = Spel
web-rating = Rating
web-deviation = Avvikelse
web-rated-games = Partier med rating
web-established = etablerad
web-provisional = preliminär

## En topplista

web-leaderboard-title = Topplista: { $title }
web-rank = Placering
web-player = Spelare
web-leaderboard-none = Ingen etablerad rating än: en spelare visas här efter { $games ->
    [one] { $games } parti
   *[other] { $games } partier
} med rating, när avvikelsen är under { $deviation }.

## Fel

web-not-found-title = Hittades inte
web-not-found = Den sidan finns inte här. Privata partier visas aldrig.
web-bad-request-title = Felaktig begäran
web-bad-game = ”{ $value }” är inget partinummer.
web-bad-ply = ”{ $value }” är ingen ställning i det här partiet: de går från 0 till { $plies }.
web-bad-parameter = ”{ $value }” är inget giltigt värde för { $name }.
web-failed-title = Något gick fel
web-failed = Sidan kunde inte visas just nu. Försök igen senare.

## Ett partis sida: dragen per omgång, och ställningen i ord

web-turn-number = Omgång
web-position-words = Ställningen i ord

## Att vara med, på startsidan

web-nav-help = Så spelar du
web-join-title = Var med
web-join-discord = På Discord: gå med i servern och skriv /{ $challenge } eller /{ $help }.
web-join-discord-link = Gå med i Agoras Discord-server
web-join-mail = Med e-post: skriv till { $address } med ett kommando som mejlets text, till exempel ”{ $challenge } alla agon”.
web-join-help = Så börjar du, och alla kommandon

## Hjälpsidan

web-help-command = Kommando
web-help-usage = Så skriver du det
web-help-summary = Vad det gör
web-help-languages = Den här sidan på
web-rules-title = Reglerna för { $game }
web-rules-back = Så spelar du på Agora

web-tournaments = Turneringar
web-tournaments-none = Inga turneringar än: `turnering skapa` skapar en.
web-tournament-status = { $status ->
        [open] öppen för anmälan, { $players } av högst { $max } spelare
        [running] rond { $round }, { $players } spelare
        [finished] avslutad
       *[other] inställd
    }
web-tournament-organiser = Arrangör: { $name }.
web-tournament-join = Gå med med `turnering delta { $id }` via e-post, på Discord eller i terminalen.
web-tournament-standings = Ställning
web-tournament-points = Poäng
web-tournament-played = Partier
web-tournament-out = utgått
web-tournament-not-started = Inte startad: { $players } anmälda, { $min } behövs.
web-tournament-crosstable = Korstabell
web-tournament-pairings = Partier per rond
web-tournament-round = Rond { $round }
web-tournament-challenges = Utmaningar
web-tournament-bye = { $name } står över (räknas som vinst)
web-tournament-no-games = Inga partier än.
web-tournament-sb = Sonneborn–Berger
web-tournament-buchholz = Buchholz
web-tournament-median-buchholz = Median-Buchholz
web-game-tournament-round = Turnering T{ $id } { $name }, rond { $round }
web-game-tournament = Turnering T{ $id } { $name }
