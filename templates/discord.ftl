# The Discord front end's own options of its slash commands (names: lowercase, no spaces, at most
# 32 characters; descriptions at most 100 characters). See messages.ftl.

discord-user-option = user
discord-user-help = the Discord user you challenge
discord-player-text-help = or: { $help }
discord-messages-option = messages
discord-messages-help = on Discord: reminders and final reports in the game's thread or as direct messages

# The Move button's menus: what each one asks. `start`: how every action left begins, such as
# `e5,` (at most 150 characters with it).
discord-menu-action = Choose your action
discord-menu-start = Choose where your action starts
discord-menu-next = { $start }… choose how it goes on
