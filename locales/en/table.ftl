# The table pane: the grid, queries, the entity editor and every feature of the pane (English, the reference).

## The entity editor

table-editor-insert = Insert entity
table-editor-save = Save entity
table-editor-saved-earlier = Saved what the form held when you pressed Save. Your later changes are below, not saved yet.
table-editor-new-entity = New entity
table-editor-entity = Entity ({ $pk }, { $rk })
table-editor-confirm-close = Close the editor of ({ $pk }, { $rk }) without saving? Your changes below are lost.
table-editor-discard-close = Discard my changes and close
table-editor-keep-editing = Keep editing
table-editor-etag = ETag: { $etag }
table-editor-etag-new = (new entity)
table-editor-property-n = property { $n }
table-editor-unreadable-typed = { $json } (unreadable { $ty })
table-editor-unreadable = { $json } (unreadable value)
table-editor-unreadable-hint = { $why }. Kept exactly as it came and written back unchanged; this app cannot edit it.
table-editor-remove = Remove { $key }
table-editor-name-of = Name of { $key }
table-editor-type-of = Type of { $key }
table-editor-as-base64 = as base64
table-editor-as-hex = as hex
table-editor-now-for = Now for { $key }
table-editor-new-guid = New GUID for { $key }
table-editor-value-of = Value of { $key }
table-editor-add-property = Add property
table-editor-save-as = Save as:
table-editor-replace = Replace (the entity becomes exactly this)
table-editor-merge = Merge (only these properties change)
table-editor-save-key = Ctrl+S
table-editor-close = Close editor
table-editor-conflict-changed-under = Changed on the service since you opened it ({ $names }; now ETag { $etag }): saving would be refused.
table-editor-conflict-reapply = Reload and re-apply my changes
table-editor-conflict-title = Someone else changed this entity after you loaded it.
table-editor-conflict-fetching = Fetching their version…
table-editor-conflict-gone = They deleted it. Insert yours again, or discard your edit.
table-editor-conflict-their-etag = Their ETag: { $etag }
table-editor-conflict-property = Property
table-editor-conflict-yours = Yours
table-editor-conflict-theirs = Theirs (on the server now)
table-editor-conflict-absent = (absent)
table-editor-conflict-insert-again = Insert mine again
table-editor-conflict-overwrite = Overwrite anyway (If-Match *)
table-editor-conflict-discard = Discard mine

## The details panel

table-details-select = Select an entity to see its properties. Enter or a double-click edits it.
table-details-selected = { $count ->
        [one] { $count } entity selected. Select one to see its properties.
       *[other] { $count } entities selected. Select one to see its properties.
    }
table-details-edit = Edit this entity
table-details-edit-hint = Enter, or a double-click on its row
table-details-none = (none)
table-details-partial = Only the columns the query selected were read: other properties may exist.
table-details-property = Property { $name }
table-details-property-type = { $name } is { $ty }
table-details-no-properties = No properties besides its keys.

## The grid, its toolbar and its footer

table-grid-load-more = Load more
table-grid-load-all = Load all
table-grid-cancel-loading = Cancel loading
table-grid-cancel-loading-hint = Stop reading pages; what arrived stays, and Load all goes on from there
table-grid-more-available = more available
table-grid-loading = loading…
table-grid-all-loaded = all loaded
table-grid-shown = {" "}· { $count } shown
table-grid-matched = { $count } entities matched here of { $read } read
table-grid-loaded = { $count } entities loaded
table-grid-status = { $loaded } in { $pages ->
        [one] { $pages } page
       *[other] { $pages } pages
    } · { $more }{ $shown } · { $selected } selected
table-grid-add = Add entity
table-grid-needs-one = select one row
table-grid-edit = Edit
table-grid-clone = Clone
table-grid-clone-hint = a new entity from the selected one
table-grid-raw-json = Raw JSON
table-grid-raw-json-hint = the entity as the service sent it
table-grid-open-lab = Open in conflict lab
table-grid-copy-json = Copy as JSON
table-grid-copy-json-hint = the selected rows
table-grid-copy-tsv = Copy as TSV
table-grid-copy-tsv-hint = the selected rows, for a spreadsheet
table-grid-columns = Columns…
table-grid-columns-hint = which columns show, in which order
table-grid-find-hint = Find in loaded rows… (Ctrl+F)
table-grid-find-name = Find in loaded rows:
table-grid-find-more = Contains, in any shown column; not sent to the service
table-grid-sorting = sorting / filtering…
table-grid-unreadable = { $shown } [unreadable value]
table-grid-unreadable-typed = { $shown } [unreadable { $ty }]
table-grid-unreadable-hint = { $why }. Shown as it came; the editor keeps it unchanged and cannot edit it.
table-grid-odd-type = { $ty } here; most values of { $name } are { $main }
table-grid-columns-title = Columns
table-grid-columns-explain = Show, hide and order the columns. Hover a header for its Edm type.
table-grid-move-up = Move { $name } up
table-grid-move-down = Move { $name } down

## Deleting the selected rows

table-delete-rows-job = Delete { $count } entities from { $table }
table-delete-rows-op = Delete
table-delete-rows-done = deleted { $count } entities
table-delete-rows-done-gone = deleted { $count } entities; { $gone } were already gone
table-delete-rows-button = Delete selected
table-delete-rows-button-hint = asks first
table-delete-rows-offer = Delete selected…
table-delete-rows-body = They are in { $partitions } partition(s); each partition is deleted in batches of up to 100, all or nothing. Each entity is deleted only if its ETag still matches (someone else's change is not lost).
table-delete-rows-title = Delete { $count } entities from `{ $table }`?
table-delete-rows-yes = Delete { $count } entities

## Changing many entities at once

table-bulk-job-selected = { $change ->
        [set] set { $name } on
        [remove] remove { $name } from
       *[delete] delete
    } the { $count } selected entities of `{ $table }`
table-bulk-job-matching = { $change ->
        [set] set { $name } on
        [remove] remove { $name } from
       *[delete] delete
    } every entity of `{ $table }` that matches the query
table-bulk-job-entities = entities
table-bulk-job-deleted = deleted
table-bulk-job-changed = changed
table-bulk-job-changed-why = changed since they were read (their ETag no longer matched)
table-bulk-job-unchanged = did not have the property
table-bulk-job-op = Change entities of `{ $table }`
table-bulk-no-name = Name the property to change.
table-bulk-system-property = { $name } cannot be changed: it is the entity's key or set by the service.
table-bulk-bad-value = The value is not { $ty }: { $why }
table-bulk-partial = These rows were loaded with only the shown columns ($select): removing a property writes the whole entity, so run the query without Fetch only shown columns first.
table-bulk-scope-selected = The { $count } selected rows, as they were loaded.
table-bulk-matched-here = {" "}and matched here: { $what }
table-bulk-no-filter = no filter: the whole table
table-bulk-scope-all = Every entity the query matches ({ $filter }{ $here }), loaded or not: the service's pages are read one after another, and only the page in hand is held.
table-bulk-set = Set a property
table-bulk-remove = Remove a property
table-bulk-delete = Delete them
table-bulk-property-name = Property name
table-bulk-property-type = Property type
table-bulk-value = Value
table-bulk-set-how = A Merge of this property alone, each entity only if its ETag still matches the one read.
table-bulk-remove-how = A Replace of the entity as read, without the property, only if its ETag still matches: a Merge cannot remove a property.
table-bulk-delete-how = Each entity is deleted only if its ETag still matches the one read.
table-bulk-batches = Batches of up to 100 of one partition and 4 MiB (large entities go in smaller batches); an entity someone changed meanwhile is skipped and counted, the rest go on. Cancel keeps what was done, and Resume goes on from there.
table-bulk-unsaved = a change of many entities, not yet run
table-bulk-offer-one = Edit the selected entity's property…
table-bulk-offer = Edit the { $count } selected entities…
table-bulk-all-loaded-selected = All { $count } loaded rows are selected.
table-bulk-select-all-matching = Select all that match the query
table-bulk-all-matching-selected = Every entity that matches the query is selected, loaded or not.
table-bulk-change-all = Change all that match…
table-bulk-only-loaded = Only the loaded rows
table-bulk-title-selected = Edit { $count } entities of `{ $table }`
table-bulk-yes-selected = Change { $count } entities
table-bulk-title-all = Change every entity of `{ $table }` that matches
table-bulk-yes-delete-all = Delete every entity that matches
table-bulk-yes-change-all = Change every entity that matches

## Import

table-import-unsaved = the import of { $path }, set up and not started
table-import-bad-counter = The counter's first number `{ $start }` is not a whole number 0 or more.
table-import-title = Import into { $table }
table-import-from = From { $path }: { $rows } rows, { $columns } columns.
table-import-into = Into:
table-import-this-table = this table, { $table }
table-import-new-table = a new table
table-import-new-table-name = New table name:
table-import-name-hint = letters and digits
table-import-already-there = Entities already there:
table-import-start = Start import
table-import-cancel = Cancel import
table-import-key-column = { $key } column
table-import-no-columns = (no columns)
table-import-pk-column = PartitionKey from a column
table-import-pk-fixed = the same for every row
table-import-pk-fixed-name = Fixed PartitionKey:
table-import-rk-column = RowKey from a column
table-import-counter = a counter
table-import-counter-hint = Zero-padded to one width, so that the keys sort as the numbers do
table-import-counter-start = Counter start:
table-import-guid = a new GUID per row
table-import-column-types = Column types, unless the file types them, inferred from the first { $rows } rows, and only where each value would be written as the same text (a later row whose value does not fit its column's type is not written, and the report names its line); a column the keys come from is not written again:
table-import-inferred = { $ty } (inferred)
table-import-type-of = Type of { $name }
table-import-example = e.g. { $value }
table-import-preview = Preview: the first { $count } rows as they will be written
table-import-line = Line
table-import-properties = Properties
table-import-new-guid = (a new GUID)
table-import-not-written = not written: { $why }
table-import-exists = A table named { $table } already exists: import into it from its own tab, or choose another name. { $message }
table-import-report = {" "}Every row skipped or failed is in { $path }.
table-import-done = Imported into { $table }: { $count } written
table-import-done-skipped = , { $count } skipped (already there: lines { $lines })
table-import-done-failed = , { $count } failed
table-import-done-first = {" "}(lines { $lines }; line { $line }: { $why })
table-import-done-end = .
table-import-not-built = not built
table-import-plan-as-file = as the file says
table-import-plan-leave-out = leave out
table-import-plan-insert-only = Insert only: skip entities already there
table-import-plan-merge = Merge into entities already there
table-import-plan-replace = Replace entities already there
table-import-plan-unreadable = { $path } cannot be read ({ $why }).
table-import-plan-file-changed = { $path } changed since it was read for this import: open Import again to see and type it as it is now.
table-import-plan-not-json = The file is not a JSON array of entities: { $why }
table-import-plan-bad-header = The CSV's header cannot be read: { $why }
table-import-plan-bad-line = Line { $line } of the CSV cannot be read: { $why }
table-import-plan-empty-key = its { $key } (column { $column }) is empty
table-import-plan-no-key-column = the file has no column to take its { $key } from
table-import-plan-not-edm = `{ $ty }` is not an Edm type (column { $name }@type)
table-import-plan-op = Import

## An entity's history

table-history-loaded = loaded
table-history-watched = watched
table-history-saved = saved here
table-history-one = History: one version seen
table-history-one-explain = Versions are kept from the moment a second one arrives: from a reload, the watch, or a save here.
table-history-title = History: { $count } versions seen this run
table-history-no-etag = ETag none
table-history-same = Versions { $a } and { $b }: the same data
table-history-changed = Versions { $a } to { $b }: { $changes }

## Export and import files

table-files-cannot-import = The file cannot be imported: { $why }
table-files-menu = Export / import
table-files-menu-hint = the rows to a CSV or JSON file, or a file's rows into the table
table-files-export-as = Export as:
table-files-export-shown = Export shown rows…
table-files-export-shown-hint = The rows the grid shows now (quick filter and sort applied), with all their properties
table-files-export-query = Export whole query…
table-files-import = Import…
table-files-import-hint = A CSV or JSON file into this table or a new one: keys, types and conflicts chosen, with a preview
table-files-import-dialog = Import entities
table-files-export-dialog = Export entities
table-files-export-job = Export { $table } ({ $format })
table-files-export-query-job = Export query of { $table }
table-files-export-op = Export
table-files-written = { $count } entities written to { $path }
table-io-csv-typed = CSV with types
table-io-csv-plain = CSV, values only
table-io-json = JSON
table-io-export-op = Export to { $path }
table-io-read-op = Read { $path }
table-io-needs-keys = The CSV needs PartitionKey and RowKey columns.
table-io-already-there = already there (Insert only)
table-io-report = { $written } entities written, { $skipped } rows skipped, { $failed } rows failed.
table-io-report-line = line { $line } ({ $keys }) { $what ->
        [skipped] skipped
       *[failed] failed
    }: { $why }

## Closing a tab

table-closing-edit = the entity edit ({ $pk }, { $rk })

## Compare: two entities, the Compare menu, an index table

table-compare-none = none
table-compare-version = { $side ->
        [left] Left
       *[right] Right
    }: ETag { $etag }, Timestamp { $when }
table-compare-title = Compare entities
table-compare-same = The same, property by property and type by type.
table-compare-differ = { $count } of { $total } properties differ (value or type).
table-compare-only-differences = Only differences
table-compare-property = Property
table-compare-left = Left: { $what }
table-compare-right = Right: { $what }
table-compare-no-such = (no such property)
table-compare-differs = { $name } (differs)
table-comparing-two = Compare the two selected rows
table-comparing-two-hint = Select two rows (Ctrl+click)
table-comparing-pick-row = Pick the selected row to compare
table-comparing-pick-row-hint = Then, in any table tab of any account, compare a row with it
table-comparing-pick-query = Pick this query to compare tables
table-comparing-pick-query-hint = Then, in a table tab of any account, compare its query with this one, row by row
table-comparing-pick-query-off = Run a query first; a query with a part matched here (contains, starts with…) cannot be compared: a compare reads the service's filter only
table-comparing-file = Compare with an exported file…
table-comparing-file-hint = A CSV or JSON file as Export wrote it (typed CSV or JSON keep the types) against this query
table-comparing-file-dialog = Compare with an exported file
table-comparing-index = Compare with an index table…
table-comparing-index-hint = Check an index table kept by the application: missing entries, orphans, stale copies
table-comparing-with-query = Compare this query with the picked one ({ $place })
table-comparing-with-row = Compare with the picked row ({ $place } / { $pk } / { $rk })
table-comparing-menu = Compare
table-comparing-menu-hint = two rows, this table with another, or with a file
table-index-view-title = Compare with an index table
table-index-view-explain = Each row of { $table } (the whole table) should have one entry in the index table, keyed by one of its properties and holding copies of others.
table-index-view-table = Index table:
table-index-view-table-hint = e.g. customersByEmail
table-index-view-pk = Its PartitionKey from:
table-index-view-pk-hint = a property, e.g. Email
table-index-view-rk = Its RowKey from:
table-index-view-rk-hint = RowKey, or a property
table-index-view-copies = Copied properties:
table-index-view-compare = Compare with the index
table-index-view-left = { $table } ({ $account }) as its index entries: { $map }
table-index-view-file = { $name } (exported file)

## Comparing tables

table-diff-only-left = only in left
table-diff-only-right = only in right
table-diff-differs-in = differs: { $names }
table-diff-differs = differs
table-diff-op = Compare tables
table-diff-out-of-order = the rows of { $place } came out of key order ({ $pk } / { $rk } after { $last_pk } / { $last_rk }), so they cannot be merged; the compare needs the service's order
table-diff-file-op = Compare with a file
table-diff-file-unreadable = { $count } record(s) of { $path } could not be read (the first, record { $record } ({ $keys }): { $why }).
table-diff-file-stopped = reading { $path } stopped unexpectedly
table-diff-copy-op = Copy the differences
table-diff-copy-wrote = wrote { $written } of { $total } rows to { $place }
table-diff-copy-skipped = ; { $count } skipped because the target changed since the compare (added, changed or deleted there): { $keys }. Compare again to see them as they are now
table-diff-view-where = { $place } where { $filter }
table-diff-view-counts = Only in left: { $left } · only in right: { $right } · different: { $different } · same: { $same }
table-diff-view-read = ({ $left } left rows read, { $right } right)
table-diff-view-comparing = Comparing… (both sides are read at once, in key order)
table-diff-view-same = The two sides hold the same rows with the same data.
table-diff-view-too-many = { $count } differences: the first { $kept } are listed and copied; copy, then compare again for the rest
table-diff-view-show = Show:
table-diff-view-all = All differences
table-diff-view-only-left = Only in left
table-diff-view-only-right = Only in right
table-diff-view-different = Different
table-diff-view-copy-json = Copy differences as JSON lines
table-diff-view-partial = A side was read with only the shown columns ($select): copying is off, as a replace would drop the other properties. Turn off Fetch only shown columns and compare again to copy.
table-diff-view-index = Only in left: entries missing from the index · only in right: index entries pointing at nothing · different: copies gone stale. Copy left to right adds the missing entries and merges the copies into the stale ones (their own properties stay); it deletes nothing.
table-diff-view-copy = { $way ->
        [left] Copy left to right
       *[right] Copy right to left
    } ({ $count } writes)…
table-diff-view-copy-hint = Inserts the rows the target lacks and replaces those that differ; deletes nothing
table-diff-view-copying = Copying… (see the activity list)
table-diff-view-confirm-body = { $count } rows of { $source } will be written to { $target }: inserted where missing, replaced where different, each only if the target still holds what the compare read (If-Match its ETag). Rows only in { $target } are not deleted.
table-diff-view-confirm-title = Write { $count } rows to { $target }?
table-diff-view-confirm-yes = Write { $count } rows
table-diff-view-copy-job = Copy { $count } differing rows to { $target }
table-diff-view-job = Compare { $left } with { $right }
table-diff-view-done = { $left } only in left, { $right } only in right, { $different } different, { $same } same
