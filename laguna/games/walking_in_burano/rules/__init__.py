"""The rules of Walking in Burano, one module per section of the rulebook's How to Play and Solo Play."""
