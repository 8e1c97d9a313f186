//! The entity the grid and parse benches load by the million: a string key pair, two strings, Int32, Double,
//! Int64, Boolean, DateTime and Guid, with the service's ETag form.

use tessera::storage::table::{EdmDateTime, EdmValue, EntityDraft};

/// The `n`th entity.
pub fn entity(n: usize) -> EntityDraft {
    let cities = ["Oslo", "Lima", "Kyoto", "Perth"];
    EntityDraft::new(format!("partition{:04}", n % 1000), format!("row{n:07}"))
        .with("Name", EdmValue::String(format!("customer {n}")))
        .with("City", EdmValue::String(cities[n % 4].into()))
        .with("Age", EdmValue::Int32((n % 90) as i32))
        .with("Balance", EdmValue::Double(n as f64 * 1.25))
        .with("Visits", EdmValue::Int64(n as i64 * 1_000_003))
        .with("Active", EdmValue::Boolean(n.is_multiple_of(3)))
        .with(
            "Since",
            EdmValue::DateTime(EdmDateTime::from_ticks(638_000_000_000_000_000 + n as i64).unwrap()),
        )
        .with("Ref", EdmValue::Guid(uuid::Uuid::from_u128(n as u128)))
        .with_etag(Some(format!(
            "W/\"datetime'2026-11-22T08%3A30%3A00.{:07}Z'\"",
            n % 10_000_000
        )))
}
