//! `Deserialize` for a struct of the app's model that only session files
//! hold (the debugger's, read through `serde_json::Value`), from the JSON
//! object serde's derive writes for it, field by field ([`from_object!`]):
//! one reader of objects for every such struct, where a derive makes a
//! visitor of its own for each (with a second way in, from an array, that
//! no session file uses). A field is read as its type reads it; a field the
//! object lacks is `None` for an option and refused as a derive refuses it
//! ("missing field `x`") otherwise; a field the type does not have is
//! passed over, as a derive passes it over.

use serde::de::{DeserializeOwned, Deserializer, Error};
use serde::Deserialize;
use serde_json::{Map, Value};

/// The JSON object `d` holds.
pub fn object<'de, D: Deserializer<'de>>(d: D) -> Result<Map<String, Value>, D::Error> {
    Map::deserialize(d)
}

/// The field `name` of `object`, taken out of it and read as a `T`.
pub fn field<T: DeserializeOwned, E: Error>(
    object: &mut Map<String, Value>,
    name: &'static str,
) -> Result<T, E> {
    match object.remove(name) {
        Some(value) => serde_json::from_value(value).map_err(E::custom),
        None => serde_json::from_value(Value::Null).map_err(|_| E::missing_field(name)),
    }
}

/// `Deserialize` for the struct `$ty` from its object ([`field`] for each
/// of its fields, every one listed: the struct's literal is exhaustive).
macro_rules! from_object {
    ($ty:ident { $($field:ident),+ $(,)? }) => {
        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<$ty, D::Error> {
                let mut object = crate::session::object::object(d)?;
                Ok($ty {
                    $($field: crate::session::object::field(&mut object, stringify!($field))?,)+
                })
            }
        }
    };
}
pub(crate) use from_object;
