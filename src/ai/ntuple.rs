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
    /// For each shape, its 8 images: the nibble shifts of its cells, the
    /// first `shape.len()` of 6 used.
    images: Vec<[[u32; 6]; 8]>,
}

/// The entry a tuple image of `N` cells picks out of its table: its cells'
/// exponents as the digits of a base-16 number, the first cell the most
/// significant. `N` is a constant so that the loop unrolls.
#[inline(always)]
fn entry<const N: usize>(board: Bitboard, shifts: &[u32; 6]) -> usize {
    let mut i = 0usize;
    for &s in &shifts[..N] {
        i = (i << 4) | ((board >> s) & 0xF) as usize;
    }
    i
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
                    let mut shifts = [0; 6];
                    for (to, &c) in shifts.iter_mut().zip(shape) {
                        *to = 4 * sym[s][c as usize] as u32;
                    }
                    shifts
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
        for (table, (images, shape)) in self.images.iter().zip(&self.shapes).enumerate() {
            let pick: fn(Bitboard, &[u32; 6]) -> usize = match shape.len() {
                4 => entry::<4>,
                5 => entry::<5>,
                6 => entry::<6>,
                3 => entry::<3>,
                2 => entry::<2>,
                _ => entry::<1>,
            };
            for shifts in images {
                f(table, pick(board, shifts));
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

/// A network's value of an afterstate: the score still to come. What makes
/// [`Network`] and [`Packed`] evaluators, the same way.
pub trait Afterstates {
    fn value_of(&self, board: Bitboard) -> f32;
}

impl Afterstates for Network {
    fn value_of(&self, board: Bitboard) -> f32 {
        self.value(board)
    }
}

impl<N: Afterstates> Evaluator for N {
    /// The score so far plus the score to come.
    fn evaluate(&self, board: Bitboard) -> f32 {
        implied_score(board) + self.value_of(board)
    }

    /// A lost game earns nothing more: its score is its final score.
    fn lost(&self, board: Bitboard) -> f32 {
        implied_score(board)
    }

    fn name(&self) -> &'static str {
        "network"
    }
}

/// The trained network's weights, under `assets/`, where `ai-bench --eval
/// net` reads them. The site does not serve them: the network plays worse
/// than the heuristic (docs/ai.md). The number is the
/// weights' version.
pub const WEIGHTS_FILE: &str = "ai-net-v1.bin";

/// The first bytes of a training file (f32 weights, [`encode`]), with the
/// format's version.
pub const MAGIC: &[u8; 8] = b"L2048NT1";

/// The first bytes of a shipped file (i16 weights, [`pack`]), with the
/// format's version.
pub const MAGIC_PACKED: &[u8; 8] = b"L2048NQ1";

/// A weights file: `magic`, the number of shapes (u32), each shape as its
/// length (u8) and cells (u8 each), then `payload`, then a CRC-32 of all
/// the bytes before it; little-endian throughout.
fn write_file(magic: &[u8; 8], shapes: &[Shape], payload: impl FnOnce(&mut Vec<u8>)) -> Vec<u8> {
    let mut out = magic.to_vec();
    out.extend((shapes.len() as u32).to_le_bytes());
    for shape in shapes {
        out.push(shape.len() as u8);
        out.extend(shape);
    }
    payload(&mut out);
    let crc = crc32fast::hash(&out);
    out.extend(crc.to_le_bytes());
    out
}

/// Reads what [`write_file`] wrote: the shapes, and the payload's bytes.
/// Refuses a file cut short, of another format, whose checksum does not
/// match, or with an impossible shape.
fn read_file<'a>(magic: &[u8; 8], bytes: &'a [u8]) -> Result<(Vec<Shape>, &'a [u8]), String> {
    let (body, sum) = bytes
        .split_last_chunk::<4>()
        .ok_or("the file is cut short")?;
    if !body.starts_with(magic) {
        return Err("not a weights file of this version".into());
    }
    if crc32fast::hash(body) != u32::from_le_bytes(*sum) {
        return Err("the checksum does not match: the file is damaged".into());
    }
    let mut at = magic.len();
    let mut take = |n: usize| {
        let part = body.get(at..at + n).ok_or("the file is cut short");
        at += n;
        part
    };
    let count = u32::from_le_bytes(take(4)?.try_into().expect("4 bytes"));
    if count > 64 {
        return Err("more tuples than a network has".into());
    }
    let mut shapes = Vec::new();
    for _ in 0..count {
        let len = take(1)?[0] as usize;
        let cells = take(len)?.to_vec();
        if len == 0 || len > 6 || cells.iter().any(|&c| c >= 16) {
            return Err("a tuple that does not fit the board".into());
        }
        shapes.push(cells);
    }
    Ok((shapes, &body[at..]))
}

/// Splits `payload` into one table per shape of `width`-byte weights, if
/// it holds exactly that.
fn tables_of<'a>(
    shapes: &[Shape],
    payload: &'a [u8],
    width: usize,
) -> Result<Vec<&'a [u8]>, String> {
    let mut rest = payload;
    let mut tables = Vec::new();
    for shape in shapes {
        let n = width << (4 * shape.len());
        let (table, more) = rest.split_at_checked(n).ok_or("the file is cut short")?;
        tables.push(table);
        rest = more;
    }
    if !rest.is_empty() {
        return Err("the file holds more than its shapes".into());
    }
    Ok(tables)
}

/// A training file: the shapes and every table's weights as f32. Training
/// resumes from it; [`pack`] makes the file that ships.
pub fn encode(net: &Network) -> Vec<u8> {
    write_file(MAGIC, net.shapes(), |out| {
        for w in net.weights.iter().flatten() {
            out.extend(w.to_le_bytes());
        }
    })
}

/// A network from a training file, or why the file is refused.
pub fn decode(bytes: &[u8]) -> Result<Network, String> {
    let (shapes, payload) = read_file(MAGIC, bytes)?;
    let weights = tables_of(&shapes, payload, 4)?
        .into_iter()
        .map(|raw| {
            raw.chunks_exact(4)
                .map(|b| f32::from_le_bytes(b.try_into().expect("4 bytes")))
                .collect()
        })
        .collect();
    Network::from_parts(shapes, weights).ok_or_else(|| "tables that do not fit".into())
}

/// The unit of the shipped weights, in points of score: each of the 32
/// entries that make up a value is within 2 points of its trained weight,
/// far below the differences the search compares (values run to 10^5).
/// Coarser units gzip smaller: on the shipped 5x4 network, 2.92 MB at 4
/// points against 3.25 MB at 2 (the budget is 3 MB).
pub const SHIPPED_STEP: f32 = 4.0;

/// A trained network as the search uses it: every weight an i16 times one
/// scale, in fixed point. Half the memory of f32 (8 MiB for the 5x4 set),
/// so more of the tables stay in the cache, which is what a lookup costs;
/// the sum is exact integer arithmetic, scaled once. A step of the scale is
/// a fraction of a point of score, far below what the values tell apart.
#[derive(Clone, Debug, PartialEq)]
pub struct Packed {
    layout: Layout,
    /// The value of one unit of a weight.
    scale: f32,
    tables: Vec<Vec<i16>>,
}

impl Packed {
    /// `net` rounded to whole units of `step` points of score, or of a
    /// coarser unit where the largest weight would not fit an i16. A
    /// coarser step makes a smaller file: the rounding leaves fewer
    /// distinct small weights (the shipped network uses [`SHIPPED_STEP`]).
    pub fn new(net: &Network, step: f32) -> Packed {
        let largest = net
            .weights
            .iter()
            .flatten()
            .fold(0f32, |m, w| m.max(w.abs()));
        let scale = step.max(largest / i16::MAX as f32).max(f32::MIN_POSITIVE);
        let tables = net
            .weights
            .iter()
            .map(|t| t.iter().map(|w| (w / scale).round() as i16).collect())
            .collect();
        Packed {
            layout: net.layout.clone(),
            scale,
            tables,
        }
    }

    /// The shapes.
    pub fn shapes(&self) -> &[Shape] {
        self.layout.shapes()
    }

    /// The value of an afterstate.
    #[inline]
    pub fn value(&self, board: Bitboard) -> f32 {
        let mut sum = 0i32;
        self.layout
            .entries(board, |t, e| sum += i32::from(self.tables[t][e]));
        sum as f32 * self.scale
    }
}

impl Afterstates for Packed {
    fn value_of(&self, board: Bitboard) -> f32 {
        self.value(board)
    }
}

/// The shipped file: the shapes, the scale (f32), and every table's
/// weights as i16. Most entries of a large tuple are never visited and stay
/// 0, which gzip folds away.
pub fn pack(net: &Packed) -> Vec<u8> {
    write_file(MAGIC_PACKED, net.shapes(), |out| {
        out.extend(net.scale.to_le_bytes());
        for w in net.tables.iter().flatten() {
            out.extend(w.to_le_bytes());
        }
    })
}

/// A packed network from a shipped file, or why the file is refused.
pub fn unpack(bytes: &[u8]) -> Result<Packed, String> {
    let (shapes, payload) = read_file(MAGIC_PACKED, bytes)?;
    let (scale, payload) = payload
        .split_first_chunk::<4>()
        .ok_or("the file is cut short")?;
    let scale = f32::from_le_bytes(*scale);
    if !(scale.is_finite() && scale > 0.0) {
        return Err("a scale that is not a positive number".into());
    }
    let tables = tables_of(&shapes, payload, 2)?
        .into_iter()
        .map(|raw| {
            raw.chunks_exact(2)
                .map(|b| i16::from_le_bytes([b[0], b[1]]))
                .collect()
        })
        .collect();
    Ok(Packed {
        layout: Layout::new(shapes),
        scale,
        tables,
    })
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
