//! `Deserialize` for a struct of the app's model that only session files
//! hold (the debugger's, read through `serde_json::Value`), from the JSON
//! object serde's derive writes for it, field by field ([`from_object!`]):
//! one reader of objects for every such struct, where a derive makes a
//! visitor of its own for each (with a second way in, from an array, that
//! no session file uses). A field is read as its type reads it; a field the
//! object lacks is `None` for an option, its default for a field marked
//! `= default` (serde's `#[serde(default)]`), and refused as a derive
//! refuses it ("missing field `x`") otherwise; a field marked `= skip`
//! (`#[serde(skip)]`) is not read, its default; a field the type does not
//! have is passed over, as a derive passes it over.
//!
//! [`from_tagged!`] does the same for an enum whose variants carry data,
//! as serde's derive writes it (externally tagged: `"Undo"`, `{"Play":
//! …}`, `{"ChooseSize":{"width":4,…}}`): the variant's name read once
//! ([`tagged`]), and its data as its variant reads it; a name the enum
//! does not have refused as a derive refuses it ("unknown variant `X`,
//! expected one of `A`, `B`, …", in the variants' order).

use serde::de::{DeserializeOwned, Deserializer, Error, Unexpected};
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

/// The field `name` of `object`, read as a `T`, or `T`'s default if the
/// object lacks it.
pub fn field_or_default<T: DeserializeOwned + Default, E: Error>(
    object: &mut Map<String, Value>,
    name: &'static str,
) -> Result<T, E> {
    match object.remove(name) {
        Some(value) => serde_json::from_value(value).map_err(E::custom),
        None => Ok(T::default()),
    }
}

/// The field of the struct `from_object!` reads, by how it is marked.
macro_rules! read_field {
    ($object:ident, $field:ident) => {
        crate::session::object::field(&mut $object, stringify!($field))?
    };
    ($object:ident, $field:ident, default) => {
        crate::session::object::field_or_default(&mut $object, stringify!($field))?
    };
    ($object:ident, $field:ident, skip) => {
        Default::default()
    };
}
pub(crate) use read_field;

/// `Deserialize` for the struct `$ty` from its object ([`field`] for each
/// of its fields, every one listed: the struct's literal is exhaustive;
/// `field = default` or `field = skip` as serde's attributes say).
macro_rules! from_object {
    ($ty:ident { $($field:ident $(= $how:ident)?),+ $(,)? }) => {
        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<$ty, D::Error> {
                let mut object = crate::session::object::object(d)?;
                Ok($ty {
                    $($field: crate::session::object::read_field!(object, $field $(, $how)?),)+
                })
            }
        }
    };
}
pub(crate) use from_object;

/// The variant's name and its data (none for a unit variant) of the
/// externally tagged enum `d` holds: a string, or an object of one key.
pub fn tagged<'de, D: Deserializer<'de>>(d: D) -> Result<(String, Option<Value>), D::Error> {
    match Value::deserialize(d)? {
        Value::String(name) => Ok((name, None)),
        Value::Object(object) if object.len() == 1 => {
            let (name, data) = object.into_iter().next().expect("one key");
            Ok((name, Some(data)))
        }
        _ => Err(D::Error::invalid_type(
            Unexpected::Other("a value"),
            &"a string or a map with a single key",
        )),
    }
}

/// The index of the variant `name` in `names`, or serde's refusal of a
/// variant the enum does not have, naming the ones it has.
pub fn variant(name: &str, names: &'static [&'static str]) -> Result<usize, serde_json::Error> {
    names
        .iter()
        .position(|n| *n == name)
        .ok_or_else(|| Error::unknown_variant(name, names))
}

/// A unit variant's data: none (or `null`).
pub fn unit(data: Option<Value>) -> Result<(), serde_json::Error> {
    match data {
        None | Some(Value::Null) => Ok(()),
        Some(_) => Err(Error::invalid_type(Unexpected::Map, &"unit variant")),
    }
}

/// A variant's data, which it must have, read as a `T`.
pub fn data<T: DeserializeOwned>(data: Option<Value>) -> Result<T, serde_json::Error> {
    match data {
        Some(value) => serde_json::from_value(value),
        None => Err(Error::invalid_type(
            Unexpected::UnitVariant,
            &"a variant with data",
        )),
    }
}

/// A struct variant's data: its object.
pub fn fields(data: Option<Value>) -> Result<Map<String, Value>, serde_json::Error> {
    self::data(data)
}

/// The variant `$v` of the enum `$ty`, from its `$data`, by its shape:
/// unit (`V`), newtype (`V(_)`), tuple (`V(_, _)`), read by a module of
/// serde's `with` (`V(with path)`), or struct (`V { a, b }`).
macro_rules! read_variant {
    ($ty:ident $v:ident; $data:ident) => {{
        crate::session::object::unit($data)?;
        $ty::$v
    }};
    ($ty:ident $v:ident (_); $data:ident) => {
        $ty::$v(crate::session::object::data($data)?)
    };
    ($ty:ident $v:ident (_, _); $data:ident) => {{
        let (a, b) = crate::session::object::data($data)?;
        $ty::$v(a, b)
    }};
    ($ty:ident $v:ident (with $($with:ident)::+); $data:ident) => {
        $ty::$v($($with)::+::deserialize(
            crate::session::object::data::<serde_json::Value>($data)?,
        )?)
    };
    ($ty:ident $v:ident { $($field:ident),+ }; $data:ident) => {{
        let mut object = crate::session::object::fields($data)?;
        $ty::$v {
            $($field: crate::session::object::field::<_, serde_json::Error>(
                &mut object,
                stringify!($field),
            )?,)+
        }
    }};
}
pub(crate) use read_variant;

/// `Deserialize` for the enum `$ty` as serde's derive reads it
/// (externally tagged), every variant listed once, in their order, with
/// its shape ([`read_variant!`]): the variant's name read once
/// ([`tagged`]), found in the list of names ([`variant`]), and its data
/// read by that variant's reader, a function that is not generic.
macro_rules! from_tagged {
    ($ty:ident { $($v:ident $(($($shape:tt)*))? $({ $($field:ident),+ })?),+ $(,)? }) => {
        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<$ty, D::Error> {
                type Reader = fn(Option<serde_json::Value>) -> Result<$ty, serde_json::Error>;
                const NAMES: &[&str] = &[$(stringify!($v)),+];
                const READERS: &[Reader] = &[$(|data| {
                    Ok(crate::session::object::read_variant!(
                        $ty $v $(($($shape)*))? $({ $($field),+ })?; data
                    ))
                }),+];
                let (name, data) = crate::session::object::tagged(d)?;
                crate::session::object::variant(&name, NAMES)
                    .and_then(|i| READERS[i](data))
                    .map_err(serde::de::Error::custom)
            }
        }
    };
}
pub(crate) use from_tagged;
