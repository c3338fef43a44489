# The sentences of the long texts (templates/*.txt), keyed by the template they belong to:
# `board-…` is a sentence of board.txt. The templates hold the structure (lines, what is shown
# on which channel); each language words the sentences here, with the same $variables.

## Command lines, as a reader types them (a template quotes them with cmd(…)).

cmd-link = koppel { $code }
cmd-link-second = koppel <code>

## _operator.txt

operator-decided = Dit is besloten door de beheerder van deze dienst, niet door een speler.
operator-decided-why = Dit is besloten door de beheerder van deze dienst, niet door een speler. Opgegeven reden: { $what }.

## _ratings.txt

ratings-heading = Ratingwijzigingen:

## _reliability.txt

reliability-turns = { $in_time }% van { $turns } { $turns ->
        [one] beurt
       *[other] beurten
    } op tijd gespeeld
reliability-games = { $finished }% van { $games } { $games ->
        [one] partij
       *[other] partijen
    } uitgespeeld in plaats van verloren door tijdsoverschrijding

## _stranger.txt

stranger-discord = een Discord-gebruiker (id { $id })
stranger-other = een andere speler

## _turn.txt

turn-deadline = ; deadline { $deadline }
turn-yours = Jij bent aan zet ({ $colour }){ $deadline }.
turn-theirs = { $name } ({ $colour }) is aan zet{ $deadline }.
turn-clock = Bedenktijd: { $clock }.

## already_applied.txt

already-applied = Al verwerkt: { $action } is zet { $ply } van partij #{ $id }.

## linked.txt

linked = Gekoppeld: je andere account hoort nu bij { $name }, die in totaal { $accounts } { $accounts ->
        [one] account
       *[other] accounts
    } heeft.

## lobby.txt

lobby-challenge = Open uitdaging #{ $id }: { $title } van { $maker }
lobby-clock = bedenktijd: { $clock }
lobby-rated = { $rated ->
        [true] met rating
       *[false] zonder rating
    }
lobby-private = privé
lobby-range = voor ratings { $range }
lobby-first = De eerste speler die in aanmerking komt en accepteert, speelt de partij.

## error.txt

error = Helaas: { $message }

## export.txt

export-attached = Partij #{ $id }, { $title }: het partijverslag met { $actions } { $actions ->
        [one] zet
       *[other] zetten
    } zit als { $name } in de bijlage.
export-reads-back = Je kunt het weer inlezen met `agora rules replay --record { $name }` en `agora render --record { $name }`.

## link_code.txt

link-code = Je koppelcode is { $code }. Stuur binnen { $minutes } { $minutes ->
        [one] minuut
       *[other] minuten
    } { $discord } vanaf je andere account op Discord, of { $mail } per e-mail. Agora stuurt dat account dan een tweede code: stuur die hier met { $second }, dan hoort het andere account voortaan bij { $name }.

## link_confirm.txt

link-confirm = Er is gevraagd dit account bij { $name } te voegen. Heb jij dat gevraagd, stuur dan binnen { $minutes } { $minutes ->
        [one] minuut
       *[other] minuten
    } { $send } vanaf het account van { $name } om het af te ronden. De code komt hier, zodat alleen wie dit account leest het kan koppelen. Heb je het niet gevraagd, negeer dit dan: er wordt niets gekoppeld.
link-confirm-either = { $discord } op Discord of { $mail } per e-mail

## discord_apology.txt

discord-apology = Sorry, er ging iets mis aan de kant van Agora, niet door iets wat jij deed, en het is misschien niet uitgevoerd. De berichten van de partij laten zien wat er gespeeld is; probeer het later nog eens. De beheerder kan het terugvinden met referentie { $reference }.

## discord_unknown.txt

discord-unknown = Agora kent dit commando niet, of het is veranderd sinds Discord het je voor het laatst liet zien. Typ `/` om de commando's te zien zoals ze nu zijn, of gebruik `/hulp`.

## discord_message_refused.txt

discord-refused-about = Over je bericht { $link } in partij #{ $game }:

## Shared by the texts about a game.

game-players = { $first } ({ $first_colour }) tegen { $second } ({ $second_colour })
cmd-accept = accepteer #{ $id }
cmd-decline = weiger #{ $id }
cmd-cancel = annuleer #{ $id }
cmd-seeks = uitdagingen

## action_played.txt

played-auto-you = Partij #{ $id }, zet { $ply }: je deadline is verstreken, dus je hebt automatisch gepast
played-auto = Partij #{ $id }, zet { $ply }: { $mover } ({ $colour }) heeft de deadline gemist en automatisch gepast
played-you = Partij #{ $id }, zet { $ply }: { $action ->
        [pass] je hebt gepast
       *[other] je hebt { $action } gespeeld
    }
played-answered = Partij #{ $id }, zet { $ply }: je speelde { $replied_to } en { $mover } ({ $colour }) antwoordde met { $action }
played = Partij #{ $id }, zet { $ply }: { $mover } ({ $colour }) { $action ->
        [pass] heeft gepast
       *[other] heeft { $action } gespeeld
    }

## board.txt

board-head = Partij #{ $id }: { $title }, { $players }, zet { $ply }
board-proposed = Wacht tot { $second } de uitdaging aanneemt; bedenktijd: { $clock }.
board-over = Afgelopen: { $result }
board-status = { $status ->
        [declined] De uitdaging voor deze partij is geweigerd
        [cancelled] De uitdaging voor deze partij is ingetrokken
        [finished] Deze partij is afgelopen
       *[other] Deze partij is { $status }
    }

## challenge_closed.txt

challenge-closed-operator = Partij #{ $id }: de uitdaging is ingetrokken door de beheerder ({ $title })
challenge-closed-you = Partij #{ $id }: je hebt de uitdaging { $what ->
        [withdrew] ingetrokken
        [declined] geweigerd
       *[other] { $what }
    } ({ $title })
challenge-closed = Partij #{ $id }: { $by } heeft de uitdaging { $what ->
        [withdrew] ingetrokken
        [declined] geweigerd
       *[other] { $what }
    } ({ $title })

## challenge_expired.txt

challenge-expired-subject = Partij #{ $id }: de uitdaging is verlopen ({ $title })
challenge-expired-yours = Je uitdaging aan { $opponent } is { $days } { $days ->
        [one] dag
       *[other] dagen
    } onbeantwoord gebleven en is daarom gesloten. Je kunt op elk moment opnieuw uitdagen.
challenge-expired-theirs = De uitdaging van { $opponent } is { $days } { $days ->
        [one] dag
       *[other] dagen
    } onbeantwoord gebleven en is daarom gesloten; er gebeurt verder niets mee.

## challenge_received.txt

challenge-received = Partij #{ $id }: { $by } daagt je uit voor { $title }
challenge-received-terms = { $by } speelt { $first }, jij speelt { $second }; bedenktijd: { $clock }; { $rated ->
        [true] met rating
       *[false] zonder rating
    }{ $private ->
        [true] , privé
       *[false] {""}
    }.
challenge-received-rated = rating { $rating } in { $title }
challenge-received-unrated = nog geen rating in { $title }
challenge-received-answer = Antwoord { $accept } om te spelen, of { $decline } om te weigeren.
challenge-received-unconfirmed = Je hebt nog nooit vanaf dit adres naar Agora geschreven. Weet je niet wie dit is, negeer dit bericht dan: er gebeurt niets zolang je niet antwoordt.

## challenge_sent.txt

challenge-sent-open = Partij #{ $id }: je open uitdaging voor { $title } staat in de lijst, zodat iedereen{ $range ->
        [none] {""}
       *[other] {" "}met een rating van { $range }
    } die kan aannemen; bedenktijd: { $clock }; { $rated ->
        [true] met rating
       *[false] zonder rating
    }{ $private ->
        [true] , privé
       *[false] {""}
    }.
challenge-sent-open-starts = Jij speelt met { $colour }. De partij begint zodra de eerste speler die in aanmerking komt accepteert ({ $cancel } trekt de uitdaging in; { $seeks } toont de open uitdagingen).
challenge-sent = Partij #{ $id }: je hebt { $opponent } uitgedaagd voor { $title }; bedenktijd: { $clock }; { $rated ->
        [true] met rating
       *[false] zonder rating
    }{ $private ->
        [true] , privé
       *[false] {""}
    }.
challenge-sent-starts = Jij speelt met { $colour }. De partij begint zodra { $opponent } accepteert ({ $cancel } trekt de uitdaging in).

## game_started.txt

game-started = Partij #{ $id }: { $title }, { $players } is begonnen

## reminder.txt

reminder = Partij #{ $id }: jij bent aan zet, nog { $left } (deadline { $deadline })
reminder-state = { $players }, zet { $ply }; bedenktijd: { $clock }.
reminder-passes = Verstrijkt de deadline, dan wordt er automatisch voor je gepast.
reminder-loses = Verstrijkt de deadline, dan verlies je de partij door tijdsoverschrijding.

## vacation_notice.txt

vacation-notice-away = Partij #{ $id }: { $name } is op vakantie
vacation-notice-away-clock = { $name } ({ $colour }) is weg: de klok van { $name } staat stil tot de vakantie voorbij is.
vacation-notice-back = Partij #{ $id }: { $name } is terug van vakantie
vacation-notice-back-clock = { $name } ({ $colour }) is terug; de klok van { $name } loopt weer.
