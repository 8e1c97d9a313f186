# The table pane's features: queries, partitions, load all, saved queries, the watch, the store (English, the reference).

## The query panel: the filter box, the presets and the filter builder

table-query-run = Run query
table-query-per-page = per page
table-query-size-per-page = { $size } per page
table-query-presets = Presets
table-query-presets-hint = One partition, a RowKey prefix, the last 24 hours, only the shown columns
table-query-wrong-at = The filter is wrong at column { $column }: { $message } Nothing was sent.
table-query-scan-point = Point query: one entity by its keys.
table-query-scan-partition = Reads only the partitions it names.
table-query-scan-range = Reads a range of partitions.
table-query-scan-table = Full table scan: no PartitionKey condition, so every partition is read.
table-query-builder = Filter builder
table-query-matched-here = And matched here: { $matches }. { $op } runs here: every page of the service's result is read, with progress and Cancel below the grid.
table-query-stop-matching = Stop matching here
table-query-stop-matching-hint = Keep only the filter the service runs (then Run query)
table-query-presets-label = Presets:
table-query-preset-partition = partition
table-query-one-partition = One partition
table-query-rowkey-prefix = RowKey prefix
table-query-key-prefix = Key prefix
table-query-last-day = Last 24 hours
table-query-select-shown = Fetch only shown columns ($select)
table-query-or-groups = or (groups)
table-query-and-groups = and (groups)
table-query-group-join = Group { $n }: join with
table-query-and-group = and (group { $n })
table-query-or-group = or (group { $n })
table-query-remove-group = Remove group { $n }
table-query-property = Property { $name }
table-query-type = Type { $name }
table-query-type-hint = The value's type: Int64 is written 123L, DateTime as datetime'…'
table-query-runs-here = { $op } (runs here)
table-query-operator = Operator { $name }
table-query-operator-hint = contains, starts with, ends with and equals in any case are not OData: they run here, over every page the service sends
table-query-value = Value { $name }
table-query-any-case = any case
table-query-any-case-of = Any case { $name }
table-query-remove = Remove { $name }
table-query-add-condition = Add condition to group { $n }
table-query-add-group = Add group
table-query-groups-joined = Groups joined with
table-query-write = Write filter
table-query-condition-wrong = Group { $g }, condition { $c }: { $why }
table-query-here-in-or-group = Group { $g }: a contains, starts with, ends with or equals (any case) condition is matched here, over the rows the service sends, so it can only be joined with and. Join the group with and, or move those conditions to a group of their own.
table-query-here-in-or-groups = Group { $g }: a contains, starts with, ends with or equals (any case) condition is matched here, over the rows the service sends, so it can only be joined with and. Join the groups with and.

## What runs here: contains, starts with, ends with, equals in any case

table-row-match-contains = contains
table-row-match-starts-with = starts with
table-row-match-ends-with = ends with
table-row-match-equals = equals
table-row-match-one = { $property } { $op } '{ $value }'
table-row-match-one-any-case = { $property } { $op } '{ $value }' (any case)
table-row-match-and = and
table-row-match-or = or

## The pane: its own offers on the selected rows

table-pane-one-edit = Save or close this edit of ({ $pk }, { $rk }) before editing another entity.
table-pane-edit = Edit…
table-pane-copy-tsv = Copy as TSV
table-pane-clone = Clone…

## Load all

table-load-all-every-page = Read every page of { $table } ({ $op } runs here)
table-load-all-title = Load all of { $table }
table-load-all-gone = the table tab no longer shows this query (it ran another, or was closed); press Load all in the tab instead
table-load-all-nothing = nothing more to load
table-load-all-op = Load all
table-load-all-done = { $entities } entities in { $pages } pages

## The partition map

table-partitions-summary = Top partition: { $pk } with { $entities ->
        [one] { $entities } entity
       *[other] { $entities } entities
    } ({ $share }% of { $total }); { $partitions ->
        [one] { $partitions } partition
       *[other] { $partitions } partitions
    }
table-partitions-none = No entities to count.
table-partitions-counted-whole = { $summary } (counted over the whole table)
table-partitions-counted-loaded = { $summary } (counted over the loaded rows)
table-partitions-hot = Hot-partition risk: one partition holds { $share }% of the rows, so its reads and writes all land on one server. Spread the keys if this is the real load.
table-partitions-bars = entities per partition
table-partitions-copy = Copy the partition counts
table-partitions-click-bar = Click a bar to query only that partition.
table-partitions-as-text = Partition counts as text
table-partitions-scan-title = Scan partitions of { $table }
table-partitions-scan-op = Scan partitions
table-partitions-map = Partition map
table-partitions-map-hint = Partition map: how the loaded rows (or the whole table) spread over partitions, beside the grid
table-partitions-title = Partitions
table-partitions-scan = Scan whole table
table-partitions-scan-hint = Counts every partition (only PartitionKey is read), as a job
table-partitions-back = Back to the loaded rows
table-partitions-no-rows = No rows loaded to count: run a query, or scan the whole table.
table-partitions-counting = Counting…

## Saved queries (the funnel in the toolbar)

table-saved-query-menu-no-filter = Type a filter first: there is nothing to save.
table-saved-query-menu-matching = What runs here (contains, any case…) is not saved, only the $filter: stop matching here first.
table-saved-query-menu-no-name = Type a name to save it under.
table-saved-query-menu-title = Saved queries
table-saved-query-menu-hint = save the filter under a name, or run a saved one
table-saved-query-menu-save-as = Save as:
table-saved-query-menu-a-name = a name
table-saved-query-menu-replace = Replace `{ $name }`
table-saved-query-menu-save = Save this query
table-saved-query-menu-saves = Saves `{ $filter }`
table-saved-query-menu-none = No saved queries yet.
table-saved-query-menu-runs = Runs `{ $filter }` here (saved in { $table })
table-saved-query-menu-remove-ask = Remove `{ $name }`?
table-saved-query-menu-remove-it = Remove it
table-saved-query-menu-keep-it = Keep it
table-saved-query-menu-remove = Remove { $name }

## An entity loaded with only the shown columns

table-partial-save-op = Save entity
table-partial-no-removal = This row was loaded with only the shown columns, so removing `{ $name }` cannot be saved here (a merge keeps what it is not sent). Load the whole entity first, then remove it.
table-partial-note = Loaded with only the shown columns ({ $count } properties here): Save merges only the properties you change; the others stay as they are on the service.
table-partial-load-whole = Load the whole entity
table-partial-loaded-whole = Loaded the whole entity; your changes are on top of it.

## Count entities (a whole-table scan)

table-scan-count-title = Count entities in { $table }
table-scan-count-op = Count entities
table-scan-counted = { $count } entities in `{ $table }`

## The SAS form and the Raw JSON window

table-sas-hint = a shared access signature for this table, its permissions, expiry and key ranges
table-sas-no-policies = Stored access policies of a table are not offered here: Azurite 3.35, the emulator this app is tested on, has none to try them against.
table-raw-json-title = Raw JSON
table-raw-json-copy = Copy JSON
table-raw-json-entity = Entity JSON

## The watch

table-watch-view-tool = Watch
table-watch-view-tool-hint = read the loaded rows again every few seconds and mark what changed
table-watch-view-what = the loaded rows' query, page by page
table-watch-view-rows = rows
table-watch-view-list-at = beside the grid
table-watch-view-next = Next change
table-watch-view-next-hint = Selects the next marked row and scrolls to it
table-watch-view-changes-seen = Changes seen
table-watch-view-new = New since the last look
table-watch-view-vanished = Vanished: deleted, or no longer matches the filter (Dismiss vanished removes it)
table-watch-view-changed = Changed: { $cell }
table-watch-view-written-again = Written again since the last look
table-watch-none = (none)
table-watch-appeared = { $who }: appeared, ETag { $etag }
table-watch-same-values = { $who }: written with the same values, ETag { $etag }
table-watch-changed = { $who }: { $cells }, ETag { $etag }
table-watch-vanished = { $who }: vanished (deleted, or no longer matches the filter)
table-watch-back = { $who }: back again, ETag { $etag }

## The columns' types, and a binary value typed as hex

table-store-no-values = no values loaded
table-store-type-in-rows = Edm.{ $ty } in { $n } rows
table-store-type-clash = Type clash: { $types }
table-property-hex = Hex needs an even number of the digits 0-9 and a-f.
