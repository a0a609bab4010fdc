//! The 4×4 board as one `u64`, for search.
//!
//! Cell `(x, y)` is the nibble at bit `4 * (4 * y + x)` and holds the tile's
//! exponent (`0` empty, `1` for 2, … `15` for 32768). Row `y` is therefore the
//! 16 bits at `16 * y`, with `x = 0` in the low nibble. A move is four table
//! lookups: every possible row (65536 of them) is slid once, ahead of time,
//! for both horizontal directions, and for the vertical ones the same slide is
//! stored already spread out as a column, applied to the transposed board.
//! Tables hold `before ^ after`, so applying one is a single XOR.

use std::sync::OnceLock;

use crate::engine::{Board, Direction, Origin, Pos, Tile, TileId};

/// A 4×4 position: 16 nibbles of tile exponents.
pub type Bitboard = u64;

/// The largest exponent a nibble holds (32768). Two of them do not merge here:
/// 65536 does not fit, and no search ever gets that far.
pub const MAX_EXPONENT: u8 = 15;

const ROW_MASK: u64 = 0xFFFF;
const COL_MASK: u64 = 0x000F_000F_000F_000F;

const ROWS: usize = 1 << 16;

/// One entry per possible row. A fixed length lets the compiler see that a
/// 16-bit index is in bounds, so lookups carry no bounds check.
type RowTable<T> = Box<[T; ROWS]>;

/// Precomputed per-row results, built once.
pub struct Tables {
    /// `row ^ slid_left(row)`, for a row in place.
    left: RowTable<u16>,
    /// `row ^ slid_right(row)`.
    right: RowTable<u16>,
    /// `left`, spread into a column (nibble `i` at bit `16 * i`).
    up: RowTable<u64>,
    /// `right`, spread into a column.
    down: RowTable<u64>,
    /// The score a left (or right: the merges are the same pairs) slide of
    /// the row earns: the sum of the values it makes.
    score: RowTable<u32>,
}

fn row_table<T: Copy>(v: Vec<T>) -> RowTable<T> {
    v.into_boxed_slice()
        .try_into()
        .unwrap_or_else(|_| unreachable!("built with one entry per row"))
}

/// The shared tables, built on first use (about a millisecond).
pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(Tables::build)
}

impl Tables {
    fn build() -> Self {
        let n = ROWS;
        let mut left = vec![0u16; n];
        let mut right = vec![0u16; n];
        let mut up = vec![0u64; n];
        let mut down = vec![0u64; n];
        let mut score = vec![0u32; n];
        for r in 0..n {
            let row = r as u16;
            let (slid, gained) = slide_row_left(row);
            let rev = reverse_row(row);
            let (rev_slid, _) = slide_row_left(rev);
            let slid_right = reverse_row(rev_slid);
            left[r] = row ^ slid;
            right[r] = row ^ slid_right;
            up[r] = spread_column(row) ^ spread_column(slid);
            down[r] = spread_column(row) ^ spread_column(slid_right);
            score[r] = gained;
        }
        Tables {
            left: row_table(left),
            right: row_table(right),
            up: row_table(up),
            down: row_table(down),
            score: row_table(score),
        }
    }

    /// The board after sliding toward `dir` (unchanged if nothing moves).
    #[inline(always)]
    pub fn slide(&self, board: Bitboard, dir: Direction) -> Bitboard {
        match dir {
            Direction::Left => self.horizontal(board, &self.left),
            Direction::Right => self.horizontal(board, &self.right),
            Direction::Up => self.vertical(board, &self.up),
            Direction::Down => self.vertical(board, &self.down),
        }
    }

    /// The board after each move, in [`Direction::ALL`] order (up, down,
    /// left, right): what a search node needs, with one transpose for both
    /// vertical moves.
    #[inline(always)]
    pub fn moves(&self, board: Bitboard) -> [Bitboard; 4] {
        let t = transpose(board);
        [
            Self::columns(board, t, &self.up),
            Self::columns(board, t, &self.down),
            self.horizontal(board, &self.left),
            self.horizontal(board, &self.right),
        ]
    }

    /// The board after sliding toward `dir`, and the score the slide earns.
    #[inline(always)]
    pub fn slide_scored(&self, board: Bitboard, dir: Direction) -> (Bitboard, u32) {
        let after = self.slide(board, dir);
        // Merges are the same pairs in both directions along a line, so one
        // score table serves left and right; columns are rows of the
        // transposed board.
        let lines = match dir {
            Direction::Left | Direction::Right => board,
            Direction::Up | Direction::Down => transpose(board),
        };
        let s = &self.score;
        let gained = s[(lines & ROW_MASK) as usize]
            + s[((lines >> 16) & ROW_MASK) as usize]
            + s[((lines >> 32) & ROW_MASK) as usize]
            + s[(lines >> 48) as usize];
        (after, gained)
    }

    #[inline(always)]
    fn horizontal(&self, board: Bitboard, table: &[u16; ROWS]) -> Bitboard {
        board
            ^ (table[(board & ROW_MASK) as usize] as u64)
            ^ ((table[((board >> 16) & ROW_MASK) as usize] as u64) << 16)
            ^ ((table[((board >> 32) & ROW_MASK) as usize] as u64) << 32)
            ^ ((table[(board >> 48) as usize] as u64) << 48)
    }

    #[inline(always)]
    fn vertical(&self, board: Bitboard, table: &[u64; ROWS]) -> Bitboard {
        Self::columns(board, transpose(board), table)
    }

    /// `board` slid by the column `table`, given its transpose `t`.
    #[inline(always)]
    fn columns(board: Bitboard, t: Bitboard, table: &[u64; ROWS]) -> Bitboard {
        // Row `x` of the transposed board is column `x` of the board, listed
        // from the top; the table entry is that column's change, already
        // spread to bits 0, 16, 32, 48, so it only needs shifting to column x.
        board
            ^ table[(t & ROW_MASK) as usize]
            ^ (table[((t >> 16) & ROW_MASK) as usize] << 4)
            ^ (table[((t >> 32) & ROW_MASK) as usize] << 8)
            ^ (table[(t >> 48) as usize] << 12)
    }
}

/// Slides one row toward its low nibble: the reference every table entry is
/// built from. Returns the new row and the score earned.
pub fn slide_row_left(row: u16) -> (u16, u32) {
    let mut out = [0u8; 4];
    let mut placed = 0;
    // `open`: the last placed tile may still take a merge (it was not made
    // by one in this slide).
    let mut open = false;
    let mut gained = 0;
    for i in 0..4 {
        let e = ((row >> (4 * i)) & 0xF) as u8;
        if e == 0 {
            continue;
        }
        if open && out[placed - 1] == e && e < MAX_EXPONENT {
            out[placed - 1] = e + 1;
            gained += 1u32 << (e + 1);
            open = false;
        } else {
            out[placed] = e;
            placed += 1;
            open = true;
        }
    }
    let slid = out
        .iter()
        .enumerate()
        .fold(0u16, |acc, (i, &e)| acc | ((e as u16) << (4 * i)));
    (slid, gained)
}

fn reverse_row(row: u16) -> u16 {
    (row >> 12) | ((row >> 4) & 0x00F0) | ((row << 4) & 0x0F00) | (row << 12)
}

/// A row's four nibbles placed at bits 0, 16, 32 and 48: a column at x = 0.
fn spread_column(row: u16) -> u64 {
    let r = row as u64;
    (r | (r << 12) | (r << 24) | (r << 36)) & COL_MASK
}

/// Swaps cell `(x, y)` with `(y, x)`.
#[inline(always)]
pub fn transpose(x: Bitboard) -> Bitboard {
    let a1 = x & 0xF0F0_0F0F_F0F0_0F0F;
    let a2 = x & 0x0000_F0F0_0000_F0F0;
    let a3 = x & 0x0F0F_0000_0F0F_0000;
    let a = a1 | (a2 << 12) | (a3 >> 12);
    let b1 = a & 0xFF00_FF00_00FF_00FF;
    let b2 = a & 0x00FF_00FF_0000_0000;
    let b3 = a & 0x0000_0000_FF00_FF00;
    b1 | (b2 >> 24) | (b3 << 24)
}

/// The number of empty cells.
#[inline(always)]
pub fn count_empty(board: Bitboard) -> u32 {
    empty_cells(board).count_ones()
}

/// One bit for each empty cell: the lowest bit of its nibble.
#[inline(always)]
pub fn empty_cells(board: Bitboard) -> u64 {
    // Fold each nibble onto its lowest bit: that bit is then 0 exactly for an
    // empty cell.
    let mut x = board;
    x |= (x >> 2) & 0x3333_3333_3333_3333;
    x |= x >> 1;
    !x & 0x1111_1111_1111_1111
}

/// The exponent in cell `(x, y)`.
#[inline(always)]
pub fn cell(board: Bitboard, x: u8, y: u8) -> u8 {
    ((board >> (4 * (4 * y as u32 + x as u32))) & 0xF) as u8
}

/// The largest exponent on the board.
pub fn max_exponent(board: Bitboard) -> u8 {
    (0..16)
        .map(|i| ((board >> (4 * i)) & 0xF) as u8)
        .max()
        .unwrap_or(0)
}

/// The sum of the tile values.
pub fn tile_sum(board: Bitboard) -> u64 {
    (0..16)
        .map(|i| ((board >> (4 * i)) & 0xF) as u32)
        .filter(|&e| e > 0)
        .map(|e| 1u64 << e)
        .sum()
}

/// Whether some direction changes the board.
pub fn can_move(t: &Tables, board: Bitboard) -> bool {
    t.moves(board).iter().any(|&after| after != board)
}

/// The engine's board as a bitboard: `None` unless it is 4×4 with every tile
/// at most 32768.
pub fn from_board(board: &Board) -> Option<Bitboard> {
    if board.width() != 4 || board.height() != 4 {
        return None;
    }
    let mut bits = 0;
    for tile in board.tiles() {
        let e = tile.value.trailing_zeros();
        if !tile.value.is_power_of_two() || e == 0 || e > MAX_EXPONENT as u32 {
            return None;
        }
        bits |= (e as u64) << (4 * (4 * tile.pos.y as u32 + tile.pos.x as u32));
    }
    Some(bits)
}

/// The bitboard as an engine board. Tiles get ids 0, 1, … in row-major order
/// and count as spawned, as `Board::from_str` does.
pub fn to_board(bits: Bitboard) -> Board {
    let mut board = Board::empty(4, 4);
    let mut id = 0;
    for y in 0..4 {
        for x in 0..4 {
            let e = cell(bits, x, y);
            if e > 0 {
                board.put(Tile {
                    id: TileId(id),
                    value: 1 << e,
                    pos: Pos::new(x, y),
                    origin: Origin::Spawned,
                });
                id += 1;
            }
        }
    }
    board
}

/// Reads an ASCII picture (`"2 2 . . / . . . . / …"`), as `Board::from_str`.
pub fn parse(picture: &str) -> Option<Bitboard> {
    picture.parse::<Board>().ok().as_ref().and_then(from_board)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(s: &str) -> Bitboard {
        parse(s).expect("a 4x4 picture")
    }

    fn show(bits: Bitboard) -> String {
        to_board(bits).to_string().replace('\n', " / ")
    }

    #[test]
    fn rows_slide_and_score_like_the_rules() {
        // (row, slid left, score), written low nibble first as exponents.
        let cases: [([u8; 4], [u8; 4], u32); 7] = [
            ([1, 1, 0, 0], [2, 0, 0, 0], 4),
            ([1, 1, 1, 1], [2, 2, 0, 0], 8),
            ([2, 1, 1, 0], [2, 2, 0, 0], 4),
            ([0, 0, 0, 3], [3, 0, 0, 0], 0),
            ([1, 2, 3, 4], [1, 2, 3, 4], 0),
            ([1, 0, 1, 2], [2, 2, 0, 0], 4),
            ([15, 15, 0, 0], [15, 15, 0, 0], 0),
        ];
        let pack = |c: [u8; 4]| {
            c.iter()
                .enumerate()
                .fold(0u16, |a, (i, &e)| a | ((e as u16) << (4 * i)))
        };
        for (row, want, score) in cases {
            assert_eq!(slide_row_left(pack(row)), (pack(want), score), "{row:?}");
        }
    }

    #[test]
    fn board_moves_match_pictures() {
        let t = tables();
        let start = "2 2 4 . / . 4 . 4 / 8 . . 8 / 2 . 2 2";
        let cases = [
            (Direction::Left, "4 4 . . / 8 . . . / 16 . . . / 4 2 . ."),
            (Direction::Right, ". . 4 4 / . . . 8 / . . . 16 / . . 2 4"),
            (Direction::Up, "2 2 4 4 / 8 4 2 8 / 2 . . 2 / . . . ."),
            (Direction::Down, ". . . . / 2 . . 4 / 8 2 4 8 / 2 4 2 2"),
        ];
        for (dir, want) in cases {
            assert_eq!(show(t.slide(b(start), dir)), show(b(want)), "{dir:?}");
        }
        let all = t.moves(b(start));
        for (i, dir) in Direction::ALL.into_iter().enumerate() {
            assert_eq!(all[i], t.slide(b(start), dir), "{dir:?}");
        }
        let (_, gained) = t.slide_scored(b(start), Direction::Left);
        assert_eq!(gained, 4 + 8 + 16 + 4);
        let (_, gained) = t.slide_scored(b(start), Direction::Up);
        assert_eq!(gained, 0);
        let (_, gained) = t.slide_scored(b(start), Direction::Down);
        assert_eq!(gained, 0);
    }

    #[test]
    fn vertical_merges_score() {
        let t = tables();
        let start = "2 . . 8 / 2 . . 8 / 4 . . . / 4 . . 16";
        let (after, gained) = t.slide_scored(b(start), Direction::Up);
        assert_eq!(
            show(after),
            show(b("4 . . 16 / 8 . . 16 / . . . . / . . . ."))
        );
        assert_eq!(gained, 4 + 8 + 16);
        let (after, gained) = t.slide_scored(b(start), Direction::Down);
        assert_eq!(
            show(after),
            show(b(". . . . / . . . . / 4 . . 16 / 8 . . 16"))
        );
        assert_eq!(gained, 4 + 8 + 16);
    }

    #[test]
    fn transpose_swaps_cells_and_is_an_involution() {
        let x = b("2 4 8 16 / 32 64 128 256 / 512 1024 2048 4096 / 8192 16384 32768 .");
        let t = transpose(x);
        for y in 0..4 {
            for c in 0..4 {
                assert_eq!(cell(t, c, y), cell(x, y, c));
            }
        }
        assert_eq!(transpose(t), x);
    }

    #[test]
    fn helpers() {
        let x = b("2 . . . / . . . . / . . 1024 . / . . . 4");
        assert_eq!(count_empty(x), 13);
        assert_eq!(count_empty(0), 16);
        assert_eq!(max_exponent(x), 10);
        assert_eq!(tile_sum(x), 1030);
        let stuck = b("2 4 2 4 / 4 2 4 2 / 2 4 2 4 / 4 2 4 2");
        assert!(!can_move(tables(), stuck));
        assert_eq!(count_empty(stuck), 0);
        assert!(can_move(tables(), x));
    }

    #[test]
    fn conversion_round_trips_and_refuses_other_boards() {
        let x = b("2 . 32768 . / . . . . / . . 1024 . / . . . 4");
        assert_eq!(from_board(&to_board(x)), Some(x));
        let wide: Board = "2 2 . . . / . . . . . / . . . . . / . . . . ."
            .parse()
            .unwrap();
        assert_eq!(from_board(&wide), None);
        let huge: Board = "65536 . . . / . . . . / . . . . / . . . .".parse().unwrap();
        assert_eq!(from_board(&huge), None);
    }
}
