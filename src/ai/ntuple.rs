//! An n-tuple network (Szubert & Jaśkowski 2014): a learned evaluator of
//! afterstates (the board after a move, before the spawn).
//!
//! A tuple is a few cells of the board; its weight table has one entry per
//! combination of the exponents in those cells (16^n entries). The value of
//! a board is the sum, over every tuple and each of the board's 8
//! symmetries (4 rotations, each mirrored), of the entry the cells pick out.
//! Sharing one table across the 8 images makes the value symmetric by
//! construction and learns from every orientation at once.
//!
//! Weights are `f32`: a lookup and an add per tuple and image, which wasm
//! does as fast as integers, and learning needs no fixed-point scaling.
//!
//! [`Network::learn`] is temporal-difference learning on afterstates, TD(0):
//! after each move the value of the previous afterstate moves toward the
//! reward of the next move plus the value of the next afterstate.

use super::bitboard::Bitboard;
use super::eval::Evaluator;

/// The cells of a tuple, as indices `4 * y + x`.
pub type Shape = Vec<u8>;

/// Where cell `i` goes under each of the 8 symmetries of the square.
fn symmetries() -> [[u8; 16]; 8] {
    let mut out = [[0u8; 16]; 8];
    for (s, map) in out.iter_mut().enumerate() {
        for (i, to) in map.iter_mut().enumerate() {
            let (mut x, mut y) = (i as u8 % 4, i as u8 / 4);
            for _ in 0..s % 4 {
                (x, y) = (3 - y, x);
            }
            if s >= 4 {
                x = 3 - x;
            }
            *to = 4 * y + x;
        }
    }
    out
}

/// An n-tuple network: shapes and their weight tables.
#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    shapes: Vec<Shape>,
    /// For each shape, its 8 images: the nibble shifts of its cells.
    images: Vec<[Vec<u32>; 8]>,
    weights: Vec<Vec<f32>>,
}

impl Network {
    /// A network of `shapes`, every weight `initial` (optimistic
    /// initialisation: a high start makes the learner try every line).
    /// Panics on a shape with a cell outside the board or over 6 cells.
    pub fn new(shapes: Vec<Shape>, initial: f32) -> Network {
        let sym = symmetries();
        let images = shapes
            .iter()
            .map(|shape| {
                assert!(
                    !shape.is_empty() && shape.len() <= 6 && shape.iter().all(|&c| c < 16),
                    "a tuple of 1 to 6 cells of the board: {shape:?}"
                );
                std::array::from_fn(|s| {
                    shape
                        .iter()
                        .map(|&c| 4 * sym[s][c as usize] as u32)
                        .collect()
                })
            })
            .collect();
        let weights = shapes
            .iter()
            .map(|s| vec![initial; 1 << (4 * s.len())])
            .collect();
        Network {
            shapes,
            images,
            weights,
        }
    }

    /// The shapes.
    pub fn shapes(&self) -> &[Shape] {
        &self.shapes
    }

    /// The weight tables, one per shape.
    pub fn weights(&self) -> &[Vec<f32>] {
        &self.weights
    }

    /// A network from its shapes and tables, if the tables fit the shapes.
    pub fn from_parts(shapes: Vec<Shape>, weights: Vec<Vec<f32>>) -> Option<Network> {
        let mut net = Network::new(shapes, 0.0);
        let fits = weights.len() == net.weights.len()
            && weights
                .iter()
                .zip(&net.weights)
                .all(|(w, n)| w.len() == n.len());
        fits.then(|| {
            net.weights = weights;
            net
        })
    }

    /// The index a tuple image picks out of its table.
    #[inline(always)]
    fn index(board: Bitboard, shifts: &[u32]) -> usize {
        shifts
            .iter()
            .fold(0usize, |i, &s| (i << 4) | ((board >> s) & 0xF) as usize)
    }

    /// The value of an afterstate.
    pub fn value(&self, board: Bitboard) -> f32 {
        let mut v = 0.0;
        for (images, table) in self.images.iter().zip(&self.weights) {
            for shifts in images {
                v += table[Self::index(board, shifts)];
            }
        }
        v
    }

    /// Moves the value of `board` by `delta`, spread over its entries.
    pub fn learn(&mut self, board: Bitboard, delta: f32) {
        let share = delta / (self.images.len() * 8) as f32;
        for (images, table) in self.images.iter().zip(self.weights.iter_mut()) {
            for shifts in images {
                table[Self::index(board, shifts)] += share;
            }
        }
    }
}

impl Evaluator for Network {
    fn evaluate(&self, board: Bitboard) -> f32 {
        self.value(board)
    }

    fn lost(&self, _board: Bitboard) -> f32 {
        // Below any value a trained network gives a live board.
        -1.0e9
    }
}

/// The first bytes of a weights file, with the format's version.
pub const MAGIC: &[u8; 8] = b"L2048NT1";

/// The weights file: [`MAGIC`], the number of shapes (u32), each shape as
/// its length (u8) and cells (u8 each), every table's weights (f32), and a
/// CRC-32 of all the bytes before it; little-endian throughout.
pub fn encode(net: &Network) -> Vec<u8> {
    let mut out = MAGIC.to_vec();
    out.extend((net.shapes.len() as u32).to_le_bytes());
    for shape in &net.shapes {
        out.push(shape.len() as u8);
        out.extend(shape);
    }
    for w in net.weights.iter().flatten() {
        out.extend(w.to_le_bytes());
    }
    let crc = crc32fast::hash(&out);
    out.extend(crc.to_le_bytes());
    out
}

/// A network from a weights file, or why the file is refused: cut short,
/// another format, a checksum that does not match, an impossible shape.
pub fn decode(bytes: &[u8]) -> Result<Network, String> {
    let (body, sum) = bytes
        .split_last_chunk::<4>()
        .ok_or("the file is cut short")?;
    if !body.starts_with(MAGIC) {
        return Err("not a weights file of this version".into());
    }
    if crc32fast::hash(body) != u32::from_le_bytes(*sum) {
        return Err("the checksum does not match: the file is damaged".into());
    }
    let mut at = MAGIC.len();
    let mut take = |n: usize| {
        let part = body.get(at..at + n).ok_or("the file is cut short");
        at += n;
        part
    };
    let count = u32::from_le_bytes(take(4)?.try_into().expect("4 bytes"));
    let mut shapes = Vec::new();
    for _ in 0..count.min(64) {
        let len = take(1)?[0] as usize;
        let cells = take(len)?.to_vec();
        if len == 0 || len > 6 || cells.iter().any(|&c| c >= 16) {
            return Err("a tuple that does not fit the board".into());
        }
        shapes.push(cells);
    }
    let mut weights = Vec::new();
    for shape in &shapes {
        let n = 1usize << (4 * shape.len());
        let raw = take(4 * n)?;
        weights.push(
            raw.chunks_exact(4)
                .map(|b| f32::from_le_bytes(b.try_into().expect("4 bytes")))
                .collect(),
        );
    }
    if at != body.len() || shapes.len() != count as usize {
        return Err("the file holds more than its shapes".into());
    }
    Network::from_parts(shapes, weights).ok_or_else(|| "tables that do not fit".into())
}

/// Rows and columns as 4-tuples, and the 2 × 2 squares: a small network
/// (4 tables of 65 536 weights) that learns fast.
pub fn four_tuples() -> Vec<Shape> {
    vec![
        vec![0, 1, 2, 3],
        vec![4, 5, 6, 7],
        vec![0, 1, 4, 5],
        vec![1, 2, 5, 6],
    ]
}

#[cfg(test)]
mod tests {
    use super::super::bitboard::parse;
    use super::*;

    #[test]
    fn the_symmetries_are_the_eight_of_the_square() {
        let sym = symmetries();
        let mut seen: Vec<[u8; 16]> = sym.to_vec();
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), 8);
        for map in sym {
            let mut cells = map.to_vec();
            cells.sort();
            assert_eq!(cells, (0..16).collect::<Vec<u8>>(), "a permutation");
        }
    }

    #[test]
    fn learning_moves_the_value_toward_its_target() {
        let mut net = Network::new(four_tuples(), 0.0);
        let b = parse("2 4 . . / . 8 . . / . . . . / . . . 2").unwrap();
        for _ in 0..50 {
            let error = 32.0 - net.value(b);
            net.learn(b, 0.1 * error);
        }
        assert!((net.value(b) - 32.0).abs() < 0.5, "{}", net.value(b));
    }
}
