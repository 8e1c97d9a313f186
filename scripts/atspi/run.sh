#!/usr/bin/env bash
# Starts Xvfb + a private D-Bus session with AT-SPI enabled, runs `tessera --demo` in it, and walks its
# accessibility tree with walk.py. Usage: scripts/atspi/run.sh [--keep] [walk.py args...]
# (--keep leaves everything running and prints how to attach; kill it with the printed command.)
# Needs (Debian 12): apt-get install at-spi2-core python3-pyatspi gir1.2-atspi-2.0 dbus xvfb xdotool
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
bin="${TESSERA_BIN:-$root/target/debug/tessera}"
keep=0
if [ "${1:-}" = "--keep" ]; then keep=1; shift; fi

work="$(mktemp -d /tmp/tessera-atspi.XXXXXX)"
mkdir -p "$work/home" "$work/config" "$work/data" "$work/cache" "$work/runtime"
chmod 700 "$work/runtime"
pids=()
cleanup() {
  # Only the processes this script started, by pid; the a11y dbus-daemon and registryd die with their bus.
  for ((i=${#pids[@]}-1; i>=0; i--)); do kill "${pids[$i]}" 2>/dev/null || true; done
  [ -n "${dbus_pid:-}" ] && kill "$dbus_pid" 2>/dev/null || true
  sleep 0.5
  [ "$rc" = 0 ] && rm -rf "$work"  # logs are kept when the walk failed
}

# 1. A free X display (skip any display with a lock file or socket).
d=120
while [ -e "/tmp/.X$d-lock" ] || [ -e "/tmp/.X11-unix/X$d" ]; do d=$((d+1)); done
Xvfb ":$d" -screen 0 1400x900x24 -nolisten tcp >"$work/xvfb.log" 2>&1 &
pids+=($!)
for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X$d" ] && break; sleep 0.1; done
export DISPLAY=":$d"

# 2. A private session bus, so nothing of the machine's (or another run's) a11y state leaks in.
export HOME="$work/home" XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" \
  XDG_CACHE_HOME="$work/cache" XDG_RUNTIME_DIR="$work/runtime"
unset AT_SPI_BUS_ADDRESS NO_AT_BRIDGE
read -r DBUS_SESSION_BUS_ADDRESS dbus_pid < <(dbus-daemon --session --fork --print-address=1 --print-pid=1 | paste -sd' ')
export DBUS_SESSION_BUS_ADDRESS
[ $keep = 1 ] || trap 'rc=$?; cleanup' EXIT

# 3. The AT-SPI bus launcher (owns org.a11y.Bus, starts the accessibility dbus-daemon; registryd is
#    D-Bus-activated on that bus), then accessibility switched on: AccessKit watches org.a11y.Status.IsEnabled.
/usr/libexec/at-spi-bus-launcher --launch-immediately >"$work/bus-launcher.log" 2>&1 &
pids+=($!)
for _ in $(seq 50); do
  gdbus call --session -d org.a11y.Bus -o /org/a11y/bus -m org.a11y.Bus.GetAddress >/dev/null 2>&1 && break
  sleep 0.1
done
gdbus call --session -d org.a11y.Bus -o /org/a11y/bus -m org.freedesktop.DBus.Properties.Set \
  org.a11y.Status IsEnabled '<true>' >/dev/null
echo "display $DISPLAY, session bus $DBUS_SESSION_BUS_ADDRESS, a11y bus $(gdbus call --session -d org.a11y.Bus -o /org/a11y/bus -m org.a11y.Bus.GetAddress)"

# 4. The app, from the project folder (it finds node_modules/azurite there).
start=$(date +%s.%N)
(cd "$root" && exec "$bin" --demo) >"$work/tessera.log" 2>&1 &
pids+=($!)
echo "tessera pid ${pids[-1]}, logs in $work"

cat >"$work/env" <<ENV
export DISPLAY=$DISPLAY DBUS_SESSION_BUS_ADDRESS='$DBUS_SESSION_BUS_ADDRESS' HOME=$HOME XDG_RUNTIME_DIR=$XDG_RUNTIME_DIR
ENV
if [ $keep = 1 ]; then
  echo "attach: source $work/env; stop: kill ${pids[*]} $dbus_pid"
  exit 0
fi

# 5. The walk (it waits for the app to appear on the a11y bus itself).
WALK_STARTED_AT="$start" /usr/bin/python3 "$here/walk.py" "$@"
