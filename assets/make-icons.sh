#!/usr/bin/env bash
# Renders the icon sizes each platform needs from tessera.svg (ImageMagick and python3; run by hand after editing
# the SVG, and commit the results: builds never run this).
set -euo pipefail
cd "$(dirname "$0")"
mkdir -p png
for size in 16 24 32 48 64 128 256 512 1024; do
  convert -background none -density 1536 tessera.svg -resize "${size}x${size}" -depth 8 "png/tessera-${size}.png"
done
# Windows: one .ico holding the sizes Explorer and the taskbar ask for.
convert png/tessera-{16,24,32,48,64,256}.png tessera.ico
# macOS: an .icns is a list of (type, length, PNG) records; modern macOS reads PNG payloads for these types.
python3 - <<'PY'
import struct
records = [("icp4", 16), ("icp5", 32), ("icp6", 64), ("ic07", 128), ("ic08", 256), ("ic09", 512), ("ic10", 1024)]
body = b""
for kind, size in records:
    data = open(f"png/tessera-{size}.png", "rb").read()
    body += kind.encode() + struct.pack(">I", len(data) + 8) + data
open("tessera.icns", "wb").write(b"icns" + struct.pack(">I", len(body) + 8) + body)
PY
echo "icons written to $(pwd)"
