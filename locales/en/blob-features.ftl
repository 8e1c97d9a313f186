# The blob pane's features: leases, snapshots, versions, tiers, tags, transfers, search, the watch (English, the reference).
