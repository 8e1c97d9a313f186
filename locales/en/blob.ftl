# The blob pane: containers, blobs, their details and every feature of the pane (English, the reference).

## The details panel

blob-details-loading = Loading the properties…
blob-details-size = Size
blob-details-size-value = { $size } ({ $bytes ->
        [one] { $bytes } byte
       *[other] { $bytes } bytes
    })
blob-details-none = (none)
blob-details-blob-type = Blob type
blob-details-access-tier = Access tier
blob-details-lease-state = Lease state
blob-details-lease-status = Lease status
blob-details-lease-duration = Lease duration
blob-details-created = Created
blob-details-copy-status = Copy status
blob-details-not-a-copy = (none: not a copy)
blob-details-container = Container { $container }
blob-details-select = Select a blob to see its properties, lease and snapshots.

## The metadata and headers form

blob-details-form-saved = Saved `{ $blob }`; its ETag is now { $etag }
blob-details-form-unsaved = the metadata and headers of `{ $blob }`
blob-details-form-save = Save properties
blob-details-form-still-loading = The properties of `{ $blob }` are still loading; save once they show.
blob-details-form-save-of = Save properties of `{ $blob }`
blob-details-form-heading = Metadata and HTTP headers (saved with If-Match the ETag the edit started from)
blob-details-form-moved = changed on the service since you started editing: now { $now }
blob-details-form-stale = The blob changed on the service since you started editing (ETag { $version }, now { $now }): Save will be refused. Reload and re-apply your changes on its version, or overwrite it.
blob-details-form-discard = Discard my changes
blob-details-form-refused = Someone else changed this blob after you loaded it: the save was refused (412).
blob-details-form-field = Field
blob-details-form-yours = Yours
blob-details-form-theirs = Theirs (on the service now)
blob-details-form-metadata = Metadata
blob-details-form-reapply = Reload and re-apply my changes
blob-details-form-overwrite = Overwrite anyway (no If-Match)
blob-details-form-discard-mine = Discard mine

## A container's own settings

blob-container-edit-unsaved = the settings of container `{ $container }`
blob-container-edit-public = PUBLIC ({ $access } access)
blob-container-edit-lease = Container lease: { $lease }
blob-container-edit-delete = Delete container…
blob-container-edit-last-modified = Last modified: { $time }
blob-container-edit-etag = ETag: { $etag }
blob-container-edit-delete-title = Delete container `{ $container }`?
blob-container-edit-delete-body = The container and every blob in it will be deleted. A leased container needs this app's lease id.
blob-container-edit-delete-yes = Delete { $container }
blob-container-edit-deleted = Deleted container `{ $container }`; close this tab.
blob-container-edit-access = Public access:
blob-container-edit-set-access = Set public access
blob-container-edit-set-access-hint = Only if the container is unchanged since shown (If-Unmodified-Since), with this app's lease
blob-container-edit-access-moved = Public access changed on the service since you started editing: now { $now }
blob-container-edit-metadata = Container metadata:
blob-container-edit-save-metadata = Save container metadata
blob-container-edit-save-metadata-hint = Set Container Metadata takes no ETag condition: the container is read again just before the write, and the save refused if its ETag is not the one your edit started from (a change landing in between is not caught). With this app's lease.
blob-container-edit-metadata-moved = The container's metadata changed on the service since you started editing.
blob-container-edit-reapply = Reload and re-apply my container changes
blob-container-edit-stale = The container changed on the service since you started editing. Reload and re-apply your change first.
blob-container-edit-access-set = Public access of `{ $container }` is now { $access }.
blob-container-edit-save-metadata-of = Save the metadata of `{ $container }`
blob-container-edit-etag-moved = the container's ETag is { $etag }, not { $version } as when you started editing
blob-container-edit-metadata-saved = Saved the metadata of `{ $container }`.

## Append and page blobs

blob-append-page-tool = New blob
blob-append-page-tool-hint = an empty append or page blob in the folder shown
blob-append-page-appended = Appended { $bytes } bytes to `{ $blob }` at offset { $offset }; it holds { $blocks } block(s) now
blob-append-page-nothing = Nothing to append to `{ $blob }`
blob-append-page-clear-title = Clear { $bytes } bytes of pages of `{ $blob }`?
blob-append-page-clear-body = Bytes { $from } to { $to } of `{ $blob }` will read as zeros and hold no data; what they hold now is lost unless a snapshot keeps it. Sent only if `{ $blob }` is still the version shown (If-Match).
blob-append-page-clear-yes = Clear { $bytes } bytes
blob-append-page-created-page = Created page blob of { $bytes } bytes `{ $blob }`
blob-append-page-created-append = Created append blob `{ $blob }`
blob-append-page-append = Append
blob-append-page-length-loading = The blob's length is still loading: append once it shows (or untick "only at the end shown").
blob-append-page-append-job = Append { $file } to { $blob }
blob-append-page-append-job-done = appended { $size } to `{ $blob }` at offset { $offset }; it holds { $blocks } block(s) now
blob-append-page-write = Write pages
blob-append-page-props-loading = The blob's properties are still loading: write once they show (the write is conditional on the version shown).
blob-append-page-write-job = Write { $file } into the pages of { $blob }
blob-append-page-write-job-done = wrote { $bytes } bytes of pages into `{ $blob }` at offset { $offset }
blob-append-page-cleared = Cleared bytes { $from }–{ $to } of `{ $blob }`; its ETag is now { $etag }
blob-append-page-clear = Clear pages
blob-append-page-new = New blob:
blob-append-page-name = name
blob-append-page-append-blob = append blob
blob-append-page-page-blob = page blob
blob-append-page-of-bytes = of bytes:
blob-append-page-type-name = Type the new blob's name
blob-append-page-not-pages = A page blob's size is a multiple of 512 bytes; { $bytes } is not
blob-append-page-create = Create blob
blob-append-page-text = Text to append:
blob-append-page-at-end = only at the end shown
blob-append-page-at-end-position = only at the end shown (position { $position })
blob-append-page-at-end-hint = x-ms-blob-condition-appendpos: refused (412) if someone appended since
blob-append-page-max-size = max size (0: none):
blob-append-page-append-text = Append text
blob-append-page-append-text-hint = The text stays in the box until it is appended
blob-append-page-unsaved = { $bytes } bytes of text typed to append, not yet appended
blob-append-page-rest-kept = The text box now holds only the { $bytes } bytes that did not go in: Append text sends them next.
blob-append-page-append-file = Append a file…
blob-append-page-ranges = Page ranges
blob-append-page-reading = reading…
blob-append-page-no-pages = No pages written: all { $size } bytes are zeros.
blob-append-page-held = { $held } of { $size } bytes hold data: { $ranges }
blob-append-page-offset = Write at offset:
blob-append-page-write-file = Write pages from a file…
blob-append-page-write-file-hint = The whole file is checked first (whole 512-byte pages that fit within the blob), then written only to the version shown (If-Match), chunk after chunk
blob-append-page-offset-aligned = The offset is a multiple of 512
blob-append-page-clear-bytes = Clear bytes:
blob-append-page-clear-pages = Clear pages…
blob-append-page-clear-pages-hint = From the offset above: those pages read as zeros again. Asked first, and only if the blob is still the version shown (If-Match)
blob-append-page-pick-append = Append a file
blob-append-page-pick-pages = Write a file's pages

## Copy, cut, paste and rename

blob-copy-paste-move-job = Move { $what } to { $container }/{ $prefix }
blob-copy-paste-copy-job = Copy { $what } to { $container }/{ $prefix }
blob-copy-paste-rename = Rename
blob-copy-paste-copy = Copy
blob-copy-paste-cut = Cut
blob-copy-paste-rename-offer = Rename…
blob-copy-paste-cut-said = Cut { $what }: open the folder to paste into (any container, any account) and press Paste here.
blob-copy-paste-copied-said = Copied { $what }: open the folder to paste into (any container, any account) and press Paste here.
blob-copy-paste-copy-hint = the selected blobs and folders, to paste into any container of any account (Ctrl+C)
blob-copy-paste-cut-hint = moved by the paste: each source is deleted once copied, if still the version copied (Ctrl+X)
blob-copy-paste-paste-hint = into the folder shown (Ctrl+V); if a blob is already there: { $choice }
blob-copy-paste-existing = If a blob is already there:
blob-copy-paste-options-hint = When pasting, if a blob is already there: { $choice }
blob-copy-paste-options = Paste options
blob-copy-paste-paste-what = Paste here: { $what }
blob-copy-paste-paste = Paste here
blob-copy-paste-rename-to = Rename to:
blob-copy-paste-rename-hint = A copy to the new name (not over a blob already there), then a delete of this one if unchanged

## Delete

blob-delete-delete = Delete…
blob-delete-hint = the selected blobs (Delete)
blob-delete-title = Delete { $count } blob(s) from `{ $container }`?
blob-delete-body = Each is deleted only if unchanged since it was listed (If-Match its ETag); one changed since is kept and named.
blob-delete-yes = Delete { $count } blob(s)
blob-delete-with-snapshots = also delete their snapshots
blob-delete-force = even if changed since listed (no If-Match)
blob-delete-if-tags = Only those whose tags match:
blob-delete-some-unlisted = { $count } of the selected blobs are no longer listed here: the delete asks only about the others.
blob-delete-none-listed = The selected blobs are no longer listed here (Refresh, or the folder changed): nothing was deleted. Select them again.
blob-delete-job = Delete { $count } blob(s) from { $container }
blob-delete-op = Delete blobs
blob-delete-deleted = deleted { $count } blob(s)
blob-delete-already-gone = ; { $count } already gone
blob-delete-untagged = ; { $count } kept: their tags do not match ({ $names })
blob-delete-changed = { $done }; { $count } changed after they were listed and were kept: { $names }. Refresh to see their new version, then delete again (or tick "even if changed since listed").

## Folder statistics (folder_stats.rs)

blob-folder-stats-no-tier = (no tier)
blob-folder-stats-type-no-tier = { $kind } (no tier)
blob-folder-stats-hint-shown = count and size the folder shown (the whole container at the top), by tier
blob-folder-stats-hint-selected = count and size the selected folders and blobs, by tier
blob-folder-stats-title = Statistics
blob-folder-stats-selected = the { $count } selected ({ $folders ->
        [one] { $folders } folder
       *[other] { $folders } folders
    }, { $blobs ->
        [one] { $blobs } blob
       *[other] { $blobs } blobs
    })
blob-folder-stats-whole = the whole of { $container }
blob-folder-stats-of = Statistics of { $scope }: { $blobs } blobs, { $size }
blob-folder-stats-stop = Stop
blob-folder-stats-close = Close
blob-folder-stats-tier = { $tier }: { $size } in { $count }
blob-folder-stats-by-tier = By tier: { $tiers }
blob-folder-stats-newest = Newest change: { $time } ({ $name })

## A folder's download (folder_download.rs)

blob-folder-download-op-journal = Journal the download
blob-folder-download-op-download = Download
blob-folder-download-skipped = ; { $count } skipped (already there)
blob-folder-download-earlier = ; { $count } saved by an earlier run
blob-folder-download-gone = ; { $count } deleted from the container meanwhile
blob-folder-download-beside = ; { $count } saved beside a file that appeared while the download ran (kept): { $files }
blob-folder-download-beside-link = ; { $count } saved beside a link of the same name (a link is neither followed nor replaced): { $files }
blob-folder-download-item-saved = saved as { $file }
blob-folder-download-item-skipped = skipped (already there)
blob-folder-download-item-gone = deleted from the container meanwhile
blob-folder-download-item-not-done = not downloaded: { $why }
blob-folder-download-summary = { $saved } blob(s) saved under { $folder }{ $skipped }{ $earlier }{ $gone }{ $beside }
blob-folder-download-not-done = { $failed } of { $count } blob(s) were not downloaded; the first, `{ $first }`: { $why }. Move what is in the way, or download into another folder; Retry downloads only what was not saved. ({ $summary })

## Find by tags (find_tags.rs)

blob-find-tags-empty = Say which tags to find, or build a condition and Add it.
blob-find-tags-tool = Find by tags
blob-find-tags-tool-hint = the blobs whose index tags match a condition, in this container or the whole account
blob-find-tags-label = Find by tags:
blob-find-tags-tag = Tag:
blob-find-tags-value = Value:
blob-find-tags-add = Add condition
blob-find-tags-whole-account = Whole account
blob-find-tags-close = Close tag results
blob-find-tags-in = in { $container }
blob-find-tags-in-account = in the account
blob-find-tags-found = { $count ->
        [one] { $count } blob
       *[other] { $count } blobs
    } found by tags { $place }: { $asked }
blob-find-tags-found-asking = { $count ->
        [one] { $count } blob
       *[other] { $count } blobs
    } found by tags { $place }: { $asked } (asking…)
blob-find-tags-more = More found by tags

## A job's failed blobs (actions.rs)

blob-actions-failed = failed
blob-actions-failures = { $words }; { $count } { $verb }: { $names }. { $why }

## A change of many blobs

blob-bulk-edit-set-metadata = Set a metadata pair
blob-bulk-edit-remove-metadata = Remove a metadata pair
blob-bulk-edit-set-tag = Set an index tag
blob-bulk-edit-remove-tag = Remove an index tag
blob-bulk-edit-set-header = Set a header
blob-bulk-edit-set-tier = Set the tier
blob-bulk-edit-delete = Delete them
blob-bulk-edit-name-metadata = Name the metadata pair.
blob-bulk-edit-name-tag = Name the tag.
blob-bulk-edit-bad-metadata-name = `{ $name }` cannot be a metadata name: letters, digits and _, not starting with a digit.
blob-bulk-edit-what = { $change } { $count } selected blob(s)
blob-bulk-edit-what-folders = { $change } { $count } selected blob(s) and every blob under { $folders }
blob-bulk-edit-title = { $what } in { $container }
blob-bulk-edit-selected = { $count } selected blob(s)
blob-bulk-edit-selected-folders = { $count } selected blob(s) and every blob under { $folders } (listed page by page as the job goes)
blob-bulk-edit-what-to-change = What to change
blob-bulk-edit-tag-name = Tag name
blob-bulk-edit-metadata-name = Metadata name
blob-bulk-edit-value = Value to set
blob-bulk-edit-header = Header
blob-bulk-edit-new-tier = New tier { $tier }
blob-bulk-edit-tier-explain = The service takes no condition for a tier change: each blob's tier is set whatever it is now. Archive makes a blob unreadable until it is rehydrated, which takes hours.
blob-bulk-edit-delete-explain = Each blob is deleted with its snapshots, only if its ETag is still the one read just before.
blob-bulk-edit-tag-explain = Each blob's tags are read, and written only while they are still those (x-ms-if-tags).
blob-bulk-edit-explain = Each blob is read, and written only if its ETag is still the one read (If-Match).
blob-bulk-edit-at-once = Eight blobs at a time; Cancel keeps what was done, and Resume goes on from there.
blob-bulk-edit-unsaved = a change of many blobs, not yet run
blob-bulk-edit-offer = Change the { $count } selected…
blob-bulk-edit-delete-yes = Delete { $count } blob(s) with their snapshots
blob-bulk-edit-delete-all-yes = Delete every blob named, with their snapshots
blob-bulk-edit-change-yes = Change { $count } selected
blob-bulk-edit-window = Change many blobs in `{ $container }`
blob-bulk-job-set-metadata = set metadata { $name } on
blob-bulk-job-remove-metadata = remove metadata { $name } from
blob-bulk-job-set-header = set { $header } on
blob-bulk-job-set-tag = set tag { $name } on
blob-bulk-job-remove-tag = remove tag { $name } from
blob-bulk-job-set-tier = set tier { $tier } on
blob-bulk-job-delete = delete, with their snapshots,
blob-bulk-job-blobs = blobs
blob-bulk-job-deleted = deleted
blob-bulk-job-changed = changed
blob-bulk-job-changed-why = changed between the read and the write
blob-bulk-job-unchanged = already as asked
blob-bulk-job-op = Change blobs in `{ $container }`
blob-bulk-job-set-tags-of = Set the tags of `{ $blob }`

## Downloads (downloads.rs)

blob-downloads-title = Download { $name }
blob-downloads-skipped = 0 blob(s) saved under { $folder }; 1 skipped (already there)
blob-downloads-saved = 1 blob(s) saved under { $folder }; { $said }{ $link }
blob-downloads-beside-link = ; a link is at { $link }: it is neither followed nor replaced, so the blob was saved beside it
blob-downloads-not-done = The blob was not downloaded: { $why }. Move what is in the way, or download into another folder.
blob-downloads-exists-title = A file of that name is already there
blob-downloads-exists = `{ $file }` already exists.
blob-downloads-for-all = Do this for all { $count } files already there
blob-downloads-replace = Replace
blob-downloads-keep-both = Keep both
blob-downloads-keep-both-hint = The download takes a free name beside it
blob-downloads-skip = Skip
blob-downloads-cancel = Cancel the download

## Compare folders (compare_view.rs)

blob-compare-view-title = Compare folders
blob-compare-view-left = Left: { $place }
blob-compare-view-right = Right: { $place }
blob-compare-view-counts = Only in left: { $left } · only in right: { $right } · different: { $different } · same: { $same } · same size, unchecked: { $unchecked }
blob-compare-view-counts-hint = Compared by name, size and MD5; "unchecked": one side keeps no MD5 to compare contents by
blob-compare-view-comparing = Comparing… (both listings are read at once, in name order)
blob-compare-view-same = The two folders hold the same names with the same sizes and MD5s.
blob-compare-view-passed = { $count } link(s) or special file(s) in the local folder were passed over, not read (the plan names them).
blob-compare-view-unread = Could not read { $count } in the local folder, the first `{ $name }`: { $why }. A sync after this compare deletes nothing.
blob-compare-view-follow-links = Follow links to files inside the folder
blob-compare-view-follow-links-hint = Off: every link is passed over and named in the plan, as rclone does without --copy-links. On: a link to a file inside the local folder is read as that file; links to folders or out of the folder are still passed over. Nothing outside the folder is read, written or deleted either way.
blob-compare-view-first = The first { $count } differences are listed and copied.
blob-compare-view-show = Show:
blob-compare-view-all = All differences
blob-compare-view-only-left = Only in left
blob-compare-view-only-right = Only in right
blob-compare-view-different = Different
blob-compare-view-unchecked = Unchecked
blob-compare-view-copy-json = Copy differences as JSON lines
blob-compare-view-sync = { $verb ->
        [copy] Copy
        [upload] Upload
       *[download] Download
    } { $way ->
        [right] left to right
       *[left] right to left
    } ({ $count })
blob-compare-view-sync-hint = Shows the plan first: what is missing there or differs is written; what is only there is deleted only if you tick it
blob-compare-view-again = Compare again
blob-compare-view-dry-run = Nothing is written until you choose a way and confirm its plan: this compare is the dry run.
blob-compare-view-sync-title = Sync { $from } into { $to }
blob-compare-view-plan = Write { $count }: { $new } new, { $replacing } replacing what differs ({ $names }). A new one is written only if still missing, one that differs only if unchanged since the compare.
blob-compare-view-nothing-extra = Nothing is only there: nothing to delete.
blob-compare-view-delete-too = Also delete the { $count } only in { $place }
blob-compare-view-deleted = Deleted ({ $names }), each only if unchanged since the compare. This cannot be undone.
blob-compare-view-kept = Kept ({ $names }).
blob-compare-view-write = Write them
blob-compare-view-cancel = Cancel
blob-compare-view-write-job = Write the differences into { $place }
blob-compare-view-job = Compare { $left } with { $right }
blob-compare-view-summary = { $left } only in left, { $right } only in right, { $different } different, { $same } same, { $unchecked } unchecked
blob-compare-view-place = { $container } ({ $account })
blob-compare-view-place-in = { $folder } in { $container } ({ $account })
blob-compare-view-local = { $path } (local)
blob-compare-view-tool = Compare
blob-compare-view-tool-hint = this folder with another folder or a local one
blob-compare-view-pick = Pick this folder to compare
blob-compare-view-pick-hint = Then, in a container tab of any account, compare its folder with this one
blob-compare-view-with-picked = Compare with the picked folder ({ $place })
blob-compare-view-local-sync = Compare or sync with a local folder…
blob-compare-view-local-sync-hint = The local folder on the left, this folder on the right; upload what differs

## A sync's plan (sync_plan.rs)

blob-sync-plan-unchecked = { $count } of the same size have no hash to compare (one side keeps no MD5), so nothing says whether they differ: left as they are ({ $names }).
blob-sync-plan-write-unchecked = Write these { $count } too: the source's copy replaces the target's
blob-sync-plan-keep-properties = Keep each replaced blob's metadata and headers
blob-sync-plan-keep-properties-hint = Content-Type, Content-Encoding, Content-Language, Content-Disposition, Cache-Control and the metadata stay as the blob has them; untick to send a type guessed from the name and no metadata
blob-sync-plan-passed = Passed over, not read ({ $count }): { $names }.
blob-sync-plan-in-the-way = Left alone, because a link, an entry passed over or a folder not read is on the way ({ $count }): { $names }.
blob-sync-plan-unread = Could not read { $count }: { $names }.
blob-sync-plan-no-deletes = Not deleting anything, as there were read errors: what could not be read would look empty, and what it holds would be deleted from { $place }. The { $count } only there are kept.
blob-sync-plan-many-title = Delete { $count } of the { $held } items in { $place }?
blob-sync-plan-many-why = That is more than a tenth of what is there (or more than 100). Nothing has been written or deleted yet: check these are the folders you meant.
blob-sync-plan-many-yes = Delete { $count }
blob-sync-plan-many-back = Back to the plan

## A local folder as a side of a job (local_files.rs)

blob-local-passed-link = a link, not followed
blob-local-passed-link-away = a link to a folder or out of the folder
blob-local-passed-special = neither a file nor a folder
blob-local-not-unicode = its name is not Unicode text, so no blob name can stand for it
blob-local-kept-changed = the local file changed since the compare
blob-local-kept-appeared = something appeared there since the compare
blob-local-kept-gone = the local file is gone since the compare
blob-local-kept-link = a link is on the way ({ $path }): nothing is written or deleted through a link
blob-local-kept-not-a-folder = { $path } is not a folder

## Writing a compare's differences (compare_copy.rs)

blob-compare-copy-op-sync = Sync
blob-compare-copy-op-copy = Copy the differences
blob-compare-copy-op-upload = Upload
blob-compare-copy-two-local = Two local folders are not synced here: one side must be a container's folder.
blob-compare-copy-two-local-short = Two local folders are not synced here.
blob-compare-copy-no-file = no file
blob-compare-copy-writing = writing
blob-compare-copy-deleting = deleting
blob-compare-copy-written = written
blob-compare-copy-already-same = already the same
blob-compare-copy-deleted = deleted
blob-compare-copy-already-gone = already gone
blob-compare-copy-kept = left as it was: { $why }
blob-compare-copy-failed = failed
blob-compare-copy-failed-why = failed: { $why }
blob-compare-copy-wrote-files = wrote { $count } file(s)
blob-compare-copy-wrote-blobs = wrote { $count } blob(s)
blob-compare-copy-also-deleted = , deleted { $count }
blob-compare-copy-also-same = ; { $count } already the same (an earlier try wrote them)
blob-compare-copy-also-gone = ; { $count } already gone
blob-compare-copy-also-kept = ; { $count } left as they were: { $names }
blob-sync-refused-changed = changed since the compare ({ $code })
blob-sync-refused-appeared = appeared since the compare ({ $code })
blob-sync-refused-gone = gone since the compare ({ $code })
blob-sync-refused-snapshots = it has snapshots, which a sync never deletes ({ $code })
blob-sync-refused-immutable = immutable: a policy or a legal hold forbids it ({ $code })
blob-sync-refused-archived = archived: it must be rehydrated first ({ $code })
blob-sync-refused-copy-pending = a copy into it is still pending ({ $code })
blob-sync-refused-leased = leased: the service refuses it without the lease ({ $code })

## Deleted blobs (deleted.rs)

blob-deleted-undeleted = Undeleted `{ $blob }`
blob-deleted-show = Show deleted blobs (kept { $days } days)
blob-deleted-undelete = Undelete { $blob }
blob-deleted-undelete-hint = Undelete takes no condition: it restores this blob's deleted data and its deleted snapshots, whatever happened to the name since

## Comparing two folders (compare.rs)

blob-compare-only-left = only in left ({ $bytes } bytes)
blob-compare-only-right = only in right ({ $bytes } bytes)
blob-compare-sizes-differ = sizes differ: { $left } and { $right } bytes
blob-compare-md5-differs = same size, MD5 differs
blob-compare-no-md5 = same size; no MD5 on one side to check the content
blob-compare-op-compare = Compare
blob-compare-op-folders = Compare folders
blob-compare-op-local = Compare with a local folder
blob-compare-walk-failed = the walk failed
blob-compare-out-of-order = the names of { $place } came out of order ({ $name } after { $last }), so they cannot be merged
blob-compare-not-a-folder = { $path } is not a folder that can be read.
