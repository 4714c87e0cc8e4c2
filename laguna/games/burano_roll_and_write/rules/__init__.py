"""The rules of Walking in Burano Roll & Write, one module per section of the rulebook's Gameplay."""
