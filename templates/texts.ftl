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
reminder-state = { $players }, ply { $ply }; clock: { $clock }.
reminder-passes = If the deadline passes, your turn is passed for you.
reminder-loses = If the deadline passes, the game is lost on time.

## vacation_notice.txt

vacation-notice-away = Game #{ $id }: { $name } is on vacation
vacation-notice-away-clock = { $name } ({ $colour }) is away: their clock is paused until they are back.
vacation-notice-back = Game #{ $id }: { $name } is back from vacation
vacation-notice-back-clock = { $name } ({ $colour }) is back; their clock runs again.
