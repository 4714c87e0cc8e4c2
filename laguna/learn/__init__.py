"""Learning evaluations from self-play: positions from bots' games (`selfplay`), a value model fitted to
them (`fit`, the optional training extra), written where `laguna.bots.learned` reads it."""
