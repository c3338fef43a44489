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
played-conditional = Partij #{ $id }, zet { $ply }: { $opponent } ({ $colour }) speelde { $replied_to } en je voorwaardelijke antwoord { $action } is gespeeld
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
reminder-moved = Geen herinnering over deze beurt heeft je { $hours } uur voor je deadline bereikt, dus die is verschoven naar { $deadline }. Dat gebeurt één keer per partij, met hoogstens 48 uur.
reminder-state = { $players }, zet { $ply }; bedenktijd: { $clock }.
reminder-passes = Verstrijkt de deadline, dan wordt er automatisch voor je gepast.
reminder-loses = Verstrijkt de deadline, dan verlies je de partij door tijdsoverschrijding.

## vacation_notice.txt

unwarned-notice = Partij #{ $id }: de deadline van { $name } is verschoven
unwarned-notice-clock = Geen herinnering heeft { $name } ({ $colour }) { $hours } uur voor de deadline bereikt, dus die is verschoven naar { $deadline }: niemand verliest door tijdsoverschrijding zonder gewaarschuwd te zijn. Dat gebeurt één keer per partij, met hoogstens 48 uur.
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
digest-on = één overzicht per dag om { $hour } { $zone } noemt elke partij die op je wacht, in plaats van herinneringen; het volgende komt { $next }
digest-off = geen overzicht meer: je krijgt per partij een herinnering vóór de deadline
settings-notify = Klaar: je meldingen gaan nu naar { $value }.
settings-rest = Klaar: { $value }, vanaf je volgende beurt in elke partij.
settings-calendar = Klaar: je agenda met deadlines staat op { $value } — voeg hem als abonnement toe aan je agenda-app. Houd het adres voor jezelf: wie het heeft, ziet je deadlines. `instellingen agenda` opnieuw vervangt het, `instellingen agenda uit` verwijdert het.
settings-calendar-off = Klaar: het adres van je agenda werkt niet meer.
settings-calendar-none = Je had geen agenda: er is niets te verwijderen.
note-kept = Genoteerd bij partij #{ $id } (je hebt er { $count } { $count ->
    [one] notitie
   *[other] notities
}); alleen jij ziet hem ooit.
note-cleared = Je { $count } { $count ->
    [one] notitie
   *[other] notities
} bij partij #{ $id } zijn verwijderd.
note-none = Je hebt geen notities bij partij #{ $id }.
notes-heading = Je notities bij partij #{ $id } (alleen jij ziet ze):
note-line = na zet { $ply }: { $text }
conditional-added = Bewaard voor partij #{ $id }: je hebt { $count } { $count ->
    [one] reeks
   *[other] reeksen
}, die alleen jij ooit ziet. Speelt je tegenstander de eerste zet van een reeks, dan wordt je antwoord meteen gespeeld; elke andere zet verwijdert ze.
conditional-known = Die reeks heb je al in partij #{ $id }.
conditional-cleared = { $count ->
    [0] Geen van je reeksen in partij #{ $id } begint zo: er is niets verwijderd.
    [one] Je voorwaardelijke reeks in partij #{ $id } is verwijderd.
   *[other] Je { $count } voorwaardelijke reeksen in partij #{ $id } zijn verwijderd.
}
conditional-none = Je hebt geen voorwaardelijke zetten in partij #{ $id }.
conditional-heading = Je voorwaardelijke reeksen in partij #{ $id } (hun zet → jouw antwoord → …; alleen jij ziet ze):
analysis-soon = De computer analyseert deze partij: `analyse #{ $id }` stuurt de grootste fouten zodra hij klaar is, en de webpagina van de partij toont ze.
analysis-waiting = De computer is nog niet klaar met partij #{ $id } ({ $ahead ->
    [0] hij wordt nu geanalyseerd
    [one] er gaat één partij voor
   *[other] er gaan { $ahead } partijen voor
}): vraag het over een paar minuten opnieuw met `analyse #{ $id }`.
analysis-heading = De analyse van partij #{ $id } door de computer: de grootste fouten van elke kant, met de winstkans van wie zette ervoor en erna.
analysis-mistake = Zet { $ply }, { $name } ({ $colour }) speelde { $played }: { $before }% → { $after }%. Beter: { $better }.
analysis-none = Geen enkele zet kostte veel: geen van beide kanten maakte een fout die de computer telt.
analysis-files = De grafiek van de beoordeling en het verloop met commentaar (agora-{ $id }-analysis.txt) zitten bij dit bericht.
analysis-graph-ply = zet
analysis-graph-description = De winstkans van { $first } na elk van { $plies } zetten, zoals de computer die ziet; { $mistakes ->
    [0] er zijn geen fouten gemarkeerd
    [one] er is één fout gemarkeerd
   *[other] er zijn { $mistakes } fouten gemarkeerd
}.
analysis-comment = { $first } { $chance }%
analysis-comment-mistake = { $first } { $chance }%; een fout ({ $before }% → { $after }% voor wie zette), beter { $better }
rest-off = je klok loopt op elk uur
rest-weekend = je klok rust in het weekend ({ $zone })
rest-night = je klok rust elke nacht van { $from } tot { $to } ({ $zone })
rest-both = je klok rust in het weekend en elke nacht van { $from } tot { $to } ({ $zone })
calendar-name = Agora: deadlines van { $name }
calendar-summary = Agora #{ $game }: jouw beurt tegen { $opponent } ({ $title })
calendar-description = De deadline van je beurt in partij #{ $game }. { $link }
calendar-alarm = Jouw beurt in partij #{ $game } tegen { $opponent }

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
games-deadline = deadline { $deadline }, nog { $left }
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

## rules_agon.txt and rules_agros.txt: the short rules, line by line as shown.

rules-agon =
    Agon: zo speel je (kort)

    Bord: 91 zeshoekige vakken in rijen a (onder) t/m k (boven), per rij van links geteld.
    Het middelste vak f6 is de troon. Ring 1 (e5 e6 f5 f7 g5 g6) ligt eromheen; ring 5 is
    de rand. Wit en Zwart hebben elk een koningin en zes wachters, op de buitenste ring:
      Wit:   koningin k1, wachters a4 b1 c8 g1 g10 k5
      Zwart: koningin a6, wachters a2 e1 e10 i1 j7 k3
    Wit begint. Elke beurt is precies één zet; passen kan niet.

    Stap: zet een stuk naar een leeg buurvak in dezelfde ring of één ring dichter bij de
      troon. Nooit naar buiten, nooit springen. Alleen een koningin mag de troon op (AG-6).
      Je mag niet tussen twee vijandelijke stukken op één lijn in stappen (AG-7).
    Vangen: na je stap is een vijandelijk stuk naast het verplaatste stuk gevangen als er
      direct daarachter, op dezelfde lijn, een stuk van jou staat (AG-8). Eén stap kan er
      meerdere vangen. Een gevangen stuk blijft staan (het houdt zijn vak bezet en telt mee),
      maar kan niet stappen.
    Terugplaatsen: is een stuk van je gevangen als je beurt begint, dan plaats je het
      terug, de koningin eerst: een wachter op een leeg vak van de buitenste ring, de
      koningin op een leeg vak naar keuze, de troon inbegrepen (AG-9, AG-10).
    Einde: staan op alle zes vakken van ring 1 jouw wachters, dan win je als je koningin
      op de troon staat, en verlies je meteen als dat niet zo is (AG-11). Geen geldige
      zet: je verliest (AG-12). Dezelfde stelling voor de derde keer: remise (AG-13).

    Notatie:
      stap            k1-j1    met vangst: a5-a6xb7 (het x-deel mag je weglaten)
      terugplaatsen   b7=f6    van het vak van het gevangen stuk naar het nieuwe vak
      Hoofdletters maken niet uit; een Q of G ervoor mag: Qk1-j1.
    Op het bord: Q/G witte koningin/wachter, q/g zwart, * gevangen, ^ troon.

    Volledige regels: docs/rules/agon.nl.md
rules-agros =
    Agros: zo speel je (kort)

    Bord: B x B vakken (8, 10 of 12; standaard 10), genoemd zoals op een schaakbord: a1 is
    linksonder. Licht en Donker hebben elk N boeren (3, 5 of 7; standaard 5). Licht begint.
    De oogst van een boer is de boer plus de zaadjes onder hem (zonder zaadjes: oogst 1).

    Opening (AR-4): zet boeren op lege vakken naar keuze: Licht 1, Donker 2, Licht 2, ...,
      en Donker in de laatste openingsbeurt 1. In de opening kun je niet passen.
    Daarna is elke beurt precies één van deze zetten:
      Oogsten (AR-5): een boer met oogst h verplaatst zijn hele stapel precies h vakken,
        recht of diagonaal, naar een leeg vak; de vakken waar hij overheen gaat moeten
        leeg zijn of eigen stukken bevatten. Daarna komt er een zaadje onder: oogst h+1.
      Zaaien (AR-6): een boer met oogst h van 2 of meer zaait al zijn h-1 zaadjes in één
        richting: een zaadje op zijn eigen vak en op elk vak dat hij passeert, en hij landt
        zonder zaadjes (oogst 1) h-1 vakken verderop. Die h-1 vakken moeten allemaal op
        het bord liggen en leeg zijn.
      Passen (AR-7): mag altijd. Pas je direct nadat je tegenstander paste, dan is de
        partij afgelopen (AR-9).
    Losse zaadjes liggen voorgoed vast en tellen niet mee; een vak met zaadje is niet leeg (AR-8).

    Telling: een veld is een groep lege vakken die horizontaal of verticaal aan elkaar
      grenzen (AR-10). Maak per veld voor elke speler een lijst van de oogsten van zijn
      boeren die er horizontaal of verticaal naast staan, van groot naar klein; wie bij het
      eerste verschil het grootste getal heeft, beheerst het veld (AR-11). Het veld is dan
      het aantal vakken x de grootste aangrenzende oogst van die speler waard (AR-12).
      Wie de hoogste eigen oogsten heeft (van groot naar klein vergeleken), krijgt een
      half punt (AR-13). Het hoogste totaal wint; bij gelijke stand is het gelijkspel (AR-14).

    Notatie:
      boeren zetten   e5   of   c3,h8
      oogsten         e5-e7    naar het landingsvak (ook: harvest e5 e7, harvest e5 n)
      zaaien          e6=e8    naar het landingsvak (ook: sow e6 e8, sow e6 ne)
      passen          pass
      Richtingen (Engels): n ne e se s sw w nw (n = naar hogere rijen, e = naar rechts).
    Op het bord: L3/D3 boer met oogst 3, l/d los zaadje, . leeg.

    Volledige regels: docs/rules/agros.nl.md

## mail_reply.txt

cmd-verify = verifieer { $code }
mail-limited = Agora heeft dit uur meer mail van { $address } ontvangen dan het zonder je persoonlijke sleutel verwerkt; tot het eind van dit uur leest het er geen meer. Antwoorden op mails van Agora bevatten je sleutel en worden altijd gelezen.
mail-too-large = Helaas: je mail was te groot om te lezen (de limiet is { $kb } kB). Stuur commando's naar { $service } als platte tekst, zonder bijlagen of lange citaten.
mail-confirmed = Bedankt: { $address } is bevestigd. Je mails aan Agora tellen nu als de jouwe.
mail-already-confirmed = { $address } is al bevestigd: er is geen code nodig.
mail-wrong-code = Helaas: dat is niet de code die Agora naar { $address } heeft gestuurd, dus het adres is nog niet bevestigd. Je code staat hieronder in deze mail. Heb je hem later weer nodig, stuur dan alleen `verifieer` naar { $service }.
mail-codes-locked = Er zijn vandaag te veel verkeerde codes gestuurd voor { $address }, dus Agora controleert er geen codes meer voor tot er een dag voorbij is. Door op deze mail te antwoorden bevestig je het adres altijd.
mail-revoked = Klaar: al je persoonlijke sleutels zijn vervangen door nieuwe, en de oude werken niet meer. Antwoorden op eerdere mails van Agora tellen nu als mails zonder je sleutel; antwoord op deze mail, of op de volgende mail van Agora over een partij, om weer te kunnen spelen.
mail-revoke-refused = Helaas: `herroep` is niet uitgevoerd. Dat moet in een antwoord op een mail van Agora staan, want het antwoordadres daarvan bevat je persoonlijke sleutel.
mail-unproven = Deze mail kwam zonder je persoonlijke sleutel, dus Agora herhaalt er niets van: hij komt misschien niet van jou.
mail-unproven-not-done = { $count } { $count ->
        [one] commando is
       *[other] commando's zijn
    } niet uitgevoerd: een commando dat een partij of je instellingen verandert, moet in een antwoord op een mail van Agora staan, want het antwoordadres daarvan bevat je persoonlijke sleutel.
mail-unproven-not-commands = { $count } { $count ->
        [one] regel is geen commando
       *[other] regels zijn geen commando's
    }; stuur `hulp` naar { $service } voor de lijst.
mail-not-done-one = Helaas: `{ $line }` is niet uitgevoerd.
mail-not-done-many = Helaas: deze commando's zijn niet uitgevoerd:
mail-not-done-why = Een commando dat een partij of je instellingen verandert, moet in een antwoord op een mail van Agora staan: het antwoordadres daarvan bevat je persoonlijke sleutel. Antwoord op de laatste mail over de partij, of op deze, en stuur het commando opnieuw.
mail-not-command = Helaas: `{ $line }` is geen commando
mail-did-you-mean = (bedoelde je `{ $closest }`?)
mail-not-commands = Deze regels zijn geen commando's:
mail-read-how = Agora leest één commando per regel, bovenaan een mail; stuur `hulp` naar { $service } voor de lijst.
mail-nothing = Agora heeft geen commando in je mail gevonden. Schrijf één commando per regel bovenaan een mail aan { $service }; stuur `hulp` voor de lijst.
mail-welcome = Welkom bij Agora, waar je Agon en Agros per mail speelt.
mail-confirm-how = Om te bevestigen dat { $address } van jou is, beantwoord je gewoon deze mail, of stuur je een mail naar { $service } met de regel
mail-request-not-done = Agora heeft verder niets gedaan van wat je mail vroeg: het reageert alleen op mail van een bevestigd adres. Stuur je commando's opnieuw zodra het adres bevestigd is (als je wilt in hetzelfde antwoord waarmee je het bevestigt).
mail-request-ignore = Heb je niet naar Agora geschreven, negeer deze mail dan: zonder jouw antwoord gebeurt er niets. De code is { $hours } uur geldig.

## discord_words.txt

discord-messages-dm = Je herinneringen en eindverslagen komen nu als privébericht.
discord-messages-thread = Je herinneringen en eindverslagen komen nu in de thread van de partij.
discord-not-a-button = Deze knop is niet van Agora.
discord-no-game = Er is geen partij #{ $game }.
discord-only-challenged = Alleen { $who } kan op deze uitdaging antwoorden; er is niets gedaan.
discord-accepted = Partij #{ $game }: { $who } heeft de uitdaging aangenomen{ $thread ->
        [none] {""}
       *[other] ; de partij gaat verder in { $thread }
    }.
discord-declined = Partij #{ $game }: { $who } heeft de uitdaging geweigerd.
discord-challenge-elsewhere = Partij #{ $game }: { $who } heeft een uitdaging voor { $title } gestuurd; de partij begint hier zodra die is aangenomen.
discord-not-yours = Partij #{ $game } is niet van jou; er is niets gedaan.
discord-out-of-date = Dit is niet meer actueel: partij #{ $game } staat nu op zet { $ply }{ $your_turn ->
        [true] {""}
       *[false] {" "}en je bent niet aan zet
    }.
discord-your-move = Partij #{ $game }, zet { $ply }: jij bent aan zet.
discord-narrowed = Partij #{ $game }, zet { $ply }: { $value }…
discord-not-legal = `{ $value }` is hier geen geldige zet.
discord-unreadable = `{ $value }` is niet te lezen.
discord-resign-ask = Partij #{ $game } opgeven? Je tegenstander wint; dit kan niet ongedaan worden gemaakt.
discord-preview = Partij #{ $game }, zet { $ply }: de stelling na { $value }. Er wordt niets gespeeld tot je op Speel drukt.
discord-expect = Partij #{ $game }, zet { $ply }: je bent niet aan zet, { $opponent } is aan zet. Kies de zet die je van je tegenstander verwacht en dan je antwoord, om een voorwaardelijke zet toe te voegen: die wordt meteen gespeeld als je tegenstander dat speelt, en niemand anders ziet hem ooit.
discord-expect-next = Partij #{ $game }, zet { $ply }: na { $line }, { $yours ->
        [true] kies je antwoord.
       *[false] kies de volgende zet die je van { $opponent } verwacht.
    }
discord-line-preview = Partij #{ $game }, zet { $ply }: de stelling na { $line }. { $mine ->
        [true] Er wordt niets bewaard tot je op Voeg toe als voorwaardelijke zet drukt.
       *[false] Als { $opponent } dit speelt, wat antwoord je dan?
    }
discord-ascii = Partij #{ $game }, zet { $ply }:
discord-lobby-accept = Accepteren
discord-lobby-taken = Open uitdaging #{ $game } is aangenomen: { $title }, { $first } tegen { $second }.
discord-lobby-closed = Open uitdaging #{ $game } is gesloten: ingetrokken of verlopen.
discord-lobby-closed-by = Open uitdaging #{ $game } ({ $title } van { $first }) is gesloten: ingetrokken of verlopen.
discord-label-accept = Accepteren
discord-label-decline = Weigeren
discord-label-accept-draw = Remise aannemen
discord-label-decline-draw = Remise weigeren
discord-label-grant-takeback = Terugnemen toestaan
discord-label-refuse-takeback = Terugnemen weigeren
discord-label-move = Zet doen
discord-label-resign = Opgeven…
discord-label-yes-resign = Ja, opgeven
discord-label-play = Speel { $value }
discord-label-choose-again = Opnieuw kiezen
discord-label-add-conditional = Voeg toe als voorwaardelijke zet
discord-label-go-on = Ga verder
discord-label-choose-answer = Kies je antwoord
discord-label-ascii = ASCII-bord
discord-label-to-act = Aan zet
discord-label-deadline = Deadline
discord-label-last-action = Laatste zet
discord-label-clock = Bedenktijd
discord-label-result = Uitslag
discord-label-title = Partij #{ $game }: { $title }
discord-label-footer = { $first } tegen { $second }, zet { $ply }
discord-label-last = { $value } (zet { $ply })

# tournament.txt: toernooien, hun stand en indeling.
tournament-line = T{ $id } { $name }: { $title }, { $format }, { $status ->
        [open] open, { $players } van hoogstens { $max } spelers
        [running] ronde { $round }, { $players } spelers
        [finished] afgelopen
       *[other] geannuleerd
    }
tournament-list-heading = Toernooien:
tournament-list-hint = Met `toernooi meedoen N` doe je mee, `toernooi stand N` toont de stand.
tournament-list-none = Nog geen toernooien: `toernooi maak agon competitie` maakt er een.
tournament-pairings-heading = Toernooi T{ $id } { $name }, ronde { $round }:
tournament-pairings-none = Ronde { $round } heeft geen partijen.
tournament-bye = { $name } is vrij (telt als winst)
tournament-finished = Toernooi T{ $id } { $name } is afgelopen. De eindstand:
tournament-standings-heading = Stand (punten, gespeelde partijen, weerstandspunten):
tournament-crosstable-heading = Kruistabel (de uitslagen tegen elke speler, in de volgorde hierboven):
tournament-out = (gestopt)
tournament-not-started = Nog niet begonnen: { $players } aangemeld, { $min } nodig.
tournament-created = Je hebt toernooi T{ $id } { $name } gemaakt.
tournament-joined = Je doet mee aan toernooi T{ $id } { $name }.
tournament-left = Je bent uit toernooi T{ $id } { $name } gegaan.
tournament-cancelled = Toernooi T{ $id } { $name } is geannuleerd.
tournament-removed = De speler is uit toernooi T{ $id } { $name } verwijderd.
tournament-clock = Klok: { $clock }.
tournament-starts = Het begint op { $day }.
tournament-join-hint = Anderen doen mee met `toernooi meedoen { $id }`.
tournament-format-round-robin = competitie
tournament-format-double = dubbele competitie
tournament-format-swiss = Zwitsers systeem, { $rounds } ronden
tournament-format-ladder = ladder (uitdagen tot { $reach } plaatsen hoger)
game-started-tournament = Toernooi T{ $id } { $name }, ronde { $round }.
tournament-challenged = Partij #{ $game }: je hebt { $name } uitgedaagd op de ladder { $tournament }. Antwoordt die niet op tijd, dan neem jij die plaats in.
