//! Where a listing in parts cuts a prefix's names: one level, or several levels deeper from a dense page.
//!
//! A level is a front (a chain from a marker), a child per printable character past it, and a tail.
//! A flat container whose names share a long start (`item0000000.txt`…, `logs/2026-11-28T…`) has one first
//! character, so the first cut leaves it one chain. A full page with a next marker whose names all share a start
//! longer than the part's own says where the names are dense: the rest of the part (every name past the page's
//! last, `L`, within the part's prefix) is cut at each character of that start, outermost last. With `D` the
//! common start and `S` the part's prefix, the rest is, in name order:
//! - the names of `D` past `L`: a chain from the page's marker (or `D`'s own level when the page says each of
//!   its characters holds more than a page);
//! - for each level `k` from `D`'s length - 1 down to `S`'s, with `Dk = D[..k]` and `c = D[k]`: a child per
//!   character after `c` up to the highest one the page's varying positions use (`0`-`9` for numbered names:
//!   no empty child per letter), then a tail (`Dk` from the last marker a child handed out, keeping the names
//!   from `Dk` + the character after those) for everything else in `Dk`: the other characters, the non-ASCII
//!   ones. Tails of levels without children are next to each other in name order and are one tail.
//!
//! Every name of `S` past `L` is in exactly one of these, in this order; a wrong guess of the characters only
//! makes a tail longer (and a tail's own dense page is cut the same way). Only characters from space to `~`
//! that sort after the delimiter are cut at, so no child lists the level below a folder and no name below a
//! space is left between two children.

use super::listing_parts::{FIRST, LAST, Part};

/// A part is cut deeper only when its estimated rest is at least this many pages: a cut costs a request per
/// child and per tail, worth it only where a chain would otherwise run that many round trips one after another.
const SPLIT_PAGES: f64 = 32.0;

/// The character after `c` (for a tail's `from`: `~` is followed by DEL, before every non-ASCII name).
fn succ(c: u8) -> char {
    char::from(c + 1)
}

/// One level of `prefix` past `after`: the chain from `marker` up to the first child, a child per character
/// after `after`'s next (and after the delimiter) up to `hi`, and a tail for the names past them.
pub(super) fn level(prefix: &str, after: &str, marker: &str, delimiter: Option<char>, hi: char) -> Vec<Part> {
    let next = after.strip_prefix(prefix).and_then(|rest| rest.chars().next());
    // With a delimiter, a child at the delimiter itself (`P/`) would list the level below instead of the one
    // folder entry `P/`: the names from the delimiter down stay with the first chain, which lists this level.
    let floor = next.max(delimiter);
    let children: Vec<char> = (FIRST..=hi.min(LAST))
        .filter(|c| floor.is_none_or(|n| *c > n))
        .collect();
    let (Some(first), Some(last)) = (children.first(), children.last()) else {
        // Past the characters cut at already: the one chain is the rest.
        return vec![Part::Chain {
            prefix: prefix.to_string(),
            marker: Some(marker.to_string()),
            stop: None,
        }];
    };
    let mut parts = vec![Part::Chain {
        prefix: prefix.to_string(),
        marker: Some(marker.to_string()),
        stop: Some(format!("{prefix}{first}")),
    }];
    parts.extend(children.iter().map(|c| Part::Chain {
        prefix: format!("{prefix}{c}"),
        marker: None,
        stop: None,
    }));
    parts.push(Part::Tail {
        prefix: prefix.to_string(),
        from: format!("{prefix}{}", succ(*last as u8)),
    });
    parts
}

/// A dense page a chain over `scope` fetched: its names (folders too), how many, its first and last in name
/// order, and the marker after it.
pub(super) struct Sample<'a> {
    pub names: Vec<&'a str>,
    pub first: &'a str,
    pub last: &'a str,
    pub marker: &'a str,
    /// The page size asked for.
    pub page: usize,
}

/// The parts the rest of `scope` past the sample's last name is cut into, or None when the names are not
/// dense enough to be worth it. The first part goes on from the sample's marker.
pub(super) fn deeper(scope: &str, sample: &Sample, delimiter: Option<char>) -> Option<Vec<Part>> {
    let (first, last) = (sample.first.as_bytes(), sample.last.as_bytes());
    if !sample.first.starts_with(scope) || !sample.last.starts_with(scope) {
        return None;
    }
    // The common start, cut before the first character not cut at (see the module doc).
    let mut d = scope.len();
    while d < first.len().min(last.len())
        && first[d] == last[d]
        && (FIRST as u8..=LAST as u8).contains(&first[d])
        && delimiter.is_none_or(|c| first[d] > c as u8)
    {
        d += 1;
    }
    if d == scope.len() || last.len() == d {
        return None;
    }
    let deep = &sample.last[..d];
    // The characters the names vary in past the common start: where a numbered name's digits are.
    let mut seen = vec![0u128; 0];
    for name in &sample.names {
        for (p, b) in name.bytes().enumerate().skip(d) {
            if p - d >= seen.len() {
                seen.resize(p - d + 1, 0);
            }
            if (FIRST as u8..=LAST as u8).contains(&b) {
                seen[p - d] |= 1 << b;
            }
        }
    }
    let alphabet = seen.iter().filter(|s| s.count_ones() >= 2).fold(0u128, |a, s| a | s);
    let hi = if alphabet == 0 {
        LAST
    } else {
        char::from(127 - alphabet.leading_zeros() as u8)
    };
    let width = f64::from(alphabet.count_ones().max(2));
    // Names per character at the first varying position, and from it the rest of the scope's.
    let low = first.get(d).copied().unwrap_or(FIRST as u8 - 1);
    let per_char = sample.names.len() as f64 / (f64::from(last[d].saturating_sub(low)) + 1.0);
    let levels = (d - scope.len() + 1).min(30) as i32;
    if per_char * width.powi(levels) < SPLIT_PAGES * sample.page as f64 {
        return None;
    }
    let mut parts = if per_char >= sample.page as f64 {
        level(deep, sample.last, sample.marker, delimiter, hi)
    } else {
        // Each of its characters holds less than a page: the rest of `deep` is a page or so, one chain.
        vec![Part::Chain {
            prefix: deep.to_string(),
            marker: Some(sample.marker.to_string()),
            stop: None,
        }]
    };
    for k in (scope.len()..d).rev() {
        let (outer, c) = (&deep[..k], first[k]);
        let children: Vec<Part> = (succ(c)..=hi)
            .map(|x| Part::Chain {
                prefix: format!("{outer}{x}"),
                marker: None,
                stop: None,
            })
            .collect();
        let from = format!("{outer}{}", succ(c.max(hi as u8)));
        match parts.last_mut() {
            // No child at this level: the inner tail's names and this one's are next to each other.
            Some(Part::Tail { prefix, .. }) if children.is_empty() => *prefix = outer.to_string(),
            _ => {
                parts.extend(children);
                parts.push(Part::Tail {
                    prefix: outer.to_string(),
                    from,
                });
            }
        }
    }
    // A cut with no child would only add tails.
    parts
        .iter()
        .any(|p| matches!(p, Part::Chain { marker: None, .. }))
        .then_some(parts)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chain(prefix: &str, marker: Option<&str>, stop: Option<&str>) -> Part {
        Part::Chain {
            prefix: prefix.into(),
            marker: marker.map(Into::into),
            stop: stop.map(Into::into),
        }
    }

    fn tail(prefix: &str, from: &str) -> Part {
        Part::Tail {
            prefix: prefix.into(),
            from: from.into(),
        }
    }

    #[test]
    fn numbered_names_are_cut_at_each_digit_of_their_common_start() {
        let names: Vec<String> = (5000..10000).map(|i| format!("item{i:07}.txt")).collect();
        let sample = Sample {
            names: names.iter().map(String::as_str).collect(),
            first: &names[0],
            last: &names[4999],
            marker: "M",
            page: 5000,
        };
        let parts = deeper("i", &sample, None).expect("dense");
        // The rest of item000 is a page or so; then item001…item009, item01…item09, item1…item9, each with a
        // tail for what is past 9; the levels of `item` itself have no digit child and share one tail.
        assert_eq!(parts[0], chain("item000", Some("M"), None));
        assert_eq!(parts[1], chain("item001", None, None));
        assert_eq!(parts[9], chain("item009", None, None));
        assert_eq!(parts[10], tail("item00", "item00:"));
        assert_eq!(parts[11], chain("item01", None, None));
        assert_eq!(parts[20], tail("item0", "item0:"));
        assert_eq!(parts[21], chain("item1", None, None));
        assert_eq!(parts[29], chain("item9", None, None));
        assert_eq!(parts[30], tail("i", "item:"));
        assert_eq!(parts.len(), 31);
        // A page of a part with few names left is not cut.
        assert_eq!(deeper("item000", &sample, None), None);
        // Names that share no start past the part's: not cut.
        let sample = Sample {
            first: "a1",
            last: "b9",
            ..sample
        };
        assert_eq!(deeper("", &sample, None), None);
    }

    #[test]
    fn a_split_needs_a_child_and_never_cuts_at_the_delimiter() {
        let names: Vec<String> = (0..100).map(|i| format!("ab{i:03}")).collect();
        let sample = Sample {
            names: names.iter().map(String::as_str).collect(),
            first: "ab000",
            last: "ab099",
            marker: "M",
            page: 100,
        };
        let parts = deeper("a", &sample, None).expect("dense");
        assert_eq!(parts[0], chain("ab0", Some("M"), None));
        assert_eq!(parts[1], chain("ab1", None, None));
        assert_eq!(parts[10], tail("a", "ab:"));
        assert_eq!(parts.len(), 11);
        // Past `z` and `y` nothing the page uses: a cut would be all tails, so there is none.
        let letters: Vec<String> = (0..100)
            .map(|i| format!("z{}{i:02}", if i < 50 { 'x' } else { 'y' }))
            .collect();
        let sample = Sample {
            names: letters.iter().map(String::as_str).collect(),
            first: &letters[0],
            last: &letters[99],
            page: 2,
            ..sample
        };
        assert_eq!(deeper("", &sample, None).map(|p| p.len()), None);
        let folders: Vec<String> = (0..64).map(|i| format!("a/b{i:02}")).collect();
        let sample = Sample {
            names: folders.iter().map(String::as_str).collect(),
            first: &folders[0],
            last: &folders[63],
            page: 1,
            ..sample
        };
        let parts = deeper("", &sample, Some('/')).expect("dense");
        assert_eq!(parts[0], chain("a", Some("M"), Some("a0")));
        assert!(
            parts
                .iter()
                .all(|p| !matches!(p, Part::Chain { prefix, .. } if prefix.contains('/')))
        );
    }
}
