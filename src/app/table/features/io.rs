//! Export entities to CSV (typed: a `name@type` column beside each value; or plain) and JSON; read such a file
//! back whole (the table comparison's file side); an import's counts and its report of the rows that failed and
//! why (the import itself streams: `import_job`).

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::app::widgets::i18n::{t, tr};
use crate::storage::TransferProgress;
use crate::storage::table::{EdmType, EdmValue};
use crate::storage::table::{Entity, EntityDraft, EntityView, Property};
use crate::storage::{ErrorKind, StorageError};
use tokio_util::sync::CancellationToken;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportFormat {
    CsvTyped,
    CsvPlain,
    Json,
}

impl ExportFormat {
    pub fn extension(self) -> &'static str {
        match self {
            ExportFormat::Json => "json",
            _ => "csv",
        }
    }

    pub fn describe(self) -> String {
        t(match self {
            ExportFormat::CsvTyped => "table-io-csv-typed",
            ExportFormat::CsvPlain => "table-io-csv-plain",
            ExportFormat::Json => "table-io-json",
        })
    }
}

fn io_error(op: &str, e: impl std::fmt::Display) -> StorageError {
    StorageError::new(ErrorKind::Io, op, e.to_string())
}

/// The property names of a set of entities, in first-seen order.
pub fn property_names<'a>(entities: impl Iterator<Item = &'a EntityView>) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for e in entities {
        for (name, _) in e.properties() {
            if seen.insert(name.to_string()) {
                names.push(name.to_string());
            }
        }
    }
    names
}

/// Writes entities to `path` in one of the formats. The file appears only when complete; a cancel (checked
/// at every entity, since this runs on the blocking pool where dropping the job cannot stop it) leaves none.
pub fn export(
    path: &Path,
    format: ExportFormat,
    entities: &[&EntityView],
    progress: &TransferProgress,
    cancel: &CancellationToken,
) -> Result<usize, StorageError> {
    let op = tr!("table-io-export-op", path = path.display().to_string());
    let stop = || match cancel.is_cancelled() {
        true => Err(StorageError::cancelled(op.clone())),
        false => Ok(()),
    };
    progress.start(entities.len() as u64);
    let partial = partial_path(path);
    let result = (|| -> Result<(), StorageError> {
        let file = std::io::BufWriter::new(std::fs::File::create(&partial).map_err(|e| io_error(&op, e))?);
        match format {
            ExportFormat::Json => {
                let mut w = file;
                w.write_all(b"[\n").map_err(|e| io_error(&op, e))?;
                for (i, e) in entities.iter().enumerate() {
                    if i > 0 {
                        w.write_all(b",\n").map_err(|e| io_error(&op, e))?;
                    }
                    stop()?;
                    serde_json::to_writer(&mut w, &e.to_json()).map_err(|e| io_error(&op, e))?;
                    progress.add(1);
                }
                w.write_all(b"\n]\n").map_err(|e| io_error(&op, e))?;
                w.flush().map_err(|e| io_error(&op, e))?;
            }
            ExportFormat::CsvTyped | ExportFormat::CsvPlain => {
                let typed = format == ExportFormat::CsvTyped;
                let names = property_names(entities.iter().copied());
                let mut w = csv::Writer::from_writer(file);
                let mut header = vec![
                    "PartitionKey".to_string(),
                    "RowKey".to_string(),
                    "Timestamp".to_string(),
                ];
                for n in &names {
                    header.push(n.clone());
                    if typed {
                        header.push(format!("{n}@type")); // i18n-ignore: a column name of the file format
                    }
                }
                w.write_record(&header).map_err(|e| io_error(&op, e))?;
                for e in entities {
                    stop()?;
                    let mut record = vec![
                        e.partition_key().to_string(),
                        e.row_key().to_string(),
                        e.timestamp().map(|t| t.to_string()).unwrap_or_default(),
                    ];
                    for n in &names {
                        match e.get(n) {
                            Some(v) => {
                                record.push(v.to_text().into_owned());
                                if typed {
                                    record.push(v.edm_type().short_name().to_string());
                                }
                            }
                            None => {
                                record.push(String::new());
                                if typed {
                                    record.push(String::new());
                                }
                            }
                        }
                    }
                    w.write_record(&record).map_err(|e| io_error(&op, e))?;
                    progress.add(1);
                }
                w.flush().map_err(|e| io_error(&op, e))?;
            }
        }
        Ok(())
    })();
    match result {
        Ok(()) => {
            std::fs::rename(&partial, path).map_err(|e| io_error(&op, e))?;
            Ok(entities.len())
        }
        Err(e) => {
            let _ = std::fs::remove_file(&partial);
            Err(e)
        }
    }
}

fn partial_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    path.with_file_name(format!(".{name}.partial")) // i18n-ignore: a file name
}

/// One row of an import file that could not be used or written.
#[derive(Clone, Debug)]
pub struct ImportFailure {
    /// The row's line in the file (1-based; for JSON, the entity's place in the array).
    pub record: usize,
    pub keys: String,
    pub reason: String,
}

/// The rows of an import file (with their record numbers) and the rows that could not be read.
pub type ImportRead = (Vec<(usize, EntityDraft)>, Vec<ImportFailure>);

/// Reads an import file: JSON (an array of entities, as exported) or CSV (typed or plain, by its header).
pub fn read_import(path: &Path) -> Result<ImportRead, StorageError> {
    let op = tr!("table-io-read-op", path = path.display().to_string());
    let bytes = std::fs::read(path).map_err(|e| io_error(&op, e))?;
    let json = path.extension().is_some_and(|e| e.eq_ignore_ascii_case("json"));
    parse_import(&op, &bytes, json)
}

/// Reads an import file's bytes: a JSON array of entities when `json`, else CSV.
pub fn parse_import(op: &str, bytes: &[u8], json: bool) -> Result<ImportRead, StorageError> {
    if json {
        let entities: Vec<Entity> = serde_json::from_slice(bytes)
            .map_err(|e| StorageError::invalid(op, tr!("table-import-plan-not-json", why = e.to_string())))?;
        let drafts = entities
            .into_iter()
            .enumerate()
            .map(|(i, e)| {
                let mut d = e.to_draft();
                d.etag = None;
                d.timestamp = None;
                (i + 1, d)
            })
            .collect();
        return Ok((drafts, Vec::new()));
    }
    let mut reader = csv::Reader::from_reader(bytes);
    let header: Vec<String> = reader
        .headers()
        .map_err(|e| io_error(op, e))?
        .iter()
        .map(str::to_string)
        .collect();
    let column = |name: &str| header.iter().position(|h| h == name);
    let (Some(pk), Some(rk)) = (column("PartitionKey"), column("RowKey")) else {
        return Err(StorageError::invalid(op, t("table-io-needs-keys")));
    };
    // A value column, and the `name@type` column beside it when the file is typed.
    let values: Vec<(usize, String, Option<usize>)> = header
        .iter()
        .enumerate()
        .filter(|(_, h)| !h.ends_with("@type") && !matches!(h.as_str(), "PartitionKey" | "RowKey" | "Timestamp"))
        .map(|(i, h)| (i, h.clone(), column(&format!("{h}@type")))) // i18n-ignore: a column name of the file format
        .collect();
    let (mut drafts, mut failures) = (Vec::new(), Vec::new());
    for (n, record) in reader.records().enumerate() {
        let record = record.map_err(|e| io_error(op, e))?;
        let field = |i: usize| record.get(i).unwrap_or("");
        let mut draft = EntityDraft::new(field(pk), field(rk));
        let mut bad = None;
        for (i, name, ty) in &values {
            let text = field(*i);
            let ty_text = ty.map(&field).unwrap_or("");
            if text.is_empty() && (ty.is_none() || ty_text.is_empty()) {
                continue;
            }
            let ty = if ty_text.is_empty() {
                Some(EdmType::String)
            } else {
                EdmType::from_odata_name(&format!("Edm.{ty_text}")) // i18n-ignore: an OData type name
            };
            let Some(ty) = ty else {
                bad = Some(tr!("table-import-plan-not-edm", ty = ty_text, name = name.as_str()));
                break;
            };
            match EdmValue::parse(ty, text) {
                Ok(v) => draft.properties.push(Property {
                    name: name.clone(),
                    value: v,
                }),
                Err(e) => {
                    bad = Some(format!("{name}: {e}"));
                    break;
                }
            }
        }
        match bad {
            Some(reason) => failures.push(ImportFailure {
                record: n + 1,
                keys: keys(&draft),
                reason,
            }),
            None => drafts.push((n + 1, draft)),
        }
    }
    Ok((drafts, failures))
}

fn keys(d: &EntityDraft) -> String {
    format!("PartitionKey `{}`, RowKey `{}`", d.partition_key, d.row_key) // i18n-ignore: protocol names and data
}

/// What an import did: how many entities it wrote, and the rows it skipped (already there, with Insert only) or
/// could not write, each with its line in the file.
#[derive(Debug, Default)]
pub struct ImportDone {
    pub written: usize,
    pub skipped: Vec<ImportFailure>,
    pub failures: Vec<ImportFailure>,
}

/// The import report, written next to the imported file: what was written, and every row skipped or failed with
/// its line.
pub fn write_report(source: &Path, done: &ImportDone) -> std::io::Result<PathBuf> {
    let path = source.with_extension("import-report.txt");
    let count = |n: usize| n.to_string();
    let mut text = tr!(
        "table-io-report",
        written = count(done.written),
        skipped = count(done.skipped.len()),
        failed = count(done.failures.len())
    ) + "\n";
    for (what, rows) in [("skipped", &done.skipped), ("failed", &done.failures)] {
        for f in rows {
            let line = count(f.record);
            text += &tr!(
                "table-io-report-line",
                line = line,
                keys = f.keys.as_str(),
                what = what,
                why = f.reason.as_str()
            );
            text.push('\n');
        }
    }
    std::fs::write(&path, text)?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::table::EdmDateTime;

    fn entities() -> Vec<Entity> {
        vec![
            EntityDraft::new("p", "1")
                .with("Big", EdmValue::Int64(i64::MAX))
                .with("When", EdmValue::DateTime(EdmDateTime::MAX))
                .with("Bytes", EdmValue::Binary(vec![1, 2, 255]))
                .with("Text", EdmValue::String("comma, \"quote\"\nnewline".into()))
                .with("NaN", EdmValue::Double(f64::NAN))
                .to_entity(),
            EntityDraft::new("p", "2")
                .with("Only", EdmValue::Boolean(false))
                .to_entity(),
        ]
    }

    #[test]
    fn typed_csv_and_json_read_back_the_same_entities() {
        let dir = tempfile::tempdir().unwrap();
        let es = entities();
        let refs: Vec<&EntityView> = es.iter().map(|e| &**e).collect();
        for format in [ExportFormat::CsvTyped, ExportFormat::Json] {
            let path = dir.path().join(format!("out.{}", format.extension()));
            export(
                &path,
                format,
                &refs,
                &TransferProgress::default(),
                &CancellationToken::new(),
            )
            .unwrap();
            let (drafts, failures) = read_import(&path).unwrap();
            assert!(failures.is_empty(), "{format:?}: {failures:?}");
            let back: Vec<EntityDraft> = drafts.into_iter().map(|(_, d)| d).collect();
            let want: Vec<EntityDraft> = es.iter().map(|e| e.to_draft()).collect();
            assert_eq!(back, want, "{format:?}");
        }
    }

    #[test]
    fn a_cancelled_export_leaves_no_file_behind() {
        let dir = tempfile::tempdir().unwrap();
        let es = entities();
        let refs: Vec<&EntityView> = es.iter().map(|e| &**e).collect();
        let cancel = CancellationToken::new();
        cancel.cancel();
        for format in [ExportFormat::CsvTyped, ExportFormat::Json] {
            let path = dir.path().join(format!("out.{}", format.extension()));
            let e = export(&path, format, &refs, &TransferProgress::default(), &cancel).unwrap_err();
            assert_eq!(e.kind, ErrorKind::Cancelled, "{format:?}");
        }
        let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert!(left.is_empty(), "nothing was left: {left:?}");
    }

    #[test]
    fn plain_csv_reads_strings_and_bad_rows_are_reported() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("in.csv");
        std::fs::write(
            &path,
            "PartitionKey,RowKey,N,N@type\np,1,5,Int32\np,2,five,Int32\np,3,7,Int99\n",
        )
        .unwrap();
        let (drafts, failures) = read_import(&path).unwrap();
        assert_eq!(drafts.len(), 1);
        assert_eq!(drafts[0].1.get("N"), Some(&EdmValue::Int32(5)));
        assert_eq!(failures.len(), 2);
        assert_eq!(failures[0].record, 2);
        assert!(failures[0].reason.contains("not an Int32"));
        assert!(failures[1].reason.contains("`Int99` is not an Edm type"));
        let plain = dir.path().join("plain.csv");
        std::fs::write(&plain, "PartitionKey,RowKey,N\np,1,5\n").unwrap();
        let (drafts, _) = read_import(&plain).unwrap();
        assert_eq!(drafts[0].1.get("N"), Some(&EdmValue::String("5".into())));
    }
}
