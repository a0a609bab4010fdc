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

/// The tile layer for `state`, sorted by id. Ids only grow, so a move keeps
/// the order of the tiles that stay and appends the new ones: the keyed list
/// never reorders DOM nodes.
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
    out.sort_by_key(|t| t.id);
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
