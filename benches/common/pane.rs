//! The pane world the tests use, shared with the benchmarks.
#[path = "../../tests/common/pane_world.rs"]
mod pane_world;
// Not every bench draws a pane; those that do not include this module all the same.
#[allow(unused_imports)]
pub use pane_world::World;

/// Runs a table tab's query and its Load all until `rows` are loaded. The UI polls once per frame; at 60 frames a
/// second that is every 16 ms, here every 2 ms.
pub fn load_all(world: &mut World, pane: &mut tessera::app::table::pane::TablePane, rows: usize) {
    world.with(|ctx| pane.run_query(ctx));
    loop {
        let loaded = world.with(|ctx| {
            pane.poll(ctx);
            if pane.running_query().is_some() && pane.has_more() && !pane.is_loading() {
                pane.load_all(ctx);
            }
            pane.store().len() == rows
        });
        if loaded {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
}

/// Lists a blob tab and follows Load all until `loaded` says so and nothing is in flight. The UI polls once per
/// frame; here every millisecond (`World::until`).
pub fn load_all_blobs(
    world: &mut World,
    pane: &mut tessera::app::blob::pane::BlobPane,
    loaded: impl Fn(&tessera::app::blob::pane::BlobPane) -> bool,
) {
    world.with(|ctx| pane.list(ctx));
    follow_load_all(world, pane, loaded);
}

/// Follows Load all from the listing a tab already asked for (a folder opened, a search) until `loaded` says so
/// and nothing is in flight.
pub fn follow_load_all(
    world: &mut World,
    pane: &mut tessera::app::blob::pane::BlobPane,
    loaded: impl Fn(&tessera::app::blob::pane::BlobPane) -> bool,
) {
    world.until(|ctx| {
        pane.poll(ctx);
        if pane.next_marker().is_some() && !pane.is_busy() {
            pane.load_all(ctx);
        }
        loaded(pane) && !pane.is_busy()
    });
}

/// An egui context as the app's window has it when the user opens a container: up, its fonts loaded and its
/// glyphs drawn once, by a blob tab of another container. A fresh context's first frame builds the font atlas,
/// which the app does once at its start (`cold_start_first_frame` measures that), not on every container opened.
#[allow(dead_code)]
pub fn window_up(world: &mut World) -> egui::Context {
    let window = egui::Context::default();
    // Another container's tab (listed or refused, the frame lays out its bar and rows alike), so no widget state
    // of the measured tab is in the context's memory.
    let mut pane = tessera::app::blob::pane::BlobPane::new("devstoreaccount1", "window-warm-up");
    world.with(|ctx| pane.list(ctx));
    world.until(|ctx| {
        pane.poll(ctx);
        !pane.is_busy()
    });
    super::frame_times_in(&window, 1, false, super::no_input, |ui| {
        world.with(|ctx| tessera::app::blob::view::ui(&mut pane, ui, ctx, false, false))
    });
    window
}

/// One empty frame: egui keeps a text layout only while the frame before used it, so the next frame lays out
/// every name again, as for a container never shown (only the glyphs stay in the atlas).
#[allow(dead_code)]
pub fn forget_layouts(window: &egui::Context) {
    super::frame_times_in(window, 1, false, super::no_input, |_| {});
}

/// A blob tab's frames as the scale benches measure them: 360 paced frames, the wheel scrolling down and back,
/// the name filter changing every 40 frames; `each` runs before every frame.
#[allow(dead_code)]
pub fn blob_frames(
    world: &mut World,
    pane: &mut tessera::app::blob::pane::BlobPane,
    mut each: impl FnMut(&mut tessera::app::blob::pane::BlobPane),
) -> Vec<f64> {
    let filters = ["item00", "item0999", "", "item05", "item1", ""];
    let mut i = 0;
    super::frame_times(360, true, scroll, |ui| {
        if i % 40 == 39 {
            pane.set_name_filter(filters[(i / 40) % filters.len()]);
        }
        i += 1;
        each(pane);
        world.with(|ctx| {
            pane.poll(ctx);
            tessera::app::blob::view::ui(pane, ui, ctx, false, false)
        })
    })
}

#[allow(dead_code)]
fn scroll(i: usize) -> Vec<egui::Event> {
    let delta = if i % 120 < 90 { -400.0 } else { 600.0 };
    super::wheel(egui::pos2(300.0, 500.0), delta)
}
