# Discord-sidans egna alternativ (se ../discord.ftl).

discord-user-option = användare
discord-user-help = Discord-användaren du utmanar
discord-player-text-help = eller: { $help }
discord-messages-option = meddelanden
discord-messages-help = på Discord: påminnelser och slutrapporter i partiets tråd eller som direktmeddelanden
