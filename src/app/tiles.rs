//! What the tile layer shows: the board's tiles, with the classes that
//! animate them. A merged tile also draws the two tiles it consumed
//! sliding in under it, from classes that say where they came from
//! ([`MergedFrom`]). Pure, so it is tested natively.

use crate::engine::{Origin, Pos, Source, State, Tile, TileId};

/// How a rendered tile came to be, which picks its animation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Appeared after the last move (scale-in).
    New,
    /// Slid (or stayed) in the last move, or already on screen.
    Moved,
    /// Made by a merge in the last move (pop), with where its two sources
    /// came from.
    Merged(MergedFrom),
}

/// Where a merged tile's two sources stood: on which side of it, and how
/// many cells away (the nearer one may have been on the merged tile's own
/// cell, 0 away).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MergedFrom {
    pub side: &'static str,
    pub near: u8,
    pub far: u8,
}

impl MergedFrom {
    fn of(pos: Pos, from: [Source; 2]) -> Self {
        let d = |s: &Source| s.from.x.abs_diff(pos.x) + s.from.y.abs_diff(pos.y);
        // Both sources lie on one side of the result, along the move's axis.
        let far = from[1].from;
        let side = if far.x > pos.x {
            "right"
        } else if far.x < pos.x {
            "left"
        } else if far.y > pos.y {
            "below"
        } else {
            "above"
        };
        MergedFrom {
            side,
            near: d(&from[0]).min(d(&from[1])),
            far: d(&from[0]).max(d(&from[1])),
        }
    }
}

/// One element of the tile layer, keyed by `id`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ViewTile {
    pub id: TileId,
    pub value: u64,
    pub pos: Pos,
    pub kind: Kind,
}

impl ViewTile {
    /// The element's classes, in the original 2048's conventions
    /// (`tile-position-{x}-{y}` is 1-based, x the column).
    pub fn class(&self) -> String {
        // Built by pushes rather than `format!`: this runs for every tile
        // that changes, and formatting machinery costs wasm size.
        let digit = |n: u8| char::from(b'0' + n);
        let mut class = String::from("tile tile-");
        class.push_str(&self.value.to_string());
        class.push_str(" tile-position-");
        class.push(digit(self.pos.x + 1));
        class.push('-');
        class.push(digit(self.pos.y + 1));
        match self.kind {
            Kind::New => class.push_str(" tile-new"),
            Kind::Merged(g) => {
                class.push_str(" tile-merged from-");
                class.push_str(g.side);
                class.push_str(" from-a");
                class.push(digit(g.near));
                class.push_str(" from-b");
                class.push(digit(g.far));
            }
            Kind::Moved => {}
        }
        if self.value > 2048 {
            class.push_str(" tile-super");
        }
        class
    }
}

/// The tile layer for `state`, sorted by id. `drawn`: the board is the one
/// the page's static shell drew before the app ran (a new visitor's first
/// game, `Game::shell_board`), whose tiles are on screen already, their
/// last move's animations played there: they do not appear, slide or pop
/// a second time.
pub fn view_tiles(state: &State, drawn: bool) -> Vec<ViewTile> {
    let mut out: Vec<_> = state.board.tiles().map(|t| view_tile(t, drawn)).collect();
    // Ids are unique, so an unstable sort is exact (and smaller in wasm).
    out.sort_unstable_by_key(|t| t.id);
    out
}

/// One tile as the tile layer draws it (`drawn` as for [`view_tiles`]).
pub fn view_tile(tile: &Tile, drawn: bool) -> ViewTile {
    let kind = match tile.origin {
        _ if drawn => Kind::Moved,
        Origin::Spawned => Kind::New,
        Origin::Moved { .. } => Kind::Moved,
        Origin::Merged { from } => Kind::Merged(MergedFrom::of(tile.pos, from)),
    };
    ViewTile {
        id: tile.id,
        value: tile.value,
        pos: tile.pos,
        kind,
    }
}

/// `next` (sorted by id, as `view_tiles` gives it) in the order of `prev`: tiles that stay keep their places, new
/// tiles take the places of the ones that left, and any others go last.
///
/// Why: the keyed list's diff moves a DOM node whenever its index shifts in
/// a way the diff does not expect, and a move that both removes tiles (the
/// last move's merged sources) and adds some (the spawn, merge results) shifts
/// indices. Filling each vacated place with a new tile keeps every other
/// index still, so the only DOM writes are the removals, the insertions and
/// the class changes of tiles that moved.
pub fn keep_places(prev: &[ViewTile], next: Vec<ViewTile>) -> Vec<ViewTile> {
    let find = |list: &[ViewTile], id| list.binary_search_by_key(&id, |t: &ViewTile| t.id);
    let mut fresh = next
        .iter()
        .filter(|t| !prev.iter().any(|p| p.id == t.id))
        .copied()
        .collect::<Vec<_>>()
        .into_iter();
    let mut out = Vec::with_capacity(next.len());
    for p in prev {
        match find(&next, p.id) {
            Ok(i) => out.push(next[i]),
            Err(_) => out.extend(fresh.next()),
        }
    }
    out.extend(fresh);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{step, Config, Direction, Input};

    #[test]
    fn a_new_game_shows_two_new_tiles() {
        let state = State::new(Config::default(), 7);
        let tiles = view_tiles(&state, false);
        assert_eq!(tiles.len(), 2);
        assert!(tiles.iter().all(|t| t.kind == Kind::New));
    }

    #[test]
    fn a_merge_says_where_its_two_sources_came_from() {
        let table = [
            // [2 2 . .] left: the sources stood 0 and 1 cells to the right.
            (
                "2 2 . . / . . . . / . . . . / . . . .",
                Direction::Left,
                "right",
                0,
                1,
            ),
            // [2 . . 2] left: 0 and 3 cells to the right.
            (
                "2 . . 2 / . . . . / . . . . / . . . .",
                Direction::Left,
                "right",
                0,
                3,
            ),
            // [. 2 2 .] right: to the left, 1 and 2 cells away.
            (
                ". 2 2 . / . . . . / . . . . / . . . .",
                Direction::Right,
                "left",
                1,
                2,
            ),
            // A column moving up: from below.
            (
                ". . . . / 4 . . . / . . . . / 4 . . .",
                Direction::Up,
                "below",
                1,
                3,
            ),
            (
                ". 8 . . / . 8 . . / . . . . / . . . .",
                Direction::Down,
                "above",
                2,
                3,
            ),
        ];
        for (board, dir, side, near, far) in table {
            let state = State::from_board(board.parse().unwrap(), 1);
            let next = step(Input::Move(dir), &state);
            let merged: Vec<_> = view_tiles(&next, false)
                .into_iter()
                .filter_map(|t| match t.kind {
                    Kind::Merged(g) => Some(g),
                    _ => None,
                })
                .collect();
            assert_eq!(merged, [MergedFrom { side, near, far }], "{board} {dir:?}");
        }
    }

    fn tile(id: u32) -> ViewTile {
        ViewTile {
            id: TileId(id),
            value: 2,
            pos: Pos::new(0, 0),
            kind: Kind::Moved,
        }
    }

    fn ids(list: &[ViewTile]) -> Vec<u32> {
        list.iter().map(|t| t.id.0).collect()
    }

    #[test]
    fn new_tiles_take_the_places_of_those_that_left() {
        let prev = [tile(1), tile(2), tile(3), tile(4), tile(5)];
        let next = vec![tile(1), tile(3), tile(4), tile(5), tile(8), tile(9)];
        // 2 left: 8 takes its place; 9 goes last. The rest keep their order.
        assert_eq!(ids(&keep_places(&prev, next)), [1, 8, 3, 4, 5, 9]);
        let next = vec![tile(1), tile(5)];
        assert_eq!(ids(&keep_places(&prev, next)), [1, 5]);
        assert_eq!(ids(&keep_places(&[], vec![tile(6), tile(7)])), [6, 7]);
    }

    #[test]
    fn classes_follow_the_original_conventions() {
        let t = ViewTile {
            id: TileId(3),
            value: 4096,
            pos: Pos::new(2, 0),
            kind: Kind::Merged(MergedFrom {
                side: "right",
                near: 0,
                far: 1,
            }),
        };
        assert_eq!(
            t.class(),
            "tile tile-4096 tile-position-3-1 tile-merged from-right from-a0 from-b1 tile-super"
        );
        let n = ViewTile {
            kind: Kind::New,
            value: 2,
            ..t
        };
        assert_eq!(n.class(), "tile tile-2 tile-position-3-1 tile-new");
    }
}
