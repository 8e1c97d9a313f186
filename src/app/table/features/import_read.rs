//! Reading an import file one row at a time, so that nothing but the row in hand is held however long the file:
//! CSV (its header, then each record with the line it starts on) or a JSON array of entities (each with its place
//! in the array), straight from the file.

use std::collections::VecDeque;
use std::io::Read;
use std::ops::ControlFlow;

use serde::de::{self, DeserializeSeed, SeqAccess, Visitor};

use crate::app::widgets::i18n::tr;
use crate::storage::table::Entity;

/// A reader that notes where each line end passes on its way to the CSV reader, so that a record's first line is
/// told from its byte offset: the CSV reader's own count lags behind on CRLF line ends and blank lines (it takes
/// the `\n` of a `\r\n` only with the next row). Only the line ends not yet passed by a record are held: those in
/// the CSV reader's buffer.
pub struct LineEnds<R> {
    inner: R,
    /// Bytes handed on so far.
    offset: u64,
    /// The line ends handed on and not yet behind a record: their offset, and whether each is a `\n`.
    ends: VecDeque<(u64, bool)>,
    /// `\n`s behind the last record asked about.
    lines: usize,
}

impl<R: Read> LineEnds<R> {
    pub fn new(inner: R) -> Self {
        LineEnds {
            inner,
            offset: 0,
            ends: VecDeque::new(),
            lines: 0,
        }
    }

    /// The 1-based line of the record that the CSV reader says starts at byte `start`: line ends right at its start
    /// (the rest of a `\r\n`, blank lines) are skipped as the CSV reader skips them.
    pub fn line_at(&mut self, start: u64) -> usize {
        let mut start = start;
        while let Some(&(at, newline)) = self.ends.front() {
            if at > start {
                break;
            }
            if at == start {
                start += 1;
            }
            self.lines += usize::from(newline);
            self.ends.pop_front();
        }
        self.lines + 1
    }
}

impl<R: Read> Read for LineEnds<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        for at in memchr::memchr2_iter(b'\r', b'\n', &buf[..n]) {
            self.ends.push_back((self.offset + at as u64, buf[at] == b'\n'));
        }
        self.offset += n as u64;
        Ok(n)
    }
}

/// A CSV file's records, each with the line it starts on.
pub struct CsvRecords<R: Read> {
    reader: csv::Reader<LineEnds<R>>,
    record: csv::StringRecord,
}

impl<R: Read> CsvRecords<R> {
    /// Opens CSV with a header line: the header, and the records after it.
    pub fn open(source: R) -> Result<(Vec<String>, Self), String> {
        let mut reader = csv::ReaderBuilder::new()
            .flexible(true)
            .from_reader(LineEnds::new(source));
        let header = reader
            .headers()
            .map_err(|e| tr!("table-import-plan-bad-header", why = e.to_string()))?
            .iter()
            .map(str::to_string)
            .collect();
        let record = csv::StringRecord::new();
        Ok((header, CsvRecords { reader, record }))
    }

    /// The next record and its first line, None at the end, or why the file cannot be read there.
    pub fn next_record(&mut self) -> Option<Result<(usize, &csv::StringRecord), String>> {
        let start = self.reader.position().byte();
        let read = self.reader.read_record(&mut self.record);
        // Asked once the record is read: the line ends it skipped at its start have passed by then.
        let line = self.reader.get_mut().line_at(start);
        match read {
            Ok(false) => None,
            Ok(true) => Some(Ok((line, &self.record))),
            Err(e) => Some(Err(tr!(
                "table-import-plan-bad-line",
                line = line.to_string(),
                why = e.to_string()
            ))),
        }
    }
}

/// Reads a JSON array of entities from `source`, handing each to `each` with its 1-based place in the array, until
/// the array ends or `each` says to stop. Nothing but the entity in hand is held.
pub fn json_entities(source: impl Read, each: impl FnMut(usize, Entity) -> ControlFlow<()>) -> Result<(), String> {
    let mut each = each;
    let mut stopped = false;
    let mut de = serde_json::Deserializer::from_reader(std::io::BufReader::with_capacity(64 * 1024, source));
    let read = EachEntity {
        each: &mut each,
        stopped: &mut stopped,
    }
    .deserialize(&mut de)
    .and_then(|()| de.end());
    match read {
        // A stop is said as an error to leave the array where it is; it is no fault of the file.
        Err(_) if stopped => Ok(()),
        Err(e) => Err(tr!("table-import-plan-not-json", why = e.to_string())),
        Ok(()) => Ok(()),
    }
}

struct EachEntity<'a, F> {
    each: &'a mut F,
    stopped: &'a mut bool,
}

impl<'de, F: FnMut(usize, Entity) -> ControlFlow<()>> DeserializeSeed<'de> for EachEntity<'_, F> {
    type Value = ();

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de, F: FnMut(usize, Entity) -> ControlFlow<()>> Visitor<'de> for EachEntity<'_, F> {
    type Value = ();

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("an array of entities")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let mut place = 0;
        while let Some(entity) = seq.next_element::<Entity>()? {
            place += 1;
            if (self.each)(place, entity).is_break() {
                *self.stopped = true;
                return Err(de::Error::custom("stopped"));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each record's first line, the file handed over `step` bytes at a time: line ends arrive split across reads.
    fn lines(csv: &str, step: usize) -> Vec<usize> {
        struct Trickle<'a>(&'a [u8], usize);
        impl Read for Trickle<'_> {
            fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
                let n = self.0.len().min(buf.len()).min(self.1);
                buf[..n].copy_from_slice(&self.0[..n]);
                self.0 = &self.0[n..];
                Ok(n)
            }
        }
        let (_, mut records) = CsvRecords::open(Trickle(csv.as_bytes(), step)).unwrap();
        let mut out = Vec::new();
        while let Some(r) = records.next_record() {
            out.push(r.unwrap().0);
        }
        out
    }

    #[test]
    fn each_record_knows_its_first_line_whatever_the_line_ends() {
        let csv = "A,B\n1,x\n2,\"two\nlines\"\n3,y\n";
        for step in [1, 2, 3, 5, 7, 64] {
            assert_eq!(lines(csv, step), [2, 3, 5], "{step}");
            assert_eq!(lines(&csv.replace('\n', "\r\n"), step), [2, 3, 5], "{step}");
            assert_eq!(lines("A,B\r\n\r\n1,x\r\n\r\n\r\n2,y", step), [3, 6], "{step}");
        }
        // (The CSV reader itself loses a file whose first read is its byte order mark alone: a file is read 8 KiB
        // at a time.)
        for step in [5, 64] {
            assert_eq!(lines("\u{feff}A,B\n1,x\n\n2,y\n", step), [2, 4], "{step}");
        }
    }

    #[test]
    fn a_json_array_is_read_one_entity_at_a_time_and_can_be_left_part_way() {
        let json = br#"[{"PartitionKey":"p","RowKey":"1"}, {"PartitionKey":"p","RowKey":"2"},
            {"PartitionKey":"p","RowKey":"3"}]"#;
        let mut seen = Vec::new();
        json_entities(&json[..], |i, e| {
            seen.push((i, e.row_key().to_string()));
            ControlFlow::Continue(())
        })
        .unwrap();
        assert_eq!(seen, [(1, "1".into()), (2, "2".into()), (3, "3".into())]);
        let mut first = 0;
        json_entities(&json[..], |i, _| {
            first = i;
            ControlFlow::Break(())
        })
        .unwrap();
        assert_eq!(first, 1);
        assert!(json_entities(&b"[{\"PartitionKey\":1}]"[..], |_, _| ControlFlow::Continue(())).is_err());
        assert!(json_entities(&b"[] x"[..], |_, _| ControlFlow::Continue(())).is_err());
        assert!(json_entities(&b"[]"[..], |_, _| ControlFlow::Continue(())).is_ok());
    }
}
