//! A run of listed rows as the list shows them, in name order or a sort's.

use std::ops::Range;

use super::{ListedBlobs, Sorted};
use crate::storage::blob::BlobItem;

/// A run of listed rows (what the name filter shows, or all of them), indexed from 0, in name order or in a
/// sort's order.
#[derive(Clone)]
pub struct Shown<'a> {
    list: &'a ListedBlobs,
    range: Range<usize>,
    /// The rows of `range` in a sort's order.
    sorted: Option<&'a Sorted>,
}

impl<'a> Shown<'a> {
    pub(super) fn new(list: &'a ListedBlobs, range: Range<usize>) -> Shown<'a> {
        Shown {
            list,
            range,
            sorted: None,
        }
    }

    /// The same rows in a sort's order.
    pub fn sorted(self, sorted: &'a Sorted) -> Shown<'a> {
        debug_assert_eq!(sorted.rows.len(), self.range.len());
        Shown {
            sorted: Some(sorted),
            ..self
        }
    }

    pub fn is_sorted_by_name(&self) -> bool {
        self.sorted.is_none()
    }

    pub fn len(&self) -> usize {
        self.range.len()
    }

    pub fn is_empty(&self) -> bool {
        self.range.is_empty()
    }

    /// The list's row shown at `i`.
    fn row(&self, i: usize) -> usize {
        match self.sorted {
            Some(sorted) => sorted.rows[i] as usize,
            None => self.range.start + i,
        }
    }

    pub fn name(&self, i: usize) -> &'a str {
        self.list.name(self.row(i))
    }

    pub fn size(&self, i: usize) -> u64 {
        self.list.size(self.row(i))
    }

    pub fn get(&self, i: usize) -> BlobItem {
        self.list.get(self.row(i))
    }

    pub fn names(&self) -> impl DoubleEndedIterator<Item = &'a str> + 'a {
        let shown = self.clone();
        (0..self.len()).map(move |i| shown.list.name(shown.row(i)))
    }

    /// Where `name` is among these rows.
    pub fn position(&self, name: &str) -> Result<usize, usize> {
        if let Some(sorted) = self.sorted {
            let row = self.list.position(name).map_err(|_| self.len())?;
            return match self.range.contains(&row) {
                true => self.list.place(sorted, row).ok_or(self.len()),
                false => Err(self.len()),
            };
        }
        super::search(self.len(), |i| self.name(i), name)
    }
}
