//! Which key does what. Plain data in, plain data out, so the mapping is
//! tested natively; `App` attaches it to the window.

use super::model::Panel;
use super::msg::Msg;
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

    /// Ctrl, or Cmd on a Mac, and nothing else but perhaps Shift.
    fn command(self) -> bool {
        (self.ctrl || self.meta) && !self.alt
    }
}

/// What a key press asks for, if the game handles it. `key` is the DOM
/// `KeyboardEvent.key`.
///
/// - Arrows, WASD and vim's hjkl move; `R` starts a new game.
/// - `U` and Ctrl/Cmd+Z undo; Ctrl/Cmd+Shift+Z and Ctrl+Y redo.
/// - `?` opens or closes the history inspector; `I` asks for a hint; `P`
///   starts or stops autoplay.
///
/// Any other modifier leaves the key to the browser (Ctrl+R reloads, Alt+←
/// goes back). `?` is Shift+/ on most layouts, so Shift alone is allowed
/// for it.
pub fn msg_for_key(key: &str, modifiers: Modifiers) -> Option<Msg> {
    if modifiers.command() {
        return match key {
            "z" | "Z" if modifiers.shift => Some(Msg::Redo),
            "z" | "Z" => Some(Msg::Undo),
            "y" | "Y" if modifiers.ctrl && !modifiers.shift => Some(Msg::Redo),
            _ => None,
        };
    }
    if key == "?" && !modifiers.alt {
        return Some(Msg::Toggle(Panel::History));
    }
    if modifiers.any() {
        return None;
    }
    let direction = match key {
        "ArrowUp" | "w" | "W" | "k" | "K" => Direction::Up,
        "ArrowDown" | "s" | "S" | "j" | "J" => Direction::Down,
        "ArrowLeft" | "a" | "A" | "h" | "H" => Direction::Left,
        "ArrowRight" | "d" | "D" | "l" | "L" => Direction::Right,
        "r" | "R" => return Some(Msg::Play(Input::NewGame)),
        "u" | "U" => return Some(Msg::Undo),
        "i" | "I" => return Some(Msg::Hint),
        "p" | "P" => return Some(Msg::Autoplay),
        _ => return None,
    };
    Some(Msg::Play(Input::Move(direction)))
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
                    msg_for_key(key, Modifiers::default()),
                    Some(Msg::Play(Input::Move(direction))),
                    "{key}"
                );
            }
        }
    }

    #[test]
    fn r_starts_a_new_game() {
        assert_eq!(
            msg_for_key("r", Modifiers::default()),
            Some(Msg::Play(Input::NewGame))
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
            assert_eq!(msg_for_key("ArrowLeft", m), None);
            assert_eq!(msg_for_key("r", m), None);
            assert_eq!(msg_for_key("u", m), None);
            assert_eq!(msg_for_key("p", m), None);
        }
    }

    #[test]
    fn other_keys_are_not_the_game_s() {
        for key in ["Tab", "Enter", " ", "x", "F5", "PageDown", "/"] {
            assert_eq!(msg_for_key(key, Modifiers::default()), None, "{key}");
        }
    }

    #[test]
    fn undo_and_redo_by_letter_and_by_the_usual_shortcuts() {
        let none = Modifiers::default();
        let ctrl = Modifiers { ctrl: true, ..none };
        let cmd = Modifiers { meta: true, ..none };
        let shift = |m: Modifiers| Modifiers { shift: true, ..m };
        let table = [
            ("u", none, Some(Msg::Undo)),
            ("U", none, Some(Msg::Undo)),
            ("z", ctrl, Some(Msg::Undo)),
            ("z", cmd, Some(Msg::Undo)),
            ("Z", shift(ctrl), Some(Msg::Redo)),
            ("Z", shift(cmd), Some(Msg::Redo)),
            ("y", ctrl, Some(Msg::Redo)),
            // Cmd+Y is the history window in Safari, not redo.
            ("y", cmd, None),
            ("z", none, None),
            ("r", ctrl, None),
            ("ArrowLeft", ctrl, None),
        ];
        for (key, m, want) in table {
            assert_eq!(msg_for_key(key, m), want, "{key} {m:?}");
        }
    }

    #[test]
    fn panels_and_the_computer_player_have_keys() {
        let shifted = Modifiers {
            shift: true,
            ..Default::default()
        };
        assert_eq!(msg_for_key("?", shifted), Some(Msg::Toggle(Panel::History)));
        assert_eq!(
            msg_for_key("?", Modifiers::default()),
            Some(Msg::Toggle(Panel::History))
        );
        assert_eq!(msg_for_key("i", Modifiers::default()), Some(Msg::Hint));
        assert_eq!(msg_for_key("P", Modifiers::default()), Some(Msg::Autoplay));
    }
}
