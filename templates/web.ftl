# See messages.ftl: short keyed texts, the same keys and $variables in every language.
# The words of the read-only website (templates/web/*.html). A game's own words (its title, the
# colours, its clock and result) come from views.ftl.

## Every page

web-site-name = Agora
web-tagline = Agon and Agros by correspondence
web-nav-home = Games
web-footer = Agora plays Agon and Agros by e-mail and on Discord. This site only shows games; play them where you play.
web-times-utc = Times are in UTC unless your browser shows them in your own time zone.

## The home page

web-home-title = Games on Agora
web-running = Running games
web-running-none = No game is running.
web-challenges = Open challenges
web-challenges-none = No open challenge is waiting.
web-challenge-by = { $name } challenges anyone
web-rating-at-least = for ratings from { $min }
web-rating-at-most = for ratings up to { $max }
web-rating-between = for ratings { $min } to { $max }
web-results = Recent results
web-results-none = No game has finished yet.
web-leaderboards = Leaderboards
web-leaderboards-none = Nobody has a rating yet.

## A game in a list

web-versus = { $first } against { $second }
web-plies = { $count ->
    [one] 1 action
   *[other] { $count } actions
}
web-to-act = { $name } to act
web-turn = To act
web-won = { $name } won
web-draw = Draw
web-rated = rated
web-unrated = unrated
web-computer = computer

## A game's page

web-game-title = Game { $id }: { $title }
web-board = The board
web-replay = Replay
web-first = First
web-prev = Previous
web-next = Next
web-last = Last
web-position = Position after
web-of-plies = of { $plies }
web-keys = The arrow keys step through the actions; Home and End go to the start and the end.
web-moves = Actions
web-moves-none = No action yet.
web-players = Players
web-rating-change = rating { $before } → { $after }
web-deadline = Deadline
web-clock = Clock
web-time-control = Time control
web-result = Result
web-record = Download the record
web-json = The same as JSON
web-started = Started
web-finished = Finished

## The final report of an Agros game

web-report = Final report, field by field
web-analysis = The computer's analysis
web-mistake = Ply { $ply }: { $name } ({ $colour }) played { $played }, { $before }% → { $after }%; better { $better }
web-no-mistakes = No action lost much: neither side made a mistake the computer counts.
web-field = Squares
web-field-size = Size
web-harvests = Harvests of { $colour }
web-controller = Controlled by
web-value = Value
web-nobody = nobody
web-half-point = The half point goes to { $colour }.
web-half-point-nobody = Nobody gets the half point.

## A player's page

web-player-title = { $name }
web-player-computer = The computer plays as { $name }.
web-player-record = Won { $won }, lost { $lost }, drawn { $drawn } (of the games below).
web-games = Games
web-games-none = No public game.
web-ratings = Ratings
web-ratings-none = No rating yet.
web-pool = Game
web-rating = Rating
web-deviation = Deviation
web-rated-games = Rated games
web-established = established
web-provisional = provisional

## A leaderboard

web-leaderboard-title = Leaderboard: { $title }
web-rank = Rank
web-player = Player
web-leaderboard-none = No established rating yet: a player appears here after { $games } rated games, once the deviation is under { $deviation }.

## Errors

web-not-found-title = Not found
web-not-found = There is no such page here. Private games are never shown.
web-bad-request-title = Bad request
web-bad-game = “{ $value }” is not a game number.
web-bad-ply = “{ $value }” is not a position of this game: it goes from 0 to { $plies }.
web-bad-parameter = “{ $value }” is not a valid { $name }.
web-failed-title = Something went wrong
web-failed = This page could not be shown just now. Please try again later.

## A game's page: the actions by turn, and the position in words

# The header of the turn numbers' column (a turn is one action of each side).
web-turn-number = Turn
web-position-words = The position in words

## Joining, on the home page

web-nav-help = How to play
web-join-title = Join in
web-join-discord = On Discord: join the server, then type /{ $challenge } or /{ $help }.
web-join-discord-link = Join Agora's Discord server
web-join-mail = By e-mail: write to { $address } with a command as the mail's text, such as “{ $challenge } anyone agon”.
web-join-help = How to start, and every command

## The help page (its text is docs/guide/<lang>.md)

web-help-command = Command
web-help-usage = How to write it
web-help-summary = What it does
web-help-languages = This page in
web-rules-title = The rules of { $game }
web-rules-back = How to play on Agora

web-tournaments = Tournaments
web-tournaments-none = No tournaments yet: `tournament create` makes one.
web-tournament-status = { $status ->
        [open] open for entries, { $players } of at most { $max } players
        [running] round { $round }, { $players } players
        [finished] finished
       *[other] cancelled
    }
web-tournament-organiser = Organised by { $name }.
web-tournament-join = Join with `tournament join { $id }` by mail, on Discord or at the terminal.
web-tournament-standings = Standings
web-tournament-points = Points
web-tournament-played = Games
web-tournament-out = out
web-tournament-not-started = Not started: { $players } joined, { $min } needed.
web-tournament-crosstable = Crosstable
web-tournament-pairings = Games by round
web-tournament-round = Round { $round }
web-tournament-challenges = Challenges
web-tournament-bye = { $name } has the bye (a win)
web-tournament-no-games = No games yet.
web-tournament-sb = Sonneborn–Berger
web-tournament-buchholz = Buchholz
web-tournament-median-buchholz = Median Buchholz
web-game-tournament-round = Tournament T{ $id } { $name }, round { $round }
web-game-tournament = Tournament T{ $id } { $name }
