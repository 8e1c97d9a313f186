# Tessera's words in English: the reference every other language follows (the same ids, the same variables).
# How to report or fix a translation: docs/guide/languages.md.

## The menu bar

menu-accounts = Accounts
menu-add-account = Add account…
menu-export-settings = Export settings…
menu-export-settings-hint = Accounts, recent resources, proxy and look to a file; secrets only if you choose, encrypted
menu-import-settings = Import settings…
menu-view = View
menu-light-theme = Light theme
menu-dark-theme = Dark theme
menu-high-contrast = High contrast
menu-high-contrast-hint = White and yellow on black: every text at least 4.5:1 against its ground (WCAG 2.1 AA)
menu-bottom-panel = Activity and HTTP inspector
menu-language = Language
menu-language-system = As the system ({ $language })
menu-tools = Tools
menu-queue-backlogs = Queue backlogs
menu-seed-million = Seed a million rows…
menu-seed-million-hint = Writes 1,000,000 entities into a new table of the current account, as a job
menu-proxy = Proxy…
menu-conflict-lab = Conflict lab
menu-help = Help
menu-shortcuts = Keyboard shortcuts…
menu-about = About Tessera…
menu-log-file = Log file: { $path }
menu-accounts-file = Accounts file: { $path }
notice-connect-first = Connect an account first.
notice-connect-first-seed = Connect an account first: the rows go into it.
notice-connect-first-lab = Connect an account first: the lab's two clients use it.
notice-proxy-in-use = Proxy settings in use: the open accounts connect through them now.

## About

about-title = About Tessera
about-license = License: { $license }
about-secrets = Secrets: the OS keychain (Secret Service, macOS Keychain, Windows Credential Manager).

## The tree, the notices, the tabs

tree-heading = Explorer
tree-add-account = Add account
tree-add-account-hint = Add an account: connection string, name and key, SAS URL or the emulator
tree-test-of = Test of { $account }
notice-dismiss = Dismiss
tabs-name = Open tabs
tab-close-hint = Close (Ctrl+W)
tab-close-name = Close { $title }

## The bottom panel and the status line

unit-items = { $what ->
        [blobs] { $count } blobs
        [entities] { $count } entities
        [rows] { $count } rows
        [blobs-and-files] { $count } blobs and files
       *[items] { $count } items
    }
unit-items-rate = { $what ->
        [blobs] { $count } blobs/s
        [entities] { $count } entities/s
        [rows] { $count } rows/s
        [blobs-and-files] { $count } blobs and files/s
       *[items] { $count } items/s
    }
unit-bytes-rate = { $size }/s
activity = Activity
activity-one-running = Activity (1 running: { $job })
activity-one-running-at = Activity (1 running: { $job } { $percent }%)
activity-running = Activity ({ $running } running)
activity-closed = Activity ({ $closed ->
        [one] 1 closed tab
       *[other] { $closed } closed tabs
    } still working)
activity-running-closed = Activity ({ $running } running, { $closed ->
        [one] 1 closed tab
       *[other] { $closed } closed tabs
    } still working)
inspector-tab = HTTP inspector ({ $requests ->
        [one] 1 request
       *[other] { $requests } requests
    }, { $failed } failed)
bottom-hide = Hide panel
bottom-hide-hint = It opens again when a job fails; the status line shows the running job meanwhile
status-no-account = No account. Add one with “Add account”.
status-account = Account: { $account }
status-entra = Microsoft Entra ID: { $token }
status-signed-with = Signed with: { $kind }
credential-account-key = account key
credential-sas = shared access signature
credential-entra = Microsoft Entra ID sign-in
credential-anonymous = anonymous
status-endpoint = Endpoint: { $endpoint }
status-endpoint-none = none
status-connection = Connection: { $state }
connection-closed = not connected
connection-opening = connecting…
connection-failed = failed: { $why }
connection-paused = paused: the endpoint keeps failing
connection-answered = connected (last answer { $status } in { $ms } ms)
connection-service-failing = connected, but the service is failing (last answer { $status })
connection-unreachable = unreachable ({ $why })
connection-no-answer = no answer
connection-ready = connected

## The explorer tree and Find in the tree

tree-test-connection = Test connection
tree-edit-account = Edit account…
tree-account-sas = Account SAS…
tree-account-sas-none = An account SAS is signed with the account key; this account has none.
tree-service-settings = Service settings…
tree-lens = Let an app connect through Tessera…
tree-remove-account = Remove account…
tree-connecting = Connecting…
tree-loading = Loading…
tree-blob-containers = Blob containers
tree-queues = Queues
tree-tables = Tables
tree-counted = { $title } ({ $count })
tree-no-containers = No blob containers yet.
tree-no-queues = No queues yet.
tree-no-tables = No tables yet.
tree-new-container = New container…
tree-new-queue = New queue…
tree-new-table = New table…
tree-refresh-containers = Refresh blob containers
tree-refresh-queues = Refresh queues
tree-refresh-tables = Refresh tables
tree-open-containers = Open the { $count } containers
tree-open-queues = Open the { $count } queues
tree-open-tables = Open the { $count } tables
tree-delete-containers = Delete the { $count } containers…
tree-delete-queues = Delete the { $count } queues…
tree-delete-tables = Delete the { $count } tables…
tree-open = Open
tree-copy-url = Copy URL
tree-open-portal = Open in the Azure portal
tree-open-portal-hint = The account's page in the Azure portal
tree-count-entities = Count entities
tree-properties = Properties…
tree-delete = Delete…
find-hint = Find containers, queues, tables…
find-name = Find in the tree
find-hint-more = Any part of the name, any case, in every open account: each list is read whole, every page of it
find-reading = { $account } · { $service }: reading the list… { $listed } listed
find-failed = { $account } · { $service }: { $why }
find-nothing = No container, queue or table of the open accounts contains “{ $text }”.
find-closed = { $closed ->
        [one] 1 account not open: not searched (unfold an account to open it).
       *[other] { $closed } accounts not open: not searched (unfold an account to open it).
    }

## The activity list

activity-cancel-job = Cancel job
activity-retry-now = Retry now
activity-retry-job = Retry job
activity-show-items = Show items
activity-copy-outcome = Copy outcome
activity-outcome-running = { $job }: running
activity-outcome-done = { $job }: done in { $seconds } s: { $summary }
activity-outcome-cancelled = { $job }: cancelled
activity-outcome-failed = { $job } failed: { $why }
activity-items = Items ({ $count })
activity-items-name = Items of { $job } ({ $count })
activity-items-hint = Each item of this job with what became of it
activity-progress = { $done } of { $total }{ $left }
activity-last-failure = { $progress }. The last failure: { $why }
activity-cancelling = Cancelling: it finishes its clean-up first…
activity-cancel = Cancel { $job }
activity-retry-now-name = Retry now { $job }
activity-done = Done in { $seconds } s: { $summary }
activity-cancelled = Cancelled after { $progress }
activity-retry = Retry { $job }
activity-network-wait = Waiting for the network for { $waited } ({ $tries ->
        [one] 1 try
       *[other] { $tries } tries
    }); next try in { $next } s
duration-seconds = { $s } s
duration-minutes-seconds = { $m } min { $s } s
activity-left-seconds = , about { $n } s left
activity-left-minutes = , about { $n } min left
activity-left-hours = , about { $n } h left
activity-counts = { $running } running, { $all } in all
activity-clear = Clear finished jobs
activity-empty = No jobs yet. Transfers, scans, imports and exports show here with their progress.
activity-failed = { $job } failed: { $why }
activity-items-of = { $job }: { $count ->
        [one] 1 item
       *[other] { $count } items
    }
activity-close-items = Close the items

## Accounts > Add account… / Edit account

editor-title-add = Add account
editor-title-edit = Edit account
editor-kind = Kind:
kind-emulator = local emulator
kind-connection-string = connection string
kind-name-and-key = name and key
kind-sas-url = SAS URL
kind-entra = Microsoft Entra ID
kind-entra-browse = Microsoft Entra ID: browse
editor-display-name = Display name:
editor-display-name-hint = shown in the tree
editor-keep-secret-hint = leave empty to keep the stored secret
editor-emulator = The local emulator's well-known account (devstoreaccount1) on 127.0.0.1, ports 10000-10002.
editor-connection-string = Connection string:
editor-ignored = Not used by this app, and ignored: { $settings }.
editor-secrets-where = Account keys and SAS tokens go to the OS keychain, never to the account list file.
editor-account-name = Account name:
editor-account-key = Account key:
editor-endpoint-suffix = Endpoint suffix:
editor-https = Use HTTPS
editor-custom-endpoints = Custom endpoints (optional)
editor-blob-endpoint = Blob endpoint:
editor-queue-endpoint = Queue endpoint:
editor-table-endpoint = Table endpoint:
editor-browse = Lists your subscriptions and their storage accounts (Azure Resource Manager): no account name to type.
editor-resource-manager = Resource Manager:
editor-sas-url = SAS URL:
editor-service = Service:
editor-service-from-url = from the URL
editor-trust-cert = Trust certificate:
editor-trust-cert-hint = optional PEM file, for an endpoint with its own certificate
editor-choose = Choose…
editor-cert-dialog = Certificate to trust
editor-testing = Testing…
editor-reading-cert = Reading the certificate file…
editor-save = Save account
editor-test = Test connection
editor-cancel = Cancel
editor-key-again = Enter the key again to test it (the stored one is not read here).
editor-sign-in-first = Sign in with a code first, then test.
editor-secret-again = Enter the client secret to test it (the stored one is not read here).
editor-cloud = Cloud:

## Questions before something destructive

confirm-delete-container-title = Delete container `{ $name }`?
confirm-delete-queue-title = Delete queue `{ $name }`?
confirm-delete-table-title = Delete table `{ $name }`?
confirm-delete-container-body = The container `{ $name }` and everything in it will be deleted. This cannot be undone.
confirm-delete-queue-body = The queue `{ $name }` and every message in it will be deleted. This cannot be undone.
confirm-delete-table-body = The table `{ $name }` and every entity in it will be deleted. This cannot be undone.
confirm-delete-yes = Delete { $name }
confirm-delete-containers-title = Delete { $count } containers?
confirm-delete-queues-title = Delete { $count } queues?
confirm-delete-tables-title = Delete { $count } tables?
confirm-delete-containers-body = These { $count } containers and everything in them will be deleted. This cannot be undone.
confirm-delete-queues-body = These { $count } queues and every message in them will be deleted. This cannot be undone.
confirm-delete-tables-body = These { $count } tables and every entity in them will be deleted. This cannot be undone.
confirm-delete-containers-yes = Delete { $count } containers
confirm-delete-queues-yes = Delete { $count } queues
confirm-delete-tables-yes = Delete { $count } tables
confirm-delete-unsaved = Open tabs hold edits you have not saved: { $edits }. A tab closes, dropping them, only once its resource is deleted; a tab whose delete fails stays open with its edits.
confirm-delete-unsaved-tab = { $tab }: { $edits }
confirm-seed-title = Seed a million rows into `{ $account }`?
confirm-seed-body = Writes 1,000,000 entities (1,000 partitions of 1,000, about 300 MB of JSON) into table `{ $table }` of `{ $account }`, creating it if needed and replacing rows of the same keys. On the local emulator this takes many minutes; on Azure it costs 10,000 batch transactions. It runs as a job: Cancel stops it, Retry carries on.
confirm-seed-yes = Seed a million rows
confirm-close-title = Close `{ $name }` with unsaved edits?
confirm-close-body = This tab holds { $edits } that you have not saved. Closing drops them. (Work already sent still finishes and is recorded.)
confirm-close-yes = Close and drop the edits
confirm-remove-title = Remove account `{ $account }`?
confirm-remove-body = The account leaves the list and its key or SAS is deleted from the keychain. Nothing in the storage account changes.
confirm-remove-yes = Remove { $account }

## New container / queue / table, and interrupted transfers

create-container-title = New container
create-queue-title = New queue
create-table-title = New table
create-container-hint = container name
create-queue-hint = queue name
create-table-hint = table name
create-container-name = New container name
create-queue-name = New queue name
create-table-name = New table name
create-container = Create container
create-queue = Create queue
create-table = Create table
create-public-access = public access of a new container
access-private = private
access-blob = blob (anonymous read)
access-container = container (anonymous read and list)
interrupted-count = { $count ->
        [one] 1 transfer was interrupted (the app closed or stopped before it finished).
       *[other] { $count } transfers were interrupted (the app closed or stopped before they finished).
    }
interrupted-resume-all = Resume all
interrupted-discard-all = Discard all
interrupted-resume = Resume
interrupted-discard = Discard
interrupted-resume-name = Resume { $transfer }
interrupted-discard-name = Discard { $transfer }
interrupted-account-gone = an account no longer listed
interrupted-no-account = { $transfer } could not be resumed: its account is no longer listed. Add the account again, or discard the transfer.
interrupted-failed = { $transfer } could not be resumed: { $why }

## The HTTP inspector

inspector-show = Show:
inspector-all = All
inspector-failures = Failures
inspector-successes = Successes
inspector-all-services = All services
inspector-api-sign-in = sign-in
inspector-api-resource-manager = Resource Manager
inspector-api-proxy-test = proxy test
inspector-find = Find:
inspector-clear = Clear requests
inspector-copy-har = Copy shown as HAR
inspector-copy-har-hint = A HAR 1.2 log of the requests shown, with the first 16 KiB of each body for the newest 1,000
inspector-copy-curl-script = Copy shown as a curl script
inspector-copy-curl-script-hint = A shell script replaying the requests shown with curl and an account SAS from AZURE_STORAGE_SAS, saying which the service answers differently now
inspector-copy-python = Copy shown as a Python script
inspector-copy-python-hint = A Python script replaying the requests shown through Microsoft's SDKs, the account from AZURE_STORAGE_CONNECTION_STRING, saying which the service answers differently now
inspector-select = Select a request to see its headers.
inspector-col-time = Time
inspector-col-service = Service
inspector-col-method = Method
inspector-col-resource = Resource
inspector-col-status = Status
inspector-col-ms = ms
inspector-col-try = Try
inspector-col-request-id = Request id
inspector-no-answer = no answer
inspector-copy-as-curl = Copy as curl
inspector-copy-as-har = Copy as HAR
inspector-copy-url = Copy URL
inspector-copy-request-id = Copy request id
inspector-copy-client-request-id = Copy client request id
inspector-pipeline = Pipeline: { $note }
inspector-client-request-id = Client request id: { $id }
inspector-request-headers = Request headers
inspector-response-headers = Response headers
inspector-string-to-sign = String-to-sign the client used (compare with the server's, e.g. Azurite's debug log)

## The queue pane

queue-about = About { $count } messages
queue-about-unknown = About ? messages
queue-about-hint = The service's approximate count: it includes invisible messages and may lag.
queue-peek = Peek
queue-peek-hint = F5 or Ctrl+R: peeking changes nothing
queue-peek-count = Messages to peek
queue-peek-count-hint = How many a peek reads: the service returns at most 32 at a time.
queue-open-lab = Open in conflict lab
queue-more = More
queue-more-hint = how the messages are shown
queue-poison-threshold = Poison threshold: { $count }
queue-poison-at = poison at dequeue count { $count }
queue-show-raw = show raw stored text
queue-peeked = Peeked: the first { $count } messages (the service returns at most { $max } at a time); peeking changes nothing.
queue-col-dequeue-count = Dequeue count
queue-col-encoding = Encoding
queue-col-text = Text
queue-col-size = Size
queue-col-inserted = Inserted
queue-col-expires = Expires
queue-col-id = Id
queue-likely-poison = { $count } likely poison
queue-likely-poison-hint = Delivered this many times without being deleted: its consumers keep failing on it.
queue-bytes = { $count } B
queue-copy-one-to = Copy message to queue
queue-copy-many-to = Copy { $count } messages to queue
queue-message-title = Message { $id }
queue-size-as-stored = { $count } B as stored
queue-text-as-stored = Text, as stored (peeked: a newer peek may differ):
queue-message-text = Message text
queue-show-message = Show message
queue-copy-text = Copy text
queue-copy-texts = Copy texts
queue-copy-id = Copy message id
queue-copy-ids = Copy message ids
queue-copy-json = Copy as JSON
encoding-raw = raw
encoding-base64-text = Base64 text
encoding-base64-binary = Base64 binary
encoding-plain = plain text
encoding-binary-bytes = ({ $count } bytes of binary)

## The queue pane: Dequeue and held messages

dequeue-nothing = Nothing to dequeue: every message is invisible or the queue is empty.
dequeue-updated = Updated: it has a new pop receipt.
dequeue-unsaved = { $count ->
        [one] the new text of 1 held message
       *[other] the new text of { $count } held messages
    }
dequeue-title = Dequeue (get messages)
dequeue-take = take
dequeue-count = Messages to dequeue
dequeue-hide-for = hide for
dequeue-seconds = { $count } s
dequeue-button = Dequeue
dequeue-explain = Dequeued messages become invisible to every other consumer for { $seconds } s. Delete them within that time, or they come back with their dequeue count one higher.
held-dequeue-count = dequeue count { $count }
held-pop-receipt = Pop receipt: { $receipt }
held-text = { $encoding }: { $text }
held-done = Done.
held-released = Released: visible again, and this pop receipt is stale.
held-visible-in = Visible again in { $seconds } s
held-delete-message = Delete message
held-return-now = Return to the queue now
held-extend = Extend by 30 s
held-edit-text = Edit text
held-copy-receipt = Copy pop receipt
held-delete = Delete { $id }
held-return = Return { $id } now
held-extend-id = Extend { $id } by 30 s
held-edit = Edit { $id }
held-binary = Binary content (Base64 of non-UTF-8 bytes) cannot be edited as text.
held-new-text = New text of { $id }
held-save-text = Save text of { $id }
held-choose-queue = choose a queue
held-to-queue = to { $queue }
held-target = Target queue for { $id }
held-move = Move { $id }

## The queue pane: put, clear, copy to another queue, backlogs

put-done = Put message { $id }
put-title = Put a message
put-text = Message text:
put-store-as = Store as:
put-base64 = Base64 (what most SDKs read)
put-plain = plain UTF-8 text
put-ttl = Time to live:
put-ttl-default = 7 days (default)
put-ttl-never = never expires
put-ttl-seconds = seconds:
put-ttl-seconds-name = Time to live seconds
put-delay = Invisible at first for
put-delay-name = Initial invisibility
put-size = { $count } of { $max } bytes as stored
put-too-big = { $count } bytes as stored: over the 64 KiB limit, so it cannot be sent.
put-button = Put message
clear-button = Clear queue…
clear-hint = every message, invisible ones included (asks first)
clear-title = Clear queue `{ $queue }`?
clear-body = About { $count } messages will be deleted, invisible ones included. This cannot be undone.
clear-body-unknown = Every message will be deleted, invisible ones included. This cannot be undone.
clear-yes = Clear { $count } messages
clear-yes-unknown = Clear all messages
clear-done = Cleared queue `{ $queue }`
copy-none = No other queue in this account (the tree lists them once Queues is unfolded).
copy-to = to { $queue }
copy-done = Copied { $count ->
        [one] 1 message
       *[other] { $count } messages
    } to `{ $queue }`, each with its text as stored and the time to live it had left; the originals stay here. There each is a new message: a new id and insertion time, dequeue count 0.
copy-not-copied = Not copied: { $id }: { $why }
backlogs-title = Queue backlogs — { $account }
backlogs-explain = Every queue's approximate count, sampled every { $seconds } s while this window is open.
confirm-cancel = Cancel

## Metadata rows (a blob's, a container's, a queue's)

metadata-add-blob = Add metadata
metadata-add-container = Add container metadata
metadata-add-queue = Add queue metadata
metadata-name-blob = Metadata name { $n }
metadata-name-container = Container metadata name { $n }
metadata-name-queue = Queue metadata name { $n }
metadata-value-blob = Metadata value { $n }
metadata-value-container = Container metadata value { $n }
metadata-value-queue = Queue metadata value { $n }
metadata-remove-blob = Remove metadata { $n }
metadata-remove-container = Remove container metadata { $n }
metadata-remove-queue = Remove queue metadata { $n }
metadata-remove = Remove

## The queue pane: Scan the whole queue, queue metadata

scan-dialog = Export the scanned messages
scan-export-cancelled = Export cancelled.
scan-write-failed = Could not write { $path }: { $why }
scan-exported = Exported { $count } messages to { $path }
scan-title = Scan of `{ $queue }`
scan-cancelled-list = Cancelled after { $count } messages: the list is what was seen before.
scan-failed-list = Stopped by a failure after { $count } messages: the list is what was seen before.
scan-whole-list = { $count } messages, the whole queue as the scan saw it. Dequeue counts include the scan's own receive.
scan-find = Find in the scan:
scan-find-hint = text or id
scan-export-json = Export JSON lines…
scan-export-csv = Export CSV…
scan-shown = { $count } shown
scan-first-shown = The first { $shown } of { $count } are listed here; Export and Copy take all { $count }.
scan-finding = Searching the scan…
scan-find-failed = Could not search the scan: { $why }
scan-record-failed = Could not keep the scan's messages in a temporary file: { $why }. Is the temporary folder full?
scan-copy-shown = Copy the { $count } shown to queue
scan-cancelled = Scan cancelled after { $count } messages; every batch it held is visible again.
scan-done = Scanned the whole queue: { $count } messages, each visible again.
scan-button = Scan the whole queue…
scan-hint = every message, past the 32 a peek shows: receives and returns them (asks first)
scan-running = Scanning the whole queue: { $count } messages listed…
scan-cancel = Cancel scan
scan-ask-title = Scan the whole queue `{ $queue }`?
scan-ask-body = The scan receives the messages { $batch } at a time and makes each visible again at once. What it costs: every message's dequeue count rises by one (a consumer that counts retries sees one more), every pop receipt changes (a receipt held elsewhere goes stale), and while a batch is held consumers cannot take those messages (a moment; at most { $hold } s if the scan is cut off). Messages a consumer holds now are not seen.
scan-ask-yes = Scan the whole queue
queue-metadata-saved = Saved the metadata of `{ $queue }`
queue-metadata-unsaved = the queue's metadata
queue-metadata = Metadata
queue-metadata-none = (none)
queue-metadata-changed = Changed on the service since you started editing: now { $theirs }
queue-metadata-save = Save metadata
queue-metadata-save-hint = Set Queue Metadata takes no condition: the app reads the metadata again just before writing and refuses if it changed since you started editing (a change landing in between is not caught)
queue-metadata-reapply = Reload and re-apply my metadata changes
queue-metadata-force = Save metadata anyway (replaces theirs)
queue-metadata-discard = Discard my metadata changes

## The queue pane: message actions, the watch, the charts

moved-deleted = Deleted: it left this queue.
moved-ttl-left = the { $seconds } s of time to live it had left
moved-ttl-never = its time to live (never expires)
moved-done = Moved to `{ $queue }` with its text as stored and { $kept }. There it is a new message: a new id and insertion time, dequeue count 0 (the service cannot carry those over).
queue-watch-what = a peek and a read of the queue's properties
queue-backlog = Backlog over time
queue-change-appeared = appeared: { $id }… { $text }
queue-change-gone = no longer visible: { $id }… (taken by a consumer, deleted or expired)
queue-change-back-again = visible again: { $id }…, dequeue count { $count } (was { $was }): a consumer's invisibility ran out
queue-change-back = visible again: { $id }…
chart-no-samples = No samples yet: each peek or refresh adds one.
chart-growing = growing at { $rate } messages/min
chart-draining = draining at { $rate } messages/min
chart-steady = steady
chart-one-sample = one sample so far
chart-backlog-now = Backlog now: { $count } messages, { $trend }
chart-copy-backlog = Copy the backlog numbers
chart-appeared = appeared
chart-taken = taken
chart-back = back
chart-invisible = invisible
chart-windows-text = Invisibility windows as text
chart-copy-windows = Copy the invisibility windows
chart-visible-in = visible again in { $seconds } s
chart-visible-again = visible again
chart-window = { $id }: hidden { $from } to { $until } ({ $state })
watch-every = Watch every
watch-every-hint = Read { $what } again on an interval and mark what changed; never writes
watch-seconds = Watch seconds
watch-per-minute = about { $count } requests/min
watch-per-read = { $count ->
        [one] Each read is 1 request: { $what }
       *[other] Each read is { $count } requests: { $what }
    }
watch-throttled = throttled: every { $seconds } s until the service answers again
watch-failed = The last read failed: { $why }
watch-asking-again = { $why } Asking again in { $seconds } s.
watch-stopped = Watching stopped: the service refused the read (403). { $why }
watch-mark-seen = Mark all seen
watch-mark-seen-hint = Clears the new and changed marks; vanished { $rows } stay until dismissed
watch-dismiss = Dismiss vanished ({ $count })
watch-changes = Changes ({ $count })
watch-changes-hint = What changed when, { $where }
watch-filter = Filter changes:
watch-copy = Copy changes as JSON lines
watch-clear = Clear changes
copy-failed = { $done } of { $total } messages were copied from `{ $from }` to `{ $to }` before this one failed ({ $why }). The originals are all still in `{ $from }`.
scan-return-failed = { $count ->
        [one] 1 message this scan could not make visible again reappears on its own within { $seconds } s.
       *[other] { $count } messages this scan could not make visible again reappear on their own within { $seconds } s.
    }
moved-delete-failed = It was copied to `{ $to }`, but the original could not be deleted ({ $why }); it will reappear in `{ $from }`.
queue-changes-seen = Changes seen ({ $count })
queue-changes-between = Between peeks: turn on Watch to peek on an interval.
op-use-receipt = Use the pop receipt
receipt-stale = Its visibility timeout ran out: the message is back in the queue and this pop receipt is stale (someone else may hold it now). Dequeue it again to act on it.
receipt-busy = An action on this message is still under way, and it will change the pop receipt. Wait for it, then act again.
op-save-queue-metadata = Save queue metadata
queue-metadata-stale = The queue's metadata changed on the service since you started editing. Reload and re-apply your changes, or save anyway (queues take no condition: yours would replace theirs).
op-put-message = Put a message
op-move-message = Move message
ttl-run-out = Its time to live has run out: it is expiring and cannot be moved.

## Details panels

details-properties = Properties
details-lease = Lease
details-tags = Tags
details-snapshots = Snapshots and versions
details-access = Access
details-held = Held messages
details-new-message = New message
details-history = History
details-hide = Hide details
details-show = Show details
tab-title-container = { $name } (container)
tab-title-queue = { $name } (queue)
tab-title-table = { $name } (table)
badge-messages = ~{ $count } messages

## What the window says when something is done

closed-tabs = Closed tabs still working (what they sent is recorded when it answers)
closed-held = { $count ->
        [one] 1 message held with a live receipt
       *[other] { $count } messages held with live receipts
    }
closed-request = a request under way
closed-tab = { $title }: { $what }
closed-reopen = Reopen { $title }
quit-title = Quit Tessera?
quit-unsaved-in = { $place }: { $what }
quit-unsaved-service-settings = Service settings of { $account }: a change not saved
quit-unsaved = { $count ->
        [one] 1 unsaved edit (lost if you quit anyway):
       *[other] { $count } unsaved edits (lost if you quit anyway):
    }
quit-jobs = { $count ->
        [one] 1 job running (cancelled if you quit; its clean-up runs before the window closes):
       *[other] { $count } jobs running (cancelled if you quit; their clean-up runs before the window closes):
    }
quit-writes = { $count ->
        [one] 1 write sent and not answered yet: the window waits for it.
       *[other] { $count } writes sent and not answered yet: the window waits for them.
    }
quit-held = { $count ->
        [one] 1 message held with a live pop receipt: quitting keeps it hidden until its visibility timeout ends.
       *[other] { $count } messages held with live pop receipts: quitting keeps them hidden until their visibility timeouts end.
    }
quit-lens = { $count ->
        [one] 1 connection of your app is open through the lens: quitting closes it ({ $connections }).
       *[other] { $count } connections of your app are open through the lens: quitting closes them ({ $connections }).
    }
quit-return-held = { $count ->
        [one] Make the held message visible again now (Update Message, visibility 0)
       *[other] Make the { $count } held messages visible again now (Update Message, visibility 0)
    }
quit-what-happens = Save all and quit saves each edit as its Save button would (only if nobody changed it since it was read); an edit that cannot be saved stays, and you are asked again.
quit-still-unsaved = These edits were not saved: a save failed (its tab says why) or the edit is not one a save sends (text to append, a change of many items, an import). Your edits are kept.
quit-save-all = Save all and quit
quit-anyway = Quit anyway
quit-keep-working = Keep working
quit-saving = Saving before quitting…
quit-leaving = Quitting: waiting for the work below to end
quit-now-loses = Quitting now cuts off what is still running: a job's clean-up may not finish (a partial file left, messages hidden until their timeout).
quit-now = Quit now
tabs-empty = Open a table, container or queue from the tree on the left.
demo-failed = The demo emulator could not start: { $why }
job-seed-demo = Seed demo data
job-seed-million = Seed a million rows in { $table }
notice-no-log = The log file { $path } cannot be written, so this run keeps no log. Check that its folder is writable.
notice-no-keychain = { $why }. Keys and SAS tokens you enter are kept for this run only and never written to disk.
notice-secret-this-run = The secret of `{ $account }` is kept for this run only: { $why }.
notice-removed-keychain = Account removed, and its secret deleted from the keychain.
notice-removed-this-run = Account removed, and its secret forgotten (it was kept for this run only).
notice-connect-account = Connect the account first (open it in the tree).
notice-connect-lab = Connect the account first (open it in the tree), then open the conflict lab.
notice-account-saved = Account `{ $account }` saved.
done-created-container = Created container `{ $name }`.
done-created-queue = Created queue `{ $name }`.
done-created-table = Created table `{ $name }`.
done-deleted-container = Deleted container `{ $name }`.
done-deleted-queue = Deleted queue `{ $name }`.
done-deleted-table = Deleted table `{ $name }`.
done-deleted-containers = Deleted { $count } containers: { $names }.
done-deleted-queues = Deleted { $count } queues: { $names }.
done-deleted-tables = Deleted { $count } tables: { $names }.
closed-notice = { $title } closed. What it had sent still finishes and is recorded; until then it is listed under Activity, where Reopen brings it back.

## Tools > Proxy…

proxy-title = Proxy
proxy-system = The system's settings (HTTPS_PROXY and NO_PROXY on Linux)
proxy-direct = No proxy
proxy-manual = This proxy:
proxy-address = Address:
proxy-user = User:
proxy-user-hint = only if the proxy asks (HTTP 407)
proxy-password = Password:
proxy-password-hint = kept in the OS keychain; empty keeps the stored one
proxy-test-with = Test with:
proxy-test = Test
proxy-testing = Testing…
proxy-reading-password = Reading the saved password from the keychain…
proxy-use = Use these settings
proxy-password-unreadable = The proxy's password could not be read from the keychain ({ $why }): the proxy is used without it.
proxy-not-used = The saved proxy is not used: { $why }

## A resource's Properties window

props-title-container = Properties of container `{ $name }`
props-title-queue = Properties of queue `{ $name }`
props-title-table = Properties of table `{ $name }`
props-name = Name
props-address = Address
props-public-access = Public access
props-lease-state = Lease state
props-lease-status = Lease status
props-locked = locked
props-unlocked = unlocked
props-metadata = Metadata
props-approximate-count = Approximate count
props-count = { $count } messages (invisible ones included)
props-reading = Reading its properties…
props-table-none = The Table service keeps no properties of a table: its name and address are all.
props-copy-address = Copy address
props-close = Close
props-etag = ETag
props-last-modified = Last-Modified

## The welcome

welcome-title = Welcome to Tessera
welcome-intro = Open a table, container or queue from the tree on the left, or pick up where you left off.
welcome-recent = Recently opened
welcome-recent-table = table `{ $name }` on { $account }
welcome-recent-container = container `{ $name }` on { $account }
welcome-recent-queue = queue `{ $name }` on { $account }
welcome-accounts = Accounts
welcome-account-state = { $account }: { $state }
welcome-browse-state = open it in the tree to list its subscriptions and storage accounts
welcome-connect = Connect to { $account }
welcome-demo-starting = Starting the demo emulator (Azurite, in memory)…
welcome-new-here = New here?
welcome-open-demo = Open the demo
welcome-open-demo-hint = Starts a local Azurite in memory and fills it with tables, blobs and queues to explore

## Help > Keyboard shortcuts

shortcuts-title = Keyboard shortcuts
shortcuts-intro = Ctrl is Cmd on macOS. A pane's keys work while no text field has the keyboard.

## What the open tabs hold in memory (src/app/frame/held.rs)
status-held-blobs = Tabs hold { $size } for { $blobs ->
        [one] { $blobs } blob
       *[other] { $blobs } blobs
    }
status-held-entities = Tabs hold { $size } for { $entities ->
        [one] { $entities } entity
       *[other] { $entities } entities
    }
status-held-both = Tabs hold { $size } for { $blobs ->
        [one] { $blobs } blob
       *[other] { $blobs } blobs
    } and { $entities ->
        [one] { $entities } entity
       *[other] { $entities } entities
    }
status-held-hint = The memory the open tabs' listings, entities and sorts take; closing a tab gives it back
