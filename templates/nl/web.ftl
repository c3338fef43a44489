# Zie ../messages.ftl: korte teksten per sleutel, met dezelfde sleutels en $variabelen als in het
# Engels. De woorden van de website waar je alleen kunt kijken (templates/web/*.html). De eigen
# woorden van een partij (de titel, de kleuren, de klok en de uitslag) komen uit views.ftl.

## Op elke pagina

web-site-name = Agora
web-tagline = Agon en Agros per correspondentie
web-nav-home = Partijen
web-footer = Agora speelt Agon en Agros per e-mail en op Discord. Deze site toont alleen partijen: spelen doe je per e-mail of op Discord.
web-times-utc = Tijden staan in UTC, tenzij je browser ze in je eigen tijdzone toont.

## De startpagina

web-home-title = Partijen op Agora
web-running = Lopende partijen
web-running-none = Er wordt nu geen partij gespeeld.
web-challenges = Open uitdagingen
web-challenges-none = Er staan geen open uitdagingen klaar.
web-challenge-by = { $name } daagt iedereen uit
web-rating-at-least = voor ratings vanaf { $min }
web-rating-at-most = voor ratings tot en met { $max }
web-rating-between = voor ratings van { $min } tot { $max }
web-results = Recente uitslagen
web-results-none = Er is nog geen partij afgelopen.
web-leaderboards = Ranglijsten
web-leaderboards-none = Nog niemand heeft een rating.

## Een partij in een lijst

web-versus = { $first } tegen { $second }
web-plies = { $count ->
    [one] { $count } zet
   *[other] { $count } zetten
}
web-to-act = { $name } is aan zet
web-turn = Aan zet
web-won = { $name } won
web-draw = Remise
web-rated = met rating
web-unrated = zonder rating
web-computer = computer

## De pagina van een partij

web-game-title = Partij { $id }: { $title }
web-board = Het bord
web-replay = Naspelen
web-first = Eerste
web-prev = Vorige
web-next = Volgende
web-last = Laatste
web-position = Stelling na zet
web-of-plies = van { $plies }
web-keys = Met de pijltjestoetsen loop je door de zetten; Home en End gaan naar het begin en het einde.
web-moves = Zetten
web-moves-none = Nog geen zetten.
web-players = Spelers
web-rating-change = rating { $before } → { $after }
web-deadline = Deadline
web-clock = Klok
web-time-control = Bedenktijd
web-result = Uitslag
web-record = Download het partijverslag
web-json = Hetzelfde als JSON
web-started = Begonnen
web-finished = Afgelopen

## Het eindverslag van een partij Agros

web-report = Eindverslag, veld voor veld
web-analysis = De analyse van de computer
web-mistake = Zet { $ply }: { $name } ({ $colour }) speelde { $played }, { $before }% → { $after }%; beter { $better }
web-no-mistakes = Geen enkele zet kostte veel: geen van beide kanten maakte een fout die de computer telt.
web-field = Vakken
web-field-size = Grootte
web-harvests = Oogsten van { $colour }
web-controller = In handen van
web-value = Waarde
web-nobody = niemand
web-half-point = Het halve punt gaat naar { $colour }.
web-half-point-nobody = Niemand krijgt het halve punt.

## De pagina van een speler

web-player-title = { $name }
web-player-computer = De computer speelt als { $name }.
web-player-record = Gewonnen { $won }, verloren { $lost }, remise { $drawn } (van de partijen hieronder).
web-games = Partijen
web-games-none = Geen openbare partijen.
web-ratings = Ratings
web-ratings-none = Nog geen rating.
web-pool = Spel
web-rating = Rating
web-deviation = Afwijking
web-rated-games = Partijen met rating
web-established = stabiel
web-provisional = voorlopig

## Een ranglijst

web-leaderboard-title = Ranglijst: { $title }
web-rank = Plaats
web-player = Speler
web-leaderboard-none = Nog geen stabiele rating: een speler komt hier te staan na { $games ->
    [one] { $games } partij
   *[other] { $games } partijen
} met rating, zodra de afwijking onder { $deviation } ligt.

## Fouten

web-not-found-title = Niet gevonden
web-not-found = Deze pagina bestaat hier niet. Privépartijen worden nooit getoond.
web-bad-request-title = Ongeldig verzoek
web-bad-game = “{ $value }” is geen partijnummer.
web-bad-ply = “{ $value }” is geen stelling van deze partij: die lopen van 0 tot en met { $plies }.
web-bad-parameter = “{ $value }” is geen geldige waarde voor { $name }.
web-failed-title = Er ging iets mis
web-failed = Deze pagina kan nu niet getoond worden. Probeer het later opnieuw.

## De pagina van een partij: de zetten per beurt, en de stelling in woorden

web-turn-number = Beurt
web-position-words = De stelling in woorden

## Meedoen, op de startpagina

web-nav-help = Zo speel je
web-join-title = Meedoen
web-join-discord = Op Discord: word lid van de server en typ /{ $challenge } of /{ $help }.
web-join-discord-link = Word lid van de Discord-server van Agora
web-join-mail = Per e-mail: schrijf naar { $address } met een opdracht als tekst van de mail, zoals “{ $challenge } iedereen agon”.
web-join-help = Zo begin je, en alle opdrachten

## De hulppagina

web-help-command = Opdracht
web-help-usage = Zo schrijf je hem
web-help-summary = Wat hij doet
web-help-languages = Deze pagina in
web-rules-title = De regels van { $game }
web-rules-back = Zo speel je op Agora

web-tournaments = Toernooien
web-tournaments-none = Nog geen toernooien: `toernooi maak` maakt er een.
web-tournament-status = { $status ->
        [open] aanmelden kan, { $players } van hoogstens { $max } spelers
        [running] ronde { $round }, { $players } spelers
        [finished] afgelopen
       *[other] geannuleerd
    }
web-tournament-organiser = Georganiseerd door { $name }.
web-tournament-join = Doe mee met `toernooi meedoen { $id }` per e-mail, op Discord of in de terminal.
web-tournament-standings = Stand
web-tournament-points = Punten
web-tournament-played = Partijen
web-tournament-out = gestopt
web-tournament-not-started = Nog niet begonnen: { $players } aangemeld, { $min } nodig.
web-tournament-crosstable = Kruistabel
web-tournament-pairings = Partijen per ronde
web-tournament-round = Ronde { $round }
web-tournament-challenges = Uitdagingen
web-tournament-bye = { $name } is vrij (telt als winst)
web-tournament-no-games = Nog geen partijen.
web-tournament-sb = Sonneborn-Berger
web-tournament-buchholz = Buchholz
web-tournament-median-buchholz = Mediaan-Buchholz
web-game-tournament-round = Toernooi T{ $id } { $name }, ronde { $round }
web-game-tournament = Toernooi T{ $id } { $name }
