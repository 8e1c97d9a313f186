# The conflict lab, and the shared pieces the panes draw with (English, the reference).


## The lens: your own app's requests through an endpoint in front of one account
lens-window = Lens on { $account }: your app's requests
lens-starting = Starting the endpoint…
lens-failed = The lens could not start: { $why }
lens-try-again = Try again
lens-connection-string = Connection string for your app:
lens-copy-connection-string = Copy connection string
lens-copy-connection-string-hint = Copies it with the account's key or SAS, which is not shown here: give it to your app only.
lens-connection-string-hint = Your app uses it in place of its own: every request it makes then goes through Tessera to this account, and to nowhere else.
lens-loopback = Listening on this computer only (127.0.0.1): no other machine can connect.
lens-listen-wide = Let other machines connect…
lens-wide = Listening on every network interface: anyone who reaches these ports uses the account with its key.
lens-listen-loopback = Listen on this computer only
lens-wide-title = Let other machines connect?
lens-wide-body = The endpoint will listen on every network interface. Anyone who can reach these ports (on your network, or beyond it if a firewall lets them) reads and writes { $account } as you, without a key: the endpoint signs nothing, but it forwards whatever comes to this account. Do this only on a network you trust, and go back to this computer only when done.
lens-wide-yes = Listen on every interface
lens-open-connections = { $count ->
        [one] 1 app connection open
       *[other] { $count } app connections open
    }
lens-closed-none-open = The lens on { $account } was stopped; no app connection was open.
lens-closed-open = { $count ->
        [one] The lens on { $account } was stopped. 1 app connection was open and is now closed: { $connections }
       *[other] The lens on { $account } was stopped. { $count } app connections were open and are now closed: { $connections }
    }
lens-requests-heading = Your app's requests
lens-filter-operation = Filter by operation:
lens-filter-resource = Filter by resource:
lens-filter-status = Filter by status:
lens-copy-har = Copy as HAR
lens-copy-har-hint = The requests shown, as a HAR file's text (browsers' and proxies' tools open it); no key or signature goes with them.
lens-requests-shown = { $shown } of { $total } requests shown
lens-requests-none = No request yet: start your app with the connection string on the left.
lens-col-number = #
lens-col-time = Time
lens-col-operation = Operation
lens-col-resource = Resource
lens-col-status = Status
lens-col-details = What it turned on
lens-no-answer = no answer
lens-detail-retry = retry of #{ $number }
lens-detail-etag = If-Match sent { $sent }, ETag answered { $got }
lens-detail-etag-answered = ETag answered { $got }
lens-detail-if-none-match = If-None-Match sent { $sent }
lens-detail-lease = lease { $lease }
lens-detail-receipt = pop receipt { $receipt }
lens-detail-visible = visible again { $time }
lens-detail-dequeued = dequeued { $count } times
lens-detail-continued-from = continued from { $token }
lens-detail-continuation = next continuation { $token }
lens-detail-parts = parts: { $parts }
lens-detail-rules = rules: { $rules }
lens-detail-took = { $ms } ms
lens-rule-heading = Add a fault or hold rule
lens-rule-match-hint = It acts on the requests that match every box filled in (empty: any).
lens-rule-operation = Operation:
lens-rule-resource = Resource:
lens-rule-prefix = Every resource starting with this
lens-rule-method = Method:
lens-rule-does = It does:
lens-kind-answer = Answer with a status
lens-kind-delay = Add latency
lens-kind-cut = Cut the answer mid-body
lens-kind-hold = Hold
lens-rule-status = Status:
lens-rule-code = Error code (empty: the service's usual one):
lens-rule-ms = Latency (ms):
lens-rule-after-bytes = Cut after (bytes):
lens-hold-before = the request, before it is forwarded
lens-hold-after = the answer, before it is returned
lens-rule-how = How often:
lens-how-always = Every match
lens-how-next = The next N matches
lens-how-every = Every Nth match
lens-how-probability = With a probability
lens-rule-count = N:
lens-rule-probability = Probability (0 to 1):
lens-rule-probability-bad = The probability must be between 0 and 1.
lens-rule-bad-number = { $what } `{ $text }` is not a number.
lens-add-rule = Add rule
lens-rule-name = rule { $number }
lens-rules-heading = Rules in force ({ $count })
lens-rules-none = No rule: every request goes through as it came.
lens-any-operation = any operation
lens-describe-prefix = resources starting { $prefix }
lens-describe-answer = answer { $status } { $code }
lens-describe-delay = add { $ms } ms
lens-describe-cut = cut the answer after { $bytes } bytes
lens-describe-hold-before = hold the request
lens-describe-hold-after = hold the answer
lens-describe-always = every match
lens-describe-next = { $count ->
        [one] the next match only
       *[other] the next { $count } matches
    }
lens-describe-every = every { $count }th match
lens-describe-probability = { $percent } % of matches
lens-rule-fired = { $fired ->
        [one] fired 1 time
       *[other] fired { $fired } times
    } ({ $matched ->
        [one] 1 match
       *[other] { $matched } matches
    })
lens-remove-rule = Remove { $name }
lens-held-heading = Held requests ({ $count })
lens-held-none = Nothing held: a hold rule keeps the requests it matches here until you decide.
lens-held-line = #{ $number } { $operation } { $resource } ({ $stage })
lens-held-before = held before it was forwarded
lens-held-after = its answer held
lens-held-for = held { $seconds } s
lens-held-timeout = the request's own timeout: { $seconds } s
lens-held-no-timeout = the request carries no timeout of its own
lens-answer-status = Answer with status:
lens-answer-code = and error code (empty: the service's usual one):
lens-answer-status-bad = A status is a number from 100 to 599.
lens-release = Release #{ $number }
lens-drop = Drop #{ $number }
lens-drop-hint = Closes the app's connection without an answer, as a network failure would.
lens-answer = Answer #{ $number }
lens-held-ended = Request #{ $number } was no longer held (its app gave up, or the lens stopped).

## The conflict lab: the ready-made scenarios (titles, explanations, steps)
lab-scenarios-entity-title = Optimistic concurrency on an entity
lab-scenarios-entity-explains = Both clients read the entity and get the same ETag. A saves first, which changes the ETag; B's save still carries the old one, so the service refuses it with 412 instead of silently losing A's change. B reloads, re-applies its change and succeeds. Then B forces If-Match: * and simply overwrites A: last writer wins.
lab-scenarios-entity-1 = A reads the entity (ETag v1)
lab-scenarios-entity-2 = B reads the entity (the same v1)
lab-scenarios-entity-3 = A saves Count = 1 with If-Match v1 (now v2)
lab-scenarios-entity-4 = B saves Count = 2 with If-Match v1: 412
lab-scenarios-entity-5 = B reloads (v2) and re-applies its change
lab-scenarios-entity-6 = B saves Count = 2 with If-Match v2 (now v3)
lab-scenarios-entity-7 = A saves Count = 10 with its stale v2: 412
lab-scenarios-entity-8 = B forces Count = 99 with If-Match: * (last writer wins)
lab-scenarios-entity-9 = Read back independently: Count = 99, saved by B
lab-scenarios-blob-title = Optimistic concurrency on a blob
lab-scenarios-blob-explains = The same race on a blob: an upload with If-Match the ETag you saw fails with 412 once someone else has written. If-None-Match: * turns an upload into create-only: the second client to create the blob is refused.
lab-scenarios-blob-1 = A reads shared.txt (ETag v1)
lab-scenarios-blob-2 = B reads shared.txt (the same v1)
lab-scenarios-blob-3 = A uploads with If-Match v1 (now v2)
lab-scenarios-blob-4 = B uploads with If-Match v1: 412
lab-scenarios-blob-5 = A creates new.txt with If-None-Match: * (create only)
lab-scenarios-blob-6 = B creates new.txt with If-None-Match: *: refused
lab-scenarios-blob-7 = Read back independently: shared.txt is A's, new.txt is A's
lab-scenarios-append-title = Two writers appending to one log
lab-scenarios-append-explains = Appends to an append blob never overwrite each other: each block lands at the end. But a writer that must know where its record lands (a log with offsets, an exactly-once writer) appends only at the position it saw (x-ms-blob-condition-appendpos): when the other writer got there first, the service refuses with 412 and the writer reads the new end and tries again. A maximum size (x-ms-blob-condition-maxsize) refuses the append that would grow the log past it.
lab-scenarios-append-1 = A reads the log: 0 bytes
lab-scenarios-append-2 = B reads the log: the same 0 bytes
lab-scenarios-append-3 = A appends "A1;" at position 0
lab-scenarios-append-4 = B appends "B1;" at its stale position 0: 412
lab-scenarios-append-5 = B reads the log again: 3 bytes
lab-scenarios-append-6 = B appends "B1;" at position 3
lab-scenarios-append-7 = A appends "A2;" with no position: it lands at the end, wherever that is
lab-scenarios-append-8 = A appends "A3;" only if the log stays within 10 bytes: 412
lab-scenarios-append-9 = Read back independently: A1;B1;A2;
lab-scenarios-lease-title = Pessimistic concurrency with a lease
lab-scenarios-lease-explains = A lease is a lock: while A holds one, B's writes fail with 412 (lease id missing) and only writes that carry A's lease id succeed. When A releases, B can take the lease. Anyone may break a lease: B breaks A's, which lets A finish for the break period (both see `breaking`), after which it is `broken` and anyone may acquire it.
lab-scenarios-lease-1 = A acquires a 15 s lease
lab-scenarios-lease-2 = B writes without a lease id: 412
lab-scenarios-lease-3 = A writes with its lease id
lab-scenarios-lease-4 = A releases the lease
lab-scenarios-lease-5 = B acquires a 15 s lease
lab-scenarios-lease-6 = B releases it
lab-scenarios-lease-7 = A acquires an infinite lease
lab-scenarios-lease-8 = B breaks A's lease with a 3 s period
lab-scenarios-lease-9 = A sees `breaking`
lab-scenarios-lease-10 = B sees `breaking`
lab-scenarios-lease-11 = Wait 4 s for the break period
lab-scenarios-lease-12 = A sees `broken`
lab-scenarios-lease-13 = B sees `broken`
lab-scenarios-queue-title = Competing consumers on a queue
lab-scenarios-queue-explains = A dequeues the message and it becomes invisible for A's 10 s timeout, so B gets nothing. A then 'crashes' (does nothing). When the timeout runs out the message reappears; B takes it with dequeue count 2. A's late delete is refused: its pop receipt went stale when the message reappeared (at-least-once delivery).
lab-scenarios-queue-1 = A dequeues with a 10 s visibility timeout
lab-scenarios-queue-2 = B dequeues: nothing (the message is invisible)
lab-scenarios-queue-3 = A crashes: wait 11 s, doing nothing
lab-scenarios-queue-4 = B dequeues again: the message, dequeue count 2
lab-scenarios-queue-5 = A's late delete with its old receipt: refused
lab-scenarios-queue-6 = B deletes it with the current receipt
lab-scenarios-queue-7 = Read back independently: the queue is empty
lab-scenarios-leader-title = Leader election with a blob lease
lab-scenarios-leader-explains = Both try to acquire a 15 s lease on the same blob; the service grants it to one (the leader) and refuses the other with 409. The leader keeps it by renewing. When it stops renewing (it died), the lease expires and the other acquires it: a new leader, without any coordinator.
lab-scenarios-leader-1 = A tries to acquire: wins
lab-scenarios-leader-2 = B tries to acquire: 409, A leads
lab-scenarios-leader-3 = A renews (it is alive)
lab-scenarios-leader-4 = A stops renewing: wait 16 s
lab-scenarios-leader-5 = B tries again: wins, B leads
lab-scenarios-leader-6 = A, back, cannot renew: 409
lab-scenarios-worker-title = Your worker against a second writer
lab-scenarios-worker-explains = A plays your worker, its requests going through Tessera's lens; B is a second writer on the same entity. The lens holds A's update (sent with the ETag A read) before it reaches the account, B saves meanwhile, and on release A gets its 412: the race your code must survive, at the moment chosen, without a sleep in your code.
lab-scenarios-worker-1 = A connects through the lens
lab-scenarios-worker-2 = A reads the entity (through the lens): gets its ETag
lab-scenarios-worker-3 = A sends its update (If-Match its ETag): the lens holds it
lab-scenarios-worker-4 = B reads the entity (direct)
lab-scenarios-worker-5 = B saves with its ETag: succeeds
lab-scenarios-worker-6 = The lens releases A's update: 412, B's save came first
lab-scenarios-worker-7 = Read back independently: B's save stands
lab-scenarios-storm-title = A retry storm under ServerBusy
lab-scenarios-storm-explains = A plays your app, with retries as an SDK has them, through Tessera's lens. A rule answers A's next three Put Blob with 503 ServerBusy in the account's place; A retries, and the fourth try lands. The lens names each try and says which were retries of the first: how your Retry policy behaves, seen without changing your code.
lab-scenarios-storm-1 = A connects through the lens, with an app's retries
lab-scenarios-storm-2 = A rule: the next 3 Put Blob are answered 503 ServerBusy
lab-scenarios-storm-3 = A writes shared.txt: retried until it lands
lab-scenarios-storm-4 = What the lens saw: 4 tries of one Put Blob

## The conflict lab: what a step did
lab-mod-setup = Setup
lab-mod-no-answer = no answer
lab-steps-refused = { $says }: refused as expected ({ $evidence }).
lab-steps-not-refused = { $says }: it succeeded, but the service should have refused it.
lab-steps-failed = { $says }: failed: { $why }
lab-steps-made-entity = Created the entity (Count = 0).
lab-steps-made-shared = Created shared.txt: ETag { $etag }
lab-steps-made-message = Put one message: id { $id }
lab-steps-made-log = Created the append blob { $blob } (empty): ETag { $etag }
lab-steps-read-log = { $side } read { $blob }: { $length } bytes, ETag { $etag }
lab-steps-appended = { $side } appended { $body } at byte { $offset }: the log is { $length } bytes
lab-steps-read-entity = { $side } read: Count = { $count }, ETag { $etag }
lab-steps-saved-entity = { $side } saved Count = { $count }: new ETag { $etag }
lab-steps-read-blob = { $side } read: ETag { $etag }, lease { $state }
lab-steps-wrote = { $side } wrote { $blob }: new ETag { $etag }
lab-steps-lease-state = { $side } sees lease state { $state }
lab-steps-took = { $side } took the message (dequeue count { $count })
lab-steps-got-nothing = { $side } got nothing
lab-steps-deleted = { $side } deleted the message
lab-steps-waited = Waited { $seconds } s.
lab-steps-entity-holds = The entity holds Count = { $count }, saved by { $by }
lab-steps-messages-left = { $count } messages left
lab-lens-connected = { $side } goes through a lens in front of the account ({ $endpoint }).
lab-lens-held = The lens holds { $side }'s Update Entity on { $resource } before it reaches the account.
lab-lens-released = Released: { $side }'s update went on. ETag { $etag }
lab-lens-busy = A rule answers { $side }'s next { $times } Put Blob with 503 ServerBusy.
lab-lens-tries = The lens saw { $operation } { $count } times: { $tries }; { $retried } of them retries of the first.
lab-lens-step = A step of the lens scenario
lab-lens-not-started = The lens is not started: play the scenario from its first step.
lab-lens-never-held = { $side }'s write never reached the lens (waited 20 s).
lab-lens-nothing-held = Nothing is held: the lens has no request to release.
lab-steps-holds-lease = { $side } holds the lease: lease id { $id }
lab-steps-leads = { $side } is the leader: lease id { $id }
lab-steps-renewed = { $side } renewed
lab-steps-released = { $side } released
lab-steps-breaking = Breaking: broken in { $seconds } s

## The conflict lab's window
lab-view-window = Conflict lab — { $account }
lab-view-lease-states = Lease states over time
lab-view-scenarios = Ready-made scenarios
lab-view-scenarios-hint = Each runs on fresh resources in this account, with two clients that never retry.
lab-view-set-up = Set up: { $scenario }
lab-view-done = done
lab-view-next = next
lab-view-next-step = Next step
lab-view-play-all = Play all
lab-view-copy = Copy as a Python test
lab-view-copy-hover = A pytest test (it also runs as a script) doing these steps through Microsoft's Python SDKs and asserting these outcomes; the account comes from AZURE_STORAGE_CONNECTION_STRING
lab-view-copy-lens-hover = A pytest test (it also runs as a script) in which your app's side goes through the lens: it reads the lens's connection string from TESSERA_LENS_CONNECTION_STRING, the second writer's from AZURE_STORAGE_CONNECTION_STRING; the rules the lens needs are in the script
lab-view-complete = Scenario complete.
lab-view-copied = Copied: set AZURE_STORAGE_CONNECTION_STRING and run it with pytest or python.
lab-view-as-expected = as expected
lab-view-unexpected = UNEXPECTED
lab-view-client = Client { $side }
lab-view-etag-held = ETag it holds: { $etag }
lab-view-lease-held = Lease id it holds: { $id }
lab-view-receipt-held = Pop receipt it holds: { $receipt }
lab-view-timeline = Timeline: every request of A and B, in order ({ $count })
lab-view-col-number = #
lab-view-col-who = Who
lab-view-col-operation = Operation
lab-view-col-method = Method
lab-view-col-sent = Sent (If-Match, lease, receipt)
lab-view-col-came-back = Came back
lab-view-free = Free mode
lab-view-free-hint = Pick an entity, blob or queue in its pane and choose “Open in conflict lab”; then A and B act on it by hand.
lab-view-acts-on = A and B act on the { $target }.
lab-view-value-hint = value to write
lab-view-value-name = Value { $side } writes
lab-view-copy-run = Copy this run as a Python test ({ $count ->
        [one] { $count } step
       *[other] { $count } steps
    })
lab-view-copy-run-hover = A pytest test (it also runs as a script) doing these steps in this order through Microsoft's Python SDKs and asserting what the service said; the account comes from AZURE_STORAGE_CONNECTION_STRING
lab-view-new-run = Start a new run
lab-view-new-run-hover = Forgets the steps so far and what A and B hold (ETags, leases, receipts)

## The conflict lab's free mode
lab-free-read = Read
lab-free-save = Save with my ETag
lab-free-force-save = Save forcing (If-Match *)
lab-free-delete = Delete
lab-free-acquire = Acquire 15 s lease
lab-free-release = Release my lease
lab-free-break = Break the lease now
lab-free-break-slowly = Break with a 10 s period
lab-free-peek = Peek
lab-free-dequeue = Dequeue (30 s)
lab-free-return = Return it now
lab-free-read-entity = read; ETag { $etag }
lab-free-saved = saved; new ETag { $etag }
lab-free-deleted-any = deleted with If-Match * (this side had read no ETag)
lab-free-deleted-matched = deleted (its ETag still matched)
lab-free-deleted-plain = deleted with no condition (this side had read no ETag)
lab-free-read-blob = read; ETag { $etag }, lease { $state }
lab-free-written = written; new ETag { $etag }
lab-free-holds = holds lease { $id }
lab-free-released = released
lab-free-broken-now = broken now
lab-free-breaking = breaking: broken in { $seconds } s (the holder may still write until then)
lab-free-front = front message { $id } (dequeue count { $count })
lab-free-nothing-visible = nothing visible
lab-free-took = took { $id } (dequeue count { $count }), receipt { $receipt }
lab-free-got-nothing = got nothing: every message is invisible
lab-free-deleted-message = deleted { $id }
lab-free-returned = returned { $id }; new receipt { $receipt }
lab-free-act = Act
lab-free-not-here = { $action } does not apply here.
lab-free-acts-on-message = { $side } acts on a message
lab-free-no-message = { $side } holds no message: Dequeue first.
lab-free-saves = { $side } saves
lab-free-no-etag = { $side } holds no ETag yet: Read first, or use "Save forcing (If-Match *)" to write whatever is there.
context-open-lab-entity = entity ({ $partition_key }, { $row_key }) of table `{ $table }`
context-open-lab-blob = blob `{ $blob }` in `{ $container }`
context-open-lab-queue = front message of queue `{ $queue }`

## Stored access policies and the service SAS form (shared by the panes)
widgets-policies-unsaved = the stored access policies of `{ $name }`
widgets-policies-read-failed = The policies could not be read: { $why }
widgets-policies-conflict = Not saved: someone changed the policies since you read them. Your edit is kept: Reload and re-apply puts your changes on theirs; Discard shows theirs. { $why }
widgets-policies-save-failed = The policies were not saved: { $why }
widgets-policies-stale-save = The policies changed on the service since you started editing: Reload and re-apply your changes on theirs first (or discard yours).
widgets-policies-title = Stored access policies ({ $count } of { $max })
widgets-policies-guard-container = Only if nobody changed them since they were read (If-Unmodified-Since the ACL's time)
widgets-policies-guard-queue = The service offers no condition for a queue's policies. The app reads them again just before writing and refuses if they differ from what your edit started from; a policy someone adds between that read and the write would still be deleted, revoking every SAS bound to it.
widgets-policies-reading = reading…
widgets-policies-id = Policy { $n } id:
widgets-policies-permissions = Policy { $n } permissions:
widgets-policies-start = Policy { $n } start:
widgets-policies-expiry = Policy { $n } expiry:
widgets-policies-own = the SAS's own
widgets-policies-remove = Remove policy { $n }
widgets-policies-sas = SAS URL with policy { $id }
widgets-policies-sas-hover = A SAS bound to this policy (si=): it grants what the saved policy grants, until the policy changes
widgets-policies-add = Add policy
widgets-policies-saving = Saving…
widgets-policies-save = Save policies
widgets-policies-reload = Reload policies
widgets-policies-reload-hover = Reads them again; your unsaved changes stay, and what changed under them is said
widgets-policies-changed = The policies changed on the service since you started editing.
widgets-policies-reapply = Reload and re-apply my policy changes
widgets-policies-discard = Discard my policy changes
widgets-policies-letters = Permissions: { $letters } (in any order).
widgets-policies-save-first = Save policy `{ $id }` first: a SAS is bound to a policy the service holds.
widgets-policies-copied = SAS URL copied to the clipboard (it is a secret: share it with care).
widgets-policies-sas-permissions = SAS permissions ({ $letters }):
widgets-policies-copy-sas = Copy SAS URL
widgets-sas-terms-bad-start = The start `{ $start }` is not a UTC time such as 2026-12-01T00:00:00Z (or leave it empty for now).
widgets-sas-terms-start = starts (UTC):
widgets-sas-terms-now = now
widgets-sas-terms-hours = hours:
widgets-sas-terms-ip = IP or range:
widgets-sas-terms-any = any
widgets-sas-terms-https-only = HTTPS only
widgets-sas-terms-copied = Copied to the clipboard (it is a secret: share it with care).

## A tool's strip, the lease timeline, a change of many items
widgets-tool-strip-close = Close { $tool }
widgets-tool-strip-escape = Escape
widgets-lease-timeline-since = { $name }: { $state } since { $since }
widgets-lease-timeline-not-seen = { $name }: not seen yet
widgets-lease-timeline-none = No lease seen yet: blobs show here once this view sees one leased.
widgets-lease-timeline-axis = Seconds since this view first saw each blob (in the pane: since it saw it leased, and the state before); the line is now.
widgets-lease-timeline-as-text = Lease states as text
widgets-lease-timeline-copy = Copy the lease states
widgets-lease-timeline-at = { $state } at { $at }
widgets-lease-timeline-history = { $now }; history: { $history }
widgets-bulk-change-done = { $count } { $items } { $done }
widgets-bulk-change-changed = ; { $count } skipped because they { $why }
widgets-bulk-change-gone = ; { $count } already gone
widgets-bulk-change-unchanged = ; { $count } { $what }
widgets-bulk-change-failed = ; { $count } failed
widgets-bulk-change-first = {" "}(the first: { $failure })
widgets-bulk-change-read = , of { $count } read
widgets-bulk-change-item-skipped = skipped: { $why }
widgets-bulk-change-item-gone = already gone
widgets-bulk-change-item-failed = failed: { $why }
widgets-bulk-change-running = Changing { $items }: { $what }. So far: { $counts }.
widgets-bulk-change-cancel = Cancel change
widgets-bulk-change-stopped = Stopped: { $what }. { $counts }. { $why } Resume goes on from there.
widgets-bulk-change-resume = Resume change
widgets-bulk-change-dismiss = Dismiss
widgets-bulk-change-cancelled = Cancelled: { $what }. { $counts }. Resume goes on from there.
widgets-bulk-change-done-line = Done: { $what }. { $counts }.

## What the panes share: the clipboard, the index map, leases held, saved queries
context-clipboard-snapshot = the snapshot { $time } of { $name } from { $container } ({ $account })
context-clipboard-blobs = { $count ->
        [one] { $count } blob
       *[other] { $count } blobs
    }
context-clipboard-folders = { $count ->
        [one] { $count } folder
       *[other] { $count } folders
    }
context-clipboard-and = { $blobs } and { $folders }
context-clipboard-from = { $what } from { $container } ({ $account })
context-index-map-no-keys = Say which property becomes the index's PartitionKey and which its RowKey.
context-index-map-same = { $property } cannot give both keys: every entry of a value would collide.
context-index-map-own = { $key } is the entry's own, not a copied property.
context-index-map-copies-nothing = copies nothing
context-index-map-copies = copies { $names }
context-index-map-describe = PartitionKey from { $pk }, RowKey from { $rk }, { $copies }
context-saved-queries-imported = { $name } (imported)
context-saved-queries-imported-n = { $name } (imported { $n })
context-leases-available = available
context-leases-mine-infinite = leased by this app, infinite
context-leases-mine-expired = expired (by the clock; refresh to confirm)
context-leases-mine-left = leased by this app, expires in { $seconds } s
context-leases-other-infinite = leased by another client, infinite
context-leases-other-fixed = leased by another client, fixed (up to 60 s)
context-leases-expired = expired
context-leases-breaking-left = breaking, broken in { $seconds } s
context-leases-breaking = breaking
context-leases-broken = broken
context-clipboard-drop-copy = Copy { $what } · let go of Ctrl to move
context-clipboard-drop-move = Move { $what } · hold Ctrl to copy

## Sizes and charts
widgets-format-size = { $value } { $unit ->
        [b] B
        [kib] KiB
        [mib] MiB
        [gib] GiB
       *[tib] TiB
    }
widgets-plot-seconds = s
widgets-plot-now = now
