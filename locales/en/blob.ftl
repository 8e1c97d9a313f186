# The blob pane: containers, blobs, their details and every feature of the pane (English, the reference).
