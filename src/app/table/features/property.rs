//! One property as the entity editor holds it: its name, type and text in the form `EdmValue::parse` reads, a
//! Boolean's check box, Binary as base64 or hex, and a value this app cannot read kept as it came.

use crate::storage::table::{EdmType, EdmValue};

/// One property as the user edits it: text in the form `EdmValue::parse` reads.
#[derive(Clone, Debug)]
pub struct PropertyEdit {
    pub name: String,
    pub ty: EdmType,
    pub text: String,
    pub flag: bool,
    /// Binary shown as hex instead of base64.
    pub hex: bool,
    pub error: Option<String>,
    /// A value this app cannot read, kept exactly as it came: shown, never edited, written back unchanged.
    pub kept: Option<EdmValue>,
}

impl PropertyEdit {
    pub fn from_value(name: &str, value: &EdmValue) -> Self {
        PropertyEdit {
            name: name.to_string(),
            ty: value.edm_type(),
            text: value.to_text(),
            flag: matches!(value, EdmValue::Boolean(true)),
            hex: false,
            error: None,
            kept: matches!(value, EdmValue::Unparsed(_)).then(|| value.clone()),
        }
    }

    pub fn value(&self) -> Result<EdmValue, String> {
        if let Some(kept) = &self.kept {
            return Ok(kept.clone());
        }
        match self.ty {
            EdmType::Boolean => Ok(EdmValue::Boolean(self.flag)),
            EdmType::Binary if self.hex => parse_hex(&self.text).map(EdmValue::Binary),
            t => EdmValue::parse(t, &self.text).map_err(|e| e.to_string()),
        }
    }

    /// Changes the type if the current value converts; otherwise says why and keeps the type.
    pub fn retype(&mut self, to: EdmType) {
        let converted = self.value().and_then(|v| v.convert_to(to).map_err(|e| e.to_string()));
        match converted {
            Ok(v) => {
                let name = self.name.clone();
                *self = PropertyEdit::from_value(&name, &v);
            }
            Err(e) => self.error = Some(e),
        }
    }

    pub(crate) fn toggle_hex(&mut self) {
        if let Ok(EdmValue::Binary(bytes)) = self.value() {
            self.hex = !self.hex;
            self.text = if self.hex {
                to_hex(&bytes)
            } else {
                EdmValue::Binary(bytes).to_text()
            };
        }
    }
}

/// Two inputs are the same when they would send the same property: the same name and value, however the value
/// is written (`1.50` and `1.5`, hex and base64); inputs that do not parse are the same only as the same text.
impl PartialEq for PropertyEdit {
    fn eq(&self, other: &Self) -> bool {
        self.name.trim() == other.name.trim()
            && match (self.value(), other.value()) {
                (Ok(a), Ok(b)) => a == b,
                _ => self.ty == other.ty && self.text == other.text,
            }
    }
}

pub fn to_hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

pub fn parse_hex(text: &str) -> Result<Vec<u8>, String> {
    let t: String = text.split_whitespace().collect();
    let t = t.strip_prefix("0x").unwrap_or(&t);
    if !t.len().is_multiple_of(2) || !t.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(crate::app::widgets::i18n::t("table-property-hex"));
    }
    Ok((0..t.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&t[i..i + 2], 16).expect("checked"))
        .collect())
}
