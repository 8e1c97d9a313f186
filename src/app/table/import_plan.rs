//! A table import's plan: the file read into columns and rows (each with its line in the file), the user's choices
//! (where the keys come from, each column's type, what to do with an entity already there), and each row built into
//! the entity it will be written as. The preview and the import build rows the same way, here.

use std::path::Path;

use crate::app::widgets::i18n::{t, tr};
use crate::storage::table::edm::{EdmType, EdmValue};
use crate::storage::table::entity::{Entity, EntityDraft, Property};

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

/// The file, read: its columns (without `@type` columns, `Timestamp` and ETags) and rows.
#[derive(Clone, Debug, Default)]
pub struct ImportSource {
    pub columns: Vec<String>,
    /// Per column, whether the file itself types it (a `name@type` column, or JSON's own types).
    pub typed_by_file: Vec<bool>,
    pub rows: Vec<SourceRow>,
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

impl ImportSource {
    pub fn read(path: &Path) -> Result<ImportSource, String> {
        let bytes = std::fs::read(path).map_err(|e| {
            tr!(
                "table-import-plan-unreadable",
                path = path.display().to_string(),
                why = e.to_string()
            )
        })?;
        let json = path.extension().is_some_and(|e| e.eq_ignore_ascii_case("json"));
        ImportSource::parse(&bytes, json)
    }

    /// A JSON array of entities (as exported) when `json`, else CSV with a header line.
    pub fn parse(bytes: &[u8], json: bool) -> Result<ImportSource, String> {
        if json {
            let entities: Vec<Entity> =
                serde_json::from_slice(bytes).map_err(|e| tr!("table-import-plan-not-json", why = e.to_string()))?;
            return Ok(ImportSource::of_entities(&entities));
        }
        let mut reader = csv::ReaderBuilder::new().flexible(true).from_reader(bytes);
        let header: Vec<String> = reader
            .headers()
            .map_err(|e| tr!("table-import-plan-bad-header", why = e.to_string()))?
            .iter()
            .map(str::to_string)
            .collect();
        let at = |name: &str| header.iter().position(|h| h == name);
        let kept: Vec<(usize, Option<usize>)> = header
            .iter()
            .enumerate()
            .filter(|(_, h)| !h.ends_with("@type") && !matches!(h.as_str(), "Timestamp" | "odata.etag"))
            .map(|(i, h)| (i, at(&format!("{h}@type")))) // i18n-ignore: a column name of the file format
            .collect();
        let mut source = ImportSource {
            columns: kept.iter().map(|&(i, _)| header[i].clone()).collect(),
            typed_by_file: kept.iter().map(|&(_, t)| t.is_some()).collect(),
            rows: Vec::new(),
            inferred: Vec::new(),
            samples: Vec::new(),
        };
        let mut record = csv::StringRecord::new();
        // A row's line is counted from the bytes: the reader's own count lags behind on CRLF line ends and blank
        // lines (it takes the `\n` of a `\r\n` only with the next row).
        let (mut counted_to, mut newlines) = (0usize, 0usize);
        loop {
            let mut start = (reader.position().byte() as usize).min(bytes.len());
            while start < bytes.len() && matches!(bytes[start], b'\r' | b'\n') {
                start += 1;
            }
            newlines += memchr::memchr_iter(b'\n', &bytes[counted_to..start]).count();
            counted_to = start;
            let line = newlines + 1;
            match reader.read_record(&mut record) {
                Ok(false) => break,
                Ok(true) => {}
                Err(e) => {
                    return Err(tr!(
                        "table-import-plan-bad-line",
                        line = line.to_string(),
                        why = e.to_string()
                    ));
                }
            }
            let text = |i: usize| record.get(i).unwrap_or("");
            let cells = kept
                .iter()
                .map(|&(i, _)| match text(i) {
                    "" => Cell::Empty,
                    t => Cell::Text(t.to_string()),
                })
                .collect();
            let types = kept
                .iter()
                .map(|&(_, t)| t.map(text).filter(|t| !t.is_empty()).map(str::to_string))
                .collect();
            source.rows.push(SourceRow { line, cells, types });
        }
        source.finish();
        Ok(source)
    }

    fn of_entities(entities: &[Entity]) -> ImportSource {
        let mut columns = vec!["PartitionKey".to_string(), "RowKey".to_string()];
        columns.extend(crate::app::table::io::property_names(entities.iter().map(|e| &**e)));
        let rows = entities
            .iter()
            .enumerate()
            .map(|(i, e)| {
                let cells = columns
                    .iter()
                    .map(|c| match c.as_str() {
                        "PartitionKey" => Cell::Text(e.partition_key().to_string()),
                        "RowKey" => Cell::Text(e.row_key().to_string()),
                        name => e.get(name).map_or(Cell::Empty, |v| Cell::Value(v.to_value())),
                    })
                    .collect();
                SourceRow {
                    // A JSON file's "line" is the entity's place in its array.
                    line: i + 1,
                    cells,
                    types: vec![None; columns.len()],
                }
            })
            .collect();
        let mut source = ImportSource {
            typed_by_file: vec![true; columns.len()],
            columns,
            rows,
            ..Default::default()
        };
        source.finish();
        source
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

    /// The narrowest type every non-empty value of a column reads as without loss (text like `007` or `+5`
    /// stays a String: a number would drop what makes it that text).
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
                .all(|t| EdmValue::parse(ty, t).is_ok_and(|v| lossless(ty, t, &v)))
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

    /// Row `index` as the entity it will be written as, or why it cannot be. `guid` makes a RowKey when the
    /// choices ask for new GUIDs (the preview shows a placeholder; the import makes real ones).
    pub fn entity(
        &self,
        choices: &ImportChoices,
        index: usize,
        guid: &dyn Fn() -> String,
    ) -> Result<EntityDraft, String> {
        let row = &self.rows[index];
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
                let last = start.saturating_add(self.rows.len().saturating_sub(1) as u64);
                let width = last.to_string().len();
                format!("{:0width$}", start.saturating_add(index as u64))
            }
            RowKeyFrom::Guid => guid(),
        };
        crate::storage::table::draft::validate_key("PartitionKey", &partition)?;
        crate::storage::table::draft::validate_key("RowKey", &row_key)?;
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
            .validate(&t("table-import-plan-op"))
            .map_err(|e| e.message.clone())?;
        Ok(draft)
    }
}

/// Whether a text read as `ty` says nothing the value loses: `007` and `+5` are not numbers here, `NaN` is not a
/// Double, a GUID is written out in full.
fn lossless(ty: EdmType, text: &str, value: &EdmValue) -> bool {
    let t = text.trim();
    if t.len() != text.len() {
        return false;
    }
    match ty {
        EdmType::Int32 | EdmType::Int64 => value.to_text() == t,
        EdmType::Double => {
            let digits = t.strip_prefix('-').unwrap_or(t);
            let leading_zero = digits.len() > 1 && digits.starts_with('0') && !digits.starts_with("0.");
            digits.starts_with(|c: char| c.is_ascii_digit())
                && !leading_zero
                && t.chars()
                    .all(|c| c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '-' | '+'))
        }
        EdmType::Guid => t.len() == 36,
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CSV: &str = "Id,Name,Age,Zip,Active,Joined,Score\n\
        7,Ann,41,01234,true,2026-01-02T03:04:05Z,1.5\n\
        8,\"Bo, \"\"the\"\"\nsecond\",39,98765,FALSE,2026-02-03T04:05:06Z,2\n\
        9,Cy,,10001,true,2026-03-04T05:06:07Z,1e3\n";

    #[test]
    fn types_are_inferred_without_losing_what_the_text_says() {
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
        // The same file with Windows line ends and a blank line before its last row.
        let windows = CSV.replace('\n', "\r\n").replacen("\r\n9,", "\r\n\r\n9,", 1);
        let s = ImportSource::parse(windows.as_bytes(), false).unwrap();
        assert_eq!(s.rows.iter().map(|r| r.line).collect::<Vec<_>>(), [2, 3, 6]);
    }

    #[test]
    fn keys_come_from_a_fixed_value_a_column_a_counter_or_guids() {
        let s = ImportSource::parse(CSV.as_bytes(), false).unwrap();
        let mut c = s.default_choices();
        assert_eq!(c.partition, PartitionFrom::Fixed(String::new()));
        assert_eq!(c.row_key, RowKeyFrom::Counter(1));
        c.partition = PartitionFrom::Fixed("people".into());
        c.row_key = RowKeyFrom::Counter(9);
        let no_guid = || unreachable!();
        let e = s.entity(&c, 2, &no_guid).unwrap();
        assert_eq!((e.partition_key.as_str(), e.row_key.as_str()), ("people", "11"));
        assert_eq!(
            s.entity(&c, 0, &no_guid).unwrap().row_key,
            "09",
            "padded so the keys sort as numbers"
        );
        assert_eq!(e.get("Id"), Some(&EdmValue::Int32(9)));
        assert_eq!(e.get("Age"), None, "an empty cell writes no property");
        c.row_key = RowKeyFrom::Column(s.column("Id").unwrap());
        let e = s.entity(&c, 1, &no_guid).unwrap();
        assert_eq!(e.row_key, "8");
        assert_eq!(e.get("Id"), None, "the key's column is not written twice");
        assert_eq!(e.get("Name"), Some(&EdmValue::String("Bo, \"the\"\nsecond".into())));
        c.row_key = RowKeyFrom::Guid;
        assert_eq!(s.entity(&c, 1, &|| "g-1".into()).unwrap().row_key, "g-1");
        c.row_key = RowKeyFrom::Counter(1);
        // A column chosen as a type its values are not is refused per row, with the column named.
        let name = s.column("Name").unwrap();
        c.types[name] = ColumnType::Edm(EdmType::Int64);
        assert!(
            s.entity(&c, 0, &no_guid)
                .unwrap_err()
                .contains("Name: `Ann` is not an Int64")
        );
        c.types[name] = ColumnType::LeaveOut;
        assert_eq!(s.entity(&c, 0, &no_guid).unwrap().get("Name"), None);
        // A key with a character the service refuses is refused before anything is sent.
        c.partition = PartitionFrom::Fixed("a/b".into());
        assert!(s.entity(&c, 0, &no_guid).is_err());
    }

    #[test]
    fn a_file_without_columns_or_rows_is_said_not_indexed() {
        let s = ImportSource::parse(b"", false).unwrap();
        assert!(s.columns.is_empty() && s.rows.is_empty());
        let ragged = ImportSource::parse(b"A,B,C\n1\n1,2,3,4\n", false).unwrap();
        let mut c = ragged.default_choices();
        c.partition = PartitionFrom::Column(7);
        assert!(
            ragged
                .entity(&c, 0, &|| unreachable!())
                .unwrap_err()
                .contains("no column")
        );
        c.partition = PartitionFrom::Fixed("p".into());
        let e = ragged.entity(&c, 0, &|| unreachable!()).unwrap();
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
        let e = s.entity(&c, 0, &|| unreachable!()).unwrap();
        assert_eq!(e.get("N"), Some(&EdmValue::Int64(5)));
        assert_eq!(e.get("Timestamp"), None);
        let entity = EntityDraft::new("p", "1")
            .with("B", EdmValue::Binary(vec![0, 255]))
            .to_entity();
        let json = serde_json::to_vec(&vec![entity.to_json()]).unwrap();
        let s = ImportSource::parse(&json, true).unwrap();
        let e = s.entity(&s.default_choices(), 0, &|| unreachable!()).unwrap();
        assert_eq!(e.get("B"), Some(&EdmValue::Binary(vec![0, 255])));
    }
}
