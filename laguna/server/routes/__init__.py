"""The routes of the browser table, one router per job: accounts, the lobby, the tables, replays
and the live channel."""
