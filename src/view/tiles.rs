//! What the tile layer shows: the board's tiles plus, for each merge of the
//! last move, the two tiles it consumed ("ghosts") sliding under the result.
//! Pure, so it is tested natively.

use crate::engine::{Origin, Pos, State, TileId};

/// How a rendered tile came to be, which picks its animation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Appeared after the last move (scale-in).
    New,
    /// Slid (or stayed) in the last move.
    Moved,
    /// Made by a merge in the last move (pop).
    Merged,
    /// Consumed by a merge: slides under the merged tile and is gone on the
    /// next move. Not a `.tile`, so readers of the board never count it.
    Ghost,
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
        let role = if self.kind == Kind::Ghost {
            "tile-ghost"
        } else {
            "tile"
        };
        let kind = match self.kind {
            Kind::New => " tile-new",
            Kind::Merged => " tile-merged",
            Kind::Moved | Kind::Ghost => "",
        };
        let big = if self.value > 2048 { " tile-super" } else { "" };
        format!(
            "{role} tile-{} tile-position-{}-{}{kind}{big}",
            self.value,
            self.pos.x + 1,
            self.pos.y + 1
        )
    }
}

/// The tile layer for `state`, sorted by id.
pub fn view_tiles(state: &State) -> Vec<ViewTile> {
    let mut out = Vec::new();
    for tile in state.board.tiles() {
        let kind = match tile.origin {
            Origin::Spawned => Kind::New,
            Origin::Moved { .. } => Kind::Moved,
            Origin::Merged { from } => {
                for source in from {
                    out.push(ViewTile {
                        id: source.id,
                        value: tile.value / 2,
                        pos: tile.pos,
                        kind: Kind::Ghost,
                    });
                }
                Kind::Merged
            }
        };
        out.push(ViewTile {
            id: tile.id,
            value: tile.value,
            pos: tile.pos,
            kind,
        });
    }
    // Ids are unique, so an unstable sort is exact (and smaller in wasm).
    out.sort_unstable_by_key(|t| t.id);
    out
}

/// `next` (sorted by id, as `view_tiles` gives it) in the order of `prev`: tiles that stay keep their places, new
/// tiles take the places of the ones that left, and any others go last.
///
/// Why: the keyed list's diff moves a DOM node whenever its index shifts in
/// a way the diff does not expect, and a move that both removes tiles (the
/// last move's ghosts) and adds some (the spawn, merge results) shifts
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
        let tiles = view_tiles(&state);
        assert_eq!(tiles.len(), 2);
        assert!(tiles.iter().all(|t| t.kind == Kind::New));
    }

    #[test]
    fn a_merge_shows_its_two_sources_as_ghosts_under_it() {
        // Play until some move merges, then look at that frame.
        let mut state = State::new(Config::default(), 1);
        for i in 0.. {
            let dir = Direction::ALL[i % 4];
            state = step(Input::Move(dir), &state);
            if state.last.as_ref().is_some_and(|t| !t.merged.is_empty()) {
                break;
            }
        }
        let tiles = view_tiles(&state);
        let merged: Vec<_> = tiles.iter().filter(|t| t.kind == Kind::Merged).collect();
        let ghosts: Vec<_> = tiles.iter().filter(|t| t.kind == Kind::Ghost).collect();
        assert!(!merged.is_empty());
        assert_eq!(ghosts.len(), 2 * merged.len());
        for m in merged {
            let under: Vec<_> = ghosts.iter().filter(|g| g.pos == m.pos).collect();
            assert_eq!(under.len(), 2);
            assert!(under.iter().all(|g| g.value * 2 == m.value && g.id < m.id));
        }
        assert!(tiles.windows(2).all(|w| w[0].id < w[1].id));
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
            kind: Kind::Merged,
        };
        assert_eq!(
            t.class(),
            "tile tile-4096 tile-position-3-1 tile-merged tile-super"
        );
        let g = ViewTile {
            kind: Kind::Ghost,
            value: 8,
            ..t
        };
        assert_eq!(g.class(), "tile-ghost tile-8 tile-position-3-1");
    }
}
