"""Microsoft's Python SDKs as an independent reader and writer: what the app wrote, read back by someone
else's code (tests), and the same work done the SDKs' way (benchmarks). One command per call, JSON out.

The connection string comes from TESSERA_PEER_CONNECTION_STRING.
"""
import json
import os
import sys
import time


def conn():
    return os.environ["TESSERA_PEER_CONNECTION_STRING"]


def blob_service():
    from azure.storage.blob import BlobServiceClient
    return BlobServiceClient.from_connection_string(conn())


def queue_client(name):
    from azure.storage.queue import QueueClient
    # No decode policy: the text exactly as stored.
    return QueueClient.from_connection_string(conn(), name)


def table_client(name):
    from azure.data.tables import TableClient
    return TableClient.from_connection_string(conn(), name)


def blob_metadata(container, blob):
    props = blob_service().get_blob_client(container, blob).get_blob_properties()
    return {"metadata": dict(props.metadata), "etag": props.etag}


def blob_properties(container, blob):
    props = blob_service().get_blob_client(container, blob).get_blob_properties()
    c = props.content_settings
    return {
        "metadata": dict(props.metadata),
        "etag": props.etag,
        "content_type": c.content_type,
        "content_encoding": c.content_encoding,
        "content_language": c.content_language,
        "content_disposition": c.content_disposition,
        "cache_control": c.cache_control,
        "tier": props.blob_tier,
        "tier_inferred": props.blob_tier_inferred,
        "archive_status": props.archive_status,
        "lease_state": props.lease.state,
    }


def blob_names(container):
    names = blob_service().get_container_client(container).list_blob_names()
    return {"names": sorted(names)}


def blob_names_listed(container):
    """The names in the order the service lists them (not sorted here)."""
    return {"names": list(blob_service().get_container_client(container).list_blob_names())}


def container_names(prefix):
    return {"names": [c.name for c in blob_service().list_containers(name_starts_with=prefix)]}


def blob_text(container, blob):
    return {"text": blob_service().get_blob_client(container, blob).download_blob().readall().decode("utf-8")}


def blob_sha256(container, blob):
    """The blob's length and SHA-256 as the SDK downloads it, in chunks (a large blob is never held whole)."""
    import hashlib
    digest, size = hashlib.sha256(), 0
    for chunk in blob_service().get_blob_client(container, blob).download_blob().chunks():
        digest.update(chunk)
        size += len(chunk)
    return {"size": size, "sha256": digest.hexdigest()}


def blob_snapshots(container, prefix):
    """Every blob and snapshot whose name starts with `prefix`: its name and snapshot time (None for a base)."""
    listed = blob_service().get_container_client(container).list_blobs(name_starts_with=prefix, include=["snapshots"])
    return {"blobs": [[b.name, b.snapshot] for b in listed]}


def container_state(*containers):
    """Every blob of each container as the SDK reads it: its content's MD5 (hex, of the bytes downloaded), size,
    metadata and Content-Type (the job model's read-back of what a job did and what it must not have touched)."""
    import hashlib
    service, out = blob_service(), {}
    for container in containers:
        client, blobs = service.get_container_client(container), {}
        for b in client.list_blobs(include=["metadata"]):
            body = client.get_blob_client(b.name).download_blob().readall()
            blobs[b.name] = {
                "md5": hashlib.md5(body).hexdigest(),
                "size": len(body),
                "metadata": dict(b.metadata or {}),
                "content_type": b.content_settings.content_type,
            }
        out[container] = blobs
    return out


def page_ranges(container, blob):
    ranges, _ = blob_service().get_blob_client(container, blob).get_page_ranges()
    return {"ranges": [[r["start"], r["end"]] for r in ranges]}


def container_policies(container):
    acl = blob_service().get_container_client(container).get_container_access_policy()
    return {"policies": [{"id": s.id, "permission": s.access_policy.permission} for s in acl["signed_identifiers"]]}


def queue_policies(queue):
    acl = queue_client(queue).get_queue_access_policy()
    return {"policies": [{"id": k, "permission": v.permission} for k, v in acl.items()]}


def service_properties(service):
    """The Blob or Queue service's CORS rules, delete retention and static website, as the SDK reads them."""
    if service == "blob":
        props = blob_service().get_service_properties()
    else:
        from azure.storage.queue import QueueServiceClient
        props = QueueServiceClient.from_connection_string(conn()).get_service_properties()
    rules = [{"origins": r.allowed_origins, "methods": r.allowed_methods, "allowed_headers": r.allowed_headers,
              "exposed_headers": r.exposed_headers, "max_age": r.max_age_in_seconds} for r in props["cors"]]
    out = {"cors": rules}
    for key in ("delete_retention_policy", "static_website"):
        value = props.get(key)
        if value is not None:
            out[key] = {k: v for k, v in vars(value).items() if not k.startswith("_")}
    return out


def blob_tags(container, blob):
    return {"tags": blob_service().get_blob_client(container, blob).get_blob_tags()}


def set_blob_metadata(container, blob, metadata):
    blob_service().get_blob_client(container, blob).set_blob_metadata(json.loads(metadata))
    return {}


def container_metadata(container):
    return {"metadata": dict(blob_service().get_container_client(container).get_container_properties().metadata)}


def set_container_metadata(container, metadata):
    blob_service().get_container_client(container).set_container_metadata(json.loads(metadata))
    return {}


def set_container_policy(container, policy_id):
    from azure.storage.blob import AccessPolicy, ContainerSasPermissions
    import datetime
    expiry = datetime.datetime(2099, 1, 1, tzinfo=datetime.timezone.utc)
    policy = AccessPolicy(permission=ContainerSasPermissions(read=True), expiry=expiry)
    blob_service().get_container_client(container).set_container_access_policy({policy_id: policy})
    return {}


def container_access(container):
    acl = blob_service().get_container_client(container).get_container_access_policy()
    return {"public_access": acl["public_access"], "policies": [i.id for i in acl["signed_identifiers"]]}


def queue_count(queue):
    return {"count": queue_client(queue).get_queue_properties().approximate_message_count}


def queue_metadata(queue):
    return {"metadata": dict(queue_client(queue).get_queue_properties().metadata)}


def set_queue_metadata(queue, metadata):
    queue_client(queue).set_queue_metadata(json.loads(metadata))
    return {}


def peek(queue, count):
    messages = queue_client(queue).peek_messages(max_messages=int(count))
    return {"messages": [m.content for m in messages]}


def peek_details(queue, count):
    messages = queue_client(queue).peek_messages(max_messages=int(count))
    return {
        "messages": [
            {"content": m.content, "expires_on": m.expires_on.isoformat(), "dequeue_count": m.dequeue_count}
            for m in messages
        ]
    }


def queue_names(prefix):
    from azure.storage.queue import QueueServiceClient
    service = QueueServiceClient.from_connection_string(conn())
    return {"names": [q.name for q in service.list_queues(name_starts_with=prefix)]}


def queue_drain(queue):
    """Receives every visible message (hidden for a minute) and deletes it: what was visible, by content."""
    client = queue_client(queue)
    contents, counts = [], []
    for m in client.receive_messages(messages_per_page=32, visibility_timeout=60):
        contents.append(m.content)
        counts.append(m.dequeue_count)
        client.delete_message(m)
    return {"contents": contents, "dequeue_counts": counts}


def queue_state(*queues):
    """Each queue's first 32 visible messages (peeked: nothing changes) and its approximate count."""
    out = {}
    for queue in queues:
        client = queue_client(queue)
        peeked = [m.content for m in client.peek_messages(max_messages=32)]
        out[queue] = {"messages": peeked, "count": client.get_queue_properties().approximate_message_count}
    return out


def put_message(queue, text):
    queue_client(queue).send_message(text)
    return {}


def entity(table, partition_key, row_key):
    from azure.data.tables import EdmType
    e = table_client(table).get_entity(partition_key, row_key)
    out = {}
    for name, value in e.items():
        typed = getattr(value, "edm_type", None)
        if typed is not None:
            out[name] = {"type": str(typed.value), "value": str(value.value)}
        else:
            out[name] = {"type": type(value).__name__, "value": value if isinstance(value, (str, int, float, bool)) else str(value)}
    return {"entity": out}


def entity_keys(table):
    """The keys of every entity of TABLE, as "PartitionKey/RowKey", sorted."""
    return {"keys": sorted(f"{e['PartitionKey']}/{e['RowKey']}" for e in table_client(table).list_entities())}


def table_state(*tables):
    """Every entity of each table as the SDK reads it: "PartitionKey/RowKey" -> each property's value as text (the
    job model's read-back of what a job did and what it must not have touched)."""
    out = {}
    for table in tables:
        entities = {}
        for e in table_client(table).list_entities():
            props = {}
            for name, value in e.items():
                if name in ("PartitionKey", "RowKey"):
                    continue
                props[name] = str(getattr(value, "value", value))
            entities[f"{e['PartitionKey']}/{e['RowKey']}"] = props
        out[table] = entities
    return out


def entity_count(table, query_filter):
    """How many entities of TABLE match the OData filter QUERY_FILTER, every page read."""
    return {"count": sum(1 for _ in table_client(table).query_entities(query_filter, select=["RowKey"]))}


# Benchmarks: the same work done the SDKs' way, as a user would write it, default settings unless stated.
# Each times only the operation, client construction included; the SDK is imported before the clock starts.

# The user's app under the lens (tests/lens*.rs): the same SDK calls an app makes, through whatever endpoint the
# connection string names.

def _rows(table):
    """Every entity of TABLE, its properties as JSON can say them, sorted by keys."""
    rows = []
    for e in table_client(table).list_entities():
        row = {}
        for name, value in sorted(e.items()):
            row[name] = value if isinstance(value, (str, int, float, bool)) or value is None else str(getattr(value, "value", value))
        rows.append(row)
    return sorted(rows, key=lambda r: (r["PartitionKey"], r["RowKey"]))


def table_rows(table):
    return {"rows": _rows(table)}


def lens_tables(table):
    """An app's table work: create, insert, read, a conditional merge, a batch, a filtered query; what it reads."""
    from azure.core import MatchConditions
    from azure.data.tables import UpdateMode
    client = table_client(table)
    client.create_table()
    client.create_entity({"PartitionKey": "p", "RowKey": "1", "Name": "Ann", "Age": 30})
    client.create_entity({"PartitionKey": "p", "RowKey": "2", "Name": "Bob", "Score": 2.5})
    got = client.get_entity("p", "1")
    client.update_entity({"PartitionKey": "p", "RowKey": "1", "Name": "Ann2"}, mode=UpdateMode.MERGE,
                         etag=got.metadata["etag"], match_condition=MatchConditions.IfNotModified)
    client.submit_transaction([("upsert", {"PartitionKey": "p", "RowKey": "3", "Name": "Cy"}),
                               ("delete", {"PartitionKey": "p", "RowKey": "2"})])
    found = sorted(e["RowKey"] for e in client.query_entities("Name ge 'B'"))
    return {"rows": _rows(table), "found": found}


def lens_blobs(container, size):
    """An app's blob work: a multi-block upload (1 MiB blocks) and a ranged download; their digests."""
    import hashlib
    from azure.storage.blob import BlobServiceClient
    service = BlobServiceClient.from_connection_string(conn(), max_single_put_size=1024 * 1024,
                                                       max_block_size=1024 * 1024)
    data = os.urandom(int(size))
    client = service.create_container(container)
    client.upload_blob("big.bin", data, max_concurrency=2)
    blocks = client.get_blob_client("big.bin").get_block_list()[0]
    offset, length = 123457, 1000000
    part = client.download_blob("big.bin", offset=offset, length=length).readall()
    return {"sha256": hashlib.sha256(data).hexdigest(), "blocks": len(blocks),
            "range_sha256": hashlib.sha256(part).hexdigest(), "range_len": len(part),
            "expected_range_sha256": hashlib.sha256(data[offset:offset + length]).hexdigest()}


def lens_upload_text(container, blob, text):
    blob_service().get_blob_client(container, blob).upload_blob(text.encode("utf-8"), overwrite=True)
    return {}


def lens_download_text(container, blob):
    """Downloads a blob's text with the SDK's retries made short (an answer cut mid-body is read again)."""
    from azure.storage.blob import BlobServiceClient, LinearRetry
    service = BlobServiceClient.from_connection_string(
        conn(), retry_policy=LinearRetry(backoff=0.3, random_jitter_range=0.1, retry_total=3))
    return {"text": service.get_blob_client(container, blob).download_blob().readall().decode("utf-8")}


def blob_range_sha256(container, blob, offset, length):
    import hashlib
    part = blob_service().get_blob_client(container, blob).download_blob(offset=int(offset), length=int(length)).readall()
    return {"range_sha256": hashlib.sha256(part).hexdigest(), "range_len": len(part)}


def lens_queues(queue):
    """An app's queue work: send, peek, receive and delete one, update another; what is left, by content."""
    client = queue_client(queue)
    client.create_queue()
    for text in ("one", "two", "three"):
        client.send_message(text)
    peeked = [m.content for m in client.peek_messages(max_messages=3)]
    first = client.receive_message(visibility_timeout=30)
    client.delete_message(first)
    second = client.receive_message(visibility_timeout=30)
    client.update_message(second, content="two, changed", visibility_timeout=0)
    left = [m.content for m in client.peek_messages(max_messages=32)]
    return {"peeked": peeked, "received": [first.content, second.content], "left": sorted(left)}


def lens_retry(container, blob):
    """Put Blob with the SDK's retries made short: whether it landed, however many tries it took."""
    from azure.storage.blob import BlobServiceClient, LinearRetry
    service = BlobServiceClient.from_connection_string(
        conn(), retry_policy=LinearRetry(backoff=0.3, random_jitter_range=0.1, retry_total=3))
    service.get_container_client(container).upload_blob(blob, b"landed after a retry", overwrite=True)
    return {"ok": True}


def lens_update_entity(table, partition_key, row_key, name):
    """Reads the entity, then writes it back only if unchanged (If-Match its ETag): the error's type if refused."""
    from azure.core import MatchConditions
    from azure.data.tables import UpdateMode
    client = table_client(table)
    got = client.get_entity(partition_key, row_key)
    try:
        client.update_entity({"PartitionKey": partition_key, "RowKey": row_key, "Name": name},
                             mode=UpdateMode.REPLACE, etag=got.metadata["etag"],
                             match_condition=MatchConditions.IfNotModified)
        return {"updated": True}
    except Exception as e:
        return {"updated": False, "error": type(e).__name__, "status": getattr(e, "status_code", None)}


def upsert_entity(table, partition_key, row_key, name):
    table_client(table).upsert_entity({"PartitionKey": partition_key, "RowKey": row_key, "Name": name})
    return {}


def lens_dequeue(queue, visibility):
    """Receives one message, hidden for VISIBILITY seconds: its content and dequeue count."""
    m = queue_client(queue).receive_message(visibility_timeout=int(visibility))
    return {"content": m.content if m else None, "dequeue_count": m.dequeue_count if m else None}


def bench_list_entities(table):
    """Every entity of TABLE through TableClient.list_entities(), all pages, default page size."""
    import azure.data.tables  # noqa: F401  (imported before the clock)
    start = time.perf_counter()
    count = sum(1 for _ in table_client(table).list_entities())
    return {"count": count, "seconds": time.perf_counter() - start}


def bench_list_blobs(container, prefix=None):
    """Every blob of CONTAINER (under PREFIX, if given) through ContainerClient.list_blobs(), flat, default page size."""
    import azure.storage.blob  # noqa: F401  (imported before the clock)
    start = time.perf_counter()
    blobs = blob_service().get_container_client(container).list_blobs(name_starts_with=prefix or None)
    count = sum(1 for _ in blobs)
    return {"count": count, "seconds": time.perf_counter() - start}


def bench_upload(container, blob, path, max_concurrency="4", validate="0"):
    """PATH uploaded as block blob BLOB through BlobClient.upload_blob(overwrite=True, max_concurrency=N), with
    validate_content=True (each block's MD5) when VALIDATE is 1.

    With the default settings a file of 64 MiB or less goes as one Put Blob; larger, as 4 MiB blocks.
    """
    import azure.storage.blob  # noqa: F401  (imported before the clock)
    concurrency = int(max_concurrency)
    size = os.path.getsize(path)
    start = time.perf_counter()
    with open(path, "rb") as f:
        blob_service().get_blob_client(container, blob).upload_blob(
            f, overwrite=True, max_concurrency=concurrency, length=size, validate_content=validate == "1")
    return {"bytes": size, "seconds": time.perf_counter() - start, "max_concurrency": concurrency}


def bench_download(container, blob, path, max_concurrency="4"):
    """BLOB written to PATH through download_blob(max_concurrency=N).readinto(file); the file closed, not synced."""
    import azure.storage.blob  # noqa: F401  (imported before the clock)
    concurrency = int(max_concurrency)
    start = time.perf_counter()
    with open(path, "wb") as f:
        size = blob_service().get_blob_client(container, blob).download_blob(max_concurrency=concurrency).readinto(f)
    return {"bytes": size, "seconds": time.perf_counter() - start, "max_concurrency": concurrency}


def crc64(*paths):
    """Each PATH's CRC64 as the SDK writes it in x-ms-content-crc64: azure-storage-extensions computes it, the
    SDK's own validation module turns it into bytes (calculate_crc64_bytes), Base64 as on the wire."""
    import base64
    from azure.storage.blob._shared.validation import calculate_crc64_bytes
    out = []
    for path in paths:
        with open(path, "rb") as f:
            out.append(base64.b64encode(calculate_crc64_bytes(f.read())).decode())
    return {"crc64": out}


def settings_associated_data(document):
    """The bytes a settings file's seal is made over, as its documented format says: the whole file but
    `secrets.ciphertext`, as compact JSON with every object's members sorted by name, in UTF-8."""
    import copy
    document = copy.deepcopy(document)
    document.get("secrets", {}).pop("ciphertext", None)
    return json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def settings_key(sealed, passphrase):
    import base64
    from cryptography.hazmat.primitives.kdf.argon2 import Argon2id
    return Argon2id(
        salt=base64.b64decode(sealed["salt"]),
        length=32,
        iterations=sealed["iterations"],
        lanes=sealed["parallelism"],
        memory_cost=sealed["memory_kib"],
    ).derive(passphrase.encode())


def settings_secrets(path, passphrase):
    """Opens the secrets of a settings file Tessera exported, with the cryptography package's own Argon2id and
    AES-256-GCM: the seal is the documented one (over the whole file), not only what Tessera's code can undo."""
    import base64
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    with open(path, encoding="utf-8") as f:
        document = json.load(f)
    sealed = document["secrets"]
    aes = AESGCM(settings_key(sealed, passphrase))
    # The passphrase check seals nothing: it fails for a wrong passphrase only.
    aes.decrypt(base64.b64decode(sealed["check_nonce"]), base64.b64decode(sealed["check"]),
                b"tessera-settings passphrase check")
    plain = aes.decrypt(
        base64.b64decode(sealed["nonce"]), base64.b64decode(sealed["ciphertext"]), settings_associated_data(document)
    )
    return json.loads(plain)


def settings_reseal(path, passphrase, out):
    """Seals a settings file's secrets again with the cryptography package (a fresh salt and nonces), as another
    implementation following the documented format would, and writes the file to OUT: Tessera must open it."""
    import base64
    import os
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    secrets = settings_secrets(path, passphrase)
    with open(path, encoding="utf-8") as f:
        document = json.load(f)
    sealed = document["secrets"]
    sealed["salt"] = base64.b64encode(os.urandom(16)).decode()
    aes = AESGCM(settings_key(sealed, passphrase))
    check_nonce, nonce = os.urandom(12), os.urandom(12)
    sealed["check_nonce"] = base64.b64encode(check_nonce).decode()
    sealed["check"] = base64.b64encode(aes.encrypt(check_nonce, b"", b"tessera-settings passphrase check")).decode()
    sealed["nonce"] = base64.b64encode(nonce).decode()
    sealed["ciphertext"] = ""
    plain = json.dumps(secrets).encode("utf-8")
    sealed["ciphertext"] = base64.b64encode(aes.encrypt(nonce, plain, settings_associated_data(document))).decode()
    with open(out, "w", encoding="utf-8") as f:
        json.dump(document, f, indent=1, ensure_ascii=False)
    return {"written": out}


def bench_dequeue_delete(queue, n):
    """Up to N messages of QUEUE received 32 a call (visibility 60 s), each deleted; stops early on an empty queue."""
    import azure.storage.queue  # noqa: F401  (imported before the clock)
    wanted = int(n)
    start = time.perf_counter()
    client = queue_client(queue)
    count = 0
    if wanted > 0:
        # max_messages: never take more than N off the queue (the last call asks only for what is left);
        # the SDK refuses a page larger than max_messages, hence min(32, N).
        per_page = min(32, wanted)
        for message in client.receive_messages(messages_per_page=per_page, visibility_timeout=60, max_messages=wanted):
            client.delete_message(message)
            count += 1
            if count >= wanted:
                break
    return {"count": count, "seconds": time.perf_counter() - start}


COMMANDS = {
    "blob-tags": blob_tags,
    "blob-names": blob_names,
    "blob-names-listed": blob_names_listed,
    "container-names": container_names,
    "container-policies": container_policies,
    "queue-policies": queue_policies,
    "page-ranges": page_ranges,
    "blob-text": blob_text,
    "blob-sha256": blob_sha256,
    "blob-snapshots": blob_snapshots,
    "container-state": container_state,
    "blob-metadata": blob_metadata,
    "set-blob-metadata": set_blob_metadata,
    "blob-properties": blob_properties,
    "container-metadata": container_metadata,
    "set-container-metadata": set_container_metadata,
    "set-container-policy": set_container_policy,
    "container-access": container_access,
    "queue-metadata": queue_metadata,
    "queue-count": queue_count,
    "set-queue-metadata": set_queue_metadata,
    "peek": peek,
    "peek-details": peek_details,
    "put-message": put_message,
    "queue-names": queue_names,
    "queue-drain": queue_drain,
    "queue-state": queue_state,
    "entity": entity,
    "entity-keys": entity_keys,
    "entity-count": entity_count,
    "table-state": table_state,
    "bench-list-entities": bench_list_entities,
    "bench-list-blobs": bench_list_blobs,
    "bench-upload": bench_upload,
    "bench-download": bench_download,
    "bench-dequeue-delete": bench_dequeue_delete,
    "crc64": crc64,
    "settings-secrets": settings_secrets,
    "settings-reseal": settings_reseal,
    "service-properties": service_properties,
    "table-rows": table_rows,
    "lens-tables": lens_tables,
    "lens-blobs": lens_blobs,
    "blob-range-sha256": blob_range_sha256,
    "lens-queues": lens_queues,
    "lens-retry": lens_retry,
    "lens-update-entity": lens_update_entity,
    "upsert-entity": upsert_entity,
    "lens-dequeue": lens_dequeue,
    "lens-upload-text": lens_upload_text,
    "lens-download-text": lens_download_text,
}


def main():
    command, args = sys.argv[1], sys.argv[2:]
    try:
        print(json.dumps(COMMANDS[command](*args)))
    except Exception as e:  # the test prints it and fails
        print(json.dumps({"error": f"{type(e).__name__}: {e}"}))
        sys.exit(1)


if __name__ == "__main__":
    main()
