//! Share links: a game as its board size, target, seed and every input,
//! packed into a short URL-safe string, and read back with every way a link
//! can go wrong named. No web dependency.
//!
//! # Link format, versions 1 and 2
//! A link is the character `1` or `2` (the format version) followed by the
//! base64url encoding, without padding (RFC 4648 §5: `A`–`Z`, `a`–`z`,
//! `0`–`9`, `-`, `_`), of these bytes:
//!
//! | bytes   | field                                                        |
//! |---------|--------------------------------------------------------------|
//! | 1       | size: `(width − 2) \| (height − 2) << 3`; bits 6–7 zero       |
//! | 1       | target: 0 for endless play, else `k` for a target of 2^k (3 ≤ k ≤ 63) |
//! | 8       | seed, u64 little-endian                                      |
//! | varint  | `m`: the number of moves                                     |
//! | varint  | `s`: the number of other inputs (New Game, Keep Playing)     |
//! | s × varint | per other input, in order: `gap << 1 \| kind`, where `gap` is the number of moves between the previous other input (or the start) and this one, and `kind` is 0 for New Game, 1 for Keep Playing |
//! | ⌈m/4⌉   | the moves, 2 bits each, the first in the low bits of the first byte: Up 0, Down 1, Left 2, Right 3; unused high bits of the last byte zero |
//! | 4       | CRC-32 (IEEE, as in zip and PNG) of all the bytes above, little-endian; in version 2, of the character `2` and all the bytes above |
//!
//! A varint is LEB128: 7 bits a byte, low bits first, the high bit set on
//! every byte but the last; at most 10 bytes. The sum of the gaps is at
//! most `m`; the moves after the last other input make up the rest. The
//! game is `State::with_luck(config, seed, luck)` followed by the inputs,
//! where version 1 is a game of the first rules' luck (`Luck::Drawn`,
//! every link made before the second version) and version 2, the same
//! bytes, a game drawn with the same luck for everyone (`Luck::Same`); every
//! input must change the state it is applied to (a `History` records no
//! other). A 2 000-move game is about 520 bytes, 690 characters.
//!
//! # Limits
//! [`decode`] refuses a link longer than [`MAX_LINK_LEN`] characters before
//! looking at it, and one that claims more than [`MAX_INPUTS`] inputs or
//! more than its bytes can hold before allocating for them. (At 2 bits a
//! move, the length limit allows about 49 000 moves.)
//!
//! # Errors
//! [`decode`] names what is wrong with a link ([`LinkError`], whose
//! [`message`](LinkError::message) is the sentence to show):
//! - `TooLong`: over [`MAX_LINK_LEN`] (checked first);
//! - `NotAGameLink`: empty, a first character that is not a digit from `1`,
//!   a character outside the alphabet (`+`, `/`, `=`, a space), or bytes
//!   whose checksum agrees but that describe no game;
//! - `NewerVersion`: a first character from `3` to `9`;
//! - `CutShort`: the bytes end before the data they announce, checksum
//!   included;
//! - `Changed`: the checksum disagrees, bytes follow the checksum, or the
//!   last character is not the one the encoder writes.
//!
//! [`Replay::replay`] adds `Unplayable(i)`: an intact link whose input `i`
//! changes nothing (a move into a wall, Keep Playing before a win).

use std::fmt;

use base64::alphabet;
use base64::engine::general_purpose::{GeneralPurpose, GeneralPurposeConfig, URL_SAFE_NO_PAD};
use base64::engine::DecodePaddingMode;
use base64::{DecodeError, Engine as _};

use crate::engine::{Config, Direction, Input, Luck};
use crate::session::history::{History, HistoryError};

/// The version character of a game of the first rules' luck.
pub const VERSION: u8 = b'1';
/// The version character of a game drawn with the same luck for everyone.
pub const VERSION_SAME_LUCK: u8 = b'2';

/// The longest link `decode` reads, in characters (bytes).
pub const MAX_LINK_LEN: usize = 16 * 1024;

/// The most inputs a link may hold.
pub const MAX_INPUTS: usize = 100_000;

/// A game to share: its board size and target, its seed, and every input
/// applied to `State::new(config, seed)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    pub config: Config,
    pub seed: u64,
    pub luck: Luck,
    pub inputs: Vec<Input>,
}

/// Why a link cannot be opened. `Display` gives the sentence to show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// Not a link this game makes at all: empty, an unknown version
    /// character, characters outside base64url, or well-formed bytes (the
    /// checksum agrees) that describe no game.
    NotAGameLink,
    /// A version character from a later build.
    NewerVersion,
    /// Longer than [`MAX_LINK_LEN`].
    TooLong,
    /// Ends before the data it announces: a link cut off in copying.
    CutShort,
    /// The checksum disagrees, or there is more than the data it announces.
    Changed,
    /// The link is intact but its game does not replay: the input at this
    /// index (0-based) changes nothing where it is applied.
    Unplayable(usize),
}

/// The error's name (`CutShort`): the sentence the player reads is
/// `app::words::link_error`'s.
impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

impl std::error::Error for LinkError {}

impl Replay {
    /// The game at the cursor of `history`, from its start up to the
    /// present (redo tail left out): the inputs after the last New Game,
    /// with that game's seed. `None` if the game began before the part of
    /// the session `history` still holds.
    pub fn from_history(history: &History) -> Option<Replay> {
        let played = &history.inputs()[..history.cursor()];
        let (seed, inputs) = match played.iter().rposition(|&i| i == Input::NewGame) {
            Some(j) => (history.state_at(j)?.next_game_seed(), &played[j + 1..]),
            None => (history.seed()?, played),
        };
        Some(Replay {
            config: history.config(),
            seed,
            luck: history.luck(),
            inputs: inputs.to_vec(),
        })
    }

    /// Plays the game back, checking that every input changes the state it
    /// is applied to. The history ends at the last input, so the viewer can
    /// go on playing from there, or undo back through the game.
    pub fn replay(&self) -> Result<History, LinkError> {
        if self.inputs.len() > MAX_INPUTS {
            return Err(LinkError::TooLong);
        }
        let (config, seed, luck) = (self.config, self.seed, self.luck);
        History::from_parts(config, seed, luck, &self.inputs, self.inputs.len()).map_err(
            |e| match e {
                HistoryError::NoEffect(i) => LinkError::Unplayable(i),
                HistoryError::TooLong => LinkError::TooLong,
                _ => LinkError::NotAGameLink,
            },
        )
    }
}

/// The link for `replay`. A replay `decode` would refuse (a config
/// `Config::new` refuses, more than [`MAX_INPUTS`] inputs, a link longer
/// than [`MAX_LINK_LEN`]) still gets a link, which `decode` refuses: check
/// `link.len() <= MAX_LINK_LEN` before offering it.
pub fn encode(replay: &Replay) -> String {
    let mut bytes = Vec::with_capacity(24 + replay.inputs.len() / 4);
    push_header(&mut bytes, replay);
    push_other_inputs(&mut bytes, &replay.inputs);
    push_moves(&mut bytes, &replay.inputs);
    let sum = checksum(replay.luck, &bytes);
    bytes.extend_from_slice(&sum);

    let mut link = String::with_capacity(1 + bytes.len().div_ceil(3) * 4);
    link.push(match replay.luck {
        Luck::Drawn => VERSION,
        Luck::Same => VERSION_SAME_LUCK,
    } as char);
    URL_SAFE_NO_PAD.encode_string(&bytes, &mut link);
    link
}

/// The size byte (`0xff` for a config `Config::new` refuses, which no link
/// holds), the target's exponent and the seed.
fn push_header(bytes: &mut Vec<u8>, replay: &Replay) {
    let Config {
        width,
        height,
        target,
    } = replay.config;
    let valid = Config::new(width, height, target).is_some();
    bytes.push(if valid {
        (width - 2) | (height - 2) << 3
    } else {
        0xff
    });
    bytes.push(target.map_or(0, |t| t.trailing_zeros() as u8));
    bytes.extend_from_slice(&replay.seed.to_le_bytes());
}

/// The counts of moves and of other inputs, then each other input as
/// `gap << 1 | kind` (the moves since the previous one, New Game 0 or Keep
/// Playing 1).
fn push_other_inputs(bytes: &mut Vec<u8>, inputs: &[Input]) {
    let moves = inputs
        .iter()
        .filter(|i| matches!(i, Input::Move(_)))
        .count();
    push_varint(bytes, moves as u64);
    push_varint(bytes, (inputs.len() - moves) as u64);
    let mut gap = 0u64;
    for input in inputs {
        let kind = match input {
            Input::Move(_) => {
                gap += 1;
                continue;
            }
            Input::NewGame => 0,
            Input::KeepPlaying => 1,
        };
        push_varint(bytes, gap << 1 | kind);
        gap = 0;
    }
}

/// The moves, four a byte, the first in the low bits.
fn push_moves(bytes: &mut Vec<u8>, inputs: &[Input]) {
    let (mut byte, mut n) = (0u8, 0);
    for input in inputs {
        if let Input::Move(direction) = input {
            byte |= move_code(*direction) << (2 * n);
            n += 1;
            if n == 4 {
                bytes.push(byte);
                (byte, n) = (0, 0);
            }
        }
    }
    if n > 0 {
        bytes.push(byte);
    }
}

/// A move's 2-bit code: Up 0, Down 1, Left 2, Right 3.
fn move_code(direction: Direction) -> u8 {
    match direction {
        Direction::Up => 0,
        Direction::Down => 1,
        Direction::Left => 2,
        Direction::Right => 3,
    }
}

/// The move whose code is in the low 2 bits of `code` ([`move_code`]).
fn move_of(code: u8) -> Direction {
    match code & 3 {
        0 => Direction::Up,
        1 => Direction::Down,
        2 => Direction::Left,
        _ => Direction::Right,
    }
}

/// The replay a link holds, or why it holds none. Never panics, and does
/// work in proportion to the link's length, which is bounded first. Checks
/// the link's structure and checksum only; [`Replay::replay`] checks that
/// the game plays.
pub fn decode(link: &str) -> Result<Replay, LinkError> {
    if link.len() > MAX_LINK_LEN {
        return Err(LinkError::TooLong);
    }
    let (version, mut body) = match link.as_bytes().split_first() {
        Some((&v, body)) => (v, body),
        None => return Err(LinkError::NotAGameLink),
    };
    let luck = match version {
        VERSION => Luck::Drawn,
        VERSION_SAME_LUCK => Luck::Same,
        b'3'..=b'9' => return Err(LinkError::NewerVersion),
        _ => return Err(LinkError::NotAGameLink),
    };
    // A link whose end is not how base64 of whole bytes ends (a cut, an
    // added character, a changed last character) is still read as far as
    // it goes, to tell a cut (the bytes run out before the data they
    // announce) from a change (they don't); either way it is not the link
    // that was made.
    let mut altered = false;
    if body.len() % 4 == 1 {
        // A lone last character holds no whole byte.
        body = &body[..body.len() - 1];
        altered = true;
    }
    let bytes = match URL_SAFE_NO_PAD.decode(body) {
        Ok(bytes) => bytes,
        Err(DecodeError::InvalidLastSymbol(..)) => {
            altered = true;
            LENIENT.decode(body).map_err(|_| LinkError::NotAGameLink)?
        }
        Err(_) => return Err(LinkError::NotAGameLink),
    };
    let mut reader = Reader {
        bytes: &bytes,
        at: 0,
    };
    match reader.replay(luck) {
        Err(Flaw::Short) => Err(LinkError::CutShort),
        Err(Flaw::Bad) => {
            // Bytes that describe no game: made by something else if the
            // checksum at their end agrees, changed if it does not.
            let sum = bytes.len().checked_sub(4).map(|n| bytes.split_at(n));
            match sum {
                Some((data, sum)) if !altered && sum == checksum(luck, data) => {
                    Err(LinkError::NotAGameLink)
                }
                _ => Err(LinkError::Changed),
            }
        }
        Ok(replay) => {
            let end = reader.at;
            let sum = reader.take(4).map_err(|_| LinkError::CutShort)?;
            if altered || reader.at != bytes.len() || sum != checksum(luck, &bytes[..end]) {
                return Err(LinkError::Changed);
            }
            Ok(replay)
        }
    }
}

/// `URL_SAFE_NO_PAD`, but reading a last character whose unused low bits
/// are not zero (as a cut link's often are) instead of refusing it.
const LENIENT: GeneralPurpose = GeneralPurpose::new(
    &alphabet::URL_SAFE,
    GeneralPurposeConfig::new()
        .with_encode_padding(false)
        .with_decode_allow_trailing_bits(true)
        .with_decode_padding_mode(DecodePaddingMode::RequireNone),
);

/// Opens a link: [`decode`], then [`Replay::replay`].
pub fn open(link: &str) -> Result<History, LinkError> {
    decode(link)?.replay()
}

/// The seed in a `?seed=N` query value: decimal digits only (no sign, no
/// spaces), at most `u64::MAX`.
pub fn parse_seed(value: &str) -> Option<u64> {
    if value.is_empty() {
        return None;
    }
    value.bytes().try_fold(0u64, |n, b| {
        let digit = b.wrapping_sub(b'0');
        if digit > 9 {
            return None;
        }
        n.checked_mul(10)?.checked_add(digit as u64)
    })
}

/// Why bytes are not a replay.
enum Flaw {
    /// They end before the data they announce.
    Short,
    /// They hold something no link holds.
    Bad,
}

/// Reads a replay's bytes front to back.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], Flaw> {
        let bytes = self.bytes.get(self.at..self.at + n).ok_or(Flaw::Short)?;
        self.at += n;
        Ok(bytes)
    }

    fn byte(&mut self) -> Result<u8, Flaw> {
        Ok(self.take(1)?[0])
    }

    fn left(&self) -> usize {
        self.bytes.len() - self.at
    }

    /// A LEB128 varint of at most 10 bytes that fits in a u64.
    fn varint(&mut self) -> Result<u64, Flaw> {
        let mut value = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            let bits = (b & 0x7f) as u64;
            if shift == 63 && bits > 1 {
                return Err(Flaw::Bad);
            }
            value |= bits << shift;
            if b & 0x80 == 0 {
                return Ok(value);
            }
        }
        Err(Flaw::Bad)
    }

    /// A count of at most [`MAX_INPUTS`].
    fn count(&mut self) -> Result<usize, Flaw> {
        match self.varint()? {
            n if n <= MAX_INPUTS as u64 => Ok(n as usize),
            _ => Err(Flaw::Bad),
        }
    }

    /// Everything up to the checksum, of a game drawn with `luck`.
    fn replay(&mut self, luck: Luck) -> Result<Replay, Flaw> {
        let config = self.config()?;
        let seed = u64::from_le_bytes(self.take(8)?.try_into().map_err(|_| Flaw::Short)?);
        let (moves, others) = self.counts()?;
        // The other inputs are read twice: here to check them and find the
        // moves, then below to place them among the moves.
        let codes = Reader {
            bytes: self.bytes,
            at: self.at,
        };
        self.check_gaps(others, moves)?;
        let packed = self.packed_moves(moves)?;
        let inputs = interleave(codes, packed, moves, others)?;
        Ok(Replay {
            config,
            seed,
            luck,
            inputs,
        })
    }

    /// The size byte and the target's exponent, as a config.
    fn config(&mut self) -> Result<Config, Flaw> {
        let size = self.byte()?;
        let exponent = self.byte()?;
        let target = match exponent {
            0 => None,
            3..=63 => Some(1u64 << exponent),
            _ => return Err(Flaw::Bad),
        };
        let config = if size & 0xc0 == 0 {
            Config::new((size & 7) + 2, (size >> 3 & 7) + 2, target)
        } else {
            None
        };
        config.ok_or(Flaw::Bad)
    }

    /// The counts of moves and of other inputs, at most [`MAX_INPUTS`]
    /// together, and no more than the bytes left can hold: each other input
    /// takes at least a byte, four moves a byte, so they are there before
    /// anything is allocated for them.
    fn counts(&mut self) -> Result<(usize, usize), Flaw> {
        let moves = self.count()?;
        let others = self.count()?;
        if moves + others > MAX_INPUTS {
            return Err(Flaw::Bad);
        }
        if others + moves.div_ceil(4) > self.left() {
            return Err(Flaw::Short);
        }
        Ok((moves, others))
    }

    /// Reads past the `others` codes of the other inputs, checking that
    /// their gaps add up to no more than `moves`.
    fn check_gaps(&mut self, others: usize, moves: usize) -> Result<(), Flaw> {
        let mut gaps = 0u64;
        for _ in 0..others {
            gaps += self.varint()? >> 1;
            if gaps > moves as u64 {
                return Err(Flaw::Bad);
            }
        }
        Ok(())
    }

    /// The bytes of `moves` packed moves, whose unused high bits are zero.
    fn packed_moves(&mut self, moves: usize) -> Result<&'a [u8], Flaw> {
        let packed = self.take(moves.div_ceil(4))?;
        if moves % 4 != 0 && packed[packed.len() - 1] >> (2 * (moves % 4)) != 0 {
            return Err(Flaw::Bad);
        }
        Ok(packed)
    }
}

/// The inputs in order: the `others` other inputs read from `codes` (checked
/// by [`Reader::check_gaps`]), each after its gap of moves from `packed`,
/// then the rest of the `moves` moves.
fn interleave(
    mut codes: Reader<'_>,
    packed: &[u8],
    moves: usize,
    others: usize,
) -> Result<Vec<Input>, Flaw> {
    let mut inputs = Vec::with_capacity(moves + others);
    let mut n = 0;
    for k in 0..=others {
        let (until, other) = if k < others {
            let code = codes.varint()?;
            let other = if code & 1 == 0 {
                Input::NewGame
            } else {
                Input::KeepPlaying
            };
            (n + (code >> 1) as usize, Some(other))
        } else {
            (moves, None)
        };
        while n < until {
            inputs.push(Input::Move(move_of(packed[n / 4] >> (2 * (n % 4)))));
            n += 1;
        }
        inputs.extend(other);
    }
    Ok(inputs)
}

fn push_varint(bytes: &mut Vec<u8>, mut n: u64) {
    while n >= 0x80 {
        bytes.push(n as u8 | 0x80);
        n >>= 7;
    }
    bytes.push(n as u8);
}

/// A link's checksum of its bytes `data`: their CRC-32, little-endian,
/// and for a version 2 link the CRC-32 of its version character and them,
/// so that a link whose version character was changed is refused.
fn checksum(luck: Luck, data: &[u8]) -> [u8; 4] {
    let sum = match luck {
        Luck::Drawn => crc32(data),
        Luck::Same => crc32(&[&[VERSION_SAME_LUCK][..], data].concat()),
    };
    sum.to_le_bytes()
}

/// CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320), bit by bit: no
/// table, since links are short (crc32fast's tables would cost the page
/// 16 KB of data for a few hundred bytes hashed per link).
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= b as u32;
        for _ in 0..8 {
            crc = (crc >> 1) ^ (0xedb8_8320 & (crc & 1).wrapping_neg());
        }
    }
    !crc
}

#[cfg(test)]
mod tests {
    use super::crc32;

    #[test]
    fn crc32_is_the_standard_one() {
        assert_eq!(crc32(b"123456789"), 0xcbf4_3926);
        assert_eq!(crc32(b""), 0);
    }
}
