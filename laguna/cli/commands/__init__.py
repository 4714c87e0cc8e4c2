"""The commands of ``laguna``, a module for each job: the games and a game at the terminal (`games`), runs
of many games between bots (`runs`), records replayed (`replay`), speed measured (`bench`) and the browser
table (`serve`). `laguna.cli.app` gathers them into the one command.
"""
