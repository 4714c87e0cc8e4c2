"""The browser table's server: persistence of tables and their action logs, accounts, and (built on
them) the HTTP and live-update layer. It uses the rules library; nothing in the library uses it."""
