//! Which key does what. Plain data in, plain data out, so the mapping is
//! tested natively; `App` attaches it to the window.

use super::msg::Msg;
use super::panel::Panel;
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

/// What a key press asks for when the event gives no usable `key`: bots,
/// userscripts and old test tools send a plain `Event("keydown")` carrying
/// only `keyCode` (or `which`), as the original game's
/// `KeyboardInputManager` reads them. Its table: 38/39/40/37 the arrows,
/// 87/68/83/65 W D S A, 75/76/74/72 vim's K L J H, 82 R; and its rule: any
/// modifier leaves the key alone.
pub fn msg_for_key_code(code: u32, modifiers: Modifiers) -> Option<Msg> {
    if modifiers.any() {
        return None;
    }
    let direction = match code {
        38 | 87 | 75 => Direction::Up,
        39 | 68 | 76 => Direction::Right,
        40 | 83 | 74 => Direction::Down,
        37 | 65 | 72 => Direction::Left,
        82 => return Some(Msg::Play(Input::NewGame)),
        _ => return None,
    };
    Some(Msg::Play(Input::Move(direction)))
}

/// Whether a `KeyboardEvent.key` says which key it was (a generic event has
/// none; some tools send `""` or `"Unidentified"`).
pub fn usable_key(key: &str) -> bool {
    !key.is_empty() && key != "Unidentified"
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
    fn key_codes_move_as_the_original_reads_them() {
        let table = [
            ([38, 87, 75], Direction::Up),
            ([39, 68, 76], Direction::Right),
            ([40, 83, 74], Direction::Down),
            ([37, 65, 72], Direction::Left),
        ];
        for (codes, direction) in table {
            for code in codes {
                assert_eq!(
                    msg_for_key_code(code, Modifiers::default()),
                    Some(Msg::Play(Input::Move(direction))),
                    "{code}"
                );
            }
        }
        assert_eq!(
            msg_for_key_code(82, Modifiers::default()),
            Some(Msg::Play(Input::NewGame))
        );
        for code in [0, 13, 32, 85, 90, 191] {
            assert_eq!(msg_for_key_code(code, Modifiers::default()), None, "{code}");
        }
        let shift = Modifiers {
            shift: true,
            ..Default::default()
        };
        assert_eq!(msg_for_key_code(37, shift), None);
        assert_eq!(msg_for_key_code(82, shift), None);
        assert!(!usable_key("") && !usable_key("Unidentified") && usable_key("a"));
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
