# The other windows: account SAS, Entra sign-in, service settings, settings export and import, the conflict lab (English, the reference).

## The account SAS window (src/app/accounts/account_sas.rs).
accounts-account-sas-title = Account SAS for { $account }
accounts-account-sas-blob = Blob service
accounts-account-sas-queue = Queue service
accounts-account-sas-table = Table service
accounts-account-sas-level-service = Service level (properties, listings of containers, queues, tables)
accounts-account-sas-level-container = Containers, queues, tables
accounts-account-sas-level-object = Objects (blobs, messages, entities)
accounts-account-sas-intro = One signature for several services at once, made with the account key. Whoever holds it can do what it grants until it expires; it cannot be revoked except by rotating the key.
accounts-account-sas-permissions = Permissions ({ $letters }):
accounts-account-sas-permissions-hint = r read, w write, d delete, x delete a version, y delete for good, l list, a add, c create, u update, p process (dequeue), t tags, f find by tags, i immutability policy
accounts-account-sas-copy-connection = Copy SAS connection string
accounts-account-sas-copy-token = Copy SAS token

## The service settings window (src/app/accounts/service_settings.rs).
accounts-service-settings-title = Service settings of { $account }
accounts-service-settings-read-stale = Read again: the service's settings changed since you started editing. Your changes are kept; Reload and re-apply puts them on the service's, Discard changes shows the service's.
accounts-service-settings-read-kept = Read again; your unsaved changes are kept (Discard changes shows the service's).
accounts-service-settings-reread-failed = Reading the settings again after the refused save failed too: { $why } Your changes are kept; Read again tries once more.
accounts-service-settings-saved = Saved. The service's settings are read again below.
accounts-service-settings-not-said = not said
accounts-service-settings-on = on
accounts-service-settings-off = off
accounts-service-settings-account = Account: SKU { $sku }, kind { $kind }, hierarchical namespace { $namespace }
accounts-service-settings-account-failed = Account information: { $why }
accounts-service-settings-reading-account = Reading the account's information…
accounts-service-settings-no-table = The Table service's properties are not offered here: the emulator (Azurite 3.35) has none, so nothing here could be tested against a service.
accounts-service-settings-reading = Reading the service's properties…
accounts-service-settings-save = Save settings
accounts-service-settings-save-hint = Set Service Properties takes no condition: the app reads the settings again just before writing and refuses if they changed since you started editing (a change landing in between is not caught)
accounts-service-settings-op-save = Save the service's settings
accounts-service-settings-changed = its settings are not those your edit started from
accounts-service-settings-reapply = Reload and re-apply my settings
accounts-service-settings-discard = Discard changes
accounts-service-settings-read-again = Read again
accounts-service-settings-close-title = Close the service settings of { $account } with unsaved changes?
accounts-service-settings-close-body = Your changes to the service's settings have not been saved. Closing drops them. (A save already sent still lands and is said.)
accounts-service-settings-close-discard = Discard my changes and close
accounts-service-settings-close-keep = Keep editing
accounts-service-settings-closed-saved = The service settings of { $account }, saved after their window closed.
accounts-service-settings-closed-failed = The service settings of { $account } were not saved (their window had closed): { $why }
accounts-service-settings-days = { $what }: days
accounts-service-settings-cors = CORS rules ({ $count } of at most { $max })
accounts-service-settings-origins = Rule { $n } origins:
accounts-service-settings-methods = Rule { $n } methods:
accounts-service-settings-allowed-headers = Rule { $n } allowed headers:
accounts-service-settings-exposed-headers = Rule { $n } exposed headers:
accounts-service-settings-max-age = Rule { $n } max age (s):
accounts-service-settings-remove-rule = Remove rule { $n }
accounts-service-settings-add-rule = Add CORS rule
accounts-service-settings-keep-deleted = Keep deleted blobs
accounts-service-settings-website = Static website (from $web)
accounts-service-settings-index = Index document:
accounts-service-settings-error-doc = Error document (404):
accounts-service-settings-version = Default service version:
accounts-service-settings-logging = Logging:
accounts-service-settings-log-reads = Log reads
accounts-service-settings-log-writes = Log writes
accounts-service-settings-log-deletes = Log deletes
accounts-service-settings-keep-logs = Keep logs
accounts-service-settings-hour = Hour metrics
accounts-service-settings-hour-per-api = Hour metrics per API
accounts-service-settings-keep-hour = Keep hour metrics
accounts-service-settings-minute = Minute metrics
accounts-service-settings-minute-per-api = Minute metrics per API
accounts-service-settings-keep-minute = Keep minute metrics

## Export and import settings (src/app/accounts/settings_transfer.rs).
accounts-settings-transfer-export-title = Export settings
accounts-settings-transfer-import-title = Import settings
accounts-settings-transfer-writes = Writes a file with { $accounts ->
        [one] { $accounts } account
       *[other] { $accounts } accounts
    } (names, endpoints, kinds, sign-in settings), { $recent ->
        [one] { $recent } resource
       *[other] { $recent } resources
    } recently opened, { $queries }, the proxy choice ({ $proxy }) and the look ({ $look }).
accounts-settings-transfer-with-secrets = Include the secrets (account keys, SAS, sign-in tokens, the proxy password), encrypted
accounts-settings-transfer-with-secrets-hint = Sealed with AES-256-GCM under a key derived from your passphrase by Argon2id
accounts-settings-transfer-passphrase = Passphrase:
accounts-settings-transfer-passphrase-hint = at least 8 characters
accounts-settings-transfer-again = Passphrase again:
accounts-settings-transfer-again-hint = the same once more
accounts-settings-transfer-keep-apart = Whoever has the file and the passphrase has the secrets: keep them apart.
accounts-settings-transfer-no-secrets = Without the secrets: after an import each account asks for its key, SAS or sign-in again.
accounts-settings-transfer-export = Export…
accounts-settings-transfer-close = Close
accounts-settings-transfer-sealing = Reading the secrets from the keychain and sealing them…
accounts-settings-transfer-writing = Writing the file…
accounts-settings-transfer-write-failed = The settings could not be written to { $path } ({ $why }).
accounts-settings-transfer-no-secrets-words = no secrets
accounts-settings-transfer-sealed = { $count ->
        [one] { $count } secret
       *[other] { $count } secrets
    } sealed with your passphrase
accounts-settings-transfer-sealed-missing = { $count ->
        [one] { $count } secret
       *[other] { $count } secrets
    } sealed with your passphrase ({ $missing } without theirs: the keychain had none for them)
accounts-settings-transfer-exported = Exported { $accounts ->
        [one] { $accounts } account
       *[other] { $accounts } accounts
    }, { $recent ->
        [one] { $recent } resource
       *[other] { $recent } resources
    } recently opened, { $queries }, the proxy choice and the look to { $path }, with { $secrets }.
accounts-settings-transfer-queries = { $count ->
        [one] { $count } saved query
       *[other] { $count } saved queries
    }
accounts-settings-transfer-proxy-system = the system's
accounts-settings-transfer-proxy-none = no proxy
accounts-settings-transfer-proxy-user = { $address } as { $user }
accounts-settings-transfer-read-failed = { $path } cannot be read ({ $why }). Check the path.
accounts-settings-transfer-choosing = Choosing and reading the file…
accounts-settings-transfer-file = Settings file:
accounts-settings-transfer-file-hint = the path of a file Export settings wrote
accounts-settings-transfer-read = Read
accounts-settings-transfer-type-path = Type the path of a settings file, or Choose… one.
accounts-settings-transfer-choose = Choose…
accounts-settings-transfer-file-no-secrets = The file holds no secrets: each account asks for its key, SAS or sign-in after import.
accounts-settings-transfer-accounts = Accounts
accounts-settings-transfer-take-recent = Recently opened resources ({ $count })
accounts-settings-transfer-take-proxy = Proxy: { $proxy }
accounts-settings-transfer-take-look = Look: { $look }
accounts-settings-transfer-take-queries = Saved queries ({ $count })
accounts-settings-transfer-take-queries-hint = Added to yours; one whose name you use for another filter comes in as "… (imported)"
accounts-settings-transfer-import = Import
accounts-settings-transfer-cancel = Cancel
accounts-settings-transfer-opened = Secrets opened: { $count ->
        [one] { $count } account secret
       *[other] { $count } account secrets
    }.
accounts-settings-transfer-opened-proxy = Secrets opened: { $count ->
        [one] { $count } account secret
       *[other] { $count } account secrets
    } and the proxy password.
accounts-settings-transfer-file-sealed = The file holds secrets sealed with a passphrase (AES-256-GCM, Argon2id).
accounts-settings-transfer-without-secrets = Import without the secrets
accounts-settings-transfer-file-passphrase = File passphrase:
accounts-settings-transfer-file-passphrase-hint = the one typed at export
accounts-settings-transfer-open-secrets = Open the secrets
accounts-settings-transfer-kind-secret = { $kind } · { $name }, with its secret
accounts-settings-transfer-new = new here
accounts-settings-transfer-here-same = already here, the same settings:
accounts-settings-transfer-here-other = already here, other settings:
accounts-settings-transfer-keep-mine = Keep mine
accounts-settings-transfer-replace-mine = Replace mine
accounts-settings-transfer-keep-both = Keep both
accounts-settings-transfer-wait-secrets = Type the file's passphrase and open the secrets, or tick Import without the secrets.
accounts-settings-transfer-wait-clashes = Choose what to do with each account already here: { $names }.

## Saved accounts (src/app/accounts/profiles.rs).
accounts-profiles-kind-emulator = local emulator
accounts-profiles-kind-connection-string = connection string
accounts-profiles-kind-name-and-key = name and key
accounts-profiles-kind-sas-url = SAS URL
accounts-profiles-kind-entra = Microsoft Entra ID
accounts-profiles-kind-entra-browse = Microsoft Entra ID: browse
accounts-profiles-method-cli = Azure CLI
accounts-profiles-method-device-code = Browser or device code
accounts-profiles-method-principal = Service principal
accounts-profiles-op-read-sign-in = Read the sign-in settings
accounts-profiles-enter-client-secret = Enter the service principal's client secret.
accounts-profiles-sign-in-first = Sign in first (Sign in with a browser, or with a code), then save the account.
accounts-profiles-enter-client-id = Enter the service principal's client (application) id.
accounts-profiles-op-open = Open account `{ $account }`
accounts-profiles-bad-endpoint = The saved endpoint `{ $endpoint }` is not a URL ({ $why }).
accounts-profiles-browse-not-storage = A browse account is a sign-in, not a storage account: open one of the storage accounts listed under it.
accounts-profiles-no-sign-in-settings = Its sign-in settings are missing. Edit the account and choose how to sign in.
accounts-profiles-no-sign-in = Its sign-in is not in the keychain (or was kept for an earlier run only). Edit the account and sign in again.
accounts-profiles-secret-entra-only = A sign-in secret belongs to a Microsoft Entra ID account only.
accounts-profiles-no-secret = Its key or SAS is not in the keychain (or was kept for an earlier run only). Edit the account and enter it again.

## The settings file (src/app/accounts/settings_file.rs).
accounts-settings-file-high-contrast = high contrast
accounts-settings-file-dark = dark theme
accounts-settings-file-light = light theme
accounts-settings-file-bad-params = the file's key settings are not usable ({ $why })
accounts-settings-file-no-key = the key could not be derived ({ $why })
accounts-settings-file-short-passphrase = The passphrase must have at least { $min } characters: it is all that protects the secrets in the file.
accounts-settings-file-passphrases-differ = The two passphrases differ: type the same one twice.
accounts-settings-file-not-encrypted = the secrets could not be encrypted
accounts-settings-file-unknown-cipher = The secrets are sealed with { $cipher } and { $kdf }, which this version cannot open.
accounts-settings-file-bad-salt = The file's sealed secrets are damaged (the salt is not readable).
accounts-settings-file-bad-nonce = The file's sealed secrets are damaged (the nonce is not readable).
accounts-settings-file-bad-ciphertext = The file's sealed secrets are damaged (the ciphertext is not readable).
accounts-settings-file-bad-plain = The file's sealed secrets are damaged (what was sealed is not readable).
accounts-settings-file-too-costly = The file asks for a key derivation far costlier than Tessera writes: it is not opened.
accounts-settings-file-wrong-passphrase = The passphrase does not open this file's secrets. Check it (it is the one typed when the file was exported), or import without the secrets.
accounts-settings-file-changed = This file was changed after it was exported: the passphrase is right, but an account, an endpoint, a sign-in host or another setting in it is not what was sealed with the secrets, so they could be sent somewhere else. Nothing is imported from it. Ask whoever exported it for the file again, or export it again.
accounts-settings-file-earlier-seal = This file was exported by an earlier version of Tessera, whose seal does not cover the accounts: anyone could have pointed one at another host without the passphrase. Its secrets are left out; the rest can be imported, and each account will ask for its secret again. To take the secrets along, export the file again with this version.
accounts-settings-file-not-json = The file is not JSON ({ $why }). Choose a file Tessera exported.
accounts-settings-file-not-settings = The file is not a Tessera settings file. Choose a file Export settings wrote.
accounts-settings-file-newer = The file was written by a newer Tessera (settings version { $version }); this one reads version { $reads }. Update Tessera to import it.
accounts-settings-file-unreadable = The settings file cannot be read ({ $why }).

## The Entra ID part of the account form (src/app/accounts/entra_form.rs).
accounts-entra-form-sign-in-with = Sign in with:
accounts-entra-form-tenant-cli-hint = optional: the CLI's default tenant
accounts-entra-form-tenant-hint = directory id or domain, e.g. contoso.onmicrosoft.com
accounts-entra-form-tenant = Tenant:
accounts-entra-form-cli-about = Uses the signed-in Azure CLI (`az login`): the app handles no secret. Tokens are asked of `az account get-access-token` and renewed before they end.
accounts-entra-form-client-id = Client id:
accounts-entra-form-client-id-hint = the app registration's id
accounts-entra-form-keep-secret-hint = leave empty to keep the stored secret
accounts-entra-form-client-secret = Client secret:
accounts-entra-form-secret-keychain = The client secret goes to the OS keychain, never to the account list file.
accounts-entra-form-public-client-hint = your app registration (public client)
accounts-entra-form-host-section = Sign-in host (national clouds)
accounts-entra-form-host = Sign-in host:
accounts-entra-form-sign-in-again = Sign in again only if the stored sign-in has ended.
accounts-entra-form-browser = Sign in with a browser
accounts-entra-form-code = Sign in with a code
accounts-entra-form-asking = Asking for a code…
accounts-entra-form-enter-code = Open the page below in any browser and enter this code:
accounts-entra-form-copy-code = Copy code
accounts-entra-form-waiting = Waiting for you to finish signing in (the code expires in { $left } s)…
accounts-entra-form-cancel = Cancel sign-in
accounts-entra-form-finish-in-browser = Finish signing in in the browser window that opened.
accounts-entra-form-waiting-browser = Waiting for the browser to come back…
accounts-entra-form-open-again = Open the page again
accounts-entra-form-signed-in = Signed in. Save the account to keep this sign-in (its refresh token goes to the OS keychain).
accounts-entra-form-cancelled = The sign-in was cancelled.

## Connections (src/app/accounts/connections.rs).
accounts-connections-blob = blob
accounts-connections-queue = queue
accounts-connections-table = table
accounts-connections-reachable = { $service }: reachable and authenticated ({ $ms } ms)
accounts-connections-failed =
    The account could not be opened: { $why }
    Close this window, mend the account (Edit…), and open it again.
accounts-connections-connecting = Connecting to the account…

## A browse account in the tree (src/app/accounts/browse.rs, browse_session.rs).
accounts-browse-reading-sign-in = Reading the sign-in…
accounts-browse-refresh = Refresh
accounts-browse-listing-tenants = Listing your tenants…
accounts-browse-no-tenant = The sign-in belongs to no tenant: sign in with a work or school account.
accounts-browse-tenant = Tenant { $name }
accounts-browse-tenant-domain = Tenant { $name } ({ $domain })
accounts-browse-listing-subscriptions = Listing subscriptions…
accounts-browse-no-subscriptions = No subscriptions here: the signed-in identity has no role on any subscription of this tenant (ask for Reader on one), or they are in another tenant.
accounts-browse-filter-hint = filter subscriptions
accounts-browse-filter = Filter subscriptions
accounts-browse-choose-shown = Choose shown…
accounts-browse-not-shown = { $count } of { $total } subscriptions not shown.
accounts-browse-subscription = Subscription { $id }
accounts-browse-listing-accounts = Listing storage accounts…
accounts-browse-no-accounts = No storage accounts in this subscription.
accounts-browse-opened-key = Opened with the account key (kept in memory only).
accounts-browse-opened-sign-in = Opened with your sign-in.
accounts-browse-listing-keys = Listing the account's keys…
accounts-browse-use-sign-in = Use my sign-in instead
accounts-browse-use-key = Use the account key instead
accounts-browse-use-key-hint = Lists the account's keys (listKeys) and opens it with the first; the key stays in memory only.
accounts-browse-key-off = Shared Key access is turned off on this account: only the sign-in opens it.
accounts-browse-copy-id = Copy resource id
accounts-browse-group = group { $group }
accounts-browse-hns = hierarchical namespace
accounts-browse-key-allowed = Shared Key allowed
accounts-browse-key-off-short = Shared Key off
accounts-browse-session-no-settings = Its sign-in settings are missing. Edit the account.
accounts-browse-session-no-sign-in = Its sign-in is not in the keychain. Edit the account and sign in again.
accounts-browse-session-op-open = Open storage account `{ $account }`
accounts-browse-session-op-keys = List the account's keys
accounts-browse-session-no-keys = Resource Manager listed no keys for this account.

## The account list file (src/app/accounts/account_file.rs, saver.rs).
accounts-account-file-unreadable = The account list { $path } cannot be read ({ $why }). It is left as it is, and nothing is written over it this run: accounts added or changed now last until the app closes. Fix the file's permissions and restart.
accounts-account-file-not-a-list = it is not a list of accounts
accounts-account-file-broken = The account list { $path } cannot be read ({ $why }). { $copy } It is not written over this run: accounts added or changed now last until the app closes. Mend or move the file and restart.
accounts-account-file-no-label = (no label)
accounts-account-file-entry = entry { $n } `{ $label }`: { $why }
accounts-account-file-kept = { $count } of { $total } accounts in { $path } cannot be read by this version ({ $why }). They are kept in the file unchanged and not shown; the other { $listed } are listed. { $copy }
accounts-account-file-copied = A copy of the file as it was is at { $path }.
accounts-account-file-not-copied = A copy of it could not be made ({ $why }).
accounts-account-file-not-saved = The account list { $path } cannot be saved: { $why }
accounts-saver-not-saved = This change is not saved and lasts until the app closes. { $why }

## The keychain (src/app/accounts/secrets.rs).
accounts-secrets-no-store = no keychain store is registered
accounts-secrets-refused = the keychain refused it: { $why }
accounts-secrets-unreadable = The keychain could not be read: { $why }
accounts-secrets-unusable = The keychain is not usable: { $why }
accounts-secrets-no-secret-service = No keychain is available (no Secret Service on the session D-Bus: { $why })
accounts-secrets-no-macos = The macOS keychain is not available: { $why }
accounts-secrets-no-windows = The Windows credential manager is not available: { $why }
accounts-secrets-unsupported = No keychain is supported on this platform

## The tree's lists (src/app/accounts/resource_list.rs).
accounts-resource-list-public = public

## What the tree and the account form ask of the app (src/app/frame/account_actions.rs).
frame-account-actions-no-account = no account
frame-account-actions-accounts = { $count ->
        [one] { $count } account
       *[other] { $count } accounts
    }: { $names }
frame-account-actions-secrets = { $count ->
        [one] { $count } secret
       *[other] { $count } secrets
    }
frame-account-actions-forgotten = { $names } to connect again with a secret of its own (its settings changed)
frame-account-actions-recent = { $count ->
        [one] { $count } resource
       *[other] { $count } resources
    } recently opened
frame-account-actions-proxy = the proxy choice
frame-account-actions-look = the look ({ $look })
frame-account-actions-imported = Imported { $what }.
frame-account-actions-partly-deleted-containers = Deleted { $deleted } of { $total } containers{ $names }; not deleted: { $failed }.
frame-account-actions-partly-deleted-queues = Deleted { $deleted } of { $total } queues{ $names }; not deleted: { $failed }.
frame-account-actions-partly-deleted-tables = Deleted { $deleted } of { $total } tables{ $names }; not deleted: { $failed }.

## The runtime (src/app/runtime/*.rs).
runtime-fonts-install = install a font for it (Debian/Ubuntu: sudo apt install { $packages }), then restart
runtime-fonts-add = add a font for it in the system's font settings, then restart
runtime-fonts-missing = No font on this system draws { $scripts } text: { $hint }.
runtime-dialogs-supported = Supported files
runtime-jobs-op = The job
runtime-transfer-journal-upload = Upload { $file } to { $container }/{ $blob }
runtime-transfer-journal-download = Download { $container }/{ $blob } to { $path }
runtime-transfer-journal-upload-folder = Upload folder { $folder } to { $container }/{ $blob }
runtime-transfer-journal-download-folder = Download folder { $container }/{ $blob } to { $path }
