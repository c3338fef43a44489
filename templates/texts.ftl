# The sentences of the long texts (templates/*.txt), keyed by the template they belong to:
# `board-…` is a sentence of board.txt. The templates hold the structure (lines, what is shown
# on which channel); each language words the sentences here, with the same $variables.

## Command lines, as a reader types them (a template quotes them with cmd(…)).

cmd-link = link { $code }
cmd-link-second = link <code>

## _operator.txt: where the operator ended a game or withdrew a challenge; $what is the reason given.

operator-decided = This was decided by the operator of this service, not by a player.
operator-decided-why = This was decided by the operator of this service, not by a player. The reason given: { $what }.

## _ratings.txt

ratings-heading = Ratings:

## _reliability.txt: $in_time and $finished are percentages.

reliability-turns = { $in_time }% of { $turns } { $turns ->
        [one] turn
       *[other] turns
    } played in time
reliability-games = { $finished }% of { $games } { $games ->
        [one] game
       *[other] games
    } finished rather than lost on time

## _stranger.txt: another player named to someone whose address is not confirmed.

stranger-discord = a Discord user (id { $id })
stranger-other = another player

## _turn.txt: $deadline is turn-deadline, or nothing where the channel shows the deadline itself.

turn-deadline = ; deadline { $deadline }
turn-yours = Your turn ({ $colour }){ $deadline }.
turn-theirs = { $name } ({ $colour }) to act{ $deadline }.
turn-clock = Clock: { $clock }.

## already_applied.txt

already-applied = Already applied: { $action } is ply { $ply } of game #{ $id }.

## linked.txt

linked = Linked: your other account now belongs to { $name }, who has { $accounts } { $accounts ->
        [one] account
       *[other] accounts
    } in all.

## lobby.txt: an open challenge as the Discord lobby posts it.

lobby-challenge = Open challenge #{ $id }: { $title } by { $maker }
lobby-clock = clock: { $clock }
lobby-rated = { $rated ->
        [true] rated
       *[false] unrated
    }
lobby-private = private
lobby-range = open to ratings { $range }
lobby-first = The first eligible player to accept plays it.

## error.txt: $message is the error, ending in a full stop.

error = Sorry: { $message }

## export.txt

export-attached = Game #{ $id }, { $title }: the record of its { $actions } { $actions ->
        [one] action
       *[other] actions
    } is attached as { $name }.
export-reads-back = It reads back with `agora rules replay --record { $name }` and `agora render --record { $name }`.

## link_code.txt: $discord and $mail are the command as typed on each channel, $second the
## command that enters the second code.

link-code = Your link code is { $code }. Within { $minutes } minutes, send { $discord } from your other account on Discord, or { $mail } from it by e-mail. Agora then sends that account a second code: send it here with { $second } and the other account becomes part of { $name }.

## link_confirm.txt: $send is the command to send (link-confirm-either when the first account
## may be on both channels).

link-confirm = This account is asked to join { $name }. If you asked for it, send { $send } from the account of { $name } within { $minutes } minutes to finish. The code comes here so that only whoever reads this account can join it. If you did not ask, ignore this: nothing is joined.
link-confirm-either = { $discord } on Discord or { $mail } by e-mail

## discord_apology.txt

discord-apology = Sorry: something went wrong on Agora's side, not in what you did, and it may not have been done. The game messages show what was played; please try again later. The operator can find it by the reference { $reference }.

## discord_unknown.txt

discord-unknown = Agora does not know this command, or it has changed since Discord last showed it to you. Type `/` to see the commands as they are now, or use `/help`.

## discord_message_refused.txt: $link is the refused message's link.

discord-refused-about = About your message { $link } in game #{ $game }:

## Shared by the texts about a game. $first and $second are the players' names, each with its
## colour; $rated and $private are true or false.

game-players = { $first } ({ $first_colour }) vs { $second } ({ $second_colour })
cmd-accept = accept #{ $id }
cmd-decline = decline #{ $id }
cmd-cancel = cancel #{ $id }
cmd-seeks = seeks

## action_played.txt: the first line is the subject. $action is the action's notation (`pass`
## for a pass).

played-auto-you = Game #{ $id }, ply { $ply }: your deadline passed, so your turn was passed (auto-pass)
played-auto = Game #{ $id }, ply { $ply }: { $mover } ({ $colour }) missed the deadline and passed (auto-pass)
played-you = Game #{ $id }, ply { $ply }: you played { $action }
played-answered = Game #{ $id }, ply { $ply }: you played { $replied_to }, and { $mover } ({ $colour }) answered { $action }
played-conditional = Game #{ $id }, ply { $ply }: { $opponent } ({ $colour }) played { $replied_to }, and your conditional answer { $action } was played
played = Game #{ $id }, ply { $ply }: { $mover } ({ $colour }) played { $action }

## board.txt: $status is a game's state code (declined, cancelled, finished, …).

board-head = Game #{ $id }: { $title }, { $players }, ply { $ply }
board-proposed = Waiting for { $second } to accept; clock: { $clock }.
board-over = Over: { $result }
board-status = This game was { $status }

## challenge_closed.txt: $what is withdrew or declined.

challenge-closed-operator = Game #{ $id }: the challenge was withdrawn by the operator ({ $title })
challenge-closed-you = Game #{ $id }: you { $what ->
        [withdrew] withdrew
        [declined] declined
       *[other] { $what }
    } the challenge ({ $title })
challenge-closed = Game #{ $id }: { $by } { $what ->
        [withdrew] withdrew
        [declined] declined
       *[other] { $what }
    } the challenge ({ $title })

## challenge_expired.txt

challenge-expired-subject = Game #{ $id }: the challenge expired ({ $title })
challenge-expired-yours = Your challenge to { $opponent } had no answer for { $days } days, so it is closed. You can challenge again at any time.
challenge-expired-theirs = The challenge from { $opponent } had no answer for { $days } days, so it is closed; nothing more will come of it.

## challenge_received.txt: $accept and $decline are the commands as the reader types them.

challenge-received = Game #{ $id }: { $by } challenges you to { $title }
challenge-received-terms = { $by } plays { $first }, you play { $second }; clock: { $clock }; { $rated ->
        [true] rated
       *[false] unrated
    }{ $private ->
        [true] , private
       *[false] {""}
    }.
challenge-received-rated = rated { $rating } in { $title }
challenge-received-unrated = not yet rated in { $title }
challenge-received-answer = To play, answer { $accept }; to refuse, { $decline }.
challenge-received-unconfirmed = You have not written to Agora from this address before. If you do not know who this is, ignore this message: nothing happens unless you answer.

## challenge_sent.txt: $range is the ratings an open challenge is open to, or none.

challenge-sent-open = Game #{ $id }: your open challenge to { $title } is listed for anyone to accept{ $range ->
        [none] {""}
       *[other] , open to ratings { $range }
    }; clock: { $clock }; { $rated ->
        [true] rated
       *[false] unrated
    }{ $private ->
        [true] , private
       *[false] {""}
    }.
challenge-sent-open-starts = You play { $colour }. The game starts when the first eligible player accepts ({ $cancel } withdraws it; { $seeks } lists the open challenges).
challenge-sent = Game #{ $id }: you challenged { $opponent } to { $title }; clock: { $clock }; { $rated ->
        [true] rated
       *[false] unrated
    }{ $private ->
        [true] , private
       *[false] {""}
    }.
challenge-sent-starts = You play { $colour }. The game starts when { $opponent } accepts ({ $cancel } withdraws it).

## game_started.txt

game-started = Game #{ $id }: { $title }, { $players } has started

## reminder.txt: $left is the time left.

reminder = Game #{ $id }: your turn, { $left } left (deadline { $deadline })
reminder-moved = No reminder about this turn reached you { $hours } hours before your deadline, so it moved to { $deadline }. This happens once a game, by at most 48 hours.
reminder-state = { $players }, ply { $ply }; clock: { $clock }.
reminder-passes = If the deadline passes, your turn is passed for you.
reminder-loses = If the deadline passes, the game is lost on time.

## vacation_notice.txt

unwarned-notice = Game #{ $id }: { $name }'s deadline moved
unwarned-notice-clock = No reminder reached { $name } ({ $colour }) { $hours } hours before their deadline, so it moved to { $deadline }: nobody loses on time unwarned. This happens once a game, by at most 48 hours.
vacation-notice-away = Game #{ $id }: { $name } is on vacation
vacation-notice-away-clock = { $name } ({ $colour }) is away: their clock is paused until they are back.
vacation-notice-back = Game #{ $id }: { $name } is back from vacation
vacation-notice-back-clock = { $name } ({ $colour }) is back; their clock runs again.

## Shared by the final reports and the record.

game-clock = clock: { $clock }
score-heading = Score by field (AR-14):
record = Record: { $record }
record-none = (no actions)
record-none-yet = (no actions yet)
cmd-unwatch = unwatch #{ $id }

## game_over.txt: the final report of every ending.

game-over = Game #{ $id } is over: { $result }
game-over-aborted = Game #{ $id } is over: ended by the operator, without a result
game-over-last = Last action: { $last } (ply { $ply })
game-over-actions = { $actions } { $actions ->
        [one] action
       *[other] actions
    }
game-over-duration = in { $duration }, from { $started } to { $finished }

## history.txt: $times is the time each action took.

history-head = Game #{ $id }: { $title }, { $players }
history-times = Time used (ply, action, time): { $times }
history-result = Result: { $result }

## watching.txt: to a watcher of a game.

watching-over = Game #{ $id } (watched) is over: { $result }
watching-over-aborted = Game #{ $id } (watched) is over: ended by the operator, without a result
watching-played = Game #{ $id } (watched), ply { $ply }: { $mover } ({ $colour }) { $on_time ->
        [true] missed the deadline and passed (auto-pass)
       *[false] played { $action }
    }
watching-stop = You watch this game: { $unwatch } stops these messages.

## watching_reply.txt

watching-now = You now watch game #{ $id }: { $title }, { $players }, ply { $ply }. Each action's board and the final report will come to you; { $unwatch } stops them.
watching-already = You already watch game #{ $id }; { $unwatch } stops it.
watching-stopped = You no longer watch game #{ $id }.
watching-not = You did not watch game #{ $id }: nothing changed.

## offer.txt: $what is draw or takeback; $accept and $decline are commands.

cmd-draw-accept = draw accept #{ $id }
cmd-draw-decline = draw decline #{ $id }
cmd-undo-accept = undo accept #{ $id }
cmd-undo-decline = undo decline #{ $id }
offer-offered-you = Game #{ $id }: you offered a { $what ->
        [draw] draw
        [takeback] takeback
       *[other] { $what }
    }
offer-offered = Game #{ $id }: { $by } offers a { $what ->
        [draw] draw
        [takeback] takeback
       *[other] { $what }
    }
offer-answer-draw = Answer { $accept } or { $decline }.
offer-answer-takeback = { $by } asks to take back { $last }. Answer { $accept } or { $decline }.
offer-declined-you = Game #{ $id }: you declined the { $what ->
        [draw] draw
        [takeback] takeback
       *[other] { $what }
    }
offer-declined = Game #{ $id }: { $by } declined the { $what ->
        [draw] draw
        [takeback] takeback
       *[other] { $what }
    }
offer-granted-you = Game #{ $id }: you granted the { $what ->
        [draw] draw
        [takeback] takeback
       *[other] { $what }
    }
offer-granted = Game #{ $id }: { $by } granted the { $what ->
        [draw] draw
        [takeback] takeback
       *[other] { $what }
    }

## preview.txt: $next is the ply the action would be.

cmd-move = move #{ $id } { $action }
preview-head = Game #{ $id }, preview of ply { $next }: { $mover } plays { $action } (not played)
preview-outcome = That would end the game: { $outcome }.
preview-how = Nothing was played. To play it: { $move }

## settings.txt: $value is the new setting, worded.

settings-timezone = Done: deadlines are now shown in { $value } time.
settings-language = Done: Agora writes to you in { $value } from now on.
settings-digest = Done: { $value }.
digest-on = one digest a day at { $hour } { $zone } lists every game waiting for you, instead of reminders; the next comes { $next }
digest-off = no more digest: you get a reminder per game before its deadline
settings-notify = Done: your notifications now go to { $value }.
settings-rest = Done: { $value }, from your next turn in each game.
settings-calendar = Done: your calendar of deadlines is at { $value } — add it to your calendar program as a subscription. Keep the address to yourself: anyone who has it sees your deadlines. `settings calendar` again replaces it, `settings calendar off` removes it.
settings-calendar-off = Done: your calendar's address no longer works.
settings-calendar-none = You had no calendar: nothing to remove.
note-kept = Noted on game #{ $id } (you have { $count } { $count ->
    [one] note
   *[other] notes
} there); only you ever see it.
note-cleared = Your { $count } { $count ->
    [one] note
   *[other] notes
} on game #{ $id } are removed.
note-none = You have no notes on game #{ $id }.
notes-heading = Your notes on game #{ $id } (only you see them):
note-line = after ply { $ply }: { $text }
conditional-added = Kept for game #{ $id }: you have { $count } { $count ->
    [one] line
   *[other] lines
}, which only you ever see. When your opponent plays the first action of one, your answer is played at once; any other action removes them.
conditional-known = You have that line in game #{ $id } already.
conditional-cleared = { $count ->
    [0] No line of yours in game #{ $id } begins so: nothing is removed.
    [one] Your conditional line in game #{ $id } is removed.
   *[other] Your { $count } conditional lines in game #{ $id } are removed.
}
conditional-none = You have no conditional lines in game #{ $id }.
conditional-heading = Your conditional lines in game #{ $id } (their action → your answer → …; only you see them):
analysis-soon = The computer is analysing this game: `analysis #{ $id }` sends its largest mistakes when it is done, and the game's web page shows them.
analysis-waiting = The computer has not finished with game #{ $id } yet ({ $ahead ->
    [0] it is being analysed now
    [one] one game is before it
   *[other] { $ahead } games are before it
}): ask again with `analysis #{ $id }` in a few minutes.
analysis-heading = The computer's analysis of game #{ $id }: the largest mistakes of each side, with the mover's winning chance before and after.
analysis-mistake = Ply { $ply }, { $name } ({ $colour }) played { $played }: { $before }% → { $after }%. Better: { $better }.
analysis-none = No action lost much: neither side made a mistake the computer counts.
analysis-files = The evaluation graph and the annotated record (agora-{ $id }-analysis.txt) come with this message.
analysis-graph-ply = ply
analysis-graph-description = The winning chance of { $first } after each of { $plies } plies, as the computer sees it; { $mistakes ->
    [0] no mistakes are marked
    [one] one mistake is marked
   *[other] { $mistakes } mistakes are marked
}.
analysis-comment = { $first } { $chance }%
analysis-comment-mistake = { $first } { $chance }%; a mistake ({ $before }% → { $after }% for the mover), better { $better }
rest-off = your clock runs at every hour
rest-weekend = your clock rests at weekends ({ $zone })
rest-night = your clock rests every night from { $from } to { $to } ({ $zone })
rest-both = your clock rests at weekends and every night from { $from } to { $to } ({ $zone })
calendar-name = Agora: deadlines of { $name }
calendar-summary = Agora #{ $game }: your turn against { $opponent } ({ $title })
calendar-description = The deadline of your turn in game #{ $game }. { $link }
calendar-alarm = Your turn in game #{ $game } against { $opponent }

## vacation.txt: $left and $allowance are days.

cmd-vacation-end = vacation end
cmd-vacation-days = vacation <days>
vacation-started = Done: you are on vacation until { $until }. Your clocks are paused in all your games and your opponents are told; { $end } comes back early. Left this year: { $left } of { $allowance } days.
vacation-ended = Welcome back: your vacation is over and your clocks run again. Left this year: { $left } of { $allowance } days.
vacation-away = You are on vacation until { $until } ({ $end } comes back early). Left this year: { $left } of { $allowance } days.
vacation-not-away = You are not on vacation. Left this year: { $left } of { $allowance } days; { $take } takes some.

## A player's games, in games.txt and digest.txt: $state is where the game stands, $away the end
## of the opponent's vacation.

cmd-board = board <game>
cmd-board-game = board #{ $id }
cmd-challenge = challenge <opponent> agon
cmd-challenge-anyone = challenge anyone agon
cmd-digest-off = settings digest off
cmd-watch = watch #{ $id }
games-line = { $title } vs { $opponent }, you play { $colour }: { $state }
games-deadline = deadline { $deadline }, { $left } left
games-away = { $opponent } is on vacation until { $away }

## games.txt

games-heading = Your games:
games-none = You have no open games: { $challenge } starts one.

## digest.txt: $watched is the number of watched games that moved (0 for none).

digest-head = Agora: { $games } { $games ->
        [one] game
       *[other] games
    } waiting for you{ $watched ->
        [0] {""}
       *[other] , { $watched } watched { $watched ->
            [one] game
           *[other] games
        } moved
    }
digest-watched = Games you watch:
digest-watched-game = { $title }, { $first } vs { $second }, ply { $ply }
digest-watched-over = over, { $result }
digest-watched-last = last { $last }
digest-commands = { $board } shows a board; { $digest_off } goes back to reminders per game.

## live.txt

live-heading = Games being played:
live-game = { $title }, { $first } vs { $second }, ply { $ply }: { $to_act } ({ $colour }) to act{ $rated ->
        [true] {""}
       *[false] {" "}(unrated)
    }
live-how = { $watch } sends you a game's boards as it is played; { $board } shows one now.
live-none = No game is being played in public now. { $seeks } lists open challenges.

## seeks.txt (the terms of a challenge are lobby.txt's)

seeks-heading = Open challenges:
seeks-by = { $title } by { $maker }
seeks-until = until { $expires }
seeks-how = { $accept } takes one; the first eligible player to accept plays it.
seeks-none = No open challenges wait. { $challenge } makes one that anyone may accept.

## leaderboard.txt: $max is the deviation a rating is established under.

leaderboard-head = Leaderboard, { $pool } (established ratings: deviation under { $max }, at least { $min_games } rated games):
leaderboard-games = { $games } games
leaderboard-none = Nobody has an established rating in { $pool } yet (a deviation under { $max } after at least { $min_games } rated games).

## rating.txt

rating-computer = { $name } has fixed ratings, measured from matches between the computer's levels; games do not change them:
rating-yours = Your ratings (Glicko-2):
rating-theirs = { $name }'s ratings (Glicko-2):
rating-after = after { $games } rated { $games ->
        [one] game
       *[other] games
    }{ $established ->
        [true] {""}
       *[false] {" "}(provisional)
    }
rating-none-yours = You have no rating yet: a rating comes with the first rated game against a person (everyone starts at 1500).
rating-none = { $name } has no rating yet: a rating comes with the first rated game against a person (everyone starts at 1500).
rating-reliability = Reliability:

## help.txt: the paragraphs keep their line breaks.

cmd-help-command = help <command>
help-heading = Commands (send { $help } for details):
help-discord =
    In a game's thread the game is known; elsewhere give the `game` option. An action can also be
    written as a message in the game's thread, such as `k1-j1`, `g5` or `c3,h8`: ✅ marks it played,
    and if it is not, ❌ marks it and the reason comes as a direct message.
help-text =
    A game is named `#12` (or `game 12`), e.g. `board #12`, `#12 g5`; in an answer to a game's
    message the game is known. A bare action such as `k1-j1`, `g5` or `c3,h8` is a move in the game
    it answers, or in the one game that waits for you. `ply N` (the number of actions played so far)
    guards a move against a position that has changed: `#12 ply 30 g5`.
help-revoke = By mail, `revoke` in a reply to one of Agora's mails replaces all your personal keys (in its reply addresses) with new ones.

## help_command.txt: $aliases are the command's other names.

help-also = (also: { $aliases })

## undeliverable.txt: $channel is where a message could not go (mailto, discord, local), or the
## channel to be told on instead.

cmd-notify = settings notify { $channel ->
        [mailto] email
        [discord] discord
       *[other] terminal
    }
undeliverable-where = { $channel ->
        [mailto] your e-mail address { $address }
        [discord] your Discord account
       *[other] your terminal
    }
undeliverable-game = Game #{ $game }: a message could not reach you
undeliverable-game-body = Agora could not deliver a message about game #{ $game } to { $where }, and has stopped trying. Later messages may not reach you there either.
undeliverable = A message could not reach you
undeliverable-body = Agora could not deliver a message to { $where }, and has stopped trying. Later messages may not reach you there either.
undeliverable-mail = Check that the address is right and that its mailbox accepts mail (not full, not closed). If you would rather be told here, send { $notify }.
undeliverable-discord = Check that you still share a server with Agora's bot and that it may send you direct messages (Privacy Settings of that server). If you would rather be told here, send { $notify }.
undeliverable-other = If you would rather be told here, send { $notify }.
undeliverable-board = { $board } shows where the game stands.

## mail_footer.txt

mail-footer-game = Agora: reply to this mail with one command per line (`help` lists them).
mail-footer-key = Keep the reply address as it is: it carries your personal key to game #{ $game }.
mail-footer-url = The game on the web: { $url }
mail-footer = Agora: reply to this mail, or write to { $service }, with one command per line (`help` lists them).

## mail_subject.txt

mail-subject-limited = Agora: too many mails
mail-subject-put-aside = Agora: your mail could not be handled
mail-subject-too-large = Agora: your mail was too large
mail-subject-unproven = Agora: a mail without your key
mail-subject-confirm = Agora: please confirm your address

## mail_put_aside.txt

mail-put-aside = Sorry: Agora could not handle your mail that arrived at { $arrived }, after trying { $attempts } times. The fault is on Agora's side, not in your mail; the operator can find it by the reference { $reference }.
mail-put-aside-rest = Some of its commands may have been done before the fault: the game mails you receive say what was played. Please send the rest again by replying to one of Agora's mails about your game, or to { $service }.

## rules_agon.txt and rules_agros.txt: the short rules, line by line as shown.

rules-agon =
    Agon: how to play (short)

    Board: 91 hexagonal cells in rows a (bottom) to k (top), counted from the left in each row.
    The centre cell f6 is the throne. Ring 1 (e5 e6 f5 f7 g5 g6) surrounds it; ring 5 is
    the edge. White and Black each have a queen and six guards, starting on the outer ring:
      White: queen k1, guards a4 b1 c8 g1 g10 k5
      Black: queen a6, guards a2 e1 e10 i1 j7 k3
    White moves first. Each turn is exactly one action; there is no passing.

    Step: move a piece to an empty neighbouring cell in the same ring or one ring closer
      to the throne. Never outward, never a jump. Only a queen may enter the throne (AG-6).
      You may not step in between two enemy pieces on one line (AG-7).
    Capture: after your step, an enemy piece next to the moved piece is captured when one
      of your own pieces stands right behind it on the same line (AG-8). One step can
      capture several. A captured piece stays on its cell (it still blocks and still
      counts) but cannot move.
    Return: if one of your pieces is captured when your turn starts, your turn must return
      it, the queen first: a guard to any empty outer-ring cell, the queen to any empty
      cell, the throne included (AG-9, AG-10).
    End: when all six ring-1 cells hold your guards, you win if your queen is on the
      throne, and you lose at once if she is not (AG-11). No legal action: you lose
      (AG-12). The same position for the third time is a draw (AG-13).

    Notation:
      step      k1-j1    with captures: a5-a6xb7 (the x part may be left out)
      return    b7=f6    from the captured piece's cell to its new cell
      Case does not matter; a Q or G in front is allowed: Qk1-j1.
    Board picture: Q/G white queen/guard, q/g black, * captured, ^ throne.

    Full rules: docs/rules/agon.md
rules-agros =
    Agros: how to play (short)

    Board: B x B squares (8, 10 or 12; default 10), named like a chess board: a1 is
    bottom left. Light and Dark each have N farmers (3, 5 or 7; default 5). Light acts
    first. A farmer's harvest is the farmer plus the seeds under it (a bare farmer: 1).

    Opening (AR-4): place farmers on any empty squares: Light 1, Dark 2, Light 2, ...,
      and Dark's last opening turn 1. No passing in the opening.
    Then each turn is exactly one of:
      Harvest (AR-5): a farmer with harvest h moves its whole stack exactly h squares,
        straight or diagonal, to an empty square; the squares it passes over must be
        empty or hold your own pieces. Then a seed goes under it: harvest h+1.
      Sow (AR-6): a farmer with harvest h of 2 or more sows all its h-1 seeds in one
        direction: a seed on its own square and on each square it passes, and it lands
        bare (harvest 1) h-1 squares away. Those h-1 squares must be on the board and empty.
      Pass (AR-7): always allowed. A pass right after the opponent's pass ends the game
        (AR-9).
    Loose seeds never move and never score; a square with a seed is not empty (AR-8).

    Scoring: a field is a group of empty squares joined horizontally or vertically (AR-10).
      For each field, list each player's harvests of farmers horizontally or vertically
      next to it, largest first; the list larger at the first difference controls the
      field (AR-11). It is worth its size x the controller's largest adjacent harvest
      (AR-12). Half a point goes to the player whose own harvests, largest first, compare
      higher (AR-13). The highest total wins; equal totals are a draw (AR-14).

    Notation:
      placement   e5   or   c3,h8
      harvest     e5-e7    to the landing square (also: harvest e5 e7, harvest e5 n)
      sow         e6=e8    to the landing square (also: sow e6 e8, sow e6 ne)
      pass        pass
      Directions: n ne e se s sw w nw (n = towards higher ranks, e = to the right).
    Board picture: L3/D3 farmer with harvest 3, l/d loose seed, . empty.

    Full rules: docs/rules/agros.md

## mail_reply.txt: the one reply to a received mail, a paragraph per part. $address is the
## sender's, $service Agora's own.

cmd-verify = verify { $code }
mail-limited = Agora received more mail from { $address } this hour than it reads without your personal key, so it does not read more of it until the hour is over. Replies to Agora's mails carry your key and are always read.
mail-too-large = Sorry: your mail was too large to read (the limit is { $kb } KB). Send commands to { $service } as plain text, without attachments or long quotes.
mail-confirmed = Thank you: { $address } is confirmed. Your mails to Agora now count as yours.
mail-already-confirmed = { $address } is already confirmed: no code is needed.
mail-wrong-code = Sorry: that is not the code Agora sent to { $address }, so the address is not confirmed yet. Your code is in this mail, below. Whenever you need it again, send `verify` alone to { $service }.
mail-codes-locked = Too many wrong codes were sent for { $address } today, so Agora does not check codes for it until a day has passed. Replying to this mail confirms the address at any time.
mail-revoked = Done: all your personal keys were replaced with new ones, and the old ones no longer work. Replies to Agora's earlier mails now count as mails without your key; reply to this mail, or to Agora's next mail about a game, to act again.
mail-revoke-refused = Sorry: `revoke` was not done. It must come in a reply to a mail from Agora, whose reply address carries your personal key.
mail-unproven = This mail came without your personal key, so Agora repeats none of it: it may not come from you.
mail-unproven-not-done = { $count } { $count ->
        [one] command in it was
       *[other] commands in it were
    } not done: a command that changes a game or your settings must come in a reply to a mail from Agora, whose reply address carries your personal key.
mail-unproven-not-commands = { $count } { $count ->
        [one] line in it is not a command
       *[other] lines in it are not commands
    }; send `help` to { $service } for the list.
mail-not-done-one = Sorry: `{ $line }` was not done.
mail-not-done-many = Sorry: these commands were not done:
mail-not-done-why = A command that changes a game or your settings must come in a reply to a mail from Agora: its reply address carries your personal key. Reply to the latest mail about the game, or to this one, and send the command again.
mail-not-command = Sorry: `{ $line }` is not a command
mail-did-you-mean = (did you mean `{ $closest }`?)
mail-not-commands = These lines are not commands:
mail-read-how = Agora reads one command per line at the top of a mail; send `help` to { $service } for the list.
mail-nothing = Agora found no command in your mail. Write one command per line at the top of a mail to { $service }; send `help` for the list.
mail-welcome = Welcome to Agora, where you can play Agon and Agros by mail.
mail-confirm-how = To confirm that { $address } is yours, simply reply to this mail, or send a mail to { $service } with the line
mail-request-not-done = Agora did nothing else your mail asked: it acts only on mail from a confirmed address. Once the address is confirmed, send your commands again (in the reply that confirms it, if you like).
mail-request-ignore = If you did not write to Agora, ignore this mail: nothing happens without your reply. The code is valid for { $hours } hours.

## discord_words.txt: the Discord front end's own short texts; discord-label-… are buttons'
## labels and embeds' field names.

discord-messages-dm = Your reminders and final reports now come as direct messages.
discord-messages-thread = Your reminders and final reports now come in the game's thread.
discord-not-a-button = This button is not one of Agora's.
discord-no-game = There is no game #{ $game }.
discord-only-challenged = Only { $who } can answer this challenge; nothing was done.
discord-accepted = Game #{ $game } accepted by { $who }{ $thread ->
        [none] {""}
       *[other] : it goes on in { $thread }
    }.
discord-declined = Game #{ $game }: { $who } declined the challenge.
discord-challenge-elsewhere = Game #{ $game }: { $who } sent a challenge to { $title }; the game starts here when it is accepted.
discord-not-yours = Game #{ $game } is not yours; nothing was done.
discord-out-of-date = This is out of date: game #{ $game } is at ply { $ply } now{ $your_turn ->
        [true] {""}
       *[false] {" "}and it is not your turn
    }.
discord-your-move = Game #{ $game }, ply { $ply }: your move.
discord-narrowed = Game #{ $game }, ply { $ply }: { $value }…
discord-not-legal = `{ $value }` is not a legal action here.
discord-unreadable = `{ $value }` cannot be read.
discord-resign-ask = Resign game #{ $game }? Your opponent wins; this cannot be undone.
discord-preview = Game #{ $game }, ply { $ply }: the position after { $value }. Nothing is played until you press Play.
discord-expect = Game #{ $game }, ply { $ply }: it is not your turn, { $opponent } is to act. Choose the action you expect from them, then your answer, to add a conditional move: it is played at once if they play that, and nobody else ever sees it.
discord-expect-next = Game #{ $game }, ply { $ply }: after { $line }, { $yours ->
        [true] choose your answer.
       *[false] choose the next action you expect from { $opponent }.
    }
discord-line-preview = Game #{ $game }, ply { $ply }: the position after { $line }. { $mine ->
        [true] Nothing is kept until you press Add as conditional.
       *[false] If { $opponent } plays this, what do you answer?
    }
discord-ascii = Game #{ $game }, ply { $ply }:
discord-lobby-accept = Accept
discord-lobby-taken = Open challenge #{ $game } was taken: { $title }, { $first } vs { $second }.
discord-lobby-closed = Open challenge #{ $game } is closed: withdrawn or expired.
discord-lobby-closed-by = Open challenge #{ $game } ({ $title } by { $first }) is closed: withdrawn or expired.
discord-label-accept = Accept
discord-label-decline = Decline
discord-label-accept-draw = Accept draw
discord-label-decline-draw = Decline draw
discord-label-grant-takeback = Grant takeback
discord-label-refuse-takeback = Refuse takeback
discord-label-move = Move
discord-label-resign = Resign…
discord-label-yes-resign = Yes, resign
discord-label-play = Play { $value }
discord-label-choose-again = Choose again
discord-label-add-conditional = Add as conditional
discord-label-go-on = Go on
discord-label-choose-answer = Choose your answer
discord-label-ascii = ASCII board
discord-label-to-act = To act
discord-label-deadline = Deadline
discord-label-last-action = Last action
discord-label-clock = Clock
discord-label-result = Result
discord-label-title = Game #{ $game }: { $title }
discord-label-footer = { $first } vs { $second }, ply { $ply }
discord-label-last = { $value } (ply { $ply })

# tournament.txt: tournaments, their standings and pairings.
tournament-line = T{ $id } { $name }: { $title }, { $format }, { $status ->
        [open] open, { $players } of at most { $max } players
        [running] round { $round }, { $players } players
        [finished] finished
       *[other] cancelled
    }
tournament-list-heading = Tournaments:
tournament-list-hint = `tournament join N` enters one, `tournament standings N` shows its table.
tournament-list-none = No tournaments yet: `tournament create agon round-robin` makes one.
tournament-pairings-heading = Tournament T{ $id } { $name }, round { $round }:
tournament-pairings-none = Round { $round } has no games.
tournament-bye = { $name } has the bye (a win)
tournament-finished = Tournament T{ $id } { $name } is over. The final standings:
tournament-standings-heading = Standings (points, games played, tie-breaks):
tournament-crosstable-heading = Crosstable (the results against each, in the order above):
tournament-out = (out)
tournament-not-started = Not started: { $players } joined, { $min } needed.
tournament-created = You made tournament T{ $id } { $name }.
tournament-joined = You joined tournament T{ $id } { $name }.
tournament-left = You left tournament T{ $id } { $name }.
tournament-cancelled = Tournament T{ $id } { $name } is cancelled.
tournament-removed = The player is out of tournament T{ $id } { $name }.
tournament-clock = Clock: { $clock }.
tournament-starts = It starts on { $day }.
tournament-join-hint = Others join with `tournament join { $id }`.
tournament-format-round-robin = round robin
tournament-format-double = double round robin
tournament-format-swiss = Swiss of { $rounds } rounds
tournament-format-ladder = ladder (challenges up to { $reach } places above)
game-started-tournament = Tournament T{ $id } { $name }, round { $round }.
tournament-challenged = Game #{ $game }: you challenged { $name } on the ladder { $tournament }. If they do not answer in time, you take their place.
