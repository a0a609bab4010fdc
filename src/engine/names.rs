//! serde for an enum of unit variants by its variants' names, as serde's
//! derive writes and reads them (`"Up"`; a name it does not know refused as
//! "unknown variant `X`, expected one of `Up`, `Down`, …"), through one
//! reader for every such enum ([`read`]): a derive makes a visitor of its
//! own for each enum and each reader of JSON, which the debugger's chunk
//! (it reads the whole model through `serde_json::Value`) carried a dozen
//! times over.

use serde::de::{Deserialize, Deserializer, Error};

/// The index in `names` of the name `d` holds, or serde's refusal of a
/// variant it does not know, naming the ones allowed.
pub fn read<'de, D: Deserializer<'de>>(
    d: D,
    names: &'static [&'static str],
) -> Result<usize, D::Error> {
    let name = String::deserialize(d)?;
    names
        .iter()
        .position(|n| *n == name)
        .ok_or_else(|| D::Error::unknown_variant(&name, names))
}

/// `Serialize` and `Deserialize` for the enum of unit variants `$ty`, by
/// name ([`read`]); every variant listed (the writer's match is
/// exhaustive), in their order.
macro_rules! by_name {
    ($ty:ident { $($v:ident),+ $(,)? }) => {
        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(match self { $($ty::$v => stringify!($v)),+ })
            }
        }
        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<$ty, D::Error> {
                const NAMES: &[&str] = &[$(stringify!($v)),+];
                const ALL: &[$ty] = &[$($ty::$v),+];
                crate::engine::names::read(d, NAMES).map(|i| ALL[i])
            }
        }
    };
}
pub(crate) use by_name;
