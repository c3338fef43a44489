# The sentences of the long texts (templates/*.txt), keyed by the template they belong to:
# `board-…` is a sentence of board.txt. The templates hold the structure (lines, what is shown
# on which channel); each language words the sentences here, with the same $variables.

## Command lines, as a reader types them (a template quotes them with cmd(…)).

cmd-link = koppla { $code }
cmd-link-second = koppla <kod>

## _operator.txt

operator-decided = Detta beslutades av tjänstens administratör, inte av en spelare.
operator-decided-why = Detta beslutades av tjänstens administratör, inte av en spelare. Angivet skäl: { $what }.

## _ratings.txt

ratings-heading = Ratingförändringar:

## _reliability.txt

reliability-turns = { $in_time } % av { $turns } drag spelades i tid
reliability-games = { $finished } % av { $games } { $games ->
        [one] parti
       *[other] partier
    } spelades färdigt i stället för att förloras på tid

## _stranger.txt

stranger-discord = en Discord-användare (id { $id })
stranger-other = en annan spelare

## _turn.txt

turn-deadline = ; tidsgräns { $deadline }
turn-yours = Din tur ({ $colour }){ $deadline }.
turn-theirs = { $name } ({ $colour }) står på tur{ $deadline }.
turn-clock = Betänketid: { $clock }.

## already_applied.txt

already-applied = Redan utfört: { $action } är drag { $ply } i parti #{ $id }.

## linked.txt

linked = Kopplat: ditt andra konto hör nu till { $name }, som har { $accounts } { $accounts ->
        [one] konto
       *[other] konton
    } totalt.

## lobby.txt

lobby-challenge = Öppen utmaning #{ $id }: { $title } från { $maker }
lobby-clock = betänketid: { $clock }
lobby-rated = { $rated ->
        [true] med rating
       *[false] utan rating
    }
lobby-private = privat
lobby-range = för spelare med rating { $range }
lobby-first = Den första behöriga spelaren som accepterar får spela.

## error.txt

error = Tyvärr: { $message }

## export.txt

export-attached = Parti #{ $id }, { $title }: partiprotokollet med { $actions } drag bifogas som { $name }.
export-reads-back = Det kan läsas in igen med `agora rules replay --record { $name }` och `agora render --record { $name }`.

## link_code.txt

link-code = Din kopplingskod är { $code }. Skicka { $discord } från ditt andra konto på Discord, eller { $mail } via e-post, inom { $minutes } { $minutes ->
        [one] minut
       *[other] minuter
    }. Agora skickar då en andra kod till det kontot: skicka den hit med { $second }, så kopplas det andra kontot ihop med { $name }.

## link_confirm.txt

link-confirm = Någon har bett om att koppla det här kontot till { $name }. Om det var du, skicka { $send } från kontot { $name } inom { $minutes } { $minutes ->
        [one] minut
       *[other] minuter
    } för att slutföra. Koden skickas hit så att bara den som läser det här kontot kan koppla det. Om det inte var du, strunta i det här: ingenting kopplas.
link-confirm-either = { $discord } på Discord eller { $mail } via e-post

## discord_apology.txt

discord-apology = Förlåt: något gick fel hos Agora, inte i det du gjorde, och det är inte säkert att det blev utfört. Partiets meddelanden visar vad som har spelats; försök igen senare. Administratören kan hitta felet med referensen { $reference }.

## discord_unknown.txt

discord-unknown = Agora känner inte till det här kommandot, eller så har det ändrats sedan Discord senast visade det för dig. Skriv `/` för att se kommandona som de ser ut nu, eller använd `/hjälp`.

## discord_message_refused.txt

discord-refused-about = Om ditt meddelande { $link } i parti #{ $game }:

## Shared by the texts about a game.

game-players = { $first } ({ $first_colour }) mot { $second } ({ $second_colour })
cmd-accept = acceptera #{ $id }
cmd-decline = avböj #{ $id }
cmd-cancel = återkalla #{ $id }
cmd-seeks = utmaningar

## action_played.txt

played-auto-you = Parti #{ $id }, drag { $ply }: din tidsgräns löpte ut, så du passade automatiskt
played-auto = Parti #{ $id }, drag { $ply }: { $mover } ({ $colour }) missade tidsgränsen och passade automatiskt
played-you = Parti #{ $id }, drag { $ply }: { $action ->
        [pass] du passade
       *[other] du spelade { $action }
    }
played-answered = Parti #{ $id }, drag { $ply }: du spelade { $replied_to } och { $mover } ({ $colour }) svarade { $action }
played = Parti #{ $id }, drag { $ply }: { $mover } ({ $colour }) { $action ->
        [pass] passade
       *[other] spelade { $action }
    }

## board.txt

board-head = Parti #{ $id }: { $title }, { $players }, drag { $ply }
board-proposed = Väntar på att { $second } ska acceptera; betänketid: { $clock }.
board-over = Avslutat: { $result }
board-status = Det här partiet { $status ->
        [declined] avböjdes
        [cancelled] drogs tillbaka
        [finished] är avslutat
       *[other] har status { $status }
    }

## challenge_closed.txt

challenge-closed-operator = Parti #{ $id }: utmaningen drogs tillbaka av administratören ({ $title })
challenge-closed-you = Parti #{ $id }: du { $what ->
        [withdrew] drog tillbaka
        [declined] avböjde
       *[other] { $what }
    } utmaningen ({ $title })
challenge-closed = Parti #{ $id }: { $by } { $what ->
        [withdrew] drog tillbaka
        [declined] avböjde
       *[other] { $what }
    } utmaningen ({ $title })

## challenge_expired.txt

challenge-expired-subject = Parti #{ $id }: utmaningen har gått ut ({ $title })
challenge-expired-yours = Din utmaning till { $opponent } fick inget svar på { $days } { $days ->
        [one] dag
       *[other] dagar
    }, så den är stängd. Du kan utmana igen när du vill.
challenge-expired-theirs = Utmaningen från { $opponent } fick inget svar på { $days } { $days ->
        [one] dag
       *[other] dagar
    }, så den är stängd och inget mer händer med den.

## challenge_received.txt

challenge-received = Parti #{ $id }: { $by } utmanar dig i { $title }
challenge-received-terms = { $by } spelar { $first }, du spelar { $second }; betänketid: { $clock }; { $rated ->
        [true] med rating
       *[false] utan rating
    }{ $private ->
        [true] , privat
       *[false] {""}
    }.
challenge-received-rated = rating { $rating } i { $title }
challenge-received-unrated = ännu ingen rating i { $title }
challenge-received-answer = Svara { $accept } för att spela, eller { $decline } för att tacka nej.
challenge-received-unconfirmed = Du har inte skrivit till Agora från den här adressen tidigare. Om du inte vet vem det här är kan du strunta i meddelandet: ingenting händer om du inte svarar.

## challenge_sent.txt

challenge-sent-open = Parti #{ $id }: din öppna utmaning i { $title } finns nu i listan och kan antas av vem som helst{ $range ->
        [none] {""}
       *[other] {" "}med rating { $range }
    }; betänketid: { $clock }; { $rated ->
        [true] med rating
       *[false] utan rating
    }{ $private ->
        [true] , privat
       *[false] {""}
    }.
challenge-sent-open-starts = Du spelar { $colour }. Partiet börjar när den första behöriga spelaren accepterar ({ $cancel } drar tillbaka utmaningen; { $seeks } visar de öppna utmaningarna).
challenge-sent = Parti #{ $id }: du har utmanat { $opponent } i { $title }; betänketid: { $clock }; { $rated ->
        [true] med rating
       *[false] utan rating
    }{ $private ->
        [true] , privat
       *[false] {""}
    }.
challenge-sent-starts = Du spelar { $colour }. Partiet börjar när { $opponent } accepterar ({ $cancel } drar tillbaka utmaningen).

## game_started.txt

game-started = Parti #{ $id }: { $title }, { $players } har börjat

## reminder.txt

reminder = Parti #{ $id }: din tur, { $left } kvar (tidsgräns { $deadline })
reminder-state = { $players }, drag { $ply }; betänketid: { $clock }.
reminder-passes = Om tidsgränsen löper ut passar du automatiskt.
reminder-loses = Om tidsgränsen löper ut förlorar du partiet på tid.

## vacation_notice.txt

vacation-notice-away = Parti #{ $id }: { $name } har semester
vacation-notice-away-clock = { $name } ({ $colour }) är borta: klockan för { $name } står still tills semestern är slut.
vacation-notice-back = Parti #{ $id }: { $name } är tillbaka från semestern
vacation-notice-back-clock = { $name } ({ $colour }) är tillbaka; klockan för { $name } går igen.
