# What the app says around the service's errors and its own refusals (English, the reference).

## Why a storage operation failed and what to do (src/storage/error.rs)

error-failed = { $operation } failed: { $hint }
error-string-signed = String signed: { $signed }
error-request-id = (request id { $id })
error-cancelled = cancelled
error-hint-invalid = Nothing was sent. Correct the input and try again.
error-hint-cancelled = Cancelled before it finished; nothing more will be sent.
error-hint-changed-since-read = Someone else changed it since you read it (the service offers no condition for this write, so the app read it again just before writing). Nothing was written. Reload to see their version, then re-apply your change or force it.
error-hint-io = A local file could not be read or written. Check the path, free space and permissions.
error-hint-decode = The endpoint answered with something that is not a storage service response. Check that the endpoint points at the right service.
error-hint-circuit-open = The endpoint failed several times in a row, so the app stopped sending to it for a short while. It will try again by itself; check the endpoint or your network meanwhile.
error-hint-outcome-unknown-answered = The service failed while carrying out this request (it answered an error that may come after the change was made), and this request is not safe to repeat. It may or may not have taken effect: look (peek the queue, reload the item) before trying again.
error-hint-outcome-unknown = The connection failed after the request was sent, and this request is not safe to repeat. It may or may not have taken effect: look (peek the queue, reload the item) before trying again.
error-hint-timeout = The service did not answer in time. It may be overloaded or unreachable; try again in a moment.
error-hint-sign-in = No sign-in token could be had, so nothing was sent to the storage service. { $sign_in }
error-hint-sign-in-settings = Check the account's sign-in settings, then retry.
error-role-blob = Storage Blob Data Reader (to read) or Storage Blob Data Contributor (to write)
error-role-queue = Storage Queue Data Reader (to peek), Storage Queue Data Message Processor (to dequeue and delete) or Storage Queue Data Contributor
error-role-table = Storage Table Data Reader (to read) or Storage Table Data Contributor (to write)
error-role-any = a Storage … Data role for this service
error-scope-container = container
error-scope-queue = queue
error-scope-table = table
error-scope-resource = resource
error-the-endpoint = the endpoint
error-hint-untrusted-certificate = The certificate { $endpoint } presented is not trusted by this computer. If this endpoint uses its own certificate (an emulator started with --cert, a corporate TLS proxy, a private endpoint), choose that certificate's PEM file under "Trust certificate" in the account's settings; the rest of the trust store stays as it is.
error-hint-emulator-not-running = Nothing is listening on { $endpoint }: the local emulator (Azurite) is not running. Start it with `npx azurite --inMemoryPersistence --disableTelemetry`, or use the app's run command, which starts one.
error-hint-nothing-listening = Nothing is listening on { $endpoint }. Start the emulator or proxy that should be there, or check the port.
error-hint-unreachable = Could not reach { $endpoint }. Check the endpoint's address, your network, and any proxy or firewall in between.
error-hint-arm-no-role = The signed-in identity has no role that allows this here. Listing storage accounts needs Reader (or any role with Microsoft.Storage/storageAccounts/read) on the subscription; using an account's key needs Storage Account Key Operator or Contributor. Ask an owner of the subscription; role assignments can take a few minutes to apply.
error-hint-other-tenant = The sign-in is for another tenant than this subscription's: sign in to that tenant too. { $sign_in }
error-hint-arm-token-refused = Resource Manager refused the sign-in token (ended, or not for Resource Manager). { $sign_in }
error-hint-subscription-not-found = The subscription was not found in this tenant: it was moved, cancelled, or belongs to another tenant. Refresh the list.
error-hint-sas-expired-at = The SAS expired at { $expiry } (UTC). Create a new SAS and edit the account to use it.
error-hint-clock = The service rejected the request's time: this computer's clock is off. Correct the clock and try again.
error-hint-no-data-role = The signed-in identity has no data role that allows this. Ask an owner of the storage account to assign it { $role } on the account (or this { $scope }). Management roles such as Owner or Contributor do not grant access to the data; role assignments can take a few minutes to apply.
error-hint-token-refused = The service refused the sign-in token. { $sign_in }
error-hint-token-refused-because = The service refused the sign-in token ({ $detail }). { $sign_in }
error-hint-identity-refused = The service refused this request for the signed-in identity. A network rule or firewall on the account, or a data role that does not cover this operation, can cause it; the code and message below say which.
error-hint-identity-refused-because = The service refused this request for the signed-in identity ({ $detail }). A network rule or firewall on the account, or a data role that does not cover this operation, can cause it; the code and message below say which.
error-hint-key-access-off = This account does not allow access with keys or SAS made from keys (Shared Key access is turned off). Add it as a Microsoft Entra ID account instead.
error-hint-signature-form = The service did not accept how this request was signed, although the same credential worked for earlier requests: the key is right. This app signed the request in a form the service computes differently, or something between (a proxy) changed the request after it was signed. The string this app signed is below (and in the HTTP inspector) to compare with what the service expects.
error-hint-bad-signature = The service could not verify the signature: the account key is wrong, or this computer's clock is more than 15 minutes off. Check the key (or the SAS) and the clock.
error-hint-sas-permission = The SAS does not grant this operation. Create a SAS with the needed permission, service and resource type.
error-hint-sas-expired = The SAS has expired. Create a new one.
error-hint-access-refused = Access was refused. Check the account key or SAS and its permissions.
error-hint-lease-precondition = The blob or container is leased by another client, and this write did not carry that lease id. Wait for the lease to end, break it, or write with the lease id.
error-hint-precondition = Someone else changed it since you loaded it (its ETag no longer matches, or it exists when it should not). Reload to see their version, or force your write.
error-hint-lease-conflict = A lease is in the way: the resource is leased, or the lease is in a state that does not allow this. Check the lease indicator.
error-hint-already-exists = It already exists. Pick another name, or open the existing one.
error-hint-being-deleted = It is being deleted; the service needs a short while before the name can be used again.
error-hint-conflict = It conflicts with the current state of the resource (it exists, is leased, or is busy). Reload and try again.
error-hint-message-not-found = The message is gone, or the pop receipt is stale: the message became visible again or was updated, and someone else may hold it now. Dequeue it again to get a current receipt.
error-hint-pop-receipt = The pop receipt is stale: the message was dequeued or updated since. Dequeue it again to get a current receipt.
error-hint-not-found = It does not exist (any more). Refresh to see what is there now.
error-hint-bad-request = The service rejected the request as malformed. The message below says which part.
error-hint-busy = The service is busy or failing right now. Try again in a moment.
error-hint-too-large = The request is too large for the service.
error-hint-refused = The service refused the request. The code and message below say why.

## Refusals before a SAS is signed (src/storage/service_sas.rs, account_sas.rs, blob/sas.rs)

error-sas-ip-invalid = `{ $ip }` is not an IPv4 address or a range such as 168.1.5.60-168.1.5.70.
error-sas-service-needs-key = A service SAS can be signed only with the account key; this account has none.
error-sas-service-needs-key-or-delegation = A service SAS can be signed only with the account key; this account has none. A signed-in account makes a user delegation SAS instead.
error-sas-account-needs-key = An account SAS can be signed only with the account key; this account has none.
error-sas-delegation-key-needs-sign-in = Only a Microsoft Entra ID sign-in can get a user delegation key; with the account key, make a service SAS.
error-sas-not-a-permission = `{ $letter }` is not a permission here; these are: { $allowed }.
error-sas-not-a-service = `{ $letter }` is not one of the services an account SAS takes: { $allowed }.
error-sas-not-a-resource-type = `{ $letter }` is not one of the resource types an account SAS takes: { $allowed }.
error-sas-not-an-account-permission = `{ $letter }` is not one of the permissions an account SAS takes: { $allowed }.
error-sas-choose-service = Choose at least one of the services.
error-sas-choose-resource-type = Choose at least one of the resource types.
error-sas-choose-permissions = Choose at least one of the permissions.
error-sas-choose-permission = Choose at least one permission.
error-sas-choose-permission-or-policy = Choose at least one permission, or a stored access policy.
error-sas-choose-expiry = Choose an expiry.
error-sas-choose-expiry-or-policy = Choose an expiry, or a stored access policy that has one.
error-sas-expiry-before-start = The expiry must be later than the start.

## The naming rules, checked before sending (src/storage/names.rs)

error-names-table-length = The table name `{ $name }` must be 3 to 63 characters long.
error-names-table-characters = The table name `{ $name }` may contain only letters and digits.
error-names-table-start = The table name `{ $name }` must start with a letter.
error-names-table-reserved = `tables` is a reserved name.
error-names-container-length = The container name `{ $name }` must be 3 to 63 characters long.
error-names-container-characters = The container name `{ $name }` may contain only lower-case letters, digits and hyphens.
error-names-container-hyphens = The container name `{ $name }` must start and end with a letter or digit and may not contain `--`.
error-names-queue-length = The queue name `{ $name }` must be 3 to 63 characters long.
error-names-queue-characters = The queue name `{ $name }` may contain only lower-case letters, digits and hyphens.
error-names-queue-hyphens = The queue name `{ $name }` must start and end with a letter or digit and may not contain `--`.
error-names-blob-dot-segment = The blob name `{ $name }` has a `{ $segment }` path segment. URLs treat `.` and `..` as "this folder" and "the folder above", so such a name would address another blob; choose a name without them.
error-names-blob-length = A blob name must be 1 to 1024 characters long (this one is { $chars }).
error-names-blob-control = The blob name contains the control character { $character }.
error-names-blob-segments = A blob name may have at most 254 path segments.

## Refusals before a queue request is sent (src/storage/queue/mod.rs)

error-queue-count = The service returns 1 to 32 messages per call, not { $count }.
error-queue-too-large = The message is { $kib } KiB as stored; the service takes at most 64 KiB (Base64 adds a third).
error-queue-control-character = The text contains { $character }, which XML cannot carry; choose Base64.
error-queue-visibility-too-long = A visibility timeout is at most seven days (604800 s).
error-queue-ttl-too-short = A time to live is at least one second.
error-queue-dequeue-visibility = A dequeue needs a visibility timeout of at least one second.
error-queue-text-not-utf8 = Plain-text messages must be UTF-8; choose Base64 for binary content.
error-queue-metadata-now = the queue's metadata is now: { $metadata }
error-queue-metadata-none = none

## Refusals before an entity, a batch or a query is sent (src/storage/table)

error-entity-too-many-properties = The entity has { $count } properties; the service allows { $allowed } besides PartitionKey, RowKey and Timestamp.
error-entity-property-twice = The property `{ $name }` appears twice.
error-entity-value-too-large = The property `{ $name }` is { $kib } KiB; strings (as UTF-16) and binaries may be at most 64 KiB.
error-entity-too-large = The entity is { $kib } KiB as the service counts it; the limit is 1 MiB.
error-entity-key-character = The { $which } `{ $key }` contains { $character }, which keys may not contain.
error-entity-key-too-long = The { $which } is longer than 1 KiB (as UTF-16).
error-entity-property-no-name = A property has no name.
error-entity-property-name-too-long = The property name `{ $name }` is longer than 255 characters.
error-entity-property-name-system = `{ $name }` is a system property name and cannot be used for a property.
error-entity-property-name-characters = The property name `{ $name }` must start with a letter or `_` and contain only letters, digits and `_`.
error-batch-too-large = The batch is { $kib } KiB; the service takes at most 4 MiB.
error-batch-count = A batch holds 1 to 100 operations, not { $count }.
error-batch-other-partition = Operation { $number } is in partition `{ $partition_key }`, but a batch must stay in one partition (`{ $partition }`).
error-batch-row-twice = RowKey `{ $row_key }` appears twice; a batch may touch each entity once.
error-table-filter-invalid = The filter is not valid at column { $column }: { $message }
error-table-page-size = A page holds 1 to 1,000 entities, not { $top }.

## Why no sign-in token could be had, and how to sign in again (src/storage/azure_cli.rs, oauth.rs)

error-cli-sign-in-again = Sign in again with `{ $command }`, then retry; open tabs and unsaved edits stay as they are.
error-cli-too-slow = `az account get-access-token` did not finish within { $seconds } s
error-cli-not-installed = The Azure CLI (`{ $program }`) is not installed or not on the PATH. Install it (https://learn.microsoft.com/cli/azure/install-azure-cli), run `az login`, then try again.
error-cli-not-started = `{ $program }` could not be started: { $error }
error-cli-no-message = (no message)
error-cli-not-signed-in = The Azure CLI is not signed in (it said: { $said }). Run `{ $command }`, then try again.
error-cli-sign-in-ended = The Azure CLI's sign-in was refused or has ended (it said: { $said }). Run `{ $command }` again, then retry.
error-cli-failed = `az account get-access-token` failed: { $said }
error-cli-answer-not-json = The Azure CLI's answer is not the JSON `az account get-access-token` prints ({ $why }).
error-cli-answer-no-token = The Azure CLI's answer has no `accessToken`.
error-cli-answer-no-expiry = The Azure CLI's answer does not say when the token ends.
error-oauth-check-secret = Check the service principal's client secret (edit the account to enter a new one), then retry; open tabs and unsaved edits stay as they are.
error-oauth-sign-in-again = Sign in again: Edit account…, Sign in with a browser (or with a code), Save account; then retry. Open tabs and unsaved edits stay as they are.

## The proxy's refusals and a proxy address's checks (src/storage/proxy.rs)

error-proxy-enter-address = Enter the proxy's address, e.g. http://proxy.contoso.com:3128.
error-proxy-not-an-address = `{ $text }` is not a proxy address ({ $error }), e.g. http://proxy.contoso.com:3128.
error-proxy-scheme = `{ $text }` is not a proxy address: give http://host:port (the proxy's own scheme, not the sites').
error-proxy-credentials-in-address = Put the proxy's user and password in their own fields (the password goes to the OS keychain), not in the address.
error-proxy-path = `{ $text }` has a path: give just http://host:port.
error-proxy-refused-credentials = The proxy refused its user name and password (HTTP 407). Check them under Tools > Proxy….
error-proxy-asks-credentials = The proxy asks for a user name and password (HTTP 407). Enter them under Tools > Proxy….
error-proxy-system-asks-credentials = The system's proxy asks for a user name and password (HTTP 407), which this app cannot take from the system. Set the proxy with its user and password under Tools > Proxy….
error-proxy-tunnel = The proxy did not open the way to the endpoint. Check the proxy's address under Tools > Proxy… (or the system's proxy settings), and that the proxy allows this host.

## Refusals before a blob request is sent (src/storage/blob)

error-lease-duration = A lease lasts 15 to 60 seconds or is infinite, not { $seconds } s.
error-lease-id = `{ $id }` is not a lease id (a GUID like 6f9619ff-8b86-d011-b42d-00c04fc964ff).
error-lease-break-period = A break period is 0 to 60 seconds, not { $seconds }.
error-append-size = An append takes 1 byte to 4 MiB; this is { $bytes } bytes.
error-page-blob-size = A page blob's size is a positive multiple of 512 bytes; { $size } is not.
error-pages-write = Pages are written 512 bytes at a time, up to 4 MiB, at an offset that is a multiple of 512: { $length } bytes at { $offset } are not.
error-pages-clear = Pages are cleared 512 bytes at a time, at an offset that is a multiple of 512: { $length } bytes at { $offset } are not.
error-tags-count = A blob takes at most { $max } tags; these are { $count }.
error-tags-key-length = Tag key `{ $key }` must be 1 to 128 characters long.
error-tags-value-length = The value of tag `{ $key }` is { $length } characters; at most 256.
error-tags-character = Tag `{ $key }` holds `{ $character }`: keys and values take letters, digits, space and + - . / : = _ only.
error-tags-key-twice = Tag key `{ $key }` is there twice.
error-tags-find-what = Say which tags to find: `"status" = 'done'`.
error-upload-too-large = The file is { $size } bytes; a block blob holds at most { $max_blocks } blocks of 4,000 MiB.
error-upload-foreign-blocks = The blob has blocks staged by another tool and not committed (ids like `{ $id }`, of another length than this app's), and the service takes no block of another length until they are committed or dropped (Azure drops uncommitted blocks after a week). Upload under another name, or commit or overwrite the blob with the tool that staged them. Nothing was sent.
error-upload-etag-now = The blob's ETag is now { $etag }, so the upload's condition fails.
error-upload-no-blob-for-if-match = The blob does not exist, so If-Match cannot hold.
error-file-changed-while-sent = the file could not be read whole ({ $error }): did it change while it was being sent?
error-file-empty-append = The file is empty: there is nothing to append.
error-append-past-max = The blob would grow to { $size } bytes, past the maximum of { $max } set.
error-file-empty-pages = The file is empty: there are no pages to write.
error-pages-file-length = Pages are written 512 bytes at a time: the file is { $length } bytes, not a multiple of 512 (pad it, or cut it to { $cut } bytes). Nothing was written.
error-pages-offset = The offset { $offset } is not a multiple of 512. Nothing was written.
error-pages-past-end = The file's { $length } bytes at offset { $offset } run past the blob's end ({ $size } bytes) by { $over } bytes. Nothing was written: resize the blob or write at a lower offset.

## A connection string's checks (src/storage/connection_string.rs)

error-cs-empty = The connection string is empty.
error-cs-part-form = Part { $part } of the connection string is not of the form Name=Value.
error-cs-unknown-setting = The connection string has an unknown setting `{ $setting }`. Known settings: { $known }.
error-cs-unknown-setting-in-part = The connection string has an unknown setting in part { $part }. Known settings: { $known }.
error-cs-twice = The connection string sets `{ $setting }` twice.
error-cs-key-and-sas = The connection string has both AccountKey and SharedAccessSignature; keep one.
error-cs-protocol = DefaultEndpointsProtocol is `{ $protocol }`; it must be `https` or `http`.
error-cs-different-sas = The endpoints of the connection string carry different SAS tokens; keep one, in SharedAccessSignature.
error-cs-no-account = The connection string names no AccountName and no BlobEndpoint, QueueEndpoint or TableEndpoint.
error-cs-suffix = EndpointSuffix `{ $suffix }` is not the end of a host name (it contains `{ $bad }`); it should look like `core.windows.net`. For an endpoint with a path, give BlobEndpoint, QueueEndpoint and TableEndpoint instead.
error-cs-endpoint-sas-and-key = An endpoint of the connection string carries a SAS, and the string also has an AccountKey; keep one.
error-cs-endpoint-sas-and-other-sas = An endpoint of the connection string carries a SAS, and the string also has a different SharedAccessSignature; keep one.
error-cs-key-without-name = The connection string has an AccountKey but no AccountName.
error-cs-development-value = UseDevelopmentStorage is `{ $value }`; the only accepted value is `true`.
error-cs-development-combined = UseDevelopmentStorage=true cannot be combined with `{ $setting }`.

## An account's settings, checked as they are read (src/storage/account.rs)

error-account-key-empty = The account key is empty.
error-account-key-base64 = The account key is not valid base64 ({ $error }). Copy it again from the portal's Access keys page.
error-account-sas-empty = The shared access signature is empty.
error-account-sas-no-sig = The shared access signature has no `sig=` part. Copy the whole SAS token or URL.
error-account-sas-url-not-url = The SAS URL is not a URL ({ $error }).
error-account-sas-url-scheme = The SAS URL must start with https:// (or http:// for an emulator).
error-account-sas-url-which-service = The SAS URL does not say whether it is for a container, a queue or a table; choose one.
error-account-sas-url-no-account = The SAS URL names no account after the host.
error-account-sas-url-no-resource = The SAS URL names no container, queue or table. For an account-wide SAS, use a connection string.
error-account-no-blob-endpoint = The account `{ $account }` has no blob endpoint: its connection string or SAS URL names none.
error-account-no-queue-endpoint = The account `{ $account }` has no queue endpoint: its connection string or SAS URL names none.
error-account-no-table-endpoint = The account `{ $account }` has no table endpoint: its connection string or SAS URL names none.
error-account-name-empty = The account name is empty.
error-account-name-characters = The account name `{ $name }` may contain only letters and digits.
error-account-endpoint-of-blob = The blob endpoint
error-account-endpoint-of-queue = The queue endpoint
error-account-endpoint-of-table = The table endpoint
error-account-endpoint-has-sas = { $setting } carries a shared access signature (`?…sig=…`). An endpoint is only the service's address: remove the part from `?` on, or add the account as a SAS URL or a connection string.
error-account-endpoint-not-url = { $setting } `{ $url }` is not a valid URL ({ $error }).
error-account-endpoint-scheme = { $setting } `{ $url }` must be an http:// or https:// URL with a host.
error-account-endpoint-query = { $setting } `{ $url }` has a query (`?…`). An endpoint is only the service's address: remove the part from `?` on.

## Refusals while a request is built, and the paused endpoint (src/storage/pipeline.rs, request.rs)

error-request-dot-segment = The name `{ $name }` has a `{ $segment }` path segment. URLs treat `.` and `..` as "this folder" and "the folder above", so the request would reach another resource; such names cannot be addressed. Nothing was sent.
error-request-invalid-url = `{ $path }` does not make a valid URL ({ $error }).
error-request-header-name = `{ $name }` cannot be used as a header name.
error-request-header-not-ascii = The value of `{ $name }` holds characters HTTP headers cannot carry (only plain ASCII): `{ $value }`. Nothing was sent.
error-request-header-rfc5987 = For a file name, write it in the RFC 5987 form, for example `attachment; filename*=UTF-8''{ $encoded }`.
error-request-header-write-ascii = Write it in ASCII (percent-encode or Base64 the rest).
error-circuit-paused = { $failures } failures in a row on the { $service } endpoint (last: { $last }); paused for { $seconds } s more

## A download's checks (src/storage/blob/download.rs)

error-download-no-size = The answer about the blob did not say its size (no Content-Length; a proxy on the way may drop it), so the download could not be checked. Nothing was saved.
error-download-under-way = Another download into { $path } is under way (in this app or another instance of it). Wait for it to finish, or download to another name.
error-download-link-at = A link is at { $path }, where the download keeps its own file: a link is never written through, as it may lead out of the folder. Remove the link, or download to another name.
error-download-short = Received { $received } of { $size } bytes; nothing was saved.
error-download-range-short = the range ended after { $received } of { $wanted } bytes
error-download-checksum = the content's checksum does not match the blob's
error-download-restarted = `{ $blob }` changed since the interrupted download began (ETag { $then } then, { $now } now), so it started over.
error-download-no-free-name = No free name beside { $path } to save the download as.

## Signing in with Microsoft Entra ID: the client's own explanations (src/storage/oauth.rs)

error-oauth-host-not-url = The sign-in host `{ $host }` is not a URL ({ $error }), e.g. { $example }.
error-oauth-host-not-https = The sign-in host `{ $host }` is not HTTPS: secrets and tokens would travel in the clear.
error-oauth-enter-tenant = Enter the tenant: its directory (tenant) id or domain, e.g. contoso.onmicrosoft.com, or `organizations` for any work or school account.
error-oauth-not-url = `{ $url }` is not a URL ({ $error }).
error-oauth-untrusted-certificate = The sign-in host's certificate is not trusted by this computer: if a TLS-inspecting proxy or a private sign-in host uses its own, choose its PEM file under "Trust certificate" in the account's settings.
error-oauth-check-network = Check the network and the sign-in host.
error-oauth-unreachable = The sign-in endpoint { $url } could not be reached ({ $words }). { $hint }
error-oauth-no-json = The sign-in endpoint { $url } answered HTTP { $status } without the JSON it should send. Check the sign-in host.
error-oauth-secret-refused = The sign-in was refused ({ $error }: { $description }). Check the tenant, the client id and the secret; a client secret ends on its expiry date (make a new one under the app registration's Certificates & secrets).
error-oauth-enter-client-id = Enter the client id of your app registration (a public client with the Azure Storage user_impersonation permission; the user guide's Accounts chapter says how to make one).
error-oauth-device-instruction = To sign in, open { $uri } and enter the code { $code }.
error-oauth-no-code = No code was given ({ $error }: { $description }). Check the tenant and that the app registration allows public client flows (Authentication > Allow public client flows).
error-oauth-no-refresh-token = The sign-in gave no refresh token (the `offline_access` permission was not granted), so it would end within the hour. Grant it to the app registration and sign in again.
error-oauth-declined = The sign-in was declined at the verification page. Start it again to sign in.
error-oauth-failed = The sign-in failed ({ $error }: { $description }).
error-oauth-browser-code-refused = The code from the browser was not accepted ({ $error }: { $description }). Start the sign-in again; the app registration needs the redirect URI http://localhost (Mobile and desktop applications).
error-oauth-code-expired = The code expired before the sign-in was finished. Start the sign-in again and enter the new code.
error-oauth-ended = The sign-in has ended ({ $error }: { $description }).

## Metadata, stored access policies and tokens, checked before sending (src/storage/metadata.rs, policies.rs, token.rs)

error-metadata-name-characters = Metadata name `{ $name }` must start with a letter or `_` and hold only letters, digits and `_`.
error-metadata-name-twice = Metadata name `{ $name }` appears twice (names ignore case).
error-metadata-value-ascii = The value of metadata `{ $name }` must be plain ASCII (it travels as an HTTP header).
error-policies-count = At most { $max } stored access policies; these are { $count }.
error-policies-id-length = Policy id `{ $id }` must be 1 to 64 characters long.
error-policies-id-twice = Policy id `{ $id }` is there twice.
error-policies-permission = Policy `{ $id }`: `{ $letter }` is not a permission here; these are: { $allowed }.
error-policies-start-time = Policy `{ $id }`: the start `{ $time }` is not a UTC time such as 2026-12-01T00:00:00Z.
error-policies-expiry-time = Policy `{ $id }`: the expiry `{ $time }` is not a UTC time such as 2026-12-01T00:00:00Z.
error-token-https-only = A Microsoft Entra ID token is sent over HTTPS only, and { $host } is plain HTTP. Use the https:// endpoint (tick "Use HTTPS" in the account's settings).
error-token-this-endpoint = this endpoint
error-token-not-a-header = The sign-in gave a token with characters a header cannot carry.

## Signing in with a browser (src/storage/browser_sign_in.rs); the three pages are shown in the browser

error-browser-enter-client-id = Enter the client id of your app registration (a public client with the redirect URI http://localhost under Mobile and desktop applications; the user guide's Accounts chapter says how).
error-browser-too-slow = The sign-in was not finished in the browser within { $minutes } minutes. Start it again.
error-browser-page-not-this = This is not the sign-in Tessera is waiting for.
error-browser-page-signed-in = Signed in. You can close this tab and go back to Tessera.
error-browser-page-not-finished = The sign-in did not finish. Go back to Tessera to see why.
error-browser-declined = The sign-in was declined in the browser. Start it again to sign in.
error-browser-no-code = The browser came back without a code ({ $error }: { $description }).
error-browser-no-port = No local port to listen on for the redirect: { $error }
error-browser-ports-taken = every port tried was taken on ::1
error-browser-listen-failed = Listening for the redirect failed: { $error }

## Resource Manager: the client's own checks and explanations (src/storage/arm.rs)

error-arm-not-url = `{ $endpoint }` is not a URL ({ $error }), e.g. https://management.azure.com.
error-arm-not-https = `{ $endpoint }` is not HTTPS: the sign-in token would travel in the clear.
error-arm-unknown-cloud = `{ $endpoint }` is not Resource Manager of a cloud this app knows (management.azure.com, management.chinacloudapi.cn, management.usgovcloudapi.net): a Resource Manager token is sent only there.
error-arm-subscription-id = `{ $id }` is not a subscription id.
error-arm-account-id = `{ $id }` is not a storage account's id.
error-arm-next-link = Resource Manager's nextLink is not a URL ({ $error }).
error-arm-next-host = Resource Manager's next page is on another host ({ $next }); it was not followed, so the token stays with { $host }.
error-arm-answered = Resource Manager answered HTTP { $status }.

## A service's properties, checked before saving (src/storage/service_properties.rs)

error-props-cors-count = A service holds at most { $max } CORS rules, not { $count }.
error-props-cors-no-origin = CORS rule { $rule } allows no origin: give `*` or the origins, comma-separated.
error-props-cors-origins = CORS rule { $rule }: at most 64 origins of 256 characters each.
error-props-cors-no-method = CORS rule { $rule } allows no method (one or more of { $methods }).
error-props-cors-method = CORS rule { $rule }: `{ $method }` is not a method the service takes ({ $methods }).
error-props-cors-allowed-headers = CORS rule { $rule }: allowed headers are at most 64 names and 2 prefixes (`x-ms-meta-*`), 256 characters each.
error-props-cors-exposed-headers = CORS rule { $rule }: exposed headers are at most 64 names and 2 prefixes (`x-ms-meta-*`), 256 characters each.
error-props-cors-size = The CORS rules come to { $size } bytes together; the service takes at most { $max } (2 KiB, not counting the XML). Fold several origins into fewer rules, or use `*`.
error-props-logging = Logging
error-props-hour-metrics = Hour metrics
error-props-minute-metrics = Minute metrics
error-props-delete-retention = Delete retention
error-props-retention-days = { $what }: keep for 1 to 365 days.
error-props-blob-only = Only the Blob service has a static website and delete retention.
error-props-index-document = A static website needs its index document (such as index.html).

## A typed-in table value that does not fit its type (src/storage/table/edm.rs)

error-edm-fraction-digits = `{ $text }` has { $digits } fractional digits; a Table DateTime keeps seven (100 ns).
error-edm-not-datetime = `{ $text }` is not a date and time like 2026-11-22T08:30:00.1234567Z (UTC, ISO 8601).
error-edm-datetime-range = `{ $text }` is outside the Table range 1601-01-01 to 9999-12-31 (UTC).
error-edm-not-int32 = `{ $text }` is not an Int32: a whole number from -2147483648 to 2147483647.
error-edm-not-int64 = `{ $text }` is not an Int64: a whole number from -9223372036854775808 to 9223372036854775807.
error-edm-not-boolean = `{ $text }` is not a Boolean: write true or false.
error-edm-not-guid = `{ $text }` is not a Guid like 6f9619ff-8b86-d011-b42d-00c04fc964ff.
error-edm-not-base64 = The value is not valid base64.
error-edm-unparsed-typed = A value of a type this app cannot read can only be kept, not typed in.
error-edm-unparsed-convert = This app cannot read this value, so it cannot convert it.
error-edm-binary-to-string = Binary does not convert to String; copy its base64 instead.
error-edm-no-conversion = The value does not convert to { $type_name }: { $why }
error-edm-not-double = `{ $text }` is not a Double: a number like 1.5 or 1e300, or NaN, Infinity, -Infinity.

## Sign-in and Resource Manager requests: the client's own words (src/storage/side_requests.rs)

error-side-plain-http-proxy = { $host } is plain HTTP and would be sent through the proxy, which would read the sign-in in the clear. Use its https:// address, or No proxy under Tools > Proxy….
error-side-plain-http-proxy-endpoint = The endpoint is plain HTTP and would be sent through the proxy, which would read the sign-in in the clear. Use its https:// address, or No proxy under Tools > Proxy….
error-side-unreachable = { $host } could not be reached ({ $words }).
error-side-unreachable-endpoint = the endpoint could not be reached ({ $words }).

## An answer that lacks what it should carry (src/storage/blob, table, queue)

error-decode-no-etag = The service did not return the new ETag.
error-decode-no-snapshot-time = The service did not return the snapshot time.
error-decode-no-pop-receipt = The service did not return the new pop receipt.
error-decode-batch-empty = The batch response held no operation results.
error-decode-missing-element = The answer has no <{ $name }>.
error-decode-key-not-base64 = The key's <Value> is not base64.
error-decode-page-range-not-numeric = A page range in the answer has no numeric <{ $name }>.
error-listing-stopped = A part of the listing stopped: { $why }
error-decode-no-lease-id-container = The service did not return a lease id for container `{ $container }`.
error-decode-no-lease-id-blob = The service did not return a lease id for `{ $blob }`.
error-policies-now = the queue's policies are now: { $policies }

## An answer that is not well-formed XML (src/storage/xml.rs)

error-xml-malformed = The answer is not well-formed XML: { $why }
error-xml-malformed-text = The answer holds text that is not well-formed XML: { $why }
error-xml-malformed-reference = The answer holds a character reference that is not well-formed XML: { $why }
error-xml-unbalanced = The answer is not well-formed XML: an end tag closes no element.
error-xml-empty = The answer is an empty XML document.

## An entity the service sent that this app cannot read, or reads only as it came (src/storage/table/entity_json.rs)

error-entity-json-property-unread = property `{ $name }`: { $why }
error-entity-json-type-unknown = the type `{ $odata_type }` is not a Table type this app knows
error-entity-json-int32-too-large = { $value } does not fit an Int32
error-entity-json-value-not-its-type = the value does not match its declared type { $edm_type }
error-entity-json-property-twice = property `{ $name }` appears twice in one entity
error-entity-json-type-twice = the type of property `{ $name }` is given twice
error-entity-json-type-empty = the type of property `{ $name }` is empty (`{ $name }@odata.type` names no type)

## Which sign-in an account uses, shown in the status line (src/storage/azure_cli.rs, oauth.rs)

error-describe-cli = Azure CLI sign-in
error-describe-cli-tenant = Azure CLI sign-in (tenant { $tenant })
error-describe-service-principal = service principal { $client_id } (tenant { $tenant })
error-describe-personal = personal sign-in (tenant { $tenant })

## A file write into a blob that stopped part-way (src/storage/blob/file_writes.rs)

error-part-way-appended = { $done } of { $total } bytes were appended (at offsets { $first } to { $last }) before it stopped; the rest was not.
error-part-way-written = { $done } of { $total } bytes were written (at offsets { $first } to { $last }) before it stopped; the rest was not.
error-nothing-appended = Nothing of the file's { $total } bytes was appended.
error-nothing-written = Nothing of the file's { $total } bytes was written.

## A table filter that does not read, said before it is sent (src/storage/table/odata_parser.rs)

error-filter-empty = The filter is empty.
error-filter-unexpected = Unexpected { $found } here; join conditions with `and` or `or`.
error-filter-the-value = the value { $value }
error-filter-not-operator = `{ $op }` is not an OData operator; write `{ $hint }`.
error-filter-cannot-appear = `{ $character }` cannot appear here.
error-filter-quote-open = This quote is never closed; end the value with `'` (write `''` for a quote inside).
error-filter-not-guid = guid'{ $content }' is not a Guid like guid'6f9619ff-8b86-d011-b42d-00c04fc964ff'.
error-filter-hex = { $prefix }'{ $content }' must be an even number of hex digits.
error-filter-literal-type = `{ $prefix }'…'` is not a literal type; use datetime'…', guid'…', X'…' or binary'…', or a plain '…' string.
error-filter-not-int64 = `{ $body }L` is not an Int64.
error-filter-not-double = `{ $body }d` is not a Double.
error-filter-not-number = `{ $body }` is not a number.
error-filter-int32-too-large = { $body } is too large for an Int32; write { $body }L for an Int64.
error-filter-after-number = `{ $character }` cannot follow a number here.
error-filter-ends-early = The filter ends where a condition should follow.
error-filter-close-paren = Expected `)` to close the `(` at column { $column }, found { $found }.
error-filter-paren-open = This `(` is never closed.
error-filter-expected-comparison = Expected a comparison (eq, ne, gt, ge, lt, le) after { $after }.
error-filter-needs-value = `{ $op }` needs a value after it.
error-filter-operand-missing = A property or value is missing at the end.
error-filter-found-keyword = Expected a property or a value, found the keyword `{ $keyword }`.
error-filter-expected-operand = Expected a property or a value, found { $found }.
error-filter-double-range = `{ $body }` is beyond the range of a Double (about ±1.8e308).

## Which operation of a batch failed (src/storage/table/batch.rs); the proxy address reqwest refused (proxy.rs)

error-batch-operation-failed = Operation { $number } ({ $verb } of RowKey `{ $row_key }`) failed, so none was applied: { $message }
error-batch-an-operation-failed = An operation failed, so none was applied: { $message }
error-batch-verb-insert = insert
error-batch-verb-replace = replace
error-batch-verb-merge = merge
error-batch-verb-insert-or-replace = insert or replace
error-batch-verb-insert-or-merge = insert or merge
error-batch-verb-delete = delete
error-proxy-address = The proxy address: { $error }

error-op-append-file = Append `{ $file }` to `{ $blob }`
error-transfer-task-stopped = a transfer task stopped: { $why }
error-transfer-no-task = no transfer task was running
error-retrying = { $words }; retrying
error-odata-function = `{ $word }(…)` is a function; the Table service has none. For a prefix, write a range: RowKey ge 'abc' and RowKey lt 'abd'.
error-op-write-pages-file = Write `{ $file }` into the pages of `{ $blob }`

## Operation names (src/storage)

error-op-create-container = Create container `{ $name }`
error-op-delete-container = Delete container `{ $name }`
error-op-read-container-properties = Read properties of container `{ $name }`
error-op-save-container-metadata = Save metadata of container `{ $name }`
error-op-change-public-access = Change public access of container `{ $name }`
error-op-create-queue = Create queue `{ $name }`
error-op-delete-queue = Delete queue `{ $name }`
error-op-read-queue-properties = Read properties of queue `{ $name }`
error-op-count-queue-messages = Count the messages of queue `{ $name }`
error-op-save-queue-metadata = Save metadata of queue `{ $name }`
error-op-clear-queue = Clear queue `{ $name }`
error-op-put-message = Put a message on `{ $queue }`
error-op-peek-messages = Peek messages on `{ $queue }`
error-op-dequeue-messages = Dequeue messages from `{ $queue }`
error-op-update-message = Update message { $id } on `{ $queue }`
error-op-return-message = Make message { $id } visible again on `{ $queue }`
error-op-delete-message = Delete message { $id } from `{ $queue }`
error-op-create-append-blob = Create append blob `{ $blob }`
error-op-append-to-blob = Append to `{ $blob }`
error-op-create-page-blob = Create page blob `{ $blob }`
error-op-write-pages = Write pages of `{ $blob }`
error-op-clear-pages = Clear pages of `{ $blob }`
error-op-read-page-ranges = Read the page ranges of `{ $blob }`
error-op-read-access-policies = Read the access policies of `{ $name }`
error-op-save-access-policies = Save the access policies of `{ $name }`
error-op-delete-version = Delete version { $version_id } of `{ $blob }`
error-op-copy-blob = Copy `{ $source_name }` to `{ $dst_blob }`
error-op-abort-copy = Abort the copy into `{ $blob }`
error-op-read-tags = Read the tags of `{ $blob }`
error-op-set-tags = Set the tags of `{ $blob }`
error-op-undelete-blob = Undelete `{ $blob }`
error-op-list-blobs = List blobs in `{ $container }`
error-op-read-blob-properties = Read properties of `{ $blob }`
error-op-save-blob-metadata = Save metadata of `{ $blob }`
error-op-save-blob-http-headers = Save HTTP headers of `{ $blob }`
error-op-upload-blob = Upload `{ $blob }`
error-op-read-blob = Read `{ $blob }`
error-op-snapshot-blob = Snapshot `{ $blob }`
error-op-create-table = Create table `{ $name }`
error-op-delete-table = Delete table `{ $name }`
error-op-query-table = Query `{ $table }`
error-op-read-entity = Read entity ({ $partition_key }, { $row_key })
error-op-delete-entity = Delete entity ({ $partition_key }, { $row_key })
error-op-upload-block = Upload a block of `{ $blob }`
error-op-commit-blocks = Commit the blocks of `{ $blob }`
error-op-get-user-delegation-key = Get a user delegation key
error-op-read-blob-service-properties = Read the Blob service's properties
error-op-read-account-information = Read the account's information
error-op-list-tables = List tables
error-op-read-proxy-settings = Read the proxy settings
error-op-read-arm-endpoint = Read the Resource Manager endpoint
error-op-list-account-keys = List the account's keys
error-op-list-subscriptions = List your subscriptions
error-op-list-storage-accounts = List storage accounts
error-op-read-sign-in-settings = Read the sign-in settings
error-op-sign-in-service-principal = Sign in as the service principal
error-op-sign-in-browser = Sign in with a browser
error-op-renew-sign-in = Renew the sign-in
error-op-download-to = Download `{ $blob }` to `{ $path }`
error-op-download-range = Download bytes { $start }-{ $end } of `{ $blob }`
error-op-upload-from = Upload `{ $path }` to `{ $blob }`
error-op-compare = Compare `{ $blob }` with `{ $path }`
error-op-upload-block-number = Upload block { $index } of `{ $blob }`
error-op-set-tier = Set the tier of `{ $blob }` to { $tier }
error-op-find-by-tags-in = Find blobs by tags in `{ $container }`
error-op-find-by-tags-account = Find blobs by tags in the account
error-op-delete-snapshot = Delete snapshot { $snapshot } of `{ $blob }`
error-op-delete-blob = Delete `{ $blob }`
error-op-batch = Batch of { $count } operations on `{ $table }`
error-op-insert-entity = Insert entity ({ $partition_key }, { $row_key })
error-op-read-queue-service-properties = Read the Queue service's properties
error-op-read-table-service-properties = Read the Table service's properties
error-op-save-blob-service-properties = Save the Blob service's properties
error-op-save-queue-service-properties = Save the Queue service's properties
error-op-save-table-service-properties = Save the Table service's properties
error-op-acquire-lease-container = Acquire a lease on container `{ $name }`
error-op-acquire-lease-blob = Acquire a lease on `{ $blob }`
error-op-renew-lease-container = Renew the lease on container `{ $name }`
error-op-renew-lease-blob = Renew the lease on `{ $blob }`
error-op-change-lease-container = Change the lease id on container `{ $name }`
error-op-change-lease-blob = Change the lease id on `{ $blob }`
error-op-release-lease-container = Release the lease on container `{ $name }`
error-op-release-lease-blob = Release the lease on `{ $blob }`
error-op-break-lease-container = Break the lease on container `{ $name }`
error-op-break-lease-blob = Break the lease on `{ $blob }`
error-op-replace-entity = Replace entity ({ $partition_key }, { $row_key })
error-op-merge-entity = Merge entity ({ $partition_key }, { $row_key })
error-op-insert-or-replace-entity = Insert or replace entity ({ $partition_key }, { $row_key })
error-op-insert-or-merge-entity = Insert or merge entity ({ $partition_key }, { $row_key })
error-op-list-committed-blocks = List the committed blocks of `{ $blob }`
error-op-list-uncommitted-blocks = List the uncommitted blocks of `{ $blob }`
error-op-list-containers = List containers
error-op-list-queues = List queues
error-op-list-blobs-in-parts = List blobs in parts
error-op-query-in-ranges = Query in ranges
error-op-list-tenants = List your tenants
error-op-set-up-sign-in-client = Set up the sign-in client
error-op-set-up-http-client = Set up the HTTP client
error-op-build-request = Build the request
error-op-create-sas-url = Create a SAS URL
error-op-azure-cli-token = Get a token from the Azure CLI
error-op-read-account-settings = Read the account settings
error-op-create-account-sas = Create an account SAS
error-op-sign-in-device-code = Sign in with a device code
error-op-reach-blob-service = Reach the blob service
error-op-reach-queue-service = Reach the queue service
error-op-reach-table-service = Reach the table service

## A request that got no answer, in the network layer's words (src/storage/no_answer.rs, transport.rs)

error-transport-unresolvable = the name `{ $host }` does not exist (names under .invalid never resolve); check the endpoint
error-transport-setup = the HTTP client could not be set up for the chosen proxy: { $error }
error-transport-connect-timeout = could not connect within { $seconds } s
error-transport-silence = timed out: nothing sent or received for { $seconds } s
error-transport-timed-out = timed out ({ $detail })
error-transport-tls-setup = TLS set-up failed: { $error }
error-transport-no-host = the URL has no host
error-transport-body-stopped = the response body stopped

## A certificate file the user chose to trust, and what is wrong with it (src/storage/transport.rs)

error-certificate-unreadable = The certificate file { $path } cannot be read ({ $error }). Choose the PEM file again in the account's settings.
error-certificate-not-pem = The certificate file { $path } is not a PEM certificate ({ $error }).
error-certificate-empty = The certificate file { $path } holds no certificate (a PEM file starts with -----BEGIN CERTIFICATE-----).
error-certificate-unusable = The certificate in { $path } cannot be used: { $error }

## The proxy window's test of a proxy (src/storage/proxy_trial.rs)

error-op-test-proxy = Test the proxy
error-proxy-trial-not-url = `{ $address }` is not a URL ({ $error }).
error-proxy-trial-reached = Reached { $host } (HTTP { $status }) in { $ms } ms.
error-proxy-trial-the-address = the address

## A deleted blob or an earlier version, beside its name (src/storage/blob/retention.rs)

retention-deleted = deleted
retention-deleted-days = deleted, { $days } day(s) left to undelete
retention-earlier-version = earlier version { $version }

## The names the app gives the accounts it makes itself (src/app/accounts/profiles.rs)

accounts-emulator-preset = Local emulator (Azurite)
accounts-started-emulator = Demo emulator (started by the run command)

## The inspector's note on an attempt the pipeline retried or gave up on (src/storage/pipeline.rs)

pipeline-token-refused-retrying = { $status }: the sign-in token was refused; retrying with a new one
pipeline-retrying-in = { $what }: retrying in { $ms } ms
pipeline-stopped-because = { $words }; { $why }
pipeline-not-retried = not retried: the request may have reached the service and is not safe to repeat
pipeline-gave-up = gave up after { $attempts } attempts
pipeline-retry-after-too-long = the service asked to wait { $seconds } s; not waiting that long

## The HTTP client that could not be made (src/storage/http_clients.rs)

error-http-client-build = the HTTP client could not be made: { $error }
