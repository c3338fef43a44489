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

## Shared by the final reports and the record.

game-clock = betänketid: { $clock }
score-heading = Poäng per fält (AR-14):
record = Partiprotokoll: { $record }
record-none = (inga drag)
record-none-yet = (inga drag än)
cmd-unwatch = avfölj #{ $id }

## game_over.txt

game-over = Parti #{ $id } är slut: { $result }
game-over-aborted = Parti #{ $id } är slut: avbrutet av administratören, utan resultat
game-over-last = Senaste drag: { $last } (drag nr { $ply })
game-over-actions = { $actions } drag
game-over-duration = på { $duration }, från { $started } till { $finished }

## history.txt

history-head = Parti #{ $id }: { $title }, { $players }
history-times = Förbrukad tid (nummer, drag, tid): { $times }
history-result = Resultat: { $result }

## watching.txt

watching-over = Parti #{ $id } (som du följer) är slut: { $result }
watching-over-aborted = Parti #{ $id } (som du följer) är slut: avbrutet av administratören, utan resultat
watching-played = Parti #{ $id } (som du följer), drag { $ply }: { $mover } ({ $colour }) { $on_time ->
        [true] missade tidsgränsen och passade automatiskt
       *[false] { $action ->
            [pass] passade
           *[other] spelade { $action }
        }
    }
watching-stop = Du följer det här partiet: { $unwatch } stoppar de här meddelandena.

## watching_reply.txt

watching-now = Du följer nu parti #{ $id }: { $title }, { $players }, drag { $ply }. Du får brädet efter varje drag samt slutrapporten; { $unwatch } stoppar dem.
watching-already = Du följer redan parti #{ $id }; { $unwatch } avslutar det.
watching-stopped = Du följer inte längre parti #{ $id }.
watching-not = Du följde inte parti #{ $id }: inget ändrades.

## offer.txt

cmd-draw-accept = remi acceptera #{ $id }
cmd-draw-decline = remi avböj #{ $id }
cmd-undo-accept = ångra acceptera #{ $id }
cmd-undo-decline = ångra avböj #{ $id }
offer-offered-you = Parti #{ $id }: du { $what ->
        [draw] erbjöd remi
       *[other] föreslog att det senaste draget tas tillbaka
    }
offer-offered = Parti #{ $id }: { $by } { $what ->
        [draw] erbjuder remi
       *[other] föreslår att det senaste draget tas tillbaka
    }
offer-answer-draw = Svara { $accept } eller { $decline }.
offer-answer-takeback = { $by } vill ta tillbaka { $last }. Svara { $accept } eller { $decline }.
offer-declined-you = Parti #{ $id }: du avböjde { $what ->
        [draw] remierbjudandet
       *[other] förslaget att ta tillbaka draget
    }
offer-declined = Parti #{ $id }: { $by } avböjde { $what ->
        [draw] remierbjudandet
       *[other] förslaget att ta tillbaka draget
    }
offer-granted-you = Parti #{ $id }: du gick med på { $what ->
        [draw] remi
       *[other] att draget tas tillbaka
    }
offer-granted = Parti #{ $id }: { $by } gick med på { $what ->
        [draw] remi
       *[other] att draget tas tillbaka
    }

## preview.txt

cmd-move = drag #{ $id } { $action }
preview-head = Parti #{ $id }, förhandsvisning av drag { $next }: { $mover } spelar { $action } (inte spelat)
preview-outcome = Det skulle avsluta partiet: { $outcome }.
preview-how = Inget har spelats. För att spela draget: { $move }

## settings.txt

settings-timezone = Klart: tidsgränser visas nu i tidszonen { $value }.
settings-language = Klart: Agora skriver till dig på { $value } från och med nu.
settings-digest = Klart: { $value }.
settings-notify = Klart: dina aviseringar går nu till { $value }.

## vacation.txt

cmd-vacation-end = semester slut
cmd-vacation-days = semester <dagar>
vacation-started = Klart: du har semester till { $until }. Klockan står still i alla dina partier och dina motståndare har fått besked; { $end } avslutar semestern i förtid. Kvar i år: { $left } av { $allowance } { $allowance ->
        [one] dag
       *[other] dagar
    }.
vacation-ended = Välkommen tillbaka: din semester är slut och klockan går igen i dina partier. Kvar i år: { $left } av { $allowance } { $allowance ->
        [one] dag
       *[other] dagar
    }.
vacation-away = Du har semester till { $until } ({ $end } avslutar den i förtid). Kvar i år: { $left } av { $allowance } { $allowance ->
        [one] dag
       *[other] dagar
    }.
vacation-not-away = Du har inte semester. Kvar i år: { $left } av { $allowance } { $allowance ->
        [one] dag
       *[other] dagar
    }; { $take } tar ut semesterdagar.

## A player's games, in games.txt and digest.txt.

cmd-board = bräde <parti>
cmd-board-game = bräde #{ $id }
cmd-challenge = utmana <motståndare> agon
cmd-challenge-anyone = utmana alla agon
cmd-digest-off = inställningar sammanfattning av
cmd-watch = följ #{ $id }
games-line = { $title } mot { $opponent }, du spelar { $colour }: { $state }
games-deadline = tidsgräns { $deadline }
games-away = { $opponent } har semester till { $away }

## games.txt

games-heading = Dina partier:
games-none = Du har inga pågående partier: { $challenge } startar ett.

## digest.txt

digest-head = Agora: { $games } { $games ->
        [one] parti
       *[other] partier
    } väntar på dig{ $watched ->
        [0] {""}
       *[other] , { $watched } { $watched ->
            [one] parti
           *[other] partier
        } som du följer har fått nya drag
    }
digest-watched = Partier du följer:
digest-watched-game = { $title }, { $first } mot { $second }, drag { $ply }
digest-watched-over = avslutat, { $result }
digest-watched-last = senast { $last }
digest-commands = { $board } visar brädet i ett parti; { $digest_off } går tillbaka till påminnelser för varje parti.

## live.txt

live-heading = Partier som spelas just nu:
live-game = { $title }, { $first } mot { $second }, drag { $ply }: { $to_act } ({ $colour }) står på tur{ $rated ->
        [true] {""}
       *[false] {" "}(utan rating)
    }
live-how = { $watch } skickar dig brädet i ett parti efter varje drag; { $board } visar det direkt.
live-none = Inget parti spelas offentligt just nu. { $seeks } visar öppna utmaningar.

## seeks.txt

seeks-heading = Öppna utmaningar:
seeks-by = { $title } från { $maker }
seeks-until = gäller till { $expires }
seeks-how = { $accept } antar en utmaning; den första behöriga spelaren som accepterar får spela.
seeks-none = Inga öppna utmaningar väntar. { $challenge } skapar en som vem som helst kan anta.

## leaderboard.txt

leaderboard-head = Topplista, { $pool } (etablerad rating: avvikelse under { $max } efter minst { $min_games } { $min_games ->
        [one] parti
       *[other] partier
    } med rating):
leaderboard-games = { $games } { $games ->
        [one] parti
       *[other] partier
    }
leaderboard-none = Ingen har någon etablerad rating i { $pool } än (en avvikelse under { $max } efter minst { $min_games } { $min_games ->
        [one] parti
       *[other] partier
    } med rating).

## rating.txt

rating-computer = { $name } har fast rating, uppmätt i matcher mellan datorns nivåer; partier ändrar den inte:
rating-yours = Din rating (Glicko-2):
rating-theirs = Rating för { $name } (Glicko-2):
rating-after = efter { $games } { $games ->
        [one] parti
       *[other] partier
    } med rating{ $established ->
        [true] {""}
       *[false] {" "}(preliminär)
    }
rating-none-yours = Du har ingen rating än: man får en rating efter sitt första parti med rating mot en människa (alla börjar på 1500).
rating-none = { $name } har ingen rating än: man får en rating efter sitt första parti med rating mot en människa (alla börjar på 1500).
rating-reliability = Pålitlighet:

## help.txt

cmd-help-command = hjälp <kommando>
help-heading = Kommandon (skicka { $help } för detaljer):
help-discord =
    I ett partis tråd vet Agora vilket parti det gäller; annars anger du alternativet `parti`. Ett drag
    kan också skrivas som ett meddelande i partiets tråd, till exempel `k1-j1`, `g5` eller `c3,h8`:
    ✅ visar att det spelades, och om inte, visas ❌ och skälet kommer som direktmeddelande.
help-text =
    Ett parti anges som `#12` (eller `parti 12`), t.ex. `bräde #12`, `#12 g5`; i ett svar på ett
    meddelande om ett parti vet Agora redan vilket parti det gäller. Ett ensamt drag som `k1-j1`, `g5`
    eller `c3,h8` är ett drag i partiet du svarar på, eller i det enda parti som väntar på dig. `ply N`
    (antalet drag som spelats hittills) skyddar ett drag mot en ställning som har ändrats: `#12 ply 30 g5`.
help-revoke = Via e-post: `spärra` i ett svar på ett av Agoras mejl ersätter alla dina personliga nycklar (i svarsadresserna) med nya.

## help_command.txt

help-also = (även: { $aliases })

## undeliverable.txt

cmd-notify = inställningar aviseringar { $channel ->
        [mailto] e-post
        [discord] discord
       *[other] terminal
    }
undeliverable-where = { $channel ->
        [mailto] din e-postadress { $address }
        [discord] ditt Discord-konto
       *[other] din terminal
    }
undeliverable-game = Parti #{ $game }: ett meddelande kunde inte nå dig
undeliverable-game-body = Agora kunde inte leverera ett meddelande om parti #{ $game } till { $where } och har slutat försöka. Senare meddelanden kanske inte heller når dig där.
undeliverable = Ett meddelande kunde inte nå dig
undeliverable-body = Agora kunde inte leverera ett meddelande till { $where } och har slutat försöka. Senare meddelanden kanske inte heller når dig där.
undeliverable-mail = Kontrollera att adressen stämmer och att brevlådan tar emot e-post (att den inte är full eller stängd). Om du hellre vill få besked här, skicka { $notify }.
undeliverable-discord = Kontrollera att du fortfarande är med på en server där Agoras bot finns och att den får skicka direktmeddelanden till dig (serverns integritetsinställningar). Om du hellre vill få besked här, skicka { $notify }.
undeliverable-other = Om du hellre vill få besked här, skicka { $notify }.
undeliverable-board = { $board } visar ställningen i partiet.

## mail_footer.txt

mail-footer-game = Agora: svara på det här mejlet med ett kommando per rad (`hjälp` listar dem).
mail-footer-key = Behåll svarsadressen som den är: den innehåller din personliga nyckel till parti #{ $game }.
mail-footer-url = Partiet på webben: { $url }
mail-footer = Agora: svara på det här mejlet, eller skriv till { $service }, med ett kommando per rad (`hjälp` listar dem).

## mail_subject.txt

mail-subject-limited = Agora: för många mejl
mail-subject-put-aside = Agora: ditt mejl kunde inte hanteras
mail-subject-too-large = Agora: ditt mejl var för stort
mail-subject-unproven = Agora: ett mejl utan din nyckel
mail-subject-confirm = Agora: bekräfta din adress

## mail_put_aside.txt

mail-put-aside = Förlåt: Agora kunde inte hantera ditt mejl som kom { $arrived }, trots { $attempts } försök. Felet ligger hos Agora, inte i ditt mejl; administratören kan hitta det med referensen { $reference }.
mail-put-aside-rest = Några av kommandona i mejlet kan ha utförts innan felet uppstod: partimejlen du får visar vad som har spelats. Skicka resten igen genom att svara på ett av Agoras mejl om ditt parti, eller till { $service }.
