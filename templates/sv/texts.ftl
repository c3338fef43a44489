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
played-conditional = Parti #{ $id }, drag { $ply }: { $opponent } ({ $colour }) spelade { $replied_to } och ditt villkorsdrag { $action } spelades
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
reminder-moved = Ingen påminnelse om den här turen nådde dig { $hours } timmar före din tidsgräns, så den flyttades till { $deadline }. Det händer en gång per parti, med högst 48 timmar.
reminder-state = { $players }, drag { $ply }; betänketid: { $clock }.
reminder-passes = Om tidsgränsen löper ut passar du automatiskt.
reminder-loses = Om tidsgränsen löper ut förlorar du partiet på tid.

## vacation_notice.txt

unwarned-notice = Parti #{ $id }: tidsgränsen för { $name } har flyttats
unwarned-notice-clock = Ingen påminnelse nådde { $name } ({ $colour }) { $hours } timmar före tidsgränsen, så den flyttades till { $deadline }: ingen förlorar på tid utan att ha varnats. Det händer en gång per parti, med högst 48 timmar.
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
digest-on = en sammanfattning om dagen klockan { $hour } { $zone } listar varje parti som väntar på dig, i stället för påminnelser; nästa kommer { $next }
digest-off = ingen sammanfattning längre: du får en påminnelse per parti före tidsgränsen
settings-notify = Klart: dina aviseringar går nu till { $value }.
settings-rest = Klart: { $value }, från din nästa tur i varje parti.
settings-calendar = Klart: din kalender med tidsgränser finns på { $value } — lägg till den som en prenumeration i ditt kalenderprogram. Håll adressen för dig själv: den som har den ser dina tidsgränser. `inställningar kalender` igen ersätter den, `inställningar kalender av` tar bort den.
settings-calendar-off = Klart: din kalenders adress fungerar inte längre.
settings-calendar-none = Du hade ingen kalender: inget att ta bort.
note-kept = Antecknat om parti #{ $id } (du har { $count } { $count ->
    [one] anteckning
   *[other] anteckningar
} där); bara du ser den någonsin.
note-cleared = Dina { $count } { $count ->
    [one] anteckning
   *[other] anteckningar
} om parti #{ $id } är borttagna.
note-none = Du har inga anteckningar om parti #{ $id }.
notes-heading = Dina anteckningar om parti #{ $id } (bara du ser dem):
note-line = efter drag { $ply }: { $text }
conditional-added = Sparat för parti #{ $id }: du har { $count } { $count ->
    [one] följd
   *[other] följder
}, som bara du någonsin ser. När motståndaren spelar det första draget i en följd spelas ditt svar direkt; alla andra drag tar bort dem.
conditional-known = Den följden har du redan i parti #{ $id }.
conditional-cleared = { $count ->
    [0] Ingen av dina följder i parti #{ $id } börjar så: inget är borttaget.
    [one] Din villkorsföljd i parti #{ $id } är borttagen.
   *[other] Dina { $count } villkorsföljder i parti #{ $id } är borttagna.
}
conditional-none = Du har inga villkorsdrag i parti #{ $id }.
conditional-heading = Dina villkorsföljder i parti #{ $id } (hens drag → ditt svar → …; bara du ser dem):
analysis-soon = Datorn analyserar det här partiet: `analys #{ $id }` skickar de största misstagen när den är klar, och partiets webbsida visar dem.
analysis-waiting = Datorn är inte klar med parti #{ $id } än ({ $ahead ->
    [0] det analyseras nu
    [one] ett parti är före
   *[other] { $ahead } partier är före
}): fråga igen med `analys #{ $id }` om några minuter.
analysis-heading = Datorns analys av parti #{ $id }: de största misstagen för varje sida, med vinstchansen för den som drog före och efter.
analysis-mistake = Drag { $ply }, { $name } ({ $colour }) spelade { $played }: { $before } % → { $after } %. Bättre: { $better }.
analysis-none = Inget drag kostade mycket: ingen av sidorna gjorde ett misstag som datorn räknar.
analysis-files = Bedömningens graf och protokollet med kommentarer (agora-{ $id }-analysis.txt) följer med det här meddelandet.
analysis-graph-ply = drag
analysis-graph-description = Vinstchansen för { $first } efter vart och ett av { $plies } drag, som datorn ser den; { $mistakes ->
    [0] inga misstag är markerade
    [one] ett misstag är markerat
   *[other] { $mistakes } misstag är markerade
}.
analysis-comment = { $first } { $chance } %
analysis-comment-mistake = { $first } { $chance } %; ett misstag ({ $before } % → { $after } % för den som drog), bättre { $better }
rest-off = din klocka går varje timme
rest-weekend = din klocka vilar på helgen ({ $zone })
rest-night = din klocka vilar varje natt från { $from } till { $to } ({ $zone })
rest-both = din klocka vilar på helgen och varje natt från { $from } till { $to } ({ $zone })
calendar-name = Agora: tidsgränser för { $name }
calendar-summary = Agora #{ $game }: din tur mot { $opponent } ({ $title })
calendar-description = Tidsgränsen för din tur i parti #{ $game }. { $link }
calendar-alarm = Din tur i parti #{ $game } mot { $opponent }

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
games-deadline = tidsgräns { $deadline }, { $left } kvar
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

## rules_agon.txt and rules_agros.txt: the short rules, line by line as shown.

rules-agon =
    Agon: så spelar du (kort)

    Brädet: 91 sexkantiga rutor i rader a (nederst) till k (överst), räknade från vänster.
    Mittrutan f6 är tronen. Ring 1 (e5 e6 f5 f7 g5 g6) ligger runt den; ring 5 är kanten.
    Vit och Svart har var sin drottning och sex vakter, som börjar på den yttersta ringen:
      Vit:   drottning k1, vakter a4 b1 c8 g1 g10 k5
      Svart: drottning a6, vakter a2 e1 e10 i1 j7 k3
    Vit börjar. Varje tur är exakt ett drag; det går inte att passa.

    Steg: flytta en pjäs till en tom grannruta i samma ring eller en ring närmare tronen.
      Aldrig utåt, aldrig hopp. Bara en drottning får gå upp på tronen (AG-6).
      Du får inte kliva in mellan två fientliga pjäser på en linje (AG-7).
    Fånga: efter ditt steg är en fientlig pjäs bredvid den flyttade pjäsen infångad om en
      egen pjäs står direkt bakom den på samma linje (AG-8). Ett steg kan fånga flera.
      En infångad pjäs står kvar (den upptar sin ruta och räknas), men kan inte flytta.
    Återplacera: är någon av dina pjäser infångad när din tur börjar, ska du återplacera
      den, drottningen först: en vakt på valfri tom ruta i den yttersta ringen,
      drottningen på valfri tom ruta, tronen inräknad (AG-9, AG-10).
    Slut: står dina vakter på alla sex rutorna i ring 1 vinner du om din drottning står
      på tronen, och förlorar direkt om hon inte gör det (AG-11). Inget tillåtet drag:
      du förlorar (AG-12). Samma ställning för tredje gången: remi (AG-13).

    Notation:
      steg            k1-j1    med fångst: a5-a6xb7 (x-delen får du utelämna)
      återplacering   b7=f6    från den infångade pjäsens ruta till den nya rutan
      Stora eller små bokstäver spelar ingen roll; ett Q eller G framför går bra: Qk1-j1.
    På brädet: Q/G vit drottning/vakt, q/g svart, * infångad, ^ tronen.

    Fullständiga regler: docs/rules/agon.sv.md
rules-agros =
    Agros: så spelar du (kort)

    Brädet: B x B rutor (8, 10 eller 12; standard 10), namngivna som på ett schackbräde:
    a1 är nere till vänster. Ljus och Mörk har N bönder var (3, 5 eller 7; standard 5).
    Ljus börjar. En bondes skörd är bonden plus fröna under den (utan frön: skörd 1).

    Öppning (AR-4): sätt ut bönder på valfria tomma rutor: Ljus 1, Mörk 2, Ljus 2, ...,
      och Mörk 1 i sin sista öppningstur. I öppningen går det inte att passa.
    Sedan är varje tur exakt ett av dessa drag:
      Skörda (AR-5): en bonde med skörd h flyttar hela sin stapel exakt h rutor, rakt
        eller diagonalt, till en tom ruta; rutorna den passerar måste vara tomma eller
        ha egna pjäser. Sedan läggs ett frö under den: skörden blir h+1.
      Så (AR-6): en bonde med skörd h på 2 eller mer sår alla sina h-1 frön åt ett håll:
        ett frö på sin egen ruta och på varje ruta den passerar, och den landar utan frön
        (skörd 1) h-1 rutor bort. De h-1 rutorna måste finnas på brädet och vara tomma.
      Passa (AR-7): alltid tillåtet. Passar du direkt efter att motståndaren passat är
        partiet slut (AR-9).
    Lösa frön ligger kvar för alltid och ger inga poäng; en ruta med frö är inte tom (AR-8).

    Poäng: ett fält är en grupp tomma rutor som hänger ihop vågrätt eller lodrätt
      (AR-10). Gör för varje fält och spelare en lista över skördarna hos spelarens
      bönder som står vågrätt eller lodrätt intill fältet, störst först; den som har det
      större talet vid första skillnaden kontrollerar fältet (AR-11). Fältet är då värt
      antalet rutor x den spelarens största angränsande skörd (AR-12). Den som har de
      högsta egna skördarna (jämförda störst först) får en halv poäng (AR-13). Högst
      summa vinner; lika summa är oavgjort (AR-14).

    Notation:
      sätta ut   e5   eller   c3,h8
      skörda     e5-e7    till rutan där bonden landar (även: harvest e5 e7, harvest e5 n)
      så         e6=e8    till rutan där bonden landar (även: sow e6 e8, sow e6 ne)
      passa      pass
      Väderstreck (engelska): n ne e se s sw w nw (n = mot högre rader, e = åt höger).
    På brädet: L3/D3 bonde (Ljus/Mörk) med skörd 3, l/d löst frö, . tom.

    Fullständiga regler: docs/rules/agros.sv.md

## mail_reply.txt

cmd-verify = verifiera { $code }
mail-limited = Agora har tagit emot fler mejl från { $address } den här timmen än vad som läses utan din personliga nyckel, så inga fler läses förrän timmen är slut. Svar på Agoras mejl innehåller din nyckel och läses alltid.
mail-too-large = Tyvärr: ditt mejl var för stort för att läsas (gränsen är { $kb } kB). Skicka kommandon till { $service } som vanlig text, utan bilagor eller långa citat.
mail-confirmed = Tack: { $address } är bekräftad. Dina mejl till Agora räknas nu som dina.
mail-already-confirmed = { $address } är redan bekräftad: ingen kod behövs.
mail-wrong-code = Tyvärr: det är inte den kod som Agora skickade till { $address }, så adressen är inte bekräftad än. Din kod står längre ned i det här mejlet. När du behöver den igen kan du skicka bara `verifiera` till { $service }.
mail-codes-locked = För många felaktiga koder har skickats för { $address } i dag, så Agora kontrollerar inga koder för den adressen förrän ett dygn har gått. Du kan alltid bekräfta adressen genom att svara på det här mejlet.
mail-revoked = Klart: alla dina personliga nycklar har ersatts med nya, och de gamla fungerar inte längre. Svar på Agoras tidigare mejl räknas nu som mejl utan din nyckel; svara på det här mejlet, eller på Agoras nästa mejl om ett parti, för att kunna spela igen.
mail-revoke-refused = Tyvärr: `spärra` utfördes inte. Det måste komma i ett svar på ett mejl från Agora, vars svarsadress innehåller din personliga nyckel.
mail-unproven = Det här mejlet kom utan din personliga nyckel, så Agora upprepar inget av det: det kanske inte kommer från dig.
mail-unproven-not-done = { $count } { $count ->
        [one] kommando
       *[other] kommandon
    } i det utfördes inte: ett kommando som ändrar ett parti eller dina inställningar måste komma i ett svar på ett mejl från Agora, vars svarsadress innehåller din personliga nyckel.
mail-unproven-not-commands = { $count } { $count ->
        [one] rad i det är inget kommando
       *[other] rader i det är inga kommandon
    }; skicka `hjälp` till { $service } för att få listan.
mail-not-done-one = Tyvärr: `{ $line }` utfördes inte.
mail-not-done-many = Tyvärr: de här kommandona utfördes inte:
mail-not-done-why = Ett kommando som ändrar ett parti eller dina inställningar måste komma i ett svar på ett mejl från Agora: dess svarsadress innehåller din personliga nyckel. Svara på det senaste mejlet om partiet, eller på det här, och skicka kommandot igen.
mail-not-command = Tyvärr: `{ $line }` är inget kommando
mail-did-you-mean = (menade du `{ $closest }`?)
mail-not-commands = De här raderna är inga kommandon:
mail-read-how = Agora läser ett kommando per rad i början av ett mejl; skicka `hjälp` till { $service } för att få listan.
mail-nothing = Agora hittade inget kommando i ditt mejl. Skriv ett kommando per rad i början av ett mejl till { $service }; skicka `hjälp` för att få listan.
mail-welcome = Välkommen till Agora, där du kan spela Agon och Agros via e-post.
mail-confirm-how = För att bekräfta att { $address } är din adress svarar du bara på det här mejlet, eller skickar ett mejl till { $service } med raden
mail-request-not-done = Agora gjorde inget annat av det som ditt mejl bad om: det agerar bara på mejl från en bekräftad adress. När adressen är bekräftad kan du skicka dina kommandon igen (gärna i samma svar som bekräftar den).
mail-request-ignore = Om du inte har skrivit till Agora kan du strunta i det här mejlet: ingenting händer utan ditt svar. Koden gäller i { $hours } { $hours ->
        [one] timme
       *[other] timmar
    }.

## discord_words.txt

discord-messages-dm = Dina påminnelser och slutrapporter kommer nu som direktmeddelanden.
discord-messages-thread = Dina påminnelser och slutrapporter kommer nu i partiets tråd.
discord-not-a-button = Den här knappen hör inte till Agora.
discord-no-game = Det finns inget parti #{ $game }.
discord-only-challenged = Bara { $who } kan svara på den här utmaningen; inget gjordes.
discord-accepted = Parti #{ $game } accepterades av { $who }{ $thread ->
        [none] {""}
       *[other] : det fortsätter i { $thread }
    }.
discord-declined = Parti #{ $game }: { $who } avböjde utmaningen.
discord-challenge-elsewhere = Parti #{ $game }: { $who } skickade en utmaning i { $title }; partiet börjar här när den accepteras.
discord-not-yours = Parti #{ $game } är inte ditt; inget gjordes.
discord-out-of-date = Det här är inaktuellt: parti #{ $game } är nu på drag { $ply }{ $your_turn ->
        [true] {""}
       *[false] {" "}och det är inte din tur
    }.
discord-your-move = Parti #{ $game }, drag { $ply }: ditt drag.
discord-narrowed = Parti #{ $game }, drag { $ply }: { $value }…
discord-not-legal = `{ $value }` är inget tillåtet drag här.
discord-unreadable = `{ $value }` går inte att tolka.
discord-resign-ask = Ge upp parti #{ $game }? Din motståndare vinner, och det går inte att ångra.
discord-preview = Parti #{ $game }, drag { $ply }: ställningen efter { $value }. Inget spelas förrän du trycker på Spela.
discord-expect = Parti #{ $game }, drag { $ply }: det är inte din tur, { $opponent } står på tur. Välj draget du väntar dig av motståndaren och sedan ditt svar, för att lägga till ett villkorsdrag: det spelas direkt om motståndaren spelar så, och ingen annan ser det någonsin.
discord-expect-next = Parti #{ $game }, drag { $ply }: efter { $line }, { $yours ->
        [true] välj ditt svar.
       *[false] välj nästa drag du väntar dig av { $opponent }.
    }
discord-line-preview = Parti #{ $game }, drag { $ply }: ställningen efter { $line }. { $mine ->
        [true] Inget sparas förrän du trycker på Lägg till som villkorsdrag.
       *[false] Om { $opponent } spelar så, vad svarar du?
    }
discord-ascii = Parti #{ $game }, drag { $ply }:
discord-lobby-accept = Acceptera
discord-lobby-taken = Den öppna utmaningen #{ $game } har antagits: { $title }, { $first } mot { $second }.
discord-lobby-closed = Den öppna utmaningen #{ $game } är stängd: återkallad eller utgången.
discord-lobby-closed-by = Den öppna utmaningen #{ $game } ({ $title } från { $first }) är stängd: återkallad eller utgången.
discord-label-accept = Acceptera
discord-label-decline = Avböj
discord-label-accept-draw = Acceptera remi
discord-label-decline-draw = Avböj remi
discord-label-grant-takeback = Godkänn återtagandet
discord-label-refuse-takeback = Neka återtagandet
discord-label-move = Gör drag
discord-label-resign = Ge upp…
discord-label-yes-resign = Ja, ge upp
discord-label-play = Spela { $value }
discord-label-choose-again = Välj igen
discord-label-add-conditional = Lägg till som villkorsdrag
discord-label-go-on = Fortsätt
discord-label-choose-answer = Välj ditt svar
discord-label-ascii = ASCII-bräde
discord-label-to-act = Vid draget
discord-label-deadline = Tidsgräns
discord-label-last-action = Senaste drag
discord-label-clock = Betänketid
discord-label-result = Resultat
discord-label-title = Parti #{ $game }: { $title }
discord-label-footer = { $first } mot { $second }, drag { $ply }
discord-label-last = { $value } (drag { $ply })

# tournament.txt: turneringar, deras ställning och lottning.
tournament-line = T{ $id } { $name }: { $title }, { $format }, { $status ->
        [open] öppen, { $players } av högst { $max } spelare
        [running] rond { $round }, { $players } spelare
        [finished] avslutad
       *[other] inställd
    }
tournament-list-heading = Turneringar:
tournament-list-hint = `turnering delta N` går med i en, `turnering ställning N` visar tabellen.
tournament-list-none = Inga turneringar än: `turnering skapa agon alla-mot-alla` skapar en.
tournament-pairings-heading = Turnering T{ $id } { $name }, rond { $round }:
tournament-pairings-none = Rond { $round } har inga partier.
tournament-bye = { $name } står över (räknas som vinst)
tournament-finished = Turnering T{ $id } { $name } är avslutad. Slutställningen:
tournament-standings-heading = Ställning (poäng, spelade partier, särskiljning):
tournament-crosstable-heading = Korstabell (resultaten mot var och en, i ordningen ovan):
tournament-out = (utgått)
tournament-not-started = Inte startad: { $players } anmälda, { $min } behövs.
tournament-created = Du skapade turnering T{ $id } { $name }.
tournament-joined = Du gick med i turnering T{ $id } { $name }.
tournament-left = Du lämnade turnering T{ $id } { $name }.
tournament-cancelled = Turnering T{ $id } { $name } är inställd.
tournament-removed = Spelaren är struken ur turnering T{ $id } { $name }.
tournament-clock = Klocka: { $clock }.
tournament-starts = Den startar { $day }.
tournament-join-hint = Andra går med med `turnering delta { $id }`.
tournament-format-round-robin = alla-mot-alla
tournament-format-double = dubbel alla-mot-alla
tournament-format-swiss = schweizer, { $rounds } ronder
tournament-format-ladder = stege (utmana upp till { $reach } platser högre)
game-started-tournament = Turnering T{ $id } { $name }, rond { $round }.
tournament-challenged = Parti #{ $game }: du har utmanat { $name } på stegen { $tournament }. Svarar hen inte i tid tar du över platsen.
