//! serde for the deck where the app's model and messages hold it
//! (`#[serde(with = …)]`: learn's room, `Msg::DeckLoaded`): the deck as
//! storage writes it (`{"version":1,"value":{"cards":[…],"added":…}}`, by
//! [`encode_deck`]), a JSON value of its own, and read back as storage
//! reads it ([`read_deck`], without the checks a stored deck must pass: a
//! session holds the page's deck as it was). So the debugger, which writes and
//! reads the whole model, uses the deck's one reader and writer, the ones
//! learn's chunk stores it with, and carries none of its own.

use serde::de::Error as _;
use serde::ser::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

use super::deck::Deck;
use super::save::{encode_deck, read_deck};
use crate::session::stored::Loaded;

/// A deck, written and read as storage writes and reads it.
pub struct Stored(pub Deck);

impl Serialize for Stored {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let value: Value = serde_json::from_str(&encode_deck(&self.0)).map_err(S::Error::custom)?;
        value.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Stored {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Stored, D::Error> {
        let value = Value::deserialize(d)?;
        read_deck(&value.to_string())
            .map(Stored)
            .map_err(D::Error::custom)
    }
}

/// The deck of learn's room.
pub fn serialize<S: Serializer>(deck: &Option<Deck>, s: S) -> Result<S::Ok, S::Error> {
    deck.clone().map(Stored).serialize(s)
}

/// A deck as storage held it (`Msg::DeckLoaded`, `Msg::DeckElsewhere`).
pub mod loaded {
    use super::*;

    pub fn serialize<S: Serializer>(loaded: &Loaded<Deck>, s: S) -> Result<S::Ok, S::Error> {
        stored(loaded.clone()).serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Box<Loaded<Deck>>, D::Error> {
        Ok(Box::new(unstored(Loaded::<Stored>::deserialize(d)?)))
    }

    fn stored(loaded: Loaded<Deck>) -> Loaded<Stored> {
        match loaded {
            Loaded::Missing => Loaded::Missing,
            Loaded::Valid(deck) => Loaded::Valid(Stored(deck)),
            Loaded::SetAside { why, kept } => Loaded::SetAside { why, kept },
        }
    }

    fn unstored(loaded: Loaded<Stored>) -> Loaded<Deck> {
        match loaded {
            Loaded::Missing => Loaded::Missing,
            Loaded::Valid(Stored(deck)) => Loaded::Valid(deck),
            Loaded::SetAside { why, kept } => Loaded::SetAside { why, kept },
        }
    }
}
