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
