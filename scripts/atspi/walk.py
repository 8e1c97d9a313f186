#!/usr/bin/python3
"""Walks the running Tessera's AT-SPI tree as a screen reader would: opens the demo container, selects a blob."""
# Run by run.sh (which starts Xvfb, a private D-Bus with AT-SPI on, and `tessera --demo`), with the system
# python3 (pyatspi is a Debian package: python3-pyatspi). Exit 0 only when every step found what it looks for.
# Usage: walk.py [--depth N]   (N: how deep the first tree dump goes, default 4)
import os
import subprocess
import sys
import time

import pyatspi
from gi.repository import GLib

DEPTH = int(sys.argv[sys.argv.index("--depth") + 1]) if "--depth" in sys.argv else 4
T0 = float(os.environ.get("WALK_STARTED_AT", time.time()))  # when run.sh launched tessera
events = {}  # AT-SPI event type -> [(role, name, data)], gathered while the walk runs
failed = []


def since():
    return f"{time.time() - T0:5.1f}s"


def step(ok, what):
    print(f"[{since()}] {'OK  ' if ok else 'FAIL'} {what}", flush=True)
    if not ok:
        failed.append(what)
    return ok


def pump(seconds):
    """Lets libatspi deliver events (and refresh its cache) for a while."""
    end = time.time() + seconds
    ctx = GLib.MainContext.default()
    while time.time() < end:
        while ctx.pending():
            ctx.iteration(False)
        time.sleep(0.05)


def on_event(e):
    try:
        src = (e.source.getRoleName(), e.source.name) if e.source else (None, None)
    except Exception:  # the node may be gone (defunct) by the time the event arrives
        src = ("gone", None)
    events.setdefault(e.type, []).append((*src, e.any_data if isinstance(e.any_data, str) else e.detail1))


def states(a):
    return ",".join(pyatspi.stateToString(s) for s in a.getState().getStates())


def actions(a):
    try:
        act = a.queryAction()
        return [act.getName(i) for i in range(act.nActions)]
    except NotImplementedError:
        return []


def line(a):
    desc = f" desc={a.description!r}" if a.description else ""
    attrs = f" attrs={a.getAttributes()}" if a.getAttributes() else ""
    return f"[{a.getRoleName()}] {a.name!r}{desc} states={states(a)} actions={actions(a)}{attrs}"


def dump(a, depth, indent=0):
    print("  " * indent + line(a))
    if indent < depth:
        for c in a:
            if c is not None:
                dump(c, depth, indent + 1)


def everything(app):
    return pyatspi.findAllDescendants(app, lambda a: True)


def wait_for(app, pred, timeout=60.0):
    """The first node matching pred, polling (with events pumped) until timeout; None if it never came."""
    end = time.time() + timeout
    while True:
        found = pyatspi.findDescendant(app, pred)
        if found is not None or time.time() > end:
            return found
        pump(0.3)


def named(role, name, prefix=False):
    return lambda a: a.getRoleName() == role and (a.name.startswith(name) if prefix else a.name == name)


def where(a):
    e = a.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    return f"x={e.x} y={e.y} {e.width}x{e.height}"


def click(a):
    """AT-SPI Action 0 ('click'), as Orca's activate does."""
    return a.queryAction().doAction(0)


def mouse_click(a):
    """A real left click at the node's centre (XTest through the registry), as Orca's review-cursor click does."""
    e = a.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    pyatspi.Registry.generateMouseEvent(e.x + e.width // 2, e.y + e.height // 2, "b1c")


def main():
    desktop = pyatspi.Registry.getDesktop(0)
    pyatspi.Registry.registerEventListener(
        on_event, "object:announcement", "object:property-change:accessible-name", "focus:",
        "object:state-changed:focused")

    # 1. The application on the accessibility bus.
    app, end = None, time.time() + 60
    while app is None and time.time() < end:
        app = next((a for a in desktop if a is not None and a.name.lower() == "tessera"), None)
        pump(0.2)
    if not step(app is not None, f"application on the a11y bus: {app and app.name!r}"):
        return
    print(f"    toolkit={app.get_toolkit_name()!r} version={app.get_toolkit_version()!r}")

    # 2. The explorer: a tree, and in it the "Blob containers" node, a tree item (there once the demo emulator is
    #    up and connected). AccessKit's AT-SPI adapter does not carry a node's level or expanded state yet (its
    #    Windows and macOS adapters do; tests/keyboard_only.rs checks the app sets them).
    tree = wait_for(app, named("tree", "Explorer"), 60)
    if not step(tree is not None, f"the explorer tree: {tree and line(tree)}"):
        return
    blobs = wait_for(tree, named("tree item", "Blob containers", prefix=True), 120)
    if not step(blobs is not None, f"explorer node inside the tree: {blobs and line(blobs)}"):
        return
    print(f"--- tree to depth {DEPTH} ---")
    dump(app, DEPTH)
    print("---")

    # 3. Expand it with its AT-SPI action; the container appears under it.
    step(click(blobs), "'click' action on 'Blob containers'")
    demo = wait_for(tree, named("tree item", "demo"), 30)
    if not step(demo is not None, f"container node: {demo and line(demo)}"):
        return

    # 4. Activate the container: a tab opens with the blob list and the details panel.
    step(click(demo), "'click' action on 'demo'")
    tabs = wait_for(app, named("page tab list", "Open tabs"), 30)
    tab = tabs and wait_for(tabs, named("page tab", "demo (container)"), 30)
    step(tab is not None and tab.getState().contains(pyatspi.STATE_CHECKED),
         f"a selected tab in the tab list: {tab and line(tab)}")
    row = wait_for(app, named("label", "readme.txt"), 30)
    if not step(row is not None, f"blob row cell: {row and line(row)}"):
        return
    cells = [c for c in row.parent if c is not None]
    i = row.getIndexInParent()
    print(f"    the list's nodes are flat children of a [{row.parent.getRoleName()}]; the row's cells:")
    print("    " + " | ".join(f"[{c.getRoleName()}] {c.name!r}" for c in cells[i:i + 7]))
    heads = [h.name for h in pyatspi.findAllDescendants(app, lambda a: a.getRoleName() == "column header")]
    step(all(h in heads for h in ("Name", "Size", "Tier")), f"column headers: {heads}")

    # 5. The blob's row: a table row named by its cells, its place in the list; select it by its action.
    blob_row = wait_for(app, named("table row", "readme.txt, ", prefix=True), 10)
    if not step(blob_row is not None and "click" in actions(blob_row), f"the blob's row: {blob_row and line(blob_row)}"):
        return
    click(blob_row)
    blob_type = wait_for(app, named("label", "BlockBlob"), 15)
    step(blob_type is not None, f"details panel shows the blob: {blob_type and line(blob_type)}")
    props = wait_for(app, named("page tab", "Properties"), 5)
    step(props is not None, f"details tab: {props and line(props)}")

    # 6. Keyboard focus. No window manager under Xvfb, so nothing gives the window the X input focus, and
    #    without it AccessKit reports no focused node (and the frame is not 'active'): give it, as a WM would.
    #    (Not earlier: eframe shows the window only after its first frame, and a focus set before is lost.)
    wid = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "^Tessera"],
                         capture_output=True, text=True).stdout.split()[:1]
    subprocess.run(["xdotool", "windowfocus", "--sync", *wid], capture_output=True, timeout=10)
    frame = app[0]
    wait_for(app, lambda a: a is frame and a.getState().contains(pyatspi.STATE_ACTIVE), 5)
    pyatspi.Registry.generateKeyboardEvent(23, None, pyatspi.KEY_PRESSRELEASE)  # Tab (keycode 23)
    focused = wait_for(app, lambda a: a is not frame and a.getState().contains(pyatspi.STATE_FOCUSED), 5)
    step(focused is not None, f"focus after Tab (frame active={frame.getState().contains(pyatspi.STATE_ACTIVE)}):"
         f" {focused and line(focused)}")

    # 7. A write's result, heard: Lease > Acquire lease on the blob; the pane's result line is a live region, so
    #    AccessKit announces it (object:announcement) without the focus going there.
    lease_tab = wait_for(app, named("page tab", "Lease"), 10)
    if step(lease_tab is not None, f"details tab: {lease_tab and line(lease_tab)}"):
        click(lease_tab)
        acquire = wait_for(app, named("push button", "Acquire lease"), 10)
        if step(acquire is not None, f"button: {acquire and line(acquire)}"):
            click(acquire)
            end = time.time() + 30
            heard = []
            while not heard and time.time() < end:
                pump(0.3)
                heard = [e for e in events.get("object:announcement", []) if str(e[2]).startswith("Leased ")]
            step(bool(heard), f"the lease's result announced as a live notice: {heard[:1]}")
            said = wait_for(app, named("label", "Leased ", prefix=True), 5)
            step(said is not None, f"the result line in the tree: {said and line(said)}")

    # 8. What a screen reader would trip on: unnamed actionable nodes, icon glyphs as names, live regions.
    nodes = everything(app)
    unnamed = [a for a in nodes if not a.name and (actions(a) or a.getRoleName() in ("unknown", "frame"))]
    print(f"    {len(nodes)} nodes; unnamed actionable or role-less: "
          + ", ".join(f"[{a.getRoleName()}] at {where(a)}" for a in unnamed))
    glyphs = [a.name for a in nodes if a.name and all(0xE000 <= ord(ch) <= 0xF8FF for ch in a.name)]
    print(f"    names that are icon-font glyphs (private use area): {[g.encode('unicode_escape') for g in glyphs]}")
    live = [a for a in nodes if any(k.startswith(("live", "container-live")) for k in a.getAttributes())]
    pump(1)
    print(f"    nodes with a live attribute: {len(live)};"
          f" object:announcement events: {len(events.get('object:announcement', []))}")
    for kind, seen in sorted(events.items()):
        print(f"    event {kind}: {len(seen)}, e.g. {seen[:3]}")


if __name__ == "__main__":
    main()
    print(f"[{since()}] {'ALL STEPS FOUND' if not failed else 'FAILED: ' + '; '.join(failed)}")
    sys.exit(1 if failed else 0)
