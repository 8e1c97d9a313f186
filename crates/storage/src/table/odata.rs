//! OData `$filter` expressions as the Table service accepts them: parsing with errors that say where,
//! writing them back, and telling a partition query from a full table scan.

use std::fmt;

use crate::table::edm::{EdmValue, format_double};
pub use crate::table::odata_parser::parse;
use crate::words::Said;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompareOp {
    Eq,
    Ne,
    Gt,
    Ge,
    Lt,
    Le,
}

impl CompareOp {
    pub const ALL: [CompareOp; 6] = [
        CompareOp::Eq,
        CompareOp::Ne,
        CompareOp::Gt,
        CompareOp::Ge,
        CompareOp::Lt,
        CompareOp::Le,
    ];

    pub fn keyword(self) -> &'static str {
        match self {
            CompareOp::Eq => "eq",
            CompareOp::Ne => "ne",
            CompareOp::Gt => "gt",
            CompareOp::Ge => "ge",
            CompareOp::Lt => "lt",
            CompareOp::Le => "le",
        }
    }

    pub(crate) fn from_keyword(word: &str) -> Option<CompareOp> {
        CompareOp::ALL.into_iter().find(|op| op.keyword() == word)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Operand {
    Property(String),
    Literal(EdmValue),
}

/// A parsed filter.
#[derive(Clone, Debug, PartialEq)]
pub enum FilterExpr {
    Compare {
        left: Operand,
        op: CompareOp,
        right: Operand,
    },
    And(Box<FilterExpr>, Box<FilterExpr>),
    Or(Box<FilterExpr>, Box<FilterExpr>),
    Not(Box<FilterExpr>),
}

/// Where a filter is wrong and why. `column` counts characters from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FilterError {
    pub column: usize,
    pub message: Said,
}

impl fmt::Display for FilterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column, self.message)
    }
}

/// How much of the table a query reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScanKind {
    /// PartitionKey and RowKey both fixed: one entity.
    Point,
    /// PartitionKey fixed (in every `or` branch): one or a few partitions.
    Partition,
    /// PartitionKey bounded by a range.
    PartitionRange,
    /// No PartitionKey condition: every partition is read.
    TableScan,
}

impl ScanKind {
    pub fn is_full_scan(self) -> bool {
        self == ScanKind::TableScan
    }
}

/// How a filter reads the table (None = no filter = a full scan).
pub fn scan_kind(expr: Option<&FilterExpr>) -> ScanKind {
    match expr {
        None => ScanKind::TableScan,
        Some(FilterExpr::Or(a, b)) => {
            let (a, b) = (scan_kind(Some(a)), scan_kind(Some(b)));
            if a.is_full_scan() || b.is_full_scan() {
                ScanKind::TableScan
            } else if a == ScanKind::PartitionRange || b == ScanKind::PartitionRange {
                ScanKind::PartitionRange
            } else {
                ScanKind::Partition
            }
        }
        Some(e) => {
            let mut conjuncts = Vec::new();
            collect_and(e, &mut conjuncts);
            let fixed = |key: &str| {
                conjuncts
                    .iter()
                    .any(|c| is_key_compare(c, key, |op| op == CompareOp::Eq))
            };
            let ranged = |key: &str| {
                conjuncts
                    .iter()
                    .any(|c| is_key_compare(c, key, |op| !matches!(op, CompareOp::Eq | CompareOp::Ne)))
            };
            if fixed("PartitionKey") && fixed("RowKey") {
                ScanKind::Point
            } else if fixed("PartitionKey") {
                ScanKind::Partition
            } else if ranged("PartitionKey") {
                ScanKind::PartitionRange
            } else if conjuncts.iter().any(|c| matches!(c, FilterExpr::Or(..))) {
                // An `or` group inside an `and` may still pin the partition.
                conjuncts
                    .iter()
                    .filter(|c| matches!(c, FilterExpr::Or(..)))
                    .map(|c| scan_kind(Some(c)))
                    .find(|k| !k.is_full_scan())
                    .unwrap_or(ScanKind::TableScan)
            } else {
                ScanKind::TableScan
            }
        }
    }
}

fn collect_and<'a>(e: &'a FilterExpr, out: &mut Vec<&'a FilterExpr>) {
    match e {
        FilterExpr::And(a, b) => {
            collect_and(a, out);
            collect_and(b, out);
        }
        other => out.push(other),
    }
}

fn is_key_compare(e: &FilterExpr, key: &str, op_ok: impl Fn(CompareOp) -> bool) -> bool {
    match e {
        FilterExpr::Compare {
            left: Operand::Property(p),
            op,
            right: Operand::Literal(_),
        }
        | FilterExpr::Compare {
            left: Operand::Literal(_),
            op,
            right: Operand::Property(p),
        } => p == key && op_ok(*op),
        _ => false,
    }
}

/// A literal as OData writes it.
pub fn literal(value: &EdmValue) -> String {
    match value {
        EdmValue::String(s) => format!("'{}'", s.replace('\'', "''")),
        EdmValue::Int32(v) => v.to_string(),
        EdmValue::Int64(v) => format!("{v}L"),
        EdmValue::Double(v) => {
            let s = format_double(*v);
            if s.contains(['.', 'e', 'E']) {
                s
            } else {
                format!("{s}.0")
            }
        }
        EdmValue::Boolean(v) => v.to_string(),
        EdmValue::DateTime(v) => format!("datetime'{v}'"),
        EdmValue::Guid(v) => format!("guid'{}'", v.hyphenated()),
        EdmValue::Binary(v) => format!("X'{}'", v.iter().map(|b| format!("{b:02x}")).collect::<String>()),
        // Compared as the text it came as: the service would need its own type, which this app cannot write.
        EdmValue::Unparsed(u) => format!("'{}'", u.json.trim_matches('"').replace('\'', "''")),
    }
}

impl fmt::Display for Operand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Operand::Property(p) => f.write_str(p),
            Operand::Literal(v) => f.write_str(&literal(v)),
        }
    }
}

impl fmt::Display for FilterExpr {
    /// The filter text: parentheses where precedence needs them, and around a right-hand side of the same
    /// operator (the parser groups `a or b or c` from the left), so the text reads back as this very tree.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let paren = |e: &FilterExpr| format!("({e})");
        match self {
            FilterExpr::Compare { left, op, right } => write!(f, "{left} {} {right}", op.keyword()),
            FilterExpr::And(a, b) => {
                let left = if matches!(**a, FilterExpr::Or(..)) {
                    paren(a)
                } else {
                    a.to_string()
                };
                let right = if matches!(**b, FilterExpr::Or(..) | FilterExpr::And(..)) {
                    paren(b)
                } else {
                    b.to_string()
                };
                write!(f, "{left} and {right}")
            }
            FilterExpr::Or(a, b) => match **b {
                FilterExpr::Or(..) => write!(f, "{a} or {}", paren(b)),
                _ => write!(f, "{a} or {b}"),
            },
            FilterExpr::Not(e) => match **e {
                FilterExpr::Compare { .. } | FilterExpr::Not(_) => write!(f, "not {e}"),
                _ => write!(f, "not ({e})"),
            },
        }
    }
}

// ---- tokens ----

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::said;

    fn error(text: &str) -> FilterError {
        parse(text).expect_err(text)
    }

    #[test]
    fn every_literal_type_parses_and_writes_back_the_same() {
        let text = "PartitionKey eq 'o''brien' and (Count gt 5 or Big le 9007199254740993L) and not Ratio lt 0.5 \
                    and When ge datetime'2026-11-22T08:00:00.1234567Z' and Id eq guid'6f9619ff-8b86-d011-b42d-00c04fc964ff' \
                    and Bytes eq X'00ff' and Flag eq true";
        let expr = parse(text).unwrap();
        let written = expr.to_string();
        assert_eq!(parse(&written).unwrap(), expr, "{written}");
        assert!(written.contains("'o''brien'"));
        assert!(written.contains("9007199254740993L"));
        assert!(written.contains("(Count gt 5 or Big le 9007199254740993L)"));
    }

    #[test]
    fn errors_say_where_and_what() {
        let e = error("Name = 'x'");
        assert_eq!(
            (e.column, e.message),
            (6, said!("error-filter-not-operator", op = "=", hint = "eq"))
        );
        let id = |text: &str| error(text).message.id().map(str::to_string);
        assert_eq!(error("Name eq 'x").column, 9);
        assert_eq!(error("Name eq 'x").message, said!("error-filter-quote-open"));
        assert_eq!(error("Name 'x'").column, 6);
        assert_eq!(id("Name 'x'").as_deref(), Some("error-filter-expected-comparison"));
        assert_eq!(
            error("Count eq 3000000000").message,
            said!("error-filter-int32-too-large", body = "3000000000")
        );
        assert_eq!(error("(Name eq 'x'").message, said!("error-filter-paren-open"));
        assert_eq!(id("Name eq").as_deref(), Some("error-filter-needs-value"));
        assert_eq!(
            error("startswith(Name, 'a')").message,
            said!("error-odata-function", word = "startswith")
        );
        assert_eq!(
            error("When eq datetime'today'").message,
            said!("error-edm-not-datetime", text = "today")
        );
        assert_eq!(
            error("B eq X'abc'").message,
            said!("error-filter-hex", prefix = "X", content = "abc")
        );
        assert_eq!(id("A eq 1 B eq 2").as_deref(), Some("error-filter-unexpected"));
        assert_eq!(error("").message, said!("error-filter-empty"));
    }

    #[test]
    fn scans_are_classified() {
        let kind = |t: &str| scan_kind(Some(&parse(t).unwrap()));
        assert_eq!(kind("PartitionKey eq 'a' and RowKey eq 'b'"), ScanKind::Point);
        assert_eq!(kind("PartitionKey eq 'a' and Count gt 1"), ScanKind::Partition);
        assert_eq!(kind("PartitionKey eq 'a' or PartitionKey eq 'b'"), ScanKind::Partition);
        assert_eq!(
            kind("PartitionKey ge 'a' and PartitionKey lt 'b'"),
            ScanKind::PartitionRange
        );
        assert_eq!(kind("RowKey eq 'a'"), ScanKind::TableScan);
        assert_eq!(kind("PartitionKey eq 'a' or Count gt 1"), ScanKind::TableScan);
        assert_eq!(
            kind("Count gt 1 and (PartitionKey eq 'a' or PartitionKey eq 'b')"),
            ScanKind::Partition
        );
        assert_eq!(scan_kind(None), ScanKind::TableScan);
    }
}
