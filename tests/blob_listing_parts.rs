//! Load all in parts against Azurite: the remainder of a listing listed as several chains at once (root
//! folders, or one prefix per first character with a tail for the names past `~`) must hand over exactly what
//! the one sequential chain lists, in the same order, flat and by folder; and a listing stopped part-way must
//! resume from the marker it handed over without losing or repeating a name. Names that share a long start are
//! cut deeper (at each character of that start): the same must hold there, at a bounded cost in requests.

mod common;

use common::blobs::many_blobs;
use tessera::storage::Client;
use tessera::storage::blob::{BlobListing, ListBlobsOptions, list_in_parts};

const PAGE: u32 = 7;

/// Every name (folders marked) of a listing, page after page, from `options` on.
async fn sequential(client: &Client, container: &str, mut options: ListBlobsOptions) -> Vec<String> {
    let mut out = Vec::new();
    loop {
        let page = client.list_blobs(container, &options).await.expect("a page");
        out.extend(names(&page));
        match page.next_marker {
            Some(m) => options.marker = Some(m),
            None => return out,
        }
    }
}

/// A page's names in the order the pane merges them (folders and blobs, by name).
fn names(page: &BlobListing) -> Vec<String> {
    let mut out: Vec<String> = page.prefixes.iter().map(|p| format!("{p} (folder)")).collect();
    out.extend(page.blobs.iter().map(|b| b.name.clone()));
    out.sort_by(|a, b| a.trim_end_matches(" (folder)").cmp(b.trim_end_matches(" (folder)")));
    out
}

/// The first page, then the rest in parts: what a user sees after Load all. `stop_after` ends the parted
/// listing after that many pages (as Stop does) and lists the rest sequentially from the last page's marker,
/// dropping what is not past the last name shown (as the pane does).
async fn first_page_then_parts(
    client: &Client,
    container: &str,
    options: &ListBlobsOptions,
    stop_after: Option<usize>,
) -> (Vec<String>, usize) {
    let first = client.list_blobs(container, options).await.expect("the first page");
    let mut shown = names(&first);
    let Some(marker) = first.next_marker.clone() else {
        return (shown, 0);
    };
    let after = shown.last().unwrap().trim_end_matches(" (folder)").to_string();
    let rest = ListBlobsOptions {
        marker: Some(marker),
        ..options.clone()
    };
    let (mut pages, mut resume) = (0, None);
    list_in_parts(client, container, &rest, &after, |page| {
        pages += 1;
        let last = shown
            .last()
            .map(|s| s.trim_end_matches(" (folder)").to_string())
            .unwrap_or_default();
        shown.extend(
            names(&page)
                .into_iter()
                .filter(|n| n.trim_end_matches(" (folder)") > last.as_str()),
        );
        resume = page.next_marker.clone();
        stop_after.is_none_or(|s| pages < s)
    })
    .await
    .expect("the parts");
    if let Some(marker) = resume.filter(|_| stop_after.is_some()) {
        let last = shown.last().unwrap().trim_end_matches(" (folder)").to_string();
        let more = ListBlobsOptions {
            marker: Some(marker),
            ..options.clone()
        };
        let tail = sequential(client, container, more).await;
        shown.extend(
            tail.into_iter()
                .filter(|n| n.trim_end_matches(" (folder)") > last.as_str()),
        );
    }
    (shown, pages)
}

/// Names that start with every kind of character: digits and letters (hash-like), a space, `~`, ones past
/// `~` (Latin, CJK, emoji: the tail), and some in folders.
fn awkward_names() -> Vec<String> {
    let mut names: Vec<String> = (0..120).map(|i| format!("{:x}{i:03}", (i * 37) % 16)).collect();
    names.extend(
        [
            "a b", " lead", "~tilde", "~~", "é-1", "é-2", "日本", "😀.txt", "Zed", "_u",
        ]
        .map(String::from),
    );
    names.extend((0..12).map(|i| format!("dir{}/f{i}", i % 3)));
    names.extend((0..9).map(|i| format!("x/{i}")));
    names
}

#[test]
fn a_listing_in_parts_lists_what_the_chain_lists() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    let container = many_blobs(&rt, "parts", awkward_names().into_iter());
    rt.block_on(async {
        for (prefix, delimiter) in [
            (None, None),
            (None, Some("/")),
            (Some("d"), None),
            (Some("dir1/"), Some("/")),
        ] {
            let options = ListBlobsOptions {
                prefix: prefix.map(String::from),
                delimiter: delimiter.map(String::from),
                max_results: Some(PAGE),
                ..Default::default()
            };
            let whole = sequential(&client, &container, options.clone()).await;
            let (parted, pages) = first_page_then_parts(&client, &container, &options, None).await;
            assert_eq!(parted, whole, "prefix {prefix:?}, delimiter {delimiter:?}");
            assert!(pages >= 1 || whole.len() <= PAGE as usize);
        }
    });
}

#[test]
fn a_root_of_folders_is_listed_folder_by_folder() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    // Every name in a folder but two, as a flat listing of a dated layout shows them.
    let names = (0..60)
        .map(|i| format!("2026-{:02}/{i:03}.log", i % 6 + 1))
        .chain(["2026-03.txt".to_string(), "readme".to_string()]);
    let container = many_blobs(&rt, "folders", names);
    rt.block_on(async {
        let options = ListBlobsOptions {
            max_results: Some(PAGE),
            ..Default::default()
        };
        let whole = sequential(&client, &container, options.clone()).await;
        assert_eq!(whole.len(), 62);
        let (parted, _) = first_page_then_parts(&client, &container, &options, None).await;
        assert_eq!(parted, whole);
    });
}

#[test]
fn a_listing_stopped_part_way_resumes_from_the_marker_it_handed_over() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    let container = many_blobs(&rt, "resume", awkward_names().into_iter());
    rt.block_on(async {
        let options = ListBlobsOptions {
            max_results: Some(PAGE),
            ..Default::default()
        };
        let whole = sequential(&client, &container, options.clone()).await;
        // Stopped after each number of pages in turn: the part the stop falls in differs each time.
        for stop in [1, 2, 3, 5, 8, 13] {
            let (resumed, _) = first_page_then_parts(&client, &container, &options, Some(stop)).await;
            assert_eq!(resumed, whole, "stopped after {stop} pages");
        }
    });
}

#[test]
fn names_past_tilde_after_a_run_of_ascii_ones_are_found_by_the_tail() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    // No folders, so the rest is cut by first character: every child from `J` on is empty, and the first chain's
    // page past its stop is all names past `~` (which it drops as not its own).
    let names = (1..=20)
        .map(|i| format!("IMG_{i:04}"))
        .chain((1..=30).map(|i| format!("Фото_{i:04}")));
    let container = many_blobs(&rt, "tail", names);
    rt.block_on(async {
        for stop_after in [None, Some(1), Some(2)] {
            let options = ListBlobsOptions {
                max_results: Some(PAGE),
                ..Default::default()
            };
            let whole = sequential(&client, &container, options.clone()).await;
            assert_eq!(whole.len(), 50);
            let (parted, _) = first_page_then_parts(&client, &container, &options, stop_after).await;
            assert_eq!(parted, whole, "stopped after {stop_after:?} pages");
        }
    });
}

/// Numbered names that share a long start (`item000000.txt`…), and names on the cuts a deeper split makes: the
/// cut prefixes themselves (`item`, `item0`, `item00`, `item0001`, `item0011`, `item002`), a space after them,
/// `:` and `~` just past the digits (the tails' names), and non-ASCII ones after a cut.
fn numbered_names() -> Vec<String> {
    let mut names: Vec<String> = (0..3000).map(|i| format!("item{i:06}.txt")).collect();
    names.extend(
        [
            "item",
            "item ",
            "item 1",
            "item0",
            "item00",
            "item0001",
            "item0011",
            "item0010é",
            "item0012 x",
            "item001é",
            "item002",
            "item0020 x",
            "item000:",
            "item00~",
            "item0~",
            "item~",
            "item~~",
            "itemé",
            "item€",
        ]
        .map(String::from),
    );
    names
}

/// Small enough that the numbered names' parts look dense (a part is cut deeper when its sample says it holds
/// some 32 pages or more) and the cut goes two levels down.
const DENSE_PAGE: u32 = 20;

#[test]
fn names_sharing_a_long_start_are_cut_deeper_and_listed_as_the_chain_lists_them() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let container = many_blobs(&rt, "deep", numbered_names().into_iter());
    let (account, proxy) = rt.block_on(common::account_through_proxy(tessera::storage::Service::Blob));
    let client = Client::new(account, tessera::storage::ClientOptions::default()).unwrap();
    rt.block_on(async {
        let options = ListBlobsOptions {
            max_results: Some(DENSE_PAGE),
            ..Default::default()
        };
        let before = proxy.requests();
        let whole = sequential(&client, &container, options.clone()).await;
        let chain = proxy.requests() - before;
        assert_eq!(whole.len(), numbered_names().len());
        let before = proxy.requests();
        let (parted, _) = first_page_then_parts(&client, &container, &options, None).await;
        let parts = proxy.requests() - before;
        assert_eq!(parted, whole);
        // The first cut (at each digit of `item000`) made `item001` a part, and its own first page cut it again.
        let heads = proxy.heads();
        assert!(
            heads.iter().any(|h| h.contains("prefix=item0011")),
            "item001 was cut deeper"
        );
        // What the parts cost over the chain: every part ends with at most one page it would not need on its own
        // (a page past its stop, or a partial last page), a tail asks at most twice more (a page to start from,
        // and the page it starts in), plus the root's delimiter listing; at most 256 parts.
        println!("{parts} requests in parts, {chain} for the one chain");
        assert!(
            parts <= chain + 2 * 256 + 1,
            "{parts} requests in parts, {chain} for the one chain"
        );
        // Stopped part-way, anywhere in the cuts: the rest from the marker handed over, each name once.
        for stop in [1, 2, 4, 9, 17, 33, 65, 120] {
            let (resumed, _) = first_page_then_parts(&client, &container, &options, Some(stop)).await;
            assert_eq!(resumed, whole, "stopped after {stop} pages");
        }
    });
}
