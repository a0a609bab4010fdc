//! The board: a W×H grid of cells holding tiles, and the one slide that every
//! direction shares.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::Direction;

/// Smallest and largest side of a board.
pub const MIN_SIDE: u8 = 2;
/// Largest side of a board.
pub const MAX_SIDE: u8 = 8;

/// A cell on the board, 0-based: `x` is the column, `y` the row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Pos {
    pub x: u8,
    pub y: u8,
}

impl Pos {
    pub const fn new(x: u8, y: u8) -> Self {
        Pos { x, y }
    }
}

/// A tile's identity, unique within a session (ids keep counting across new
/// games, so the view never confuses a tile of the old game with one of the
/// new).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct TileId(pub u32);

/// One of the two tiles that a merge consumed: which tile it was and where it
/// stood before the move, so the view can slide it under the result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Source {
    pub id: TileId,
    pub from: Pos,
}

/// How a tile came to be where it is, as of the last move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Origin {
    /// Placed at random after a move, or at the start of a game.
    Spawned,
    /// Was at `from` before the last move (`from == pos` if it stayed).
    Moved { from: Pos },
    /// Made by the last move out of two tiles of half its value.
    Merged { from: [Source; 2] },
}

/// A numbered tile. Plain data: the view animates from `origin`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tile {
    pub id: TileId,
    pub value: u64,
    pub pos: Pos,
    pub origin: Origin,
}

/// A W×H grid of cells, row-major.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    width: u8,
    height: u8,
    cells: Vec<Option<Tile>>,
}

/// What one slide did to a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slide {
    pub board: Board,
    /// Whether any tile moved or merged. A slide that changes nothing must not
    /// spawn a tile.
    pub changed: bool,
    /// The sum of the values made by merges: the score this slide earns.
    pub gained: u64,
    /// The values made by merges, in the order the lines were slid.
    pub merged: Vec<u64>,
}

impl Board {
    /// An empty board. Panics only on sizes outside `MIN_SIDE..=MAX_SIDE`,
    /// which `Config::new` already refuses.
    pub fn empty(width: u8, height: u8) -> Self {
        assert!(
            (MIN_SIDE..=MAX_SIDE).contains(&width) && (MIN_SIDE..=MAX_SIDE).contains(&height),
            "board side out of range: {width}x{height}"
        );
        Board {
            width,
            height,
            cells: vec![None; width as usize * height as usize],
        }
    }

    /// Whether the board is one its own methods can trust: one cell per
    /// square, and each tile in the cell it names. Always true of a board
    /// built here; checked on a board read from outside.
    pub fn is_well_formed(&self) -> bool {
        self.cells.len() == self.width as usize * self.height as usize
            && self.cells.iter().enumerate().all(|(i, cell)| {
                cell.is_none_or(|t| {
                    t.pos.x < self.width && t.pos.y < self.height && self.index(t.pos) == i
                })
            })
    }

    pub fn width(&self) -> u8 {
        self.width
    }

    pub fn height(&self) -> u8 {
        self.height
    }

    fn index(&self, pos: Pos) -> usize {
        pos.y as usize * self.width as usize + pos.x as usize
    }

    pub fn get(&self, pos: Pos) -> Option<&Tile> {
        self.cells[self.index(pos)].as_ref()
    }

    /// Puts `tile` at `tile.pos`, replacing whatever was there.
    pub fn put(&mut self, tile: Tile) {
        let i = self.index(tile.pos);
        self.cells[i] = Some(tile);
    }

    /// Tiles in row-major order.
    pub fn tiles(&self) -> impl Iterator<Item = &Tile> {
        self.cells.iter().flatten()
    }

    /// Every cell position, row-major.
    pub fn positions(&self) -> impl Iterator<Item = Pos> {
        let (w, h) = (self.width, self.height);
        (0..h).flat_map(move |y| (0..w).map(move |x| Pos::new(x, y)))
    }

    /// Empty cells, row-major.
    pub fn empty_cells(&self) -> Vec<Pos> {
        self.positions()
            .filter(|&p| self.get(p).is_none())
            .collect()
    }

    /// The values of the board, row by row (0 for an empty cell).
    pub fn values(&self) -> Vec<Vec<u64>> {
        (0..self.height)
            .map(|y| {
                (0..self.width)
                    .map(|x| self.get(Pos::new(x, y)).map_or(0, |t| t.value))
                    .collect()
            })
            .collect()
    }

    /// The largest tile value, 0 on an empty board.
    pub fn max_value(&self) -> u64 {
        self.tiles().map(|t| t.value).max().unwrap_or(0)
    }

    /// Whether some direction would change the board: a tile and an empty
    /// cell, or two equal neighbours in a row or a column. (An empty board
    /// cannot move: nothing on it slides.)
    pub fn can_move(&self) -> bool {
        if self.tiles().next().is_none() {
            return false;
        }
        self.positions().any(|p| {
            let Some(t) = self.get(p) else { return true };
            let right = (p.x + 1 < self.width).then(|| Pos::new(p.x + 1, p.y));
            let below = (p.y + 1 < self.height).then(|| Pos::new(p.x, p.y + 1));
            [right, below]
                .into_iter()
                .flatten()
                .any(|q| self.get(q).is_some_and(|u| u.value == t.value))
        })
    }

    /// The lines a slide in `dir` works on, each listed from the edge the
    /// tiles move toward. Sliding every line toward its start is the whole
    /// rule; this is what makes it one rule for four directions.
    fn lines(&self, dir: Direction) -> Vec<Vec<Pos>> {
        let (w, h) = (self.width, self.height);
        match dir {
            Direction::Left => (0..h)
                .map(|y| (0..w).map(|x| Pos::new(x, y)).collect())
                .collect(),
            Direction::Right => (0..h)
                .map(|y| (0..w).rev().map(|x| Pos::new(x, y)).collect())
                .collect(),
            Direction::Up => (0..w)
                .map(|x| (0..h).map(|y| Pos::new(x, y)).collect())
                .collect(),
            Direction::Down => (0..w)
                .map(|x| (0..h).rev().map(|y| Pos::new(x, y)).collect())
                .collect(),
        }
    }

    /// Slides every tile toward `dir`, merging equal neighbours pairwise from
    /// the leading edge. A tile made by a merge does not merge again in the
    /// same slide. New tiles get ids from `next_id`, which is advanced.
    pub fn slide(&self, dir: Direction, next_id: &mut u32) -> Slide {
        let mut board = Board::empty(self.width, self.height);
        let mut changed = false;
        let mut gained = 0;
        let mut merged = Vec::new();
        for line in self.lines(dir) {
            // `open` is the last tile placed in this line if it may still take
            // a merge (it was not itself made by one).
            let mut placed = 0;
            let mut open: Option<Tile> = None;
            for &from in &line {
                let Some(tile) = self.get(from) else { continue };
                match open {
                    Some(prev) if prev.value == tile.value => {
                        let value = tile.value * 2;
                        let at = line[placed - 1];
                        board.put(Tile {
                            id: TileId(*next_id),
                            value,
                            pos: at,
                            origin: Origin::Merged {
                                from: [
                                    Source {
                                        id: prev.id,
                                        from: moved_from(&prev),
                                    },
                                    Source { id: tile.id, from },
                                ],
                            },
                        });
                        *next_id += 1;
                        gained += value;
                        merged.push(value);
                        changed = true;
                        open = None;
                    }
                    _ => {
                        let at = line[placed];
                        placed += 1;
                        changed |= at != from;
                        let moved = Tile {
                            pos: at,
                            origin: Origin::Moved { from },
                            ..*tile
                        };
                        board.put(moved);
                        open = Some(moved);
                    }
                }
            }
        }
        Slide {
            board,
            changed,
            gained,
            merged,
        }
    }
}

/// Where a tile placed earlier in this slide stood before the slide.
fn moved_from(tile: &Tile) -> Pos {
    match tile.origin {
        Origin::Moved { from } => from,
        _ => tile.pos,
    }
}

/// Boards print as the ASCII pictures the tests are written in: one row a
/// line, `.` for an empty cell.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (y, row) in self.values().iter().enumerate() {
            if y > 0 {
                writeln!(f)?;
            }
            let cells: Vec<String> = row
                .iter()
                .map(|&v| if v == 0 { ".".into() } else { v.to_string() })
                .collect();
            write!(f, "{}", cells.join(" "))?;
        }
        Ok(())
    }
}

/// Reads the ASCII pictures `Display` writes: rows separated by newlines or
/// `/`, cells by spaces, `.` for empty. Tiles get ids 0, 1, … in row-major
/// order and count as spawned.
impl std::str::FromStr for Board {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let rows: Vec<Vec<&str>> = s
            .split(['\n', '/'])
            .map(|r| r.split_whitespace().collect::<Vec<_>>())
            .filter(|r| !r.is_empty())
            .collect();
        let height = rows.len();
        let width = rows.first().map_or(0, Vec::len);
        if rows.iter().any(|r| r.len() != width) {
            return Err(format!("rows of different lengths in {s:?}"));
        }
        let side = MIN_SIDE as usize..=MAX_SIDE as usize;
        if !side.contains(&width) || !side.contains(&height) {
            return Err(format!(
                "a {width}x{height} board is outside 2..=8 per side"
            ));
        }
        let mut board = Board::empty(width as u8, height as u8);
        let mut id = 0;
        for (y, row) in rows.iter().enumerate() {
            for (x, cell) in row.iter().enumerate() {
                if *cell == "." {
                    continue;
                }
                let value: u64 = cell
                    .parse()
                    .map_err(|_| format!("{cell:?} is not a tile value"))?;
                if value < 2 || !value.is_power_of_two() {
                    return Err(format!("{value} is not a power of two from 2 up"));
                }
                board.put(Tile {
                    id: TileId(id),
                    value,
                    pos: Pos::new(x as u8, y as u8),
                    origin: Origin::Spawned,
                });
                id += 1;
            }
        }
        Ok(board)
    }
}
