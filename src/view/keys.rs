//! Which key does what. Plain data in, plain data out, so the mapping is
//! tested natively; `App` attaches it to the window.

use crate::engine::{Direction, Input};

/// The state of the modifier keys at a key press.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Modifiers {
    pub alt: bool,
    pub ctrl: bool,
    pub meta: bool,
    pub shift: bool,
}

impl Modifiers {
    fn any(self) -> bool {
        self.alt || self.ctrl || self.meta || self.shift
    }
}

/// The input a key press means, if the game handles it. `key` is the DOM
/// `KeyboardEvent.key`. Arrows, WASD and vim's hjkl move; `r` starts a new
/// game. Any modifier leaves the key to the browser (Ctrl+R reloads, Alt+←
/// goes back).
pub fn input_for_key(key: &str, modifiers: Modifiers) -> Option<Input> {
    if modifiers.any() {
        return None;
    }
    let direction = match key {
        "ArrowUp" | "w" | "W" | "k" | "K" => Direction::Up,
        "ArrowDown" | "s" | "S" | "j" | "J" => Direction::Down,
        "ArrowLeft" | "a" | "A" | "h" | "H" => Direction::Left,
        "ArrowRight" | "d" | "D" | "l" | "L" => Direction::Right,
        "r" | "R" => return Some(Input::NewGame),
        _ => return None,
    };
    Some(Input::Move(direction))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_scheme_moves_every_way() {
        let table = [
            (["ArrowUp", "w", "k"], Direction::Up),
            (["ArrowDown", "s", "j"], Direction::Down),
            (["ArrowLeft", "a", "h"], Direction::Left),
            (["ArrowRight", "d", "l"], Direction::Right),
        ];
        for (keys, direction) in table {
            for key in keys {
                assert_eq!(
                    input_for_key(key, Modifiers::default()),
                    Some(Input::Move(direction)),
                    "{key}"
                );
            }
        }
    }

    #[test]
    fn r_starts_a_new_game() {
        assert_eq!(
            input_for_key("r", Modifiers::default()),
            Some(Input::NewGame)
        );
    }

    #[test]
    fn modified_keys_are_left_to_the_browser() {
        for m in [
            Modifiers {
                alt: true,
                ..Default::default()
            },
            Modifiers {
                ctrl: true,
                ..Default::default()
            },
            Modifiers {
                meta: true,
                ..Default::default()
            },
            Modifiers {
                shift: true,
                ..Default::default()
            },
        ] {
            assert_eq!(input_for_key("ArrowLeft", m), None);
            assert_eq!(input_for_key("r", m), None);
        }
    }

    #[test]
    fn other_keys_are_not_the_game_s() {
        for key in ["Tab", "Enter", " ", "x", "F5", "PageDown"] {
            assert_eq!(input_for_key(key, Modifiers::default()), None, "{key}");
        }
    }
}
