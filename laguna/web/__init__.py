"""The browser table's pages: templates, static files and a board per game, drawn from a view."""
