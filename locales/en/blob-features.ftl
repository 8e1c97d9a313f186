# The blob pane's features: leases, snapshots, versions, tiers, tags, transfers, search, the watch (English, the reference).

## The container tab (view.rs)

blob-view-refresh = Refresh
blob-view-refresh-hint = F5 or Ctrl+R
blob-view-more = More
blob-view-more-hint = view options and rarely used actions
blob-view-show-snapshots = Show snapshots
blob-view-show-snapshots-hint = Lists each blob's snapshots under it; a click opens the blob's details
blob-view-tags-column = Tags column
blob-view-tags-column-hint = Lists each blob's index tags (a SAS needs the Tags permission)
blob-view-flat = Flat listing (no folders)
blob-view-loaded = { $blobs ->
        [one] { $blobs } blob
       *[other] { $blobs } blobs
    } and { $folders ->
        [one] { $folders } folder
       *[other] { $folders } folders
    } loaded
blob-view-loaded-more = { $blobs ->
        [one] { $blobs } blob
       *[other] { $blobs } blobs
    } and { $folders ->
        [one] { $folders } folder
       *[other] { $folders } folders
    } loaded · more available
blob-view-load-more = Load more
blob-view-stop-loading = Stop loading
blob-view-load-all = Load all
blob-view-load-all-hint = Page after page until the end; Stop keeps what arrived
blob-view-matches = { $count } match names starting with `{ $start }`
blob-view-search-service = Search the service
blob-view-search-service-hint = List only the names starting with `{ $start }` from the service: the loaded pages may not hold them all
blob-view-searched = Listed from the service: names starting with `{ $start }`
blob-view-whole-folder = Whole folder
blob-view-no-match = No loaded name starts with `{ $start }`.
blob-view-no-match-more = No loaded name starts with `{ $start }`. Pages are left: Search the service lists the names from the service.
blob-view-col-name = Name
blob-view-col-tags = Tags
blob-view-folder-row = { $name } (folder)
blob-view-open-folder = Open folder

## The listing's rows and what the watch says changed (rows.rs)

blob-rows-col-lease = Lease
blob-rows-col-etag = ETag
blob-rows-col-size = Size
blob-rows-col-last-modified = Last modified
blob-rows-col-content-type = Content type
blob-rows-col-tier = Tier
blob-rows-appeared = { $name }: appeared, { $size }, ETag { $etag }
blob-rows-changed-cell = { $column } { $was } -> { $now }
blob-rows-vanished = { $name }: vanished (deleted or renamed)
blob-rows-tier-default = { $tier } (default)
blob-rows-tier-none = none ({ $kind }: only block blobs have tiers)
blob-rows-tier-inferred = { $tier } (the account's default)
blob-rows-tier-priority = { $text } at { $priority } priority
blob-rows-tier-set = { $text }; set { $time }

## The path bar and the search box (path_bar.rs)

blob-path-bar-back = Back
blob-path-bar-up = Up
blob-path-bar-up-hint = Backspace
blob-path-bar-open = Open { $path }
blob-path-bar-box-finds = The box finds names
blob-path-bar-starting = starting with (the loaded pages, then the service)
blob-path-bar-containing-any-case = containing, any case (Enter: through every page)
blob-path-bar-containing-exact-case = containing, exact case (Enter: through every page)
blob-path-bar-matching-regex = matching a regular expression (Enter: through every page)
blob-path-bar-search-options = Search options
blob-path-bar-starting-hint = Names starting with… (Ctrl+F)
blob-path-bar-starting-name = Names starting with:
blob-path-bar-matching-name = Names matching:
blob-path-bar-matching-hint = Names matching a regex… (Enter)
blob-path-bar-containing-name = Names containing:
blob-path-bar-containing-hint = Names containing… (Enter)

## Leases (leases.rs, lease_history.rs)

blob-leases-now = Lease now:
blob-leases-id-none = none
blob-leases-app-id = This app's lease id: { $id }
blob-leases-container = container `{ $container }`
blob-leases-acquired = Leased { $what }: lease id { $id }
blob-leases-op-use = Use the lease
blob-leases-none-held = This app holds no lease on it, so it has no lease id to use. Acquire one, or break theirs.
blob-leases-renewed = Renewed the lease on { $what }
blob-leases-changed = The lease on { $what } now has id { $id }
blob-leases-released = Released the lease on { $what }
blob-leases-breaking = Breaking the lease on { $what }: broken in { $seconds } s
blob-leases-on-blob = Lease on this blob
blob-leases-on-container = Lease on the container
blob-leases-duration = Duration:
blob-leases-seconds = { $seconds } s lease
blob-leases-infinite = infinite lease
blob-leases-proposed = Proposed id:
blob-leases-proposed-hint = optional GUID
blob-leases-acquire = Acquire lease
blob-leases-renew = Renew lease
blob-leases-change = Change lease id
blob-leases-release = Release lease
blob-leases-break-period = Break period:
blob-leases-break-seconds = { $seconds } s break
blob-leases-break = Break lease
blob-lease-history-title = Lease timeline

## Snapshots (snapshots.rs, snapshot_rows.rs)

blob-snapshots-now = Snapshot now
blob-snapshots-now-hint = Of the version shown (If-Match its ETag)
blob-snapshots-title = Snapshots
blob-snapshots-none = No snapshots.
blob-snapshots-unlisted = The snapshots could not be listed: { $error }
blob-snapshots-view = View
blob-snapshots-promote = Promote
blob-snapshots-delete = Delete
blob-snapshots-delete-title = Delete the snapshot { $snapshot } of `{ $name }`?
blob-snapshots-delete-body = Only this snapshot goes; the blob stays. No condition is sent: a snapshot never changes, so there is no newer version of it to lose.
blob-snapshots-delete-yes = Delete snapshot
blob-snapshots-promote-title = Promote the snapshot { $snapshot } of `{ $name }`?
blob-snapshots-promote-body = `{ $name }` becomes what the snapshot holds (content, properties, metadata). What it holds now is lost unless a snapshot keeps it. Sent only if `{ $name }` is still the version shown (If-Match).
blob-snapshots-save-as = Save the snapshot as
blob-snapshots-op-snapshot = Snapshot
blob-snapshots-loading = The properties of `{ $name }` are still loading; snapshot once its ETag shows.
blob-snapshots-taken = Snapshot of `{ $name }` taken at { $time }
blob-snapshots-op-promote = Promote the snapshot
blob-snapshots-promote-loading = The properties of `{ $name }` are still loading; promote once its ETag shows.
blob-snapshots-promoted = Promoted the snapshot { $snapshot } to be `{ $name }` again
blob-snapshots-deleted = Deleted the snapshot { $snapshot } of `{ $name }`
blob-snapshots-download-title = Download the snapshot { $snapshot } of { $name }
blob-snapshots-saved-as = saved as { $file }
blob-snapshot-rows-name = snapshot { $time } of { $name }
blob-snapshot-rows-shown = snapshot { $time }
blob-snapshot-rows-save = Save snapshot { $time } of { $name }
blob-snapshot-rows-save-hint = to a file
blob-snapshot-rows-copy = Copy snapshot { $time } of { $name }
blob-snapshot-rows-copy-hint = to paste into any container of any account as a blob of this name
blob-snapshot-rows-promote = Promote snapshot { $time } of { $name }
blob-snapshot-rows-promote-hint = copied over its blob (asked first; only if the blob is still the version listed)

## Access tiers (tiers.rs)

blob-tiers-outcome = set { $tier } on { $count } blob(s)
blob-tiers-outcome-rehydrating = ; { $count } leaving Archive (rehydrating: readable once the service has brought them back)
blob-tiers-not-changed = could not be changed
blob-tiers-archive-title = Archive { $count } blob(s)?
blob-tiers-archive-body = An archived blob cannot be read or previewed until it is rehydrated to another tier, which the service may take hours to do (and Azure charges for deleting or moving it early).
blob-tiers-archive-yes = Archive { $count } blob(s)
blob-tiers-job-title = Set { $tier } on { $count } blob(s) in { $container }
blob-tiers-op-set-tier = Set tier
blob-tiers-none = none
blob-tiers-op-set-tier-of = Set the tier of `{ $name }`
blob-tiers-changed-since = its tier changed since it was listed: { $then } then, { $now } now
blob-tiers-tier-to-set = Tier to set:
blob-tiers-rehydrate-priority = Rehydrate priority:
blob-tiers-set-one = Set tier { $tier }
blob-tiers-set-many = Set tier { $tier } on the { $count } selected blobs
blob-tiers-set-hint = Set Blob Tier takes no condition but the lease: each blob's tier is read again just before the write, and a blob whose tier changed since it was listed is left as it is and named

## Index tags (tags_edit.rs)

blob-tags-edit-read-failed = The tags could not be read: { $why }
blob-tags-edit-changed-under = Not saved: someone changed the tags since you read them (now: { $now }). Reload and re-apply puts your changes on theirs; Overwrite anyway replaces them.
blob-tags-edit-not-saved = The tags were not saved: { $why }
blob-tags-edit-unsaved = the tags of `{ $name }`
blob-tags-edit-none = none
blob-tags-edit-reading = Index tags: reading…
blob-tags-edit-title = Index tags ({ $count } of { $max })
blob-tags-edit-key = Key { $n }:
blob-tags-edit-value = Value { $n }:
blob-tags-edit-remove = Remove tag { $n }
blob-tags-edit-guard-none = The service offers no condition for a blob without tags: the tags are read again just before the write, and the save refused if someone set some since
blob-tags-edit-guard = Only if the tags are still those you started from (read again, and x-ms-if-tags)
blob-tags-edit-add = Add tag
blob-tags-edit-saving = Saving the tags…
blob-tags-edit-save = Save tags
blob-tags-edit-stale = Changed on the service since you read them (now: { $now })
blob-tags-edit-reapply = Reload and re-apply my tags
blob-tags-edit-overwrite = Overwrite the tags anyway
blob-tags-edit-discard = Discard my tags

## Uploads and downloads (transfers.rs)

blob-transfers-mode-overwrite = overwrite
blob-transfers-mode-only-if-new = only if new
blob-transfers-mode-only-if-unchanged = only if unchanged since I looked
blob-transfers-download-into = Download into
blob-transfers-upload-hint = into the folder shown; { $mode } (More > Uploads)
blob-transfers-upload-files = Upload files…
blob-transfers-upload-files-title = Upload files
blob-transfers-upload-folder = Upload folder…
blob-transfers-upload-folder-title = Upload a folder
blob-transfers-download = Download…
blob-transfers-download-hint = the selected blobs and folders
blob-transfers-uploads = Uploads
blob-transfers-download-blob = Download this blob…
blob-transfers-upload-title = Upload { $name }
blob-transfers-upload-folder-job = Upload folder { $folder }
blob-transfers-op-journal = Journal the upload
blob-transfers-reading-folder = reading the folder…
blob-transfers-walk-stopped = the folder walk stopped: { $why }
blob-transfers-not-read = could not be read: { $why }
blob-transfers-item-uploaded = uploaded
blob-transfers-item-not-uploaded = not uploaded: { $why }
blob-transfers-item-passed = passed over, not read: { $why }
blob-transfers-file-of = file { $n } of { $count }: { $name }
blob-transfers-links-skipped = ; { $count } link(s) or special file(s) passed over, not followed
blob-transfers-uploaded = { $count } file(s), { $size }, uploaded{ $links }
blob-transfers-not-uploaded = { $failed } of { $count } file(s) did not upload; the first, `{ $first }`: { $why } Retry sends only the files that did not go.
blob-transfers-op-download = Download
blob-transfers-name-outside = The blob name `{ $name }` would be saved outside the chosen folder (it holds `{ $part }`); it was skipped.
blob-transfers-name-no-file = The blob name `{ $name }` makes no file name.

## Versions (versions.rs)

blob-versions-promoted = Promoted version { $version } to be `{ $name }` again
blob-versions-deleted = Deleted version { $version } of `{ $name }`
blob-versions-title = Versions
blob-versions-this = This is version { $version }.
blob-versions-list = List versions
blob-versions-current = current
blob-versions-promote-id = Promote version { $version }
blob-versions-delete-id = Delete version { $version }
blob-versions-delete-hint = No condition: a version never changes, and it is named by its id
blob-versions-promote-title = Promote version { $version } of `{ $name }`?
blob-versions-promote-body = `{ $name }` becomes what that version holds; what it holds now is kept as a version of its own. Sent only if `{ $name }` is still the version shown (If-Match).
blob-versions-promote = Promote version
blob-versions-delete-title = Delete version { $version } of `{ $name }`?
blob-versions-delete-body = Only this earlier version goes; the blob and its other versions stay. A version never changes, so no condition is sent.
blob-versions-delete = Delete version

## The preview (preview.rs)

blob-preview-button = Preview
blob-preview-loading = Loading a preview of { $name }…
blob-preview-text = Preview of { $name } (text, first 64 KiB)
blob-preview-text-name = Preview text
blob-preview-hex = Preview of { $name } (hex, first bytes)
blob-preview-image = Preview of { $name } (image)
blob-preview-failed = No preview of { $name }: { $why }

## The watch (watch_view.rs)

blob-watch-view-tool = Watch
blob-watch-view-tool-hint = read the listing again and again, and mark what someone else changed

blob-watch-view-what = the loaded blobs' listing, page by page
blob-watch-view-rows = blobs
blob-watch-view-list-at = above the listing
blob-watch-view-changes-seen = Changes seen
blob-watch-view-new = New since the last look
blob-watch-view-vanished = Vanished: deleted or renamed (Dismiss vanished removes it)
blob-watch-view-changed = Changed since the last look: the tinted cells say what they held
blob-watch-view-changed-cell = Changed: { $column } was { $was }

## Find in names (name_search.rs)

blob-name-search-tool = Find in names
blob-name-search-tool-hint = a text anywhere in the names (any case, exact case or a regular expression), through every page

blob-name-search-any-case = contains (any case)
blob-name-search-exact-case = contains (exact case)
blob-name-search-regex = regular expression
blob-name-search-empty = Type what the names should contain.
blob-name-search-bad-regex = `{ $text }` is not a regular expression this search understands: { $why }
blob-name-search-whole-of = the whole of { $container }
blob-name-search-what-any-case = names that contain (any case) `{ $text }` in { $place }
blob-name-search-what-exact-case = names that contain (exact case) `{ $text }` in { $place }
blob-name-search-what-regex = names that match the regular expression `{ $text }` in { $place }
blob-name-search-label = Find in names:
blob-name-search-hint = anywhere in the name
blob-name-search-whole = Whole container
blob-name-search-whole-not-only = Whole container (not only `{ $prefix }`)
blob-name-search-stop = Stop finding
blob-name-search-find = Find
blob-name-search-find-hint = Lists every name in the scope and shows those that match as they arrive
blob-name-search-back = Back to the folder
blob-name-search-matches = { $count ->
        [one] { $count } match
       *[other] { $count } matches
    }: { $what }

## A walk through a container's listing (walk.rs)

blob-walk-listing = listing…
blob-walk-failed = failed (below)
blob-walk-stopped = stopped: the rest was not looked at
blob-walk-done = done
blob-walk-progress = { $count } names listed, { $rate } a second; { $state }

## SAS URLs (sas.rs)

blob-sas-copied-delegation = User delegation SAS URL copied to the clipboard (it is a secret: share it with care).
blob-sas-copied = SAS URL copied to the clipboard (it is a secret: share it with care).
blob-sas-op-create = Create a SAS URL
blob-sas-title = SAS URL
blob-sas-read = read
blob-sas-add = add
blob-sas-create = create
blob-sas-write = write
blob-sas-delete = delete
blob-sas-list = list
blob-sas-copy-delegation = Copy user delegation SAS URL
blob-sas-copy = Copy SAS URL

## Journaled uploads and downloads (resumable.rs)

blob-resumable-op-journal = Journal the transfer
blob-resumable-beside = ; a file appeared at { $file } while it downloaded, so that file was kept and the download saved beside it
blob-resumable-op-start = Start the transfer
blob-resumable-op-resume-upload = Resume the upload
blob-resumable-file-changed = { $file } changed (or is gone) since the upload began, so it was not resumed: the blocks already sent are of the old content. Upload the file again to send what it holds now.
blob-resumable-already-holds = `{ $name }` already holds this file (its upload committed before the app ended)
blob-resumable-staged = ({ $size } were already staged and not sent again)
blob-resumable-uploaded = uploaded as `{ $name }`, ETag { $etag }{ $again }
blob-resumable-op-resume = Resume
blob-resumable-folder-own-job = a folder transfer resumes as its own job (blob::transfers, blob::folder_download)
blob-resumable-on-disk = ({ $size } were already on disk and not asked for again)
blob-resumable-saved = saved as { $file }{ $how }{ $beside }

## A paste's job (paste_job.rs)

blob-paste-job-skip = skip it
blob-paste-job-keep-both = keep both
blob-paste-job-replace = replace it
blob-paste-job-copied-to = copied to { $to }
blob-paste-job-skipped = skipped (already there)
blob-paste-job-source-kept = copied; the source kept: { $why }
blob-paste-job-kept-with-snapshots = copied to { $to }; the source stays under its name with its snapshots
blob-paste-job-failed = failed: { $why }
blob-paste-job-rename-title = Rename { $name } to { $to }
blob-paste-job-renamed = renamed { $name } to { $to }
blob-paste-job-renamed-kept = copied { $name } to { $to }; { $name } stays under its name with its snapshots
blob-paste-job-op-rename = Rename
blob-paste-job-rename-exists = A blob named { $to } is already there: nothing was renamed.
blob-paste-job-rename-kept = copied to { $to }, but { $why }
blob-paste-job-listing = listing { $name }
blob-paste-job-copying = copying
blob-paste-job-op-paste = Paste
blob-paste-job-moved-count = moved { $count } blob(s)
blob-paste-job-copied-count = copied { $count } blob(s)
blob-paste-job-skipped-count = ; { $count } skipped (already there)
blob-paste-job-with-snapshots-count = ; { $count } source(s) kept under their names with their snapshots
blob-paste-job-kept-count = ; { $count } source(s) kept: { $why }
blob-paste-job-failed-verb = failed
blob-paste-job-source-changed = { $name } changed since the move read it, so nothing was copied and it was not deleted: { $why }
blob-paste-job-changed-after = { $name } changed after it was copied
blob-paste-job-not-deleted = { $name } could not be deleted: { $why }
blob-paste-job-waiting = waiting for the service to copy { $target }
blob-paste-job-pending = pending: the service is copying it into { $target }
blob-paste-job-copy-ended = The service's copy into { $target } ended { $status }.

## Before a move (move_check.rs)

blob-move-check-snapshots = { $count } snapshot(s) ({ $times })
blob-move-check-tags = index tags { $tags }
blob-move-check-looking = Looking for snapshots and tags the move would not carry…
blob-move-check-op-look = Look at the blobs to move (nothing was moved)
blob-move-check-more = …and { $count } more
blob-move-check-body = A copy carries content, properties and metadata, not snapshots, index tags or versions. The move never deletes snapshots: a blob that has them is copied to its new name and stays under its old name with them. Index tags (and versions, where the account keeps them) are not carried: the moved blob has none.
blob-move-check-title = Move { $count } blob(s) holding what a copy does not carry?
blob-move-check-yes = Move, keeping the snapshots under the old names
blob-move-check-nothing-moved = Nothing was moved.

## Sorting the list by a column (src/app/blob/sort.rs)
blob-sort-hint = Sort by this column; click again for descending, a third time for the names' order
blob-sort-running = Sorting { $count ->
        [one] { $count } blob
       *[other] { $count } blobs
    } by { $column }… { $percent } %
blob-sort-cancel = Cancel sorting
blob-sort-waits = Sorted by { $column } once Load all ends
blob-name-search-in-loaded = { $what }, among the { $count ->
        [one] { $count } blob
       *[other] { $count } blobs
    } loaded (no request sent)

## Load all's pause before half of the computer's memory (src/app/blob/memory_guard.rs)
blob-memory-stopped = Load all paused at { $blobs ->
        [one] { $blobs } blob
       *[other] { $blobs } blobs
    }: they hold { $held }, past { $limit }, half of this computer's memory. Each further million blobs takes about { $per_million }.
blob-memory-go-on = Go on loading
blob-memory-keep = Keep what is loaded
