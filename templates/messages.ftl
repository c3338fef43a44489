# Short texts that code puts together, by key: error messages, words of the pictures and the
# command list. Each key exists in nl/messages.ftl and sv/messages.ftl with the same $variables.
# A $count chooses the plural form.

days = { $count ->
    [one] { $count } day
   *[other] { $count } days
}

# A text given as it is.
raw = { $message }

game-changed = game #{ $game } changed while your command was on its way: look at `board #{ $game }` and try again
player-gone = that player no longer exists

## Errors a player receives from the service. A $status is a game's state code (proposed,
## active, finished, declined, cancelled); a $channel a channel code (mail, discord, local).

no-such-game = there is no game #{ $game }
no-such-game-list = there is no game #{ $game }: `games` lists yours
game-not-yours = game #{ $game } is not yours
game-not-yours-list = game #{ $game } is not yours: `games` lists yours
watch-which-game = name the game, e.g. `watch #12`
context-mismatch = this message answers game #{ $game }, but it names game #{ $named }, so nothing was done. To act in game #{ $game }, leave out `#{ $named }`; to act in game #{ $named }, answer one of game #{ $named }'s own messages or send the command on its own
mail-scope-other-game = this mail answers game #{ $game }, so it can act in game #{ $game } only, not in game #{ $named }. Nothing was done; to act in game #{ $named }, answer one of game #{ $named }'s own mails
mail-scope-unnamed = this mail answers game #{ $game }, so it can act in game #{ $game } only. Nothing was done; name the game, or answer one of that game's own mails
mail-scope-settings = this mail answers game #{ $game }, so it can act in that game only, not on your settings or new challenges. Nothing was done; send the command in a new mail, or answer a mail of ours about no game (such as the answer to `help`)
mail-no-game-named = to act in game #{ $named }, answer one of game #{ $named }'s own mails; this one is about no game, so nothing was done
mail-no-game = to act in a game, answer one of that game's own mails; this one is about no game, so nothing was done
out-of-date = this is out of date: game #{ $game } has { $change ->
    [changed] changed
    [started] started
    [ended] ended
    [declined] been declined
   *[withdrawn] been withdrawn
} since it was sent, so nothing was done. `board #{ $game }` shows where it stands
clock-game-gone = game #{ $game } is gone
clock-not-due = game #{ $game } is not due
clock-timeout-held = game #{ $game }: timeout held for the mailbox
digest-player-gone = player { $player } is gone
digest-none = player { $player } has no digest
digest-not-due = the digest of player { $player } is not due
vacation-none = you are not on vacation: `vacation <days>` takes one
vacation-already = you are on vacation until { $until } already: `vacation end` first, then take a new one
vacation-too-long = { $days } days is more than the { $left } of vacation you have left this year (of { $allowance } days)
challenge-self = you cannot challenge yourself: name your opponent
challenge-limit = you have { $max } challenges waiting for an answer, the most one player may have: withdraw one (`games` lists them, `cancel #<game>` withdraws one) or wait for answers
challenge-strangers-limit = you challenged { $max } people who have never used Agora within a day, the most allowed: challenge players who have, or try again tomorrow
no-challenge-for-you = no challenge waits for you: `games` lists your games
no-challenge-to-withdraw = you have no challenge to withdraw: `games` lists your games
accept-own-challenge = game #{ $game } is your own challenge: your opponent accepts it (`cancel #{ $game }` withdraws it)
challenge-expired = the challenge of game #{ $game } expired after { $days } days without an answer: challenge again to play
game-already-started = game #{ $game } has already started
accept-nothing = game #{ $game } is { $status }: nothing to accept
accept-own-open = game #{ $game } is your own open challenge: another player accepts it (`cancel #{ $game }` withdraws it)
open-challenge-closed = the open challenge of game #{ $game } is no longer open: `seeks` lists those that are
computer-no-open = the computer does not take open challenges
computer-game-limit = you have { $max } { $max ->
    [one] game
   *[other] games
} against the computer under way, the most one player may have: finish or resign one first (`games` lists them)
rating-range-between = { $min } to { $max }
rating-range-at-least = at least { $min }
rating-range-at-most = at most { $max }
rating-range-any = any
open-rating-range = game #{ $game } is open to ratings { $range }, and yours in { $variant } is { $rating }: `seeks` lists the others
open-seat-taken = someone else took the open challenge of game #{ $game } first: `seeks` lists those still open
cancel-challenge-to-you = game #{ $game } is a challenge to you: `decline #{ $game }` refuses it
decline-own-challenge = game #{ $game } is your own challenge: `cancel #{ $game }` withdraws it
game-under-way-resign = game #{ $game } is under way: `resign #{ $game }` ends it
game-status-already = game #{ $game } is { $status } already
days-range = `days { $days }`: the time per move is 1 to { $max } days
bank-range = a time bank starts with at least 1h and holds at most { $max } days (`max { $max }d`)
moves-range = `moves { $moves } in { $days }d`: a period is 1 to { $most } moves, of at least 1 day and at most { $max } days a move on average
challenge-no-player-suggest = no player is called `{ $name }`: did you mean `{ $suggestion }`? You can also challenge an e-mail address or a Discord mention
challenge-no-player = no player is called `{ $name }`: challenge an e-mail address or a Discord mention to invite someone new
which-game = which game? { $games }: add it, e.g. `{ $command } #{ $game }`
no-game-under-way = you have no game under way: `games` lists yours
not-started-withdraw = game #{ $game } has not started: a challenge is withdrawn with `cancel #{ $game }` or refused with `decline #{ $game }`
game-is-status = game #{ $game } is { $status }
no-game-under-way-challenge = you have no game under way: `challenge <opponent> agon` starts one, `games` lists yours
game-waits-for = game #{ $game } waits for { $player }
not-your-turn-anywhere = it is not your turn in any game ({ $waits })
which-game-turn = which game? It is your turn in games { $games }: add it, e.g. `#{ $game } { $action }`
not-started-awaiting = game #{ $game } has not started: { $opponent } has not accepted your challenge yet
not-started-accept = game #{ $game } has not started: `accept #{ $game }` starts it
game-over-result = game #{ $game } is over: { $result }
game-no-board = game #{ $game } was { $status }: it has no board to play on
stale-ply = stale: the game is at ply { $ply }; look at `board #{ $game }` and send your action again
not-your-turn = it is { $player }'s turn in game #{ $game }, not yours
not-your-turn-deadline = it is { $player }'s turn in game #{ $game }, not yours; the deadline is { $deadline }
agon-no-pass = there is no passing in Agon (AG-5): every turn is one step, or a return when a piece is captured
action-unreadable = cannot read `{ $action }` as an action: { $why }; { $hint }
action-illegal = `{ $action }` is not legal here: { $why }; { $hint }
legal-from = legal actions from { $from }: { $actions }
legal-some = { $count } legal actions, e.g. { $actions }
agros-no-draw = game #{ $game } is Agros, which has no draw offers: it ends when both players pass in turn (AR-9), and `resign #{ $game }` gives up
draw-already-offered = you have already offered a draw in game #{ $game }
draw-offered-to-you = { $player } has offered you a draw in game #{ $game }: `draw accept #{ $game }` or `draw decline #{ $game }`
no-draw-offered = no draw is offered to you in game #{ $game }: `draw offer #{ $game }` offers one
nothing-to-take-back = nothing to take back in game #{ $game }: only your last action can be taken back, before your opponent acts
takeback-already-asked = you have already asked for a takeback in game #{ $game }
no-takeback-asked = no takeback is asked of you in game #{ $game }
watch-own-game = you play in game #{ $game }: its boards and report come to you already
watch-not-started = game #{ $game } has not started: watch it once it has
watch-over = game #{ $game } is over: `history #{ $game }` shows it, `export #{ $game }` sends its record
watch-limit = you watch { $max } games, the most one player may: `unwatch` one first
watchers-limit = game #{ $game } has { $max } { $max ->
    [one] watcher
   *[other] watchers
}, the most one game may have: try again once someone stops watching it
preview-no-game = you have no game under way: name the game, e.g. `preview #12 k1-j1`
preview-not-active = game #{ $game } is { $status }: only a game under way has a next action to preview
preview-illegal = `{ $action }` cannot be played in game #{ $game }: { $why }. Nothing was played
next-none = No game waits for your action: `games` lists yours and the challenges to answer.
board-no-game = you have no game under way: name the game (`board #12`), or `challenge <opponent> agon` to start one
no-player-named = no player is called `{ $name }`
export-no-game = you have no game: name the game, e.g. `export #12`
note-no-game = you have no game: name the game, e.g. `note #12 <text>`
note-not-yours = you do not play in game #{ $game }: notes are for its players
note-not-started = game #{ $game } has not started: a note waits until it does
note-too-long = a note is at most { $most } characters; this one has { $length }
note-too-many = you keep { $most } notes on game #{ $game } already: `note #{ $game } clear` removes them
conditional-no-game = no game of yours waits for your opponent: name the game, e.g. `conditional #12 <their action> <your answer>`
conditional-not-running = game #{ $game } is not under way: conditional moves are for a game being played
conditional-your-turn = it is your turn in game #{ $game }: play your action; conditional moves answer your opponent's
conditional-too-long = a line has at most { $most } actions; this one has { $length }
conditional-too-many = you keep { $most } lines in game #{ $game } already: `conditional #{ $game } cancel` removes them
conditional-after-end = the game is over after `{ $action }` (action { $index } of your line): nothing can follow it
conditional-illegal = action { $index } of your line, `{ $action }`, cannot be played there: { $problem }
conditional-ends-theirs = a line ends with your own answer: say what you play after `{ $action }`
conditional-conflict = you already answer { $after } with `{ $answer }`, not `{ $action }`: one answer to each action of theirs (`conditional #{ $game } cancel { $after }` removes that line)
analysis-no-game = you have no game: name the game, e.g. `analysis #12`
analysis-running = game #{ $game } is still being played: the computer looks at a game only after it ends
analysis-not-finished = game #{ $game } did not finish: there is nothing to analyse
analysis-off = this Agora analyses no games
export-not-started = game #{ $game } has not started: it has no record yet
timezone-suggest = unknown time zone `{ $zone }`: did you mean `{ $suggestion }`?
timezone-unknown = unknown time zone `{ $zone }`: use an IANA name such as Europe/Amsterdam or America/New_York
calendar-no-site = there is no calendar: this Agora has no website to serve it from
notify-no-identity = you have no { $channel ->
    [mailto] e-mail
    [discord] Discord
   *[other] the terminal
} identity yet: send `link` here, then `link <code>` from that account
link-code-invalid = `{ $code }` is not a valid link code (codes work once and expire after { $minutes } minutes): send `mailto:link` by mail or `discord:link` on Discord from your first account for a new one
link-code-invalid-left = `{ $code }` is not a valid link code (codes work once and expire after { $minutes } minutes): send `mailto:link` by mail or `discord:link` on Discord from your first account for a new one. { $left ->
    [0] No more wrong code is accepted
    [1] One more wrong code is accepted
   *[other] { $left } more wrong codes are accepted
} from this account today
link-same-account = this account already belongs to you: send `mailto:link <code>` by mail or `discord:link <code>` on Discord from the OTHER account
link-played-each-other = these two accounts have played each other, so they cannot become one player
link-guesses-exhausted = this account sent { $wrong } wrong link codes within a day, so `link <code>` is refused for now, whatever the code: try again tomorrow

## Errors of the rules engine (crates/service/src/rule_errors.rs).

# A side inside a rules sentence, by its English word (white, black, light, dark).
rule-side = { $side }
rule-variant-board = the board is 8, 10 or 12 squares wide, not { $board }
rule-variant-farmers = each side has 3, 5 or 7 farmers, not { $farmers }
rule-variant-agon-options = Agon has no options: its board and pieces are fixed
rule-agon-empty = no action given: write a step as from-to (k1-j1) or a return as from=to (b7=f6)
rule-agon-pass = there is no passing in Agon: every turn is a step or a return (AG-5)
rule-agon-no-separator = `{ $text }` has no separator: write { $from }-{ $to } for a step or { $from }={ $to } for a return
rule-agon-unreadable = cannot read `{ $text }`: write a step as from-to (k1-j1) or a return as from=to (b7=f6)
rule-agon-separators = cannot read `{ $text }`: an action has one separator, - or =; write a step as from-to (k1-j1) or a return as from=to (b7=f6)
rule-return-captures = a return never captures: write { $from }={ $to } without an x part
rule-ends-in-x = `{ $text }` ends in x without a cell: name the captured pieces (a5-a6xb7) or leave the x part out
rule-cell-malformed = `{ $text }` is not a cell: a cell is a row letter a to k and a number, like f6
rule-cell-off-row = `{ $text }` is not a cell: row { $row } has cells { $row }1 to { $row }{ $last }
rule-agros-empty = no action given: write a placement (e5 or c3,h8), a harvest (e5-e7), a sow (e6=e8) or pass
rule-verb-form = cannot read `{ $text }`: write { $verb } <from> <to>, like { $verb } e5 e7, or { $verb } <from> <direction>, like { $verb } e5 n
rule-agros-unreadable = cannot read `{ $text }`: write a placement (e5 or c3,h8), a harvest (e5-e7), a sow (e6=e8) or pass
rule-agros-separators = cannot read `{ $text }`: an action has one separator, - or =; write a placement (e5 or c3,h8), a harvest (e5-e7), a sow (e6=e8) or pass
rule-square-malformed = `{ $text }` is not a square: a square is a file letter and a rank number, like e5
rule-square-off-board = `{ $text }` is not on this { $size }×{ $size } board: squares run from a1 to { $last }{ $size }
# $error: a rule-square-… sentence.
rule-square-or-direction = { $error } (or give a direction: n ne e se s sw w nw)
rule-game-over = the game is over
rule-other-game = that action belongs to the other game
rule-no-piece = there is no piece on { $from }
# $piece: queen or guard; $owner, $me: rule-side.
rule-not-yours = the { $piece } on { $from } is { $owner }'s; { $me } is to act
rule-captured-cannot-step = the { $piece } on { $from } is captured and cannot step: return it with { $from }=<cell>
rule-return-queen-first = { $me } must first return the captured queen on { $queen } (write { $queen }=<cell>)
rule-return-guard-first = { $me } must first return a captured guard ({ $cells })
rule-not-next-to = { $to } is not next to { $from }: a piece steps to a neighbouring cell
rule-cell-not-empty = { $cell } is not empty
rule-steps-outward = { $from }-{ $to } steps outward (ring { $from_ring } to ring { $to_ring }): a piece steps sideways or inward
rule-guard-throne = a guard may not enter the throne
rule-between-enemies = { $to } stands between two enemy pieces ({ $a }, { $b })
rule-not-captured = the { $piece } on { $from } is not captured, so it cannot be returned: write a step as { $from }-{ $to }
rule-not-captured-step = the { $piece } on { $from } is not captured, so it cannot be returned: write a step as { $from }-<cell>
rule-guard-outer-ring = a returned guard goes to an empty cell of the outer ring, and { $to } is in ring { $ring }
# $returning: queen or guard.
rule-captured-must-return = the { $piece } on { $from } is captured: { $me } must return { $returning ->
    [queen] the queen
   *[guard] a guard
} with { $at }=<cell>, e.g. { $example }
rule-captures-nothing = { $action } captures nothing: write { $action }
rule-captures-other = { $action } captures { $actual }, not { $given }: write { $write }
# What an Agros opening turn places ($hint of the messages below).
rule-hint-one = 1 farmer, like { $a }
rule-hint-two = 2 farmers, like { $a },{ $b }
rule-opening-no-pass = no passing in the opening: place { $hint } (AR-4)
rule-opening-places = the opening places farmers, nothing moves yet: place { $hint }
rule-opening-over = the opening is over: harvest (like e5-e7), sow (like e6=e8) or pass
rule-off-board = { $square } is not on this { $size }×{ $size } board
rule-no-farmer = there is no farmer on { $from }
rule-seed-never-moves = { $from } holds a loose seed, and seeds never move
rule-farmer-not-yours = the farmer on { $from } is { $owner }'s; { $me } is to act
rule-not-straight = { $from } to { $to } is not a straight line: a farmer moves orthogonally or diagonally
rule-is-sow = { $from }-{ $to } is a sow: write { $from }={ $to }
# $examples: rule-legal-none or rule-legal-some.
rule-harvest-distance = the farmer on { $from } has harvest { $harvest }, so a harvest moves it exactly { $harvest } { $harvest ->
    [one] square
   *[other] squares
}: { $examples }
rule-legal-none = the farmer on { $from } has no legal move now
rule-legal-some = legal for it now are { $actions }
rule-harvest-not-empty = { $to } is not empty: a harvest lands on an empty square
# $piece: seed or farmer.
rule-harvest-passes = { $from }-{ $to } passes { $owner }'s { $piece } on { $on }: a harvest may pass only empty squares and { $me }'s own pieces
rule-no-seeds = the farmer on { $from } has no seeds to sow (harvest 1): harvest first
rule-is-harvest = { $from }={ $to } is a harvest: write { $from }-{ $to }
rule-sow-distance = the farmer on { $from } carries { $seeds } { $seeds ->
    [one] seed
   *[other] seeds
}, so a sow moves it exactly { $seeds } { $seeds ->
    [one] square
   *[other] squares
}: { $examples }
rule-sow-not-empty = { $square } is not empty: every square a sow passes and lands on must be empty
rule-places-one = the opening turn places 1 farmer, not { $given }: place { $hint }
rule-places-two = the opening turn places 2 farmers: place { $hint }
rule-named-twice = { $square } is named twice: place 2 farmers on 2 different squares
rule-place-off-board = { $square } is not on this board
rule-square-not-empty = { $square } is not empty
rule-leaves-board = { $action } would leave the board: the farmer moves { $steps } { $steps ->
    [one] square
   *[other] squares
}
rule-place = place { $hint }
no-visible-game = there is no game #{ $game } you may see: `games live` lists the games being played

# A line of `games`: the state of one game for the player who asked.
listing-waiting = waiting for { $opponent } to accept
listing-challenge = challenge from { $opponent }: accept { $game }
listing-your-turn = your turn
listing-their-turn = { $opponent }'s turn

# The answer to a move that came after its deadline in an Agros game that passes on time.
too-late-passed-ended = Too late: your deadline in game #{ $game } had passed, so your turn was passed (AR-7), and that ended the game: { $result }.
too-late-passed = Too late: your deadline in game #{ $game } had passed, so your turn was passed (AR-7); { $to_act } is to act now.

# Tournaments.
tournament-none = there is no tournament T{ $id }: `tournament` lists them
tournament-not-open = tournament T{ $id } takes no entries now: it has started or is over
tournament-too-few = tournament T{ $id } has { $players } players and needs at least { $min } to start
tournament-no-such-entrant = nobody called { $name } plays in tournament T{ $id }
tournament-not-organiser = only the organiser of tournament T{ $id } may do that
tournament-computer = the computer plays in no tournaments
tournament-organiser-limit = you already organise { $max } tournaments that are not over
tournament-players-range = a tournament has 2 to { $most } players, the least no more than the most
tournament-start-past = a tournament's start day must be in the future
tournament-already-in = you are in tournament T{ $id } already
tournament-full = tournament T{ $id } is full: it takes { $max } players
tournament-rating = tournament T{ $id } admits ratings from { $min } to { $max }, and yours is { $rating }
tournament-not-in = you are not in tournament T{ $id }
tournament-over = tournament T{ $id } is over
tournament-not-ladder = tournament T{ $id } is no ladder: its games are paired for you
tournament-ladder-reach = on ladder T{ $id } you are number { $place } and may challenge up to { $reach } places above you: { $name } is not
tournament-ladder-busy = on ladder T{ $id } you, or the one you challenge, already have a challenge or game under way
tournament-operator-plays-not = the operator organises tournaments and plays in none: players join, leave and challenge themselves
