# The command language's texts, by key: each command's summary, usage and help
# (`cmd-<command>-summary`…), its arguments' names and one-line helps (`cmd-<command>-arg-<name>`,
# `…-help`: Discord option names, lowercase letters, digits, - and _, at most 32 characters;
# helps at most 100 characters) and the parse errors. The same keys and $variables in every
# language; English is the command table's own words (crates/service/src/commands/table.rs).

parse-empty = no command found: send `help` for the list
parse-unknown-closest = unknown command `{ $word }`: did you mean `{ $closest }`? Send `help` for the list
parse-unknown = unknown command `{ $word }`: send `help` for the list
parse-too-long = that command is { $chars } characters long, and a command has at most { $max }, so none of it was read: `help` lists the commands
parse-usage = { parse-problem }; usage:

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
parse-problem-game-number = `game` is followed by a game number such as `game 12`, not { $word }
parse-problem-game-number-missing = `game` is followed by a game number such as `game 12`, not nothing
parse-problem-two-games = two games are named, #{ $first } and #{ $second }: name one
parse-problem-ply-missing = `ply` is followed by the number of actions played so far
parse-problem-ply-number = `ply { $word }`: `{ $word }` is not a ply number
parse-problem-not-game = `{ $word }` is not a game reference such as #12
parse-problem-not-live = `{ $word }` is not `live`
parse-problem-preview-ply = a preview takes no `ply`: it plays nothing
parse-problem-one-player = `{ $word }` is not understood here: name one player
parse-problem-nothing-more = `{ $word }` is not understood here: `{ $command }` takes nothing more
parse-problem-not-understood = `{ $word }` is not understood here
parse-problem-name-game = name the game, e.g. `#12` (`games live` lists them)
parse-problem-name-game-short = name the game, e.g. `#12`
parse-problem-name-kind = name the game: agon or agros
parse-problem-unknown-game = unknown game `{ $word }`: the games are agon and agros
parse-problem-board-size = `{ $word }` is not a board size: 8, 10 or 12
parse-problem-agon-board = Agon has one board: leave out `board`
parse-problem-rating-range = `rating { $word }` is not a range of ratings such as 1400-1800, 1500+ or -1800
parse-problem-rating-bounds = `rating { $word }`: the lower bound is above the upper one
parse-problem-rating-missing = `rating` needs a range, e.g. `rating 1400-1800`
parse-problem-tournament-missing = which tournament? Give its number, e.g. `tournament join 3`
parse-problem-tournament-number = `{ $word }` is not a tournament number
parse-problem-tournament-what = `{ $word }` is not something to do with a tournament: list, create, join, leave, standings, pairings, start, cancel, remove or challenge
parse-problem-tournament-date = `start` needs a day such as 2027-01-10, not `{ $word }`
parse-problem-tournament-date-missing = `start` needs a day such as 2027-01-10
parse-problem-tournament-name = `name` needs the tournament's name after it
parse-problem-tournament-format = the format is missing: round-robin, double, swiss N or ladder
parse-problem-tournament-rounds = a Swiss has 1 to { $max } rounds, and a ladder's reach is 1 to { $max } places
parse-problem-tournament-who = whom do you remove? Name the player after the tournament's number
parse-problem-rating-anyone = `rating` is for a challenge to anyone: it says who may accept
parse-problem-action-missing = the action is missing
parse-problem-reply-missing = say offer, accept or decline
parse-problem-reply = `{ $word }` is not offer, accept or decline
parse-problem-code-one-word = the code is one word
parse-problem-who = who do you challenge?
parse-problem-game-missing = the game is missing: agon or agros
parse-problem-discord-mention = `{ $word }` is not a Discord mention
parse-problem-mail-address = `{ $word }` is not an e-mail address
parse-problem-not-option = `{ $word }` is not an option
parse-problem-needs-number = `{ $word }` needs a number
parse-problem-one-clock = give one clock: `days D`, `bank ...` or `moves N in Dd`
parse-problem-moves = `moves` needs a count and days, e.g. `moves 10 in 50d`
parse-problem-moves-days = `{ $word }` is not a number of days: write e.g. `moves 10 in 50d`
parse-problem-bank-reserve = `bank` needs a reserve, e.g. `bank 7d+1d max 14d`
parse-problem-max-amount = `max` needs an amount, e.g. `max 14d`
parse-problem-amount-max = `{ $word }` is not an amount of time such as 14d or 12h
parse-problem-amount = `{ $word }` is not an amount of time such as 7d or 12h
parse-problem-bank-empty = the bank's reserve must be more than nothing
parse-problem-bank-cap = the bank's cap (`max`) must be at least its reserve
parse-problem-level = the level is easy, normal or hard
parse-problem-level-computer = `level` is for a game against the computer
parse-problem-timeout = `timeout` is followed by loss or pass
parse-problem-timeout-pass-agon = `timeout pass` is for Agros: Agon has no passing (AG-5), so a missed deadline loses
parse-problem-variant-board = the board is 8, 10 or 12 squares wide, not { $size }
parse-problem-variant-farmers = each side has 3, 5 or 7 farmers, not { $count }
parse-problem-agon-options = Agon has no options: its board and pieces are fixed
parse-problem-not-rated = `{ $word }` is not rated or unrated
parse-problem-not-private = `{ $word }` is not private or public
parse-problem-vacation-min = a vacation is at least 1 day
parse-problem-vacation-days = `{ $word }` is not a number of days or `end`
parse-problem-channel = `{ $word }` is not discord, email or terminal
parse-problem-language = `{ $word }` is not en, nl or sv
parse-problem-hour = `{ $word }` is not an hour from 0 to 23 or `off`
parse-problem-setting-missing = the setting is missing
parse-problem-setting = `{ $word }` is not timezone, notify, digest, language, rest or calendar with its value
parse-problem-one-setting = give one setting at a time
parse-problem-rest = `{ $word }` is not a rest: use `weekend`, `night 23-07`, both, or `off`
parse-problem-rest-missing = say when your clock rests: `weekend`, `night 23-07`, both, or `off`
parse-problem-rest-night = `{ $hours }` is not a night: give two whole hours, as in `night 23-07`
parse-problem-rest-night-missing = `night` needs its hours, as in `night 23-07`
parse-problem-rest-long = a night's rest is at most { $most } hours: `{ $hours }` is { $length }
parse-problem-calendar = `{ $word }` is not understood: `settings calendar` makes a new address, `settings calendar off` removes it

cmd-help-summary = list the commands, or explain one
cmd-help-usage = help [command]
cmd-help-help = Without a command, lists every command. With one, shows its usage and what it does.
cmd-help-arg-command = command
cmd-help-arg-command-help = the command to explain
parse-usage-help = { parse-problem }; usage: { cmd-help-usage }

cmd-challenge-summary = invite someone, anyone or the computer to a game
cmd-challenge-usage = challenge <opponent|anyone> <agon|agros> [board 8|10|12] [farmers 3|5|7] [days D | bank 7d+1d max 14d | moves 10 in 50d] [timeout loss|pass] [level easy|normal|hard] [unrated] [private] [rating MIN-MAX]
cmd-challenge-help = The opponent is a player's name, an e-mail address, a Discord mention, `computer`, or `anyone` for an open challenge that `seeks` lists and the first eligible player takes (`rating 1400-1800`, `rating 1500+` or `rating -1800` admits only those ratings). Games between people are rated unless you add `unrated`; `private` keeps the game out of `games live` and from watchers. You take the first seat (White in Agon, Light in Agros). Agros takes a board size (default 10) and farmers per side (default 5). The clock is `days D` per move (default 3) or a time bank: `bank 7d+1d max 14d` starts each player with 7 days, adds 1 day after each of their actions and never holds more than 14 (amounts in d, h or m; the increment defaults to 1d, the cap to twice the start), or ICCF's `moves 10 in 50d`: 10 actions within 50 days, then 50 days more for each next 10, the time unused carried over. A missed deadline loses the game; in Agros `timeout pass` passes the turn instead. `level` sets the computer's strength.
cmd-challenge-arg-opponent = opponent
cmd-challenge-arg-opponent-help = `computer`, `anyone`, a player's name, or an e-mail address
cmd-challenge-arg-game = game
cmd-challenge-arg-game-help = agon or agros
cmd-challenge-arg-board = board
cmd-challenge-arg-board-help = Agros: board size (default 10)
cmd-challenge-arg-farmers = farmers
cmd-challenge-arg-farmers-help = Agros: farmers per side (default 5)
cmd-challenge-arg-days = days
cmd-challenge-arg-days-help = days per move (the time control)
cmd-challenge-arg-bank = bank
cmd-challenge-arg-bank-help = or a time bank: start+increment, e.g. 7d+1d max 14d
cmd-challenge-arg-moves = moves
cmd-challenge-arg-moves-help = or ICCF's clock: N moves in D days, the time unused carried over, e.g. 10 in 50d
cmd-challenge-arg-timeout = timeout
cmd-challenge-arg-timeout-help = a missed deadline loses (default), or in Agros passes
cmd-challenge-arg-level = level
cmd-challenge-arg-level-help = the computer's strength
cmd-challenge-arg-rated = rated
cmd-challenge-arg-rated-help = whether the result counts for ratings (default: rated between people)
cmd-challenge-arg-private = private
cmd-challenge-arg-private-help = a private game is not listed and cannot be watched (default: public)
cmd-challenge-arg-rating = rating
cmd-challenge-arg-rating-help = for a challenge to anyone: the ratings admitted, e.g. 1400-1800 or 1500+
parse-usage-challenge = { parse-problem }; usage: { cmd-challenge-usage }

cmd-accept-summary = accept a challenge
cmd-accept-usage = accept [#game]
cmd-accept-help = Starts a game you were challenged to, e.g. `accept #12`. The game may be left out when only one challenge waits for you.
cmd-any-arg-game = game
cmd-any-arg-game-help = the game number; may be left out in the game's thread or when only one game fits
parse-usage-accept = { parse-problem }; usage: { cmd-accept-usage }

cmd-decline-summary = refuse a challenge
cmd-decline-usage = decline [#game]
cmd-decline-help = Refuses a game you were challenged to; nothing is recorded against anyone.
parse-usage-decline = { parse-problem }; usage: { cmd-decline-usage }

cmd-cancel-summary = withdraw a challenge you made
cmd-cancel-usage = cancel [#game]
cmd-cancel-help = Withdraws a challenge that has not been accepted yet. A game under way ends with `resign` instead.
parse-usage-cancel = { parse-problem }; usage: { cmd-cancel-usage }

cmd-move-summary = play an action
cmd-move-usage = move [#game] [ply N] <action>
cmd-move-help = Plays an action in the game's notation: Agon `k1-j1`, a return `b7=f6`; Agros `e5`, `c3,h8` (or `c3 h8`), a harvest `e5-e7`, a sow `e6=e8`, `pass`; any case, spaces around `-` and `=` allowed. Name the game as `#12` (or `game 12`) when several wait for you; in an answer to a game's mail or in its Discord thread the game is known. `ply N` guards against acting on a position that has changed: N must be the number of actions played so far. With only one game waiting for you, a bare action is enough.
cmd-move-arg-ply = ply
cmd-move-arg-ply-help = the number of actions played so far, so a changed position refuses the action
cmd-move-arg-action = action
cmd-move-arg-action-help = the action: pick one of your legal actions from the list
parse-usage-move = { parse-problem }; usage: { cmd-move-usage }

cmd-pass-summary = pass your turn (Agros, movement phase)
cmd-pass-usage = pass [#game]
cmd-pass-help = Passes in Agros (AR-7). A pass right after your opponent's pass ends the game (AR-9). Agon has no passing.
parse-usage-pass = { parse-problem }; usage: { cmd-pass-usage }

cmd-resign-summary = give up a game under way
cmd-resign-usage = resign [#game]
cmd-resign-help = Ends the game at once as a loss for you.
parse-usage-resign = { parse-problem }; usage: { cmd-resign-usage }

cmd-draw-summary = offer, accept or decline a draw (Agon)
cmd-draw-usage = draw offer|accept|decline [#game]
cmd-draw-help = Offers a draw in Agon; the offer stands until your opponent accepts, declines or acts.
cmd-draw-arg-reply = reply
cmd-draw-arg-reply-help = offer a draw, or answer an offer
parse-usage-draw = { parse-problem }; usage: { cmd-draw-usage }

cmd-undo-summary = ask to take back your last action, or grant it
cmd-undo-usage = undo [accept|decline] [#game]
cmd-undo-help = `undo` asks your opponent to let you take back your last action, as long as they have not acted since; `undo accept` grants it, `undo decline` refuses.
cmd-undo-arg-reply = reply
cmd-undo-arg-reply-help = ask to take back your last action (default), or answer the request
parse-usage-undo = { parse-problem }; usage: { cmd-undo-usage }

cmd-board-summary = show the board of a game
cmd-board-usage = board [#game]
cmd-board-help = Shows the current position, whose turn it is and the deadline (and the score so far in Agros).
parse-usage-board = { parse-problem }; usage: { cmd-board-usage }

cmd-history-summary = show a game's record
cmd-history-usage = history [#game]
cmd-history-help = Shows every action of the game, numbered per pair (AG-16, AR-17), and the result.
parse-usage-history = { parse-problem }; usage: { cmd-history-usage }

cmd-games-summary = list your open games, or every game being played
cmd-games-usage = games [live]
cmd-games-help = Lists your challenges and games under way, most urgent first: the games whose turn is yours, nearest deadline first, then challenges to you, then the rest; with the opponent, whose turn it is, the deadline and the time left. `games live` lists the games being played that anyone may watch.
cmd-games-arg-which = which
cmd-games-arg-which-help = your games (default), or the games being played that anyone may watch
parse-usage-games = { parse-problem }; usage: { cmd-games-usage }

cmd-next-summary = show the game that needs you most
cmd-next-usage = next
cmd-next-help = Shows the board of the game whose turn is yours with the nearest deadline (of those without one, the one waiting longest), with its actions.
parse-usage-next = { parse-problem }; usage: { cmd-next-usage }

cmd-seeks-summary = list the open challenges anyone may accept
cmd-seeks-usage = seeks
cmd-seeks-help = Lists the challenges to anyone that wait for a player: game, clock, its maker with their rating and the ratings admitted. `accept #12` takes one.
parse-usage-seeks = { parse-problem }; usage: { cmd-seeks-usage }

cmd-watch-summary = follow a game you do not play in
cmd-watch-usage = watch #game
cmd-watch-help = Sends you each action's board of a game and its final report, on your channel (in your digest if you chose one). You can never act in it. `games live` lists the games you may watch; private games cannot be watched.
cmd-watch-arg-game = game
cmd-watch-arg-game-help = the game number
parse-usage-watch = { parse-problem }; usage: { cmd-watch-usage }

cmd-unwatch-summary = stop following a game
cmd-unwatch-usage = unwatch #game
cmd-unwatch-help = Stops the boards and the final report of a game you watch.
parse-usage-unwatch = { parse-problem }; usage: { cmd-unwatch-usage }

cmd-preview-summary = see the board after an action without playing it
cmd-preview-usage = preview [#game] <action>
cmd-preview-help = Shows the board as it would be after the action, without playing it, so you can check a move before you send it. Your opponent sees nothing.
cmd-preview-arg-action = action
cmd-preview-arg-action-help = the action to try: pick one of your legal actions from the list
parse-usage-preview = { parse-problem }; usage: { cmd-preview-usage }

cmd-export-summary = get a game's record as a file
cmd-export-usage = export [#game]
cmd-export-help = Sends the record of a game (yours, or any game that is not private) as a text file: tag pairs and the numbered actions, readable by `agora rules replay --record` and `agora render --record` (docs/records.md).
parse-usage-export = { parse-problem }; usage: { cmd-export-usage }
cmd-note-summary = keep a private note on a game, for you alone
cmd-note-usage = note [#game] [text | clear]
cmd-note-help = `note #12 push the left guard next` keeps a note on game 12 that only you ever see: `board` and `history` show your notes, and your own `export` has them as comments. `note #12` lists them, `note #12 clear` removes them. A note is at most 400 characters, a game holds at most 50 of yours.
cmd-note-arg-text = text
cmd-note-arg-text-help = your note, or clear to remove your notes
parse-usage-note = { parse-problem }; usage: { cmd-note-usage }
cmd-conditional-summary = answer your opponent's next action in advance
cmd-conditional-usage = conditional [#game] [actions | cancel]
cmd-conditional-help = While your opponent is to act, `conditional #12 e5 d4` means: if they play e5, play d4 for me at once. A line goes on in turns (`conditional #12 e5 d4 f6 c3`: then if they play f6, c3), and several lines may answer different actions. Every action is checked when you enter it; any action of theirs that no line expects removes your lines. `conditional #12` lists them, `conditional #12 cancel` removes them (`cancel e5`: those that begin with e5). Nobody else ever sees them.
cmd-conditional-arg-line = line
cmd-conditional-arg-line-help = their action, your answer, and so on; or cancel
parse-usage-conditional = { parse-problem }; usage: { cmd-conditional-usage }
cmd-analysis-summary = the computer's look at a finished game: its largest mistakes
cmd-analysis-usage = analysis [#game]
cmd-analysis-help = After a game ends, the computer looks at every position and finds the actions that lost most of the mover's winning chance, with a better one for each. `analysis #12` sends the largest mistakes of each side, the evaluation graph as a picture and the annotated record; the game's web page shows them too. A game still being played is never analysed: the computer does not advise during a game.
parse-usage-analysis = { parse-problem }; usage: { cmd-analysis-usage }

cmd-rating-summary = show your ratings, or another player's
cmd-rating-usage = rating [player]
cmd-rating-help = Shows a player's Glicko-2 ratings (one per game, and per board size in Agros) with their deviation and games played, and how reliably they play: the share of their turns played in time and of their games finished rather than lost on time.
cmd-rating-arg-player = player
cmd-rating-arg-player-help = a player's name or a Discord mention (default: you)
parse-usage-rating = { parse-problem }; usage: { cmd-rating-usage }

cmd-leaderboard-summary = the best established ratings
cmd-leaderboard-usage = leaderboard agon|agros [board 8|10|12]
cmd-leaderboard-help = Lists the highest ratings of a game among players whose rating is established (a deviation under 110 after enough games). Agros boards are rated apart: name the board (default 10).
cmd-leaderboard-arg-board = board
cmd-leaderboard-arg-board-help = Agros: the board size (default 10)
parse-usage-leaderboard = { parse-problem }; usage: { cmd-leaderboard-usage }

cmd-settings-summary = set your time zone, where notifications go, a daily digest, your language, rest time, or a calendar
cmd-settings-usage = settings timezone <IANA zone> | settings notify <discord|email|terminal> | settings digest <hour|off> | settings language <en|nl|sv> | settings rest <weekend|night 23-07|off> | settings calendar [off]
cmd-settings-help = `settings timezone Europe/Amsterdam` shows deadlines in your zone. `settings notify email` sends your notifications by mail (to a linked address), `discord` to Discord. `settings digest 8` sends one message at 08:00 your time listing every game waiting for you, instead of a reminder per game; `settings digest off` goes back to reminders. `settings language nl` writes to you in Dutch (`sv` Swedish, `en` English). `settings rest weekend night 23-07` stops your clock at weekends and from 23:00 to 07:00 your time, from your next turn in each game (`off` ends it). `settings calendar` gives you a secret address of a calendar of your deadlines; asking again replaces it, `settings calendar off` removes it.
cmd-settings-arg-timezone = timezone
cmd-settings-arg-timezone-help = your IANA time zone, e.g. Europe/Amsterdam
cmd-settings-arg-notify = notify
cmd-settings-arg-notify-help = where notifications go
cmd-settings-arg-digest = digest
cmd-settings-arg-digest-help = a local hour (0-23) for one daily digest instead of reminders, or off
cmd-settings-arg-language = language
cmd-settings-arg-language-help = the language Agora writes to you in: en, nl or sv
cmd-settings-arg-rest = rest
cmd-settings-arg-rest-help = when your clock rests: weekend, night 23-07, both, or off
cmd-settings-arg-calendar = calendar
cmd-settings-arg-calendar-help = a new secret address of your calendar of deadlines, or off
parse-usage-settings = { parse-problem }; usage: { cmd-settings-usage }

cmd-vacation-summary = pause your clocks in all your games
cmd-vacation-usage = vacation [days | end]
cmd-vacation-help = `vacation 7` pauses the clocks of all your games for 7 days, taken from your yearly allowance; your opponents see it on their boards. `vacation end` comes back early and returns the unused days. `vacation` alone shows what is left of your allowance.
cmd-vacation-arg-days = days
cmd-vacation-arg-days-help = days to pause your clocks, or `end`; leave out to see your allowance
parse-usage-vacation = { parse-problem }; usage: { cmd-vacation-usage }

cmd-link-summary = link another Discord account or e-mail address to you
cmd-link-usage = link [code]
cmd-link-help = `link` gives a one-time code; send it from your other account (`discord:link <code>` on Discord, `mailto:link <code>` by mail), which is then sent a second code: send that one back from the first account in the same way, and both become one player, with the same games.
cmd-link-arg-code = code
cmd-link-arg-code-help = the code `link` gave your other account
parse-usage-link = { parse-problem }; usage: { cmd-link-usage }
cmd-tournament-summary = round robins, Swiss tournaments and ladders: list, create, join, standings
cmd-tournament-usage = tournament [list | create … | join N | leave N | standings N | pairings N [round] | start N | cancel N | remove N player | challenge N player]
cmd-tournament-help = `tournament` lists the tournaments. `tournament create agon round-robin days 3 players 4-10` makes one (also `double`, `swiss 5`, `ladder reach 3`; `board`, `farmers` and a clock as in `challenge`; `unrated`, `rating 1400-1800`, `start 2027-01-10`, and `name` followed by its name). `tournament join 3` and `leave 3` enter and leave, `standings 3` shows the table and crosstable, `pairings 3 2` a round's games. Its organiser may `start 3` (once enough joined), `cancel 3` and `remove 3 <player>`. On a ladder, `challenge 3 <player>` challenges someone up to its reach above you: win and you take their place; a challenge not answered in time is lost by the one challenged. Tournament games are ordinary games.
cmd-tournament-arg-action = action
cmd-tournament-arg-action-help = what to do (default: list the tournaments)
cmd-tournament-arg-tournament = tournament
cmd-tournament-arg-tournament-help = the tournament's number
cmd-tournament-arg-details = details
cmd-tournament-arg-details-help = create: game, format, clock…; pairings: the round; remove: the player
parse-usage-tournament = { parse-problem }; usage: { cmd-tournament-usage }
