#!/usr/bin/env bash
# Checks an installed Tessera package: the files are where desktops look for them, and the installed binary opens
# a window and draws its first frame under Xvfb. With SCREENSHOT=file.png it also keeps the window up for a moment
# and saves a screenshot (ImageMagick's `import`). Needs xvfb (and imagemagick for the screenshot).
set -euo pipefail

for f in /usr/bin/tessera \
         /usr/share/applications/tessera.desktop \
         /usr/share/metainfo/tessera.metainfo.xml \
         /usr/share/icons/hicolor/scalable/apps/tessera.svg \
         /usr/share/icons/hicolor/256x256/apps/tessera.png \
         /usr/share/icons/hicolor/48x48/apps/tessera.png; do
  [ -e "$f" ] || { echo "missing after install: $f" >&2; exit 1; }
done
if command -v desktop-file-validate >/dev/null; then
  desktop-file-validate /usr/share/applications/tessera.desktop
fi

# A throwaway home, so the check neither reads nor writes the user's accounts and window state.
export HOME
HOME=$(mktemp -d)
display=":$((90 + RANDOM % 9))"
Xvfb "$display" -screen 0 1400x900x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
sleep 1

# The app prints first-frame-ms= and closes itself when TESSERA_LAUNCHED_AT_NS is set.
DISPLAY=$display TESSERA_LAUNCHED_AT_NS=$(date +%s%N) timeout 60 /usr/bin/tessera | grep '^first-frame-ms='

if [ -n "${SCREENSHOT:-}" ]; then
  DISPLAY=$display /usr/bin/tessera >/dev/null 2>&1 &
  app=$!
  sleep 5
  DISPLAY=$display import -window root "$SCREENSHOT"
  kill "$app"
  echo "screenshot: $SCREENSHOT"
fi
echo "installed package OK"
