"""The ways people reach the table service besides its own package: the board pages in a browser."""
