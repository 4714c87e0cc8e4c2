"""The rules of Burano, one module per section of the rulebook: plain functions of a `Position` that
list a phase's legal decisions, apply them and explain why one is not legal."""
