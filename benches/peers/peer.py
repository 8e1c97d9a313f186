"""Microsoft's Python SDKs as an independent reader and writer: what the app wrote, read back by someone
else's code (tests), and the same work done the SDKs' way (benchmarks). One command per call, JSON out.

The connection string comes from TESSERA_PEER_CONNECTION_STRING.
"""
import json
import os
import sys


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


def set_blob_metadata(container, blob, metadata):
    blob_service().get_blob_client(container, blob).set_blob_metadata(json.loads(metadata))
    return {}


def container_metadata(container):
    return {"metadata": dict(blob_service().get_container_client(container).get_container_properties().metadata)}


def set_container_metadata(container, metadata):
    blob_service().get_container_client(container).set_container_metadata(json.loads(metadata))
    return {}


def queue_metadata(queue):
    return {"metadata": dict(queue_client(queue).get_queue_properties().metadata)}


def set_queue_metadata(queue, metadata):
    queue_client(queue).set_queue_metadata(json.loads(metadata))
    return {}


def peek(queue, count):
    messages = queue_client(queue).peek_messages(max_messages=int(count))
    return {"messages": [m.content for m in messages]}


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


COMMANDS = {
    "blob-metadata": blob_metadata,
    "set-blob-metadata": set_blob_metadata,
    "container-metadata": container_metadata,
    "set-container-metadata": set_container_metadata,
    "queue-metadata": queue_metadata,
    "set-queue-metadata": set_queue_metadata,
    "peek": peek,
    "put-message": put_message,
    "entity": entity,
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
