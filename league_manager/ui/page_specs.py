"""The page specs ``gui --page`` and ``MainWindow.show_spec`` accept (no Qt import: the CLI help reads it)."""

PAGE_SPECS = (
    "welcome, league[:NAME], team:NAME[#TAB], draft:NAME, new-team, player:NAME[#TAB], advance:PLAYER, "
    "hire:TEAM, "
    "fixture:ID[#inducements|dice|pregame|result|postgame|summary|correct|dispute|settle], wizard, "
    "season[:NAME][#TAB], "
    "schedule[:SEASON], new-season[:LEAGUE][#divisions], "
    "match:FIXTURE|practice[@RULESET]|stars[#setup|turn|move|block|dice|push|reroll|kick], tracker:FIXTURE, "
    "spectator:FIXTURE[#MOMENT], replay:FIXTURE[#ACTIONS], "
    "settings[:LEAGUE], backups, move-fixture:ID, coaches, claims, "
    "event[:NAME][#registrations|round|standings|team|details|advance|new], "
    "or preview:roster:TEAM"
)
