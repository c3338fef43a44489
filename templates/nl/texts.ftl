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

## Shared by the final reports and the record.

game-clock = bedenktijd: { $clock }
score-heading = Score per veld (AR-14):
record = Partijverslag: { $record }
record-none = (geen zetten)
record-none-yet = (nog geen zetten)
cmd-unwatch = ontvolg #{ $id }

## game_over.txt

game-over = Partij #{ $id } is afgelopen: { $result }
game-over-aborted = Partij #{ $id } is afgelopen: beëindigd door de beheerder, zonder uitslag
game-over-last = Laatste zet: { $last } (zet nr. { $ply })
game-over-actions = { $actions } { $actions ->
        [one] zet
       *[other] zetten
    }
game-over-duration = in { $duration }, van { $started } tot { $finished }

## history.txt

history-head = Partij #{ $id }: { $title }, { $players }
history-times = Gebruikte tijd (nummer, zet, tijd): { $times }
history-result = Uitslag: { $result }

## watching.txt

watching-over = Partij #{ $id } (gevolgd) is afgelopen: { $result }
watching-over-aborted = Partij #{ $id } (gevolgd) is afgelopen: beëindigd door de beheerder, zonder uitslag
watching-played = Partij #{ $id } (gevolgd), zet { $ply }: { $mover } ({ $colour }) { $on_time ->
        [true] heeft de deadline gemist en automatisch gepast
       *[false] { $action ->
            [pass] heeft gepast
           *[other] heeft { $action } gespeeld
        }
    }
watching-stop = Je volgt deze partij: { $unwatch } stopt deze berichten.

## watching_reply.txt

watching-now = Je volgt nu partij #{ $id }: { $title }, { $players }, zet { $ply }. Je krijgt na elke zet het bord en aan het eind het eindverslag; { $unwatch } stopt dat.
watching-already = Je volgt partij #{ $id } al; { $unwatch } stopt dat.
watching-stopped = Je volgt partij #{ $id } niet meer.
watching-not = Je volgde partij #{ $id } niet: er is niets veranderd.

## offer.txt

cmd-draw-accept = remise accepteer #{ $id }
cmd-draw-decline = remise weiger #{ $id }
cmd-undo-accept = terugnemen accepteer #{ $id }
cmd-undo-decline = terugnemen weiger #{ $id }
offer-offered-you = Partij #{ $id }: je hebt { $what ->
        [draw] remise aangeboden
       *[other] gevraagd een zet terug te nemen
    }
offer-offered = Partij #{ $id }: { $by } heeft { $what ->
        [draw] remise aangeboden
       *[other] gevraagd een zet terug te nemen
    }
offer-answer-draw = Antwoord { $accept } of { $decline }.
offer-answer-takeback = { $by } wil { $last } terugnemen. Antwoord { $accept } of { $decline }.
offer-declined-you = Partij #{ $id }: je hebt { $what ->
        [draw] het remiseaanbod afgewezen
       *[other] het verzoek om terug te nemen afgewezen
    }
offer-declined = Partij #{ $id }: { $by } heeft { $what ->
        [draw] het remiseaanbod afgewezen
       *[other] het verzoek om terug te nemen afgewezen
    }
offer-granted-you = Partij #{ $id }: je hebt { $what ->
        [draw] het remiseaanbod aangenomen
       *[other] het verzoek om terug te nemen ingewilligd
    }
offer-granted = Partij #{ $id }: { $by } heeft { $what ->
        [draw] het remiseaanbod aangenomen
       *[other] het verzoek om terug te nemen ingewilligd
    }

## preview.txt

cmd-move = zet #{ $id } { $action }
preview-head = Partij #{ $id }, voorbeeld van zet { $next }: { $mover } speelt { $action } (niet gespeeld)
preview-outcome = Daarmee zou de partij eindigen: { $outcome }.
preview-how = Er is niets gespeeld. Om deze zet te spelen: { $move }

## settings.txt

settings-timezone = Klaar: deadlines worden nu getoond in tijdzone { $value }.
settings-language = Klaar: Agora schrijft je voortaan in het { $value }.
settings-digest = Klaar: { $value }.
settings-notify = Klaar: je meldingen gaan nu naar { $value }.

## vacation.txt

cmd-vacation-end = vakantie einde
cmd-vacation-days = vakantie <dagen>
vacation-started = Klaar: je bent op vakantie tot { $until }. Je klokken staan stil in al je partijen en je tegenstanders hebben bericht gekregen; met { $end } kom je eerder terug. Nog over dit jaar: { $left } van { $allowance } { $allowance ->
        [one] dag
       *[other] dagen
    }.
vacation-ended = Welkom terug: je vakantie is voorbij en je klokken lopen weer. Nog over dit jaar: { $left } van { $allowance } { $allowance ->
        [one] dag
       *[other] dagen
    }.
vacation-away = Je bent op vakantie tot { $until } (met { $end } kom je eerder terug). Nog over dit jaar: { $left } van { $allowance } { $allowance ->
        [one] dag
       *[other] dagen
    }.
vacation-not-away = Je bent niet op vakantie. Nog over dit jaar: { $left } van { $allowance } { $allowance ->
        [one] dag
       *[other] dagen
    }; met { $take } neem je er een paar op.

## A player's games, in games.txt and digest.txt.

cmd-board = bord <partij>
cmd-board-game = bord #{ $id }
cmd-challenge = uitdagen <tegenstander> agon
cmd-challenge-anyone = uitdagen iedereen agon
cmd-digest-off = instellingen overzicht uit
cmd-watch = volg #{ $id }
games-line = { $title } tegen { $opponent }, jij speelt { $colour }: { $state }
games-deadline = deadline { $deadline }
games-away = { $opponent } is op vakantie tot { $away }

## games.txt

games-heading = Je partijen:
games-none = Je hebt geen lopende partijen: { $challenge } begint er een.

## digest.txt

digest-head = Agora: { $games } { $games ->
        [one] partij wacht
       *[other] partijen wachten
    } op jou{ $watched ->
        [0] {""}
       *[other] , { $watched } { $watched ->
            [one] gevolgde partij is verder gespeeld
           *[other] gevolgde partijen zijn verder gespeeld
        }
    }
digest-watched = Partijen die je volgt:
digest-watched-game = { $title }, { $first } tegen { $second }, zet { $ply }
digest-watched-over = afgelopen, { $result }
digest-watched-last = laatste zet { $last }
digest-commands = { $board } toont een bord; met { $digest_off } krijg je weer herinneringen per partij.

## live.txt

live-heading = Partijen die nu gespeeld worden:
live-game = { $title }, { $first } tegen { $second }, zet { $ply }: { $to_act } ({ $colour }) is aan zet{ $rated ->
        [true] {""}
       *[false] {" "}(zonder rating)
    }
live-how = { $watch } stuurt je de borden van een partij terwijl die gespeeld wordt; { $board } toont er nu een.
live-none = Er wordt nu geen openbare partij gespeeld. { $seeks } toont de open uitdagingen.

## seeks.txt

seeks-heading = Open uitdagingen:
seeks-by = { $title } van { $maker }
seeks-until = tot { $expires }
seeks-how = { $accept } neemt er een aan; de eerste speler die in aanmerking komt en accepteert, speelt de partij.
seeks-none = Er staan geen open uitdagingen klaar. { $challenge } maakt er een die iedereen kan aannemen.

## leaderboard.txt

leaderboard-head = Ranglijst, { $pool } (stabiele ratings: afwijking onder { $max }, minstens { $min_games } { $min_games ->
        [one] partij
       *[other] partijen
    } met rating):
leaderboard-games = { $games } { $games ->
        [one] partij
       *[other] partijen
    }
leaderboard-none = Nog niemand heeft een stabiele rating in { $pool } (een afwijking onder { $max } na minstens { $min_games } { $min_games ->
        [one] partij
       *[other] partijen
    } met rating).

## rating.txt

rating-computer = { $name } heeft vaste ratings, gemeten in partijen tussen de niveaus van de computer; gespeelde partijen veranderen ze niet:
rating-yours = Jouw ratings (Glicko-2):
rating-theirs = Ratings van { $name } (Glicko-2):
rating-after = na { $games } { $games ->
        [one] partij
       *[other] partijen
    } met rating{ $established ->
        [true] {""}
       *[false] {" "}(voorlopig)
    }
rating-none-yours = Je hebt nog geen rating: die komt er met de eerste partij met rating tegen een mens (iedereen begint op 1500).
rating-none = { $name } heeft nog geen rating: die komt er met de eerste partij met rating tegen een mens (iedereen begint op 1500).
rating-reliability = Betrouwbaarheid:

## help.txt

cmd-help-command = hulp <commando>
help-heading = Commando's (stuur { $help } voor details):
help-discord =
    In de thread van een partij is de partij bekend; geef elders de optie `partij` op. Je kunt een zet ook
    als bericht in de thread van de partij schrijven, zoals `k1-j1`, `g5` of `c3,h8`: ✅ betekent dat hij
    gespeeld is; zo niet, dan krijgt hij ❌ en komt de reden als privébericht.
help-text =
    Een partij noem je `#12` (of `partij 12`), bijvoorbeeld `bord #12`, `#12 g5`; in een antwoord op een
    bericht over een partij is de partij al bekend. Een losse zet zoals `k1-j1`, `g5` of `c3,h8` geldt voor
    de partij waarop je antwoordt, of voor de enige partij die op jou wacht. `ply N` (het aantal zetten tot
    nu toe) beschermt een zet tegen een stelling die intussen veranderd is: `#12 ply 30 g5`.
help-revoke = Per mail vervangt `herroep`, in een antwoord op een van de mails van Agora, al je persoonlijke sleutels (in de antwoordadressen) door nieuwe.

## help_command.txt

help-also = (ook: { $aliases })

## undeliverable.txt

cmd-notify = instellingen meldingen { $channel ->
        [mailto] e-mail
        [discord] discord
       *[other] terminal
    }
undeliverable-where = { $channel ->
        [mailto] je e-mailadres { $address }
        [discord] je Discord-account
       *[other] je terminal
    }
undeliverable-game = Partij #{ $game }: een bericht kon je niet bereiken
undeliverable-game-body = Agora kon een bericht over partij #{ $game } niet afleveren bij { $where } en probeert het niet meer. Latere berichten bereiken je daar misschien ook niet.
undeliverable = Een bericht kon je niet bereiken
undeliverable-body = Agora kon een bericht niet afleveren bij { $where } en probeert het niet meer. Latere berichten bereiken je daar misschien ook niet.
undeliverable-mail = Controleer of het adres klopt en of de mailbox mail aanneemt (niet vol, niet opgeheven). Krijg je berichten liever hier, stuur dan { $notify }.
undeliverable-discord = Controleer of je nog een server deelt met de bot van Agora en of die je privéberichten mag sturen (privacyinstellingen van die server). Krijg je berichten liever hier, stuur dan { $notify }.
undeliverable-other = Krijg je berichten liever hier, stuur dan { $notify }.
undeliverable-board = { $board } laat zien hoe de partij ervoor staat.

## mail_footer.txt

mail-footer-game = Agora: beantwoord deze mail met één commando per regel (`hulp` toont ze allemaal).
mail-footer-key = Laat het antwoordadres zoals het is: daarin zit je persoonlijke sleutel voor partij #{ $game }.
mail-footer-url = De partij op het web: { $url }
mail-footer = Agora: beantwoord deze mail, of schrijf naar { $service }, met één commando per regel (`hulp` toont ze allemaal).

## mail_subject.txt

mail-subject-limited = Agora: te veel mails
mail-subject-put-aside = Agora: je mail kon niet worden verwerkt
mail-subject-too-large = Agora: je mail was te groot
mail-subject-unproven = Agora: een mail zonder je sleutel
mail-subject-confirm = Agora: bevestig je adres

## mail_put_aside.txt

mail-put-aside = Sorry, Agora kon je mail die op { $arrived } binnenkwam niet verwerken, ook niet na { $attempts } { $attempts ->
        [one] poging
       *[other] pogingen
    }. De fout ligt bij Agora, niet bij je mail; de beheerder kan je mail terugvinden met referentie { $reference }.
mail-put-aside-rest = Sommige commando's uit je mail zijn misschien al uitgevoerd voordat de fout optrad: de mails over je partijen vertellen wat er gespeeld is. Stuur de rest opnieuw door te antwoorden op een van de mails van Agora over je partij, of naar { $service }.
