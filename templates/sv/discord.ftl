# Discord-sidans egna alternativ (se ../discord.ftl).

discord-user-option = användare
discord-user-help = Discord-användaren du utmanar
discord-player-text-help = eller: { $help }
discord-messages-option = meddelanden
discord-messages-help = på Discord: påminnelser och slutrapporter i partiets tråd eller som direktmeddelanden

discord-menu-action = Välj ditt drag
discord-menu-start = Välj var ditt drag börjar
discord-menu-next = { $start }… välj hur draget fortsätter
