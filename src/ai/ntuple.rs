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

/// Where a network's tuples sit: the shapes, and each shape's 8 images as
/// the nibble shifts of its cells. Shared by [`Network`] and the trainer's
/// tables (`td::Shared`), which differ only in how they keep their weights.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    shapes: Vec<Shape>,
    images: Vec<[Vec<u32>; 8]>,
}

impl Layout {
    /// The layout of `shapes`. Panics on a shape with a cell outside the
    /// board or over 6 cells.
    pub fn new(shapes: Vec<Shape>) -> Layout {
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
        Layout { shapes, images }
    }

    /// The shapes.
    pub fn shapes(&self) -> &[Shape] {
        &self.shapes
    }

    /// How many weights each shape's table holds: 16 per cell.
    pub fn table_sizes(&self) -> impl Iterator<Item = usize> + '_ {
        self.shapes.iter().map(|s| 1 << (4 * s.len()))
    }

    /// How many entries make up a value: 8 per shape.
    pub fn features(&self) -> usize {
        8 * self.shapes.len()
    }

    /// Calls `f(table, entry)` for every entry that makes up the value of
    /// `board`: one per shape and image.
    #[inline(always)]
    pub fn entries(&self, board: Bitboard, mut f: impl FnMut(usize, usize)) {
        for (table, images) in self.images.iter().enumerate() {
            for shifts in images {
                let entry = shifts
                    .iter()
                    .fold(0usize, |i, &s| (i << 4) | ((board >> s) & 0xF) as usize);
                f(table, entry);
            }
        }
    }
}

/// An n-tuple network: a layout and its weight tables.
#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    layout: Layout,
    weights: Vec<Vec<f32>>,
}

impl Network {
    /// A network of `shapes` whose every board is worth `initial` at first
    /// (optimistic initialisation: a high start makes the learner try every
    /// line). Panics on a shape with a cell outside the board or over 6 cells.
    pub fn new(shapes: Vec<Shape>, initial: f32) -> Network {
        let layout = Layout::new(shapes);
        let each = initial / layout.features() as f32;
        let weights = layout.table_sizes().map(|n| vec![each; n]).collect();
        Network { layout, weights }
    }

    /// The layout.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The shapes.
    pub fn shapes(&self) -> &[Shape] {
        self.layout.shapes()
    }

    /// The weight tables, one per shape.
    pub fn weights(&self) -> &[Vec<f32>] {
        &self.weights
    }

    /// A network from its shapes and tables, if the tables fit the shapes.
    pub fn from_parts(shapes: Vec<Shape>, weights: Vec<Vec<f32>>) -> Option<Network> {
        let layout = Layout::new(shapes);
        let fits = weights.len() == layout.shapes.len()
            && weights
                .iter()
                .zip(layout.table_sizes())
                .all(|(w, n)| w.len() == n);
        fits.then_some(Network { layout, weights })
    }

    /// The value of an afterstate.
    #[inline]
    pub fn value(&self, board: Bitboard) -> f32 {
        let mut v = 0.0;
        self.layout.entries(board, |t, e| v += self.weights[t][e]);
        v
    }

    /// Moves the value of `board` by `delta`, spread over its entries.
    pub fn learn(&mut self, board: Bitboard, delta: f32) {
        let share = delta / self.layout.features() as f32;
        let weights = &mut self.weights;
        self.layout.entries(board, |t, e| weights[t][e] += share);
    }
}

/// The score a board implies: a tile 2^e made from 2s earned (e − 1) · 2^e
/// in merges on its way, so this is the score of the game so far, give or
/// take 4 for each 4 that spawned. The reward of a move is exactly what it
/// adds here, so `implied_score(after) + value(after)` ranks moves as the
/// reward plus the afterstate value does, and the search, which adds no
/// rewards of its own, needs no change to search over the network.
pub fn implied_score(board: Bitboard) -> f32 {
    (0..16)
        .map(|i| {
            let e = ((board >> (4 * i)) & 0xF) as u32;
            if e > 1 {
                ((e - 1) << e) as f32
            } else {
                0.0
            }
        })
        .sum()
}

impl Evaluator for Network {
    /// The score so far plus the score to come.
    fn evaluate(&self, board: Bitboard) -> f32 {
        implied_score(board) + self.value(board)
    }

    /// A lost game earns nothing more: its score is its final score.
    fn lost(&self, board: Bitboard) -> f32 {
        implied_score(board)
    }

    fn name(&self) -> &'static str {
        "network"
    }
}

/// The shipped network's weights, as the AI worker fetches them (beside
/// its own files) and the benchmark reads them (under `assets/`). The
/// number is the weights' version: new weights get a new name, so no cache
/// mixes them up with the old.
pub const WEIGHTS_FILE: &str = "ai-net-v1.bin";

/// The first bytes of a weights file, with the format's version.
pub const MAGIC: &[u8; 8] = b"L2048NT1";

/// The weights file: [`MAGIC`], the number of shapes (u32), each shape as
/// its length (u8) and cells (u8 each), every table's weights (f32), and a
/// CRC-32 of all the bytes before it; little-endian throughout.
pub fn encode(net: &Network) -> Vec<u8> {
    let mut out = MAGIC.to_vec();
    out.extend((net.shapes().len() as u32).to_le_bytes());
    for shape in net.shapes() {
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
    SHAPES[0].1.iter().map(|s| s.to_vec()).collect()
}

/// The shape sets `train` and `ai-bench` know by name. With the 8
/// symmetries, two straight lines (the edge row and the one inside it) and
/// three 2 × 2 squares (corner, edge, centre) are every distinct straight
/// 4-tuple and square of the board.
pub const SHAPES: &[(&str, &[&[u8]])] = &[
    // 4 tables of 16^4: 1 MiB of f32.
    (
        "4x4",
        &[&[0, 1, 2, 3], &[4, 5, 6, 7], &[0, 1, 4, 5], &[1, 2, 5, 6]],
    ),
    // 8 tables of 16^4: 2 MiB. Every line and square, and three bent
    // 4-tuples along the edge where the large tiles gather.
    (
        "4x8",
        &[
            &[0, 1, 2, 3],
            &[4, 5, 6, 7],
            &[0, 1, 4, 5],
            &[1, 2, 5, 6],
            &[5, 6, 9, 10],
            &[0, 1, 2, 4],
            &[0, 1, 2, 6],
            &[1, 2, 3, 5],
        ],
    ),
    // 4 tables of 16^5: 16 MiB of f32 in memory. The 6-tuples of Szubert &
    // Jaśkowski less one cell each: an edge row and the row inside it, each
    // with the cell below its first, and a 3 + 2 block on each.
    (
        "5x4",
        &[
            &[0, 1, 2, 3, 4],
            &[4, 5, 6, 7, 8],
            &[0, 1, 2, 4, 5],
            &[4, 5, 6, 8, 9],
        ],
    ),
];

/// The shapes of the set called `name`.
pub fn shapes_named(name: &str) -> Option<Vec<Shape>> {
    SHAPES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, set)| set.iter().map(|s| s.to_vec()).collect())
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
