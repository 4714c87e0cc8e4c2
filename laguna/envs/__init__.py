"""Research interfaces: every registered game as a PettingZoo AEC environment (`laguna.envs.pettingzoo`)
and as an OpenSpiel game (`laguna.envs.openspiel`). They need the ``rl`` extra (numpy, gymnasium,
pettingzoo, open_spiel); nothing else in Laguna imports them."""
