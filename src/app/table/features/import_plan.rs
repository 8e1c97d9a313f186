//! A table import's plan: the file's columns and its first rows (each with its line in the file), the user's
//! choices (where the keys come from, each column's type, what to do with an entity already there), and each row
//! built into the entity it will be written as. The preview and the import build rows the same way, here; the
//! import reads the file again row by row (`import_read`), so nothing holds the whole file.

use std::io::Read;
use std::ops::ControlFlow;
use std::path::Path;

use crate::app::table::features::import_read::{CsvRecords, json_entities};
use crate::app::widgets::i18n::{t, tr};
use crate::storage::table::{EdmDateTime, EdmType, EdmValue};
use crate::storage::table::{EntityDraft, EntityView, Property};

/// How many rows from the start of the file are kept: the preview shows the first of them, and a column's type is
/// inferred from them (a later row that does not fit is named as not written, never converted).
pub const PREFIX_ROWS: usize = 1_000;

/// One cell of the file: CSV gives text, JSON gives typed values.
#[derive(Clone, Debug, PartialEq)]
pub enum Cell {
    Empty,
    Text(String),
    Value(EdmValue),
}

#[derive(Clone, Debug)]
pub struct SourceRow {
    /// The row's first line in the file (1-based; a quoted CSV value may span lines).
    pub line: usize,
    pub cells: Vec<Cell>,
    /// Per column, what its `name@type` column says for this row (typed CSV only).
    pub types: Vec<Option<String>>,
}

/// The file, read once through: its columns (without `@type` columns, `Timestamp` and ETags), how many rows it has,
/// and its first `PREFIX_ROWS` rows.
#[derive(Clone, Debug, Default)]
pub struct ImportSource {
    pub columns: Vec<String>,
    /// Per column, whether the file itself types it (a `name@type` column, or JSON's own types).
    pub typed_by_file: Vec<bool>,
    /// The first rows of the file, at most `PREFIX_ROWS`.
    pub rows: Vec<SourceRow>,
    /// Every row of the file, counted.
    pub total: usize,
    json: bool,
    /// For CSV, each column's place in a record and its `name@type` column's place.
    kept: Vec<(usize, Option<usize>)>,
    /// The file's length and modification time when it was read: the import reads it again only if they are the
    /// same (what was previewed and typed is what is written).
    stamp: Option<(u64, std::time::SystemTime)>,
    /// Per column, the type its values read as (worked out once, with the file read, off the UI thread: the
    /// window asks every frame).
    inferred: Vec<EdmType>,
    /// Per column, its first value, as the window shows it beside the type (worked out with the types).
    samples: Vec<Option<String>>,
}

/// Where each entity's PartitionKey comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PartitionFrom {
    Column(usize),
    Fixed(String),
}

/// Where each entity's RowKey comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RowKeyFrom {
    Column(usize),
    /// 1, 2, 3… from this number, zero-padded to one width so that the keys sort as the numbers do.
    Counter(u64),
    Guid,
}

/// How a column's values are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColumnType {
    /// As the file types them (its `@type` column, or JSON's types).
    File,
    Edm(EdmType),
    LeaveOut,
}

impl ColumnType {
    pub fn describe(self) -> String {
        match self {
            ColumnType::File => t("table-import-plan-as-file"),
            ColumnType::Edm(ty) => ty.short_name().into(),
            ColumnType::LeaveOut => t("table-import-plan-leave-out"),
        }
    }
}

/// What to do with an entity the table already has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Conflict {
    /// Insert: one already there is left as it is and counted as skipped.
    InsertOnly,
    /// Insert or merge: the file's properties are set, the others kept.
    Merge,
    /// Insert or replace: the entity becomes the file's row.
    Replace,
}

impl Conflict {
    pub fn describe(self) -> String {
        t(match self {
            Conflict::InsertOnly => "table-import-plan-insert-only",
            Conflict::Merge => "table-import-plan-merge",
            Conflict::Replace => "table-import-plan-replace",
        })
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportChoices {
    pub partition: PartitionFrom,
    pub row_key: RowKeyFrom,
    pub types: Vec<ColumnType>,
    pub conflict: Conflict,
}

fn is_key_column(name: &str) -> bool {
    matches!(name, "PartitionKey" | "RowKey")
}

fn unreadable(path: &Path, e: impl std::fmt::Display) -> String {
    tr!(
        "table-import-plan-unreadable",
        path = path.display().to_string(),
        why = e.to_string()
    )
}

fn stamp_of(path: &Path) -> Result<(u64, std::time::SystemTime), String> {
    let meta = std::fs::metadata(path).map_err(|e| unreadable(path, e))?;
    Ok((meta.len(), meta.modified().map_err(|e| unreadable(path, e))?))
}

impl ImportSource {
    /// Reads the file once through (JSON when its name ends in `.json`, else CSV), keeping its first rows.
    pub fn read(path: &Path) -> Result<ImportSource, String> {
        let stamp = stamp_of(path)?;
        let file = std::fs::File::open(path).map_err(|e| unreadable(path, e))?;
        let json = path.extension().is_some_and(|e| e.eq_ignore_ascii_case("json"));
        let mut source = ImportSource::from_reader(file, json)?;
        source.stamp = Some(stamp);
        Ok(source)
    }

    /// A JSON array of entities (as exported) when `json`, else CSV with a header line.
    pub fn parse(bytes: &[u8], json: bool) -> Result<ImportSource, String> {
        ImportSource::from_reader(bytes, json)
    }

    fn from_reader(file: impl Read, json: bool) -> Result<ImportSource, String> {
        let mut source = ImportSource {
            json,
            ..ImportSource::default()
        };
        if json {
            // Every property name of the file is a column: names are few however many the rows.
            let (mut names, mut seen, mut first) = (Vec::new(), std::collections::HashSet::new(), Vec::new());
            json_entities(file, |place, e| {
                for (name, _) in e.properties() {
                    if !seen.contains(name) {
                        seen.insert(name.to_string());
                        names.push(name.to_string());
                    }
                }
                if first.len() < PREFIX_ROWS {
                    first.push(e);
                }
                source.total = place;
                ControlFlow::Continue(())
            })?;
            source.columns = ["PartitionKey", "RowKey"].map(str::to_string).to_vec();
            source.columns.extend(names);
            source.typed_by_file = vec![true; source.columns.len()];
            source.rows = first
                .iter()
                .enumerate()
                .map(|(i, e)| source.row_of_entity(i + 1, e))
                .collect();
        } else {
            let (header, mut records) = CsvRecords::open(file)?;
            let at = |name: &str| header.iter().position(|h| h == name);
            source.kept = header
                .iter()
                .enumerate()
                .filter(|(_, h)| !h.ends_with("@type") && !matches!(h.as_str(), "Timestamp" | "odata.etag"))
                .map(|(i, h)| (i, at(&format!("{h}@type")))) // i18n-ignore: a column name of the file format
                .collect();
            source.columns = source.kept.iter().map(|&(i, _)| header[i].clone()).collect();
            source.typed_by_file = source.kept.iter().map(|&(_, t)| t.is_some()).collect();
            while let Some(record) = records.next_record() {
                let (line, record) = record?;
                if source.rows.len() < PREFIX_ROWS {
                    source.rows.push(source.row_of_record(line, record));
                }
                source.total += 1;
            }
        }
        source.finish();
        Ok(source)
    }

    fn row_of_record(&self, line: usize, record: &csv::StringRecord) -> SourceRow {
        let text = |i: usize| record.get(i).unwrap_or("");
        SourceRow {
            line,
            cells: self
                .kept
                .iter()
                .map(|&(i, _)| match text(i) {
                    "" => Cell::Empty,
                    t => Cell::Text(t.to_string()),
                })
                .collect(),
            types: self
                .kept
                .iter()
                .map(|&(_, t)| t.map(text).filter(|t| !t.is_empty()).map(str::to_string))
                .collect(),
        }
    }

    /// An entity of a JSON file as a row: a JSON file's "line" is the entity's place in its array.
    fn row_of_entity(&self, place: usize, e: &EntityView) -> SourceRow {
        SourceRow {
            line: place,
            cells: self
                .columns
                .iter()
                .map(|c| match c.as_str() {
                    "PartitionKey" => Cell::Text(e.partition_key().to_string()),
                    "RowKey" => Cell::Text(e.row_key().to_string()),
                    name => e.get(name).map_or(Cell::Empty, |v| Cell::Value(v.to_value())),
                })
                .collect(),
            types: vec![None; self.columns.len()],
        }
    }

    /// Reads the file at `path` again from its start, handing each row to `each` with its place (0-based) until
    /// the end or until `each` says to stop; only the row in hand is held. Refused when the file changed since it
    /// was read (its length or modification time).
    pub fn each_row(&self, path: &Path, each: impl FnMut(usize, SourceRow) -> ControlFlow<()>) -> Result<(), String> {
        if self.stamp.is_some() && stamp_of(path).ok() != self.stamp {
            return Err(tr!("table-import-plan-file-changed", path = path.display().to_string()));
        }
        let file = std::fs::File::open(path).map_err(|e| unreadable(path, e))?;
        self.each_row_of(file, each)
    }

    /// As `each_row`, from any reader of the same file's bytes.
    pub fn each_row_of(
        &self,
        file: impl Read,
        mut each: impl FnMut(usize, SourceRow) -> ControlFlow<()>,
    ) -> Result<(), String> {
        if self.json {
            return json_entities(file, |place, e| each(place - 1, self.row_of_entity(place, &e)));
        }
        let (_, mut records) = CsvRecords::open(file)?;
        let mut index = 0;
        while let Some(record) = records.next_record() {
            let (line, record) = record?;
            if each(index, self.row_of_record(line, record)).is_break() {
                break;
            }
            index += 1;
        }
        Ok(())
    }

    /// Works out once what the window asks for every frame: each column's inferred type and first value.
    fn finish(&mut self) {
        self.inferred = (0..self.columns.len()).map(|c| self.infer(c)).collect();
        self.samples = (0..self.columns.len())
            .map(|c| {
                self.rows.iter().find_map(|r| match r.cells.get(c) {
                    Some(Cell::Text(t)) => Some(t.clone()),
                    Some(Cell::Value(v)) => Some(v.to_text()),
                    _ => None,
                })
            })
            .collect();
    }

    /// A column's first value, if any row has one.
    pub fn sample(&self, column: usize) -> Option<&str> {
        self.samples.get(column).and_then(|s| s.as_deref())
    }

    pub fn column(&self, name: &str) -> Option<usize> {
        self.columns.iter().position(|c| c == name)
    }

    /// The keys from the file's PartitionKey and RowKey columns when it has them (else a fixed PartitionKey and a
    /// counter), each column typed as the file says or as its values look, and nothing overwritten.
    pub fn default_choices(&self) -> ImportChoices {
        ImportChoices {
            partition: self
                .column("PartitionKey")
                .map_or(PartitionFrom::Fixed(String::new()), PartitionFrom::Column),
            row_key: self.column("RowKey").map_or(RowKeyFrom::Counter(1), RowKeyFrom::Column),
            types: (0..self.columns.len())
                .map(|c| match self.typed_by_file[c] {
                    true => ColumnType::File,
                    false => ColumnType::Edm(self.inferred(c)),
                })
                .collect(),
            conflict: Conflict::InsertOnly,
        }
    }

    /// The narrowest type every non-empty value of a column's first rows (`PREFIX_ROWS`) reads back from exactly
    /// (`reads_back`): text like `007`, `+5`, `1.10` or `12345678901234567890` stays a String, since a number
    /// would drop what makes it that text.
    pub fn inferred(&self, column: usize) -> EdmType {
        self.inferred.get(column).copied().unwrap_or(EdmType::String)
    }

    fn infer(&self, column: usize) -> EdmType {
        let mut texts = self
            .rows
            .iter()
            .filter_map(|r| match &r.cells[column] {
                Cell::Text(t) => Some(t.as_str()),
                _ => None,
            })
            .peekable();
        if texts.peek().is_none() {
            return EdmType::String;
        }
        let texts: Vec<&str> = texts.collect();
        let all = |ty: EdmType| {
            texts
                .iter()
                .all(|t| EdmValue::parse(ty, t).is_ok_and(|v| reads_back(t, &v)))
        };
        [
            EdmType::Boolean,
            EdmType::Int32,
            EdmType::Int64,
            EdmType::Double,
            EdmType::DateTime,
            EdmType::Guid,
        ]
        .into_iter()
        .find(|&ty| all(ty))
        .unwrap_or(EdmType::String)
    }

    /// `row`, the file's row at place `index` (0-based), as the entity it will be written as, or why it cannot
    /// be. `guid` makes a row's RowKey from its place when the choices ask for new GUIDs (the preview shows a
    /// placeholder; the import derives each from its place, the same on every Retry).
    pub fn entity(
        &self,
        choices: &ImportChoices,
        row: &SourceRow,
        index: usize,
        guid: &dyn Fn(usize) -> String,
    ) -> Result<EntityDraft, String> {
        // A column chosen that the file does not have (no columns at all) is said, never indexed.
        let text_of = |c: usize, which: &str| match row.cells.get(c) {
            Some(Cell::Text(t)) => Ok(t.clone()),
            Some(Cell::Value(v)) => Ok(v.to_text()),
            Some(Cell::Empty) => Err(tr!(
                "table-import-plan-empty-key",
                key = which,
                column = self.columns[c].as_str()
            )),
            None => Err(tr!("table-import-plan-no-key-column", key = which)),
        };
        let partition = match &choices.partition {
            PartitionFrom::Column(c) => text_of(*c, "PartitionKey")?,
            PartitionFrom::Fixed(v) => v.clone(),
        };
        let row_key = match &choices.row_key {
            RowKeyFrom::Column(c) => text_of(*c, "RowKey")?,
            RowKeyFrom::Counter(start) => {
                let last = start.saturating_add(self.total.saturating_sub(1) as u64);
                let width = last.to_string().len();
                format!("{:0width$}", start.saturating_add(index as u64))
            }
            RowKeyFrom::Guid => guid(index),
        };
        crate::storage::table::validate_key("PartitionKey", &partition).map_err(|e| e.to_string())?;
        crate::storage::table::validate_key("RowKey", &row_key).map_err(|e| e.to_string())?;
        let mut draft = EntityDraft::new(partition, row_key);
        let key_columns = [
            match choices.partition {
                PartitionFrom::Column(c) => Some(c),
                _ => None,
            },
            match choices.row_key {
                RowKeyFrom::Column(c) => Some(c),
                _ => None,
            },
        ];
        for (c, name) in self.columns.iter().enumerate() {
            // A column the keys come from is not written again as a property; PartitionKey and RowKey are the
            // service's own names.
            if key_columns.contains(&Some(c)) || is_key_column(name) {
                continue;
            }
            let (Some(&ty), Some(cell)) = (choices.types.get(c), row.cells.get(c)) else {
                continue;
            };
            let value = match (ty, cell) {
                (ColumnType::LeaveOut, _) | (_, Cell::Empty) => continue,
                (ColumnType::File, Cell::Value(v)) => v.clone(),
                (ColumnType::File, Cell::Text(t)) => match row.types[c].as_deref() {
                    None => EdmValue::String(t.clone()),
                    Some(ty) => {
                        let edm = EdmType::from_odata_name(&format!("Edm.{ty}")) // i18n-ignore: an OData type name
                            .ok_or_else(|| tr!("table-import-plan-not-edm", ty = ty, name = name.as_str()))?;
                        EdmValue::parse(edm, t).map_err(|e| format!("{name}: {e}"))?
                    }
                },
                (ColumnType::Edm(ty), Cell::Text(t)) => EdmValue::parse(ty, t).map_err(|e| format!("{name}: {e}"))?,
                (ColumnType::Edm(ty), Cell::Value(v)) => {
                    EdmValue::parse(ty, &v.to_text()).map_err(|e| format!("{name}: {e}"))?
                }
            };
            draft.properties.push(Property {
                name: name.clone(),
                value,
            });
        }
        draft
            .validate(&crate::storage::Said::text(t("table-import-plan-op")))
            .map_err(|e| e.message.to_string())?;
        Ok(draft)
    }
}

/// Whether `value`, read from `text`, is written out as that same text: only then is a column typed without the
/// user's word. Whole numbers are written without `+` or leading zeros; booleans as `true` or `false`; a GUID in
/// lower case with hyphens; a Double in its shortest form (`1.5`, `2`, `2.0`, `1e-7`, not `1.10`), never with
/// more digits than an Int64 holds (`12345678901234567890` would keep only its first 17); a DateTime in UTC with
/// as many fractional digits as the text gave (`2026-01-02T03:04:05Z`, not `+01:00`).
fn reads_back(text: &str, value: &EdmValue) -> bool {
    match value {
        EdmValue::Double(v) => double_reads_back(text, *v),
        EdmValue::DateTime(d) => datetime_reads_back(text, d),
        _ => value.to_text() == text,
    }
}

fn double_reads_back(text: &str, v: f64) -> bool {
    if !v.is_finite() || (!text.contains(['.', 'e', 'E']) && text.parse::<i64>().is_err()) {
        return false;
    }
    let text = text.to_ascii_lowercase().replace("e+", "e");
    [format!("{v}"), format!("{v:?}"), format!("{v:e}")].contains(&text)
}

fn datetime_reads_back(text: &str, d: &EdmDateTime) -> bool {
    // Always `yyyy-mm-ddThh:mm:ss.fffffffZ`: the text must be it, with its fraction cut to the text's digits.
    let full = d.to_string();
    let digits = text.find('.').map_or(0, |dot| text.len().saturating_sub(dot + 2));
    let want = match digits {
        0 => format!("{}Z", &full[..19]),
        1..=7 => format!("{}Z", &full[..20 + digits]),
        _ => return false,
    };
    text == want
}

#[cfg(test)]
mod tests {
    use super::*;

    const CSV: &str = "Id,Name,Age,Zip,Active,Joined,Score\n\
        7,Ann,41,01234,true,2026-01-02T03:04:05Z,1.5\n\
        8,\"Bo, \"\"the\"\"\nsecond\",39,98765,false,2026-02-03T04:05:06.5Z,2\n\
        9,Cy,,10001,true,2026-03-04T05:06:07Z,1e3\n";

    /// Row `i` of the file's first rows, built.
    fn built(s: &ImportSource, c: &ImportChoices, i: usize) -> Result<EntityDraft, String> {
        s.entity(c, &s.rows[i], i, &|_| unreachable!())
    }

    #[test]
    fn types_are_inferred_only_where_the_text_reads_back_exactly() {
        let s = ImportSource::parse(CSV.as_bytes(), false).unwrap();
        let ty = |name: &str| s.inferred(s.column(name).unwrap());
        assert_eq!(ty("Id"), EdmType::Int32);
        assert_eq!(ty("Name"), EdmType::String);
        assert_eq!(ty("Age"), EdmType::Int32, "an empty cell says nothing");
        assert_eq!(ty("Zip"), EdmType::String, "01234 would lose its zero");
        assert_eq!(ty("Active"), EdmType::Boolean);
        assert_eq!(ty("Joined"), EdmType::DateTime);
        assert_eq!(ty("Score"), EdmType::Double);
        // The quoted value spanning two lines moves the next row's line on.
        assert_eq!(s.rows.iter().map(|r| r.line).collect::<Vec<_>>(), [2, 3, 5]);
        assert_eq!(s.total, 3);
        // The same file with Windows line ends and a blank line before its last row.
        let windows = CSV.replace('\n', "\r\n").replacen("\r\n9,", "\r\n\r\n9,", 1);
        let s = ImportSource::parse(windows.as_bytes(), false).unwrap();
        assert_eq!(s.rows.iter().map(|r| r.line).collect::<Vec<_>>(), [2, 3, 6]);

        // One column of each: what would not be written out as the same text keeps the column a String.
        let column = |values: &[&str]| {
            let csv = format!("V\n{}\n", values.join("\n"));
            ImportSource::parse(csv.as_bytes(), false).unwrap().inferred(0)
        };
        assert_eq!(column(&["12345678901234567890"]), EdmType::String, "beyond Int64");
        assert_eq!(column(&["1.5", "12345678901234567890"]), EdmType::String);
        assert_eq!(
            column(&["1.5", "100000000000000000000"]),
            EdmType::String,
            "digits beyond Int64"
        );
        assert_eq!(column(&["1.10", "1.2"]), EdmType::String, "a version, not 1.1");
        assert_eq!(
            column(&["1.5", "2.0", "-0.25", "1e-7", "1.5E+300", "3"]),
            EdmType::Double
        );
        assert_eq!(column(&["0.1", "9007199254740993"]), EdmType::String, "past 2^53");
        assert_eq!(column(&["1.5", ".5"]), EdmType::String);
        assert_eq!(column(&["1.5", "NaN"]), EdmType::String);
        assert_eq!(column(&["9007199254740993"]), EdmType::Int64);
        assert_eq!(column(&["+5", "6"]), EdmType::String);
        assert_eq!(column(&["007"]), EdmType::String);
        assert_eq!(
            column(&["-0", "1"]),
            EdmType::Double,
            "an Int32 is written 0, a Double -0"
        );
        assert_eq!(column(&["true", "FALSE"]), EdmType::String, "written as false");
        assert_eq!(column(&["true", "false"]), EdmType::Boolean);
        let guid = "6f9619ff-8b86-d011-b42d-00c04fc964ff";
        assert_eq!(column(&[guid]), EdmType::Guid);
        assert_eq!(
            column(&[&guid.to_uppercase()]),
            EdmType::String,
            "written in lower case"
        );
        assert_eq!(column(&[&format!("{{{guid}}}")]), EdmType::String);
        assert_eq!(
            column(&["2026-01-02T03:04:05.1234567Z", "2026-01-02T03:04:05Z"]),
            EdmType::DateTime
        );
        assert_eq!(
            column(&["2026-01-02T03:04:05+01:00"]),
            EdmType::String,
            "its offset would be lost"
        );
        assert_eq!(column(&["2026-01-02T03:04:05.12345670Z"]), EdmType::String);
        // A type chosen by the user still reads what it can: FALSE as a Boolean.
        let mut c = ImportSource::parse(b"V\nFALSE\n", false).unwrap().default_choices();
        c.types[0] = ColumnType::Edm(EdmType::Boolean);
        c.partition = PartitionFrom::Fixed("p".into());
        let s = ImportSource::parse(b"V\nFALSE\n", false).unwrap();
        assert_eq!(built(&s, &c, 0).unwrap().get("V"), Some(&EdmValue::Boolean(false)));
    }

    #[test]
    fn types_come_from_the_first_rows_and_every_row_is_counted_and_read_again() {
        let mut csv = String::from("N\n");
        for i in 0..PREFIX_ROWS + 500 {
            csv += &format!("{i}\n");
        }
        csv += "many\n";
        let s = ImportSource::parse(csv.as_bytes(), false).unwrap();
        assert_eq!((s.rows.len(), s.total), (PREFIX_ROWS, PREFIX_ROWS + 501));
        assert_eq!(s.inferred(0), EdmType::Int32, "from the first rows");
        let mut c = s.default_choices();
        c.partition = PartitionFrom::Fixed("p".into());
        let (mut seen, mut failed) = (0, Vec::new());
        s.each_row_of(csv.as_bytes(), |i, row| {
            seen += 1;
            if let Err(why) = s.entity(&c, &row, i, &|_| unreachable!()) {
                failed.push((row.line, why));
            }
            ControlFlow::Continue(())
        })
        .unwrap();
        assert_eq!(seen, PREFIX_ROWS + 501);
        assert_eq!(failed.len(), 1);
        assert_eq!(failed[0].0, PREFIX_ROWS + 502, "the row's line in the file");
        assert!(failed[0].1.contains("`many` is not an Int32"), "{failed:?}");
        // The counter is padded to the width of the last row's number, not the first rows'.
        c.row_key = RowKeyFrom::Counter(1);
        assert_eq!(built(&s, &c, 0).unwrap().row_key, "0001");
    }

    #[test]
    fn keys_come_from_a_fixed_value_a_column_a_counter_or_guids() {
        let s = ImportSource::parse(CSV.as_bytes(), false).unwrap();
        let mut c = s.default_choices();
        assert_eq!(c.partition, PartitionFrom::Fixed(String::new()));
        assert_eq!(c.row_key, RowKeyFrom::Counter(1));
        c.partition = PartitionFrom::Fixed("people".into());
        c.row_key = RowKeyFrom::Counter(9);
        let e = built(&s, &c, 2).unwrap();
        assert_eq!((e.partition_key.as_str(), e.row_key.as_str()), ("people", "11"));
        assert_eq!(
            built(&s, &c, 0).unwrap().row_key,
            "09",
            "padded so the keys sort as numbers"
        );
        assert_eq!(e.get("Id"), Some(&EdmValue::Int32(9)));
        assert_eq!(e.get("Age"), None, "an empty cell writes no property");
        c.row_key = RowKeyFrom::Column(s.column("Id").unwrap());
        let e = built(&s, &c, 1).unwrap();
        assert_eq!(e.row_key, "8");
        assert_eq!(e.get("Id"), None, "the key's column is not written twice");
        assert_eq!(e.get("Name"), Some(&EdmValue::String("Bo, \"the\"\nsecond".into())));
        c.row_key = RowKeyFrom::Guid;
        assert_eq!(
            s.entity(&c, &s.rows[1], 1, &|i| format!("g-{i}")).unwrap().row_key,
            "g-1"
        );
        c.row_key = RowKeyFrom::Counter(1);
        // A column chosen as a type its values are not is refused per row, with the column named.
        let name = s.column("Name").unwrap();
        c.types[name] = ColumnType::Edm(EdmType::Int64);
        assert!(built(&s, &c, 0).unwrap_err().contains("Name: `Ann` is not an Int64"));
        c.types[name] = ColumnType::LeaveOut;
        assert_eq!(built(&s, &c, 0).unwrap().get("Name"), None);
        // A key with a character the service refuses is refused before anything is sent.
        c.partition = PartitionFrom::Fixed("a/b".into());
        assert!(built(&s, &c, 0).is_err());
    }

    #[test]
    fn a_file_without_columns_or_rows_is_said_not_indexed() {
        let s = ImportSource::parse(b"", false).unwrap();
        assert!(s.columns.is_empty() && s.rows.is_empty());
        let ragged = ImportSource::parse(b"A,B,C\n1\n1,2,3,4\n", false).unwrap();
        let mut c = ragged.default_choices();
        c.partition = PartitionFrom::Column(7);
        assert!(built(&ragged, &c, 0).unwrap_err().contains("no column"));
        c.partition = PartitionFrom::Fixed("p".into());
        let e = built(&ragged, &c, 0).unwrap();
        assert_eq!(e.properties.len(), 1, "the cells a short row lacks write nothing");
        let none = ImportSource::parse(b"[]", true).unwrap();
        assert!(none.rows.is_empty());
    }

    #[test]
    fn typed_csv_and_json_keep_their_own_types() {
        let typed = "PartitionKey,RowKey,Timestamp,N,N@type\np,1,2026-01-01T00:00:00Z,5,Int64\np,2,,x,String\n";
        let s = ImportSource::parse(typed.as_bytes(), false).unwrap();
        assert_eq!(s.columns, ["PartitionKey", "RowKey", "N"]);
        let c = s.default_choices();
        assert_eq!(c.partition, PartitionFrom::Column(0));
        assert_eq!(c.types[2], ColumnType::File);
        let e = built(&s, &c, 0).unwrap();
        assert_eq!(e.get("N"), Some(&EdmValue::Int64(5)));
        assert_eq!(e.get("Timestamp"), None);
        // JSON: every property of the file is a column, though it first appears after the rows kept.
        let mut entities = vec![
            EntityDraft::new("p", "0")
                .with("B", EdmValue::Binary(vec![0, 255]))
                .to_entity()
                .to_json(),
        ];
        for i in 1..=PREFIX_ROWS {
            let mut e = EntityDraft::new("p", i.to_string());
            if i == PREFIX_ROWS {
                e = e.with("Late", EdmValue::Int64(7));
            }
            entities.push(e.to_entity().to_json());
        }
        let json = serde_json::to_vec(&entities).unwrap();
        let s = ImportSource::parse(&json, true).unwrap();
        assert_eq!((s.rows.len(), s.total), (PREFIX_ROWS, PREFIX_ROWS + 1));
        assert_eq!(s.columns, ["PartitionKey", "RowKey", "B", "Late"]);
        let c = s.default_choices();
        assert_eq!(
            built(&s, &c, 0).unwrap().get("B"),
            Some(&EdmValue::Binary(vec![0, 255]))
        );
        let mut last = None;
        s.each_row_of(&json[..], |i, row| {
            last = Some((row.line, s.entity(&c, &row, i, &|_| unreachable!()).unwrap()));
            ControlFlow::Continue(())
        })
        .unwrap();
        let (line, e) = last.unwrap();
        assert_eq!((line, e.get("Late")), (PREFIX_ROWS + 1, Some(&EdmValue::Int64(7))));
    }
}
