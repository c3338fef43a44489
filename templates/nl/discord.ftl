# De eigen opties van de Discord-kant (zie ../discord.ftl).

discord-user-option = gebruiker
discord-user-help = de Discord-gebruiker die je uitdaagt
discord-player-text-help = of: { $help }
discord-messages-option = berichten
discord-messages-help = op Discord: herinneringen en eindverslagen in de thread van de partij of als privébericht

discord-menu-action = Kies je zet
discord-menu-start = Kies waar je zet begint
discord-menu-next = { $start }… kies hoe je zet verdergaat
