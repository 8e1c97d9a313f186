# The table pane's features: queries, partitions, load all, saved queries, the watch, the store (English, the reference).
