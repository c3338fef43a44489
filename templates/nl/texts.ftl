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
