"""Laguna: the digital home of four board games of the Venetian lagoon."""

__version__ = "0.1.0"
