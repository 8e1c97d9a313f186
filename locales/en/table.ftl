# The table pane: the grid, queries, the entity editor and every feature of the pane (English, the reference).
