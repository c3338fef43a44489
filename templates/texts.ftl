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
