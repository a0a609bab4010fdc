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

use serde::de::{DeserializeOwned, Deserializer, EnumAccess, Error, VariantAccess, Visitor};
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

/// The index of the variant the externally tagged enum `d` holds, among
/// `names`, and its data (`null` for a unit variant, `unit[i]`), read
/// through serde's own access to enums: a name the enum does not have,
/// data a unit variant does not have, or data a variant lacks, refused as
/// a derive refuses them.
pub fn tagged<'de, D: Deserializer<'de>>(
    d: D,
    ty: &'static str,
    names: &'static [&'static str],
    unit: &'static [bool],
) -> Result<(usize, Value), D::Error> {
    d.deserialize_enum(ty, names, Tagged { ty, names, unit })
}

/// The visitor of [`tagged`].
struct Tagged {
    ty: &'static str,
    names: &'static [&'static str],
    unit: &'static [bool],
}

impl<'de> Visitor<'de> for Tagged {
    type Value = (usize, Value);

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str(self.ty)
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<(usize, Value), A::Error> {
        let (name, variant): (String, _) = data.variant()?;
        let Some(i) = self.names.iter().position(|n| *n == name) else {
            return Err(A::Error::unknown_variant(&name, self.names));
        };
        if self.unit[i] {
            variant.unit_variant().map(|()| (i, Value::Null))
        } else {
            variant.newtype_variant().map(|data| (i, data))
        }
    }
}

/// Whether a variant of the shape `read_variant!` reads is a unit variant.
macro_rules! unit {
    () => {
        true
    };
    ($($shape:tt)+) => {
        false
    };
}
pub(crate) use unit;

/// The variant `$v` of the enum `$ty`, from its `$data`, by its shape:
/// unit (`V`), newtype (`V(_)`), tuple (`V(_, _)`), read by a module of
/// serde's `with` (`V(with path)`), or struct (`V { a, b }`).
macro_rules! read_variant {
    ($ty:ident $v:ident; $data:ident) => {{
        let _ = $data;
        $ty::$v
    }};
    ($ty:ident $v:ident (_); $data:ident) => {
        $ty::$v(serde_json::from_value($data)?)
    };
    ($ty:ident $v:ident (_, _); $data:ident) => {{
        let (a, b) = serde_json::from_value($data)?;
        $ty::$v(a, b)
    }};
    ($ty:ident $v:ident (with $($with:ident)::+); $data:ident) => {
        $ty::$v($($with)::+::deserialize($data)?)
    };
    ($ty:ident $v:ident { $($field:ident),+ }; $data:ident) => {{
        let mut object: serde_json::Map<String, serde_json::Value> =
            serde_json::from_value($data)?;
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
/// its shape ([`read_variant!`]): the variant's name and data read once
/// ([`tagged`]), and its data read by that variant's reader, a function
/// that is not generic.
macro_rules! from_tagged {
    ($ty:ident $(<$g:ident>)? { $($v:ident $(($($shape:tt)*))? $({ $($field:ident),+ })?),+ $(,)? }) => {
        impl<'de $(, $g: serde::de::DeserializeOwned)?> serde::Deserialize<'de> for $ty $(<$g>)? {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                const NAMES: &[&str] = &[$(stringify!($v)),+];
                const UNIT: &[bool] = &[$(crate::session::object::unit!(
                    $(($($shape)*))? $({ $($field),+ })?
                )),+];
                let (i, data) =
                    crate::session::object::tagged(d, stringify!($ty), NAMES, UNIT)?;
                // The variant's reader, by its index (counted in order, a
                // switch once compiled).
                let read = |data: serde_json::Value| -> Result<Self, serde_json::Error> {
                    let mut at = 0;
                    $(
                        if i == at {
                            return Ok(crate::session::object::read_variant!(
                                $ty $v $(($($shape)*))? $({ $($field),+ })?; data
                            ));
                        }
                        at += 1;
                    )+
                    let _ = at;
                    unreachable!()
                };
                read(data).map_err(serde::de::Error::custom)
            }
        }
    };
}
pub(crate) use from_tagged;
