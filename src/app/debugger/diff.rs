//! What a message changed in the model, readable: each top-level field of
//! the [`Model`] that differs after it, before → after. The fields are
//! found generically (the model as JSON, field by field), and each value is
//! drawn by its shape, not its field's name: a board as a board, a history
//! as its length and cursor, a small object by the parts that changed,
//! anything else as JSON, cut at [`LONGEST`] characters with the whole kept
//! beside it ([`Change::whole`]) for the inspector to open. The board in
//! play is added as a picture when it moved.
//!
//! A change never reads the same before and after: where the two values
//! are drawn alike (a board whose tiles' ids changed, JSON that differs past
//! the cut), it is followed into the parts that differ, named by their
//! path (`game.state.board.cells[3].id`), and a long text by where it first
//! differs.

use serde_json::{Map, Value};

use crate::app::model::Model;

/// One field that a message changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    /// The field's name (`computer.asked` for a part of one).
    pub field: String,
    pub before: String,
    pub after: String,
    /// Both values whole, when either was cut.
    pub whole: Option<(String, String)>,
}

/// The longest a value is written before it is cut, in characters.
pub const LONGEST: usize = 120;

/// The most parts of one field followed, when the field's two values read
/// the same: past it, the rest are counted.
const PARTS: usize = 6;

/// What changed from `before` to `after`.
pub fn diff(before: &Model, after: &Model) -> Vec<Change> {
    diff_and_after(before, after).0
}

/// What changed from `before` to `after`, and `after` as JSON (which the
/// inspector draws whole, as a tree).
pub fn diff_and_after(before: &Model, after: &Model) -> (Vec<Change>, Value) {
    let mut changes = Vec::new();
    if before.board_game().present().board != after.board_game().present().board {
        changes.push(Change {
            field: "board in play".into(),
            before: before.board_game().present().board.to_string(),
            after: after.board_game().present().board.to_string(),
            whole: None,
        });
    }
    let after = fields(after);
    changes.extend(changes_of(&fields(before), &after));
    (changes, after)
}

/// What changed from one model to another, each written as JSON: field by
/// field (the rooms by their parts).
pub fn changes_of(before: &Value, after: &Value) -> Vec<Change> {
    let mut changes = Vec::new();
    let (Value::Object(was), Value::Object(now)) = (before, after) else {
        return changes;
    };
    for (name, was, now) in pairs(was, now) {
        if was != now {
            changed(&mut changes, name, was, now);
        }
    }
    changes
}

/// Each key of either object, with its value in each (`null` where it has
/// none): the keys of `now` in order, then those only `was` has.
fn pairs<'a>(
    was: &'a Map<String, Value>,
    now: &'a Map<String, Value>,
) -> impl Iterator<Item = (&'a str, &'a Value, &'a Value)> {
    let gone = was.iter().filter(|(k, _)| !now.contains_key(*k));
    now.iter()
        .map(|(k, v)| (k.as_str(), was.get(k).unwrap_or(&Value::Null), v))
        .chain(gone.map(|(k, v)| (k.as_str(), v, &Value::Null)))
}

/// The model as JSON.
fn fields(model: &Model) -> Value {
    serde_json::to_value(model).unwrap_or(Value::Null)
}

/// Adds the change of `name`: by its parts when both sides are plain
/// objects (a struct), else as a whole, or by the parts that differ when
/// the whole reads the same.
fn changed(changes: &mut Vec<Change>, name: &str, was: &Value, now: &Value) {
    match (was, now) {
        (Value::Object(a), Value::Object(b)) if shape(a).is_none() && shape(b).is_none() => {
            for (part, was, now) in pairs(a, b) {
                if was != now {
                    followed(changes, format!("{name}.{part}"), was, now, PARTS);
                }
            }
        }
        _ => {
            followed(changes, name.to_string(), was, now, PARTS);
        }
    }
}

/// Adds the change at `path`, as a whole if its two values read
/// differently; else each part that differs (at most `room` of them, the
/// rest counted), or where a text differs. Gives how many it added.
fn followed(
    changes: &mut Vec<Change>,
    path: String,
    was: &Value,
    now: &Value,
    room: usize,
) -> usize {
    let (before, after) = (whole(was), whole(now));
    if before != after && (cut(&before) != cut(&after) || room == 0) {
        changes.push(change(path, before, after));
        return 1;
    }
    let parts: Vec<(String, &Value, &Value)> = match (was, now) {
        (Value::Object(a), Value::Object(b)) => pairs(a, b)
            .filter(|(_, x, y)| x != y)
            .map(|(k, x, y)| (format!("{path}.{k}"), x, y))
            .collect(),
        (Value::Array(a), Value::Array(b)) if a.len() == b.len() => a
            .iter()
            .zip(b)
            .enumerate()
            .filter(|(_, (x, y))| x != y)
            .map(|(i, (x, y))| (format!("{path}[{i}]"), x, y))
            .collect(),
        _ => {
            let at = first_difference(&before, &after);
            let (was, now) = from_difference(&before, &after);
            changes.push(change(format!("{path}, from character {at}"), was, now));
            return 1;
        }
    };
    let mut added = 0;
    for (i, (part, x, y)) in parts.iter().enumerate() {
        if added >= room {
            changes.push(Change {
                field: format!("{path}: {} more parts", parts.len() - i),
                before: String::new(),
                after: String::new(),
                whole: None,
            });
            break;
        }
        added += followed(changes, part.clone(), x, y, room - added);
    }
    added
}

/// Where two texts first differ, in characters.
fn first_difference(a: &str, b: &str) -> usize {
    a.chars().zip(b.chars()).take_while(|(x, y)| x == y).count()
}

/// Two texts from a little before where they first differ.
fn from_difference(a: &str, b: &str) -> (String, String) {
    let from = first_difference(a, b).saturating_sub(20);
    let tail = |s: &str| {
        let rest: String = s.chars().skip(from).collect();
        if from > 0 {
            format!("…{rest}")
        } else {
            rest
        }
    };
    (tail(a), tail(b))
}

/// A change, each value cut at [`LONGEST`], whole beside them if either was.
fn change(field: String, before: String, after: String) -> Change {
    let (short_before, short_after) = (cut(&before), cut(&after));
    let whole = (short_before != before || short_after != after).then_some((before, after));
    Change {
        field,
        before: short_before,
        after: short_after,
        whole,
    }
}

/// A text cut at [`LONGEST`] characters, `…` where it was.
pub fn cut(text: &str) -> String {
    match text.char_indices().nth(LONGEST) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}

/// What kind of value an object is, by its shape.
enum Shape<'a> {
    /// A board: its width and its cells.
    Board(u64, &'a [Value]),
    /// A history: its inputs and cursor.
    History(usize, u64),
}

fn shape(object: &Map<String, Value>) -> Option<Shape<'_>> {
    if let (Some(Value::Number(w)), Some(Value::Array(cells))) =
        (object.get("width"), object.get("cells"))
    {
        return Some(Shape::Board(w.as_u64().unwrap_or(1).max(1), cells));
    }
    if let (Some(Value::String(inputs)), Some(Value::Number(cursor))) =
        (object.get("inputs"), object.get("cursor"))
    {
        return Some(Shape::History(inputs.len(), cursor.as_u64().unwrap_or(0)));
    }
    None
}

/// A value, readable: boards as rows of tiles, histories as their length
/// and cursor, the states inside as their score and board, the rest as JSON
/// cut at [`LONGEST`] characters.
pub fn show(value: &Value) -> String {
    cut(&whole(value))
}

/// A value, readable, whole: boards as rows of tiles, histories as their
/// length and cursor, the states inside as their score and board, the rest
/// as JSON.
pub fn whole(value: &Value) -> String {
    if let Value::Object(object) = value {
        match shape(object) {
            Some(Shape::Board(width, cells)) => return board(width, cells),
            Some(Shape::History(len, cursor)) => {
                return format!("{len} inputs, at {cursor}");
            }
            None => {}
        }
        if let (Some(score), Some(Value::Object(b))) = (object.get("score"), object.get("board")) {
            if let Some(Shape::Board(width, cells)) = shape(b) {
                return format!("a state, score {score}:\n{}", board(width, cells));
            }
        }
    }
    value.to_string()
}

/// A board's cells, a row a line, `.` for an empty cell.
fn board(width: u64, cells: &[Value]) -> String {
    let values: Vec<String> = cells
        .iter()
        .map(|cell| match cell.get("value") {
            Some(v) => v.to_string(),
            None => ".".into(),
        })
        .collect();
    values
        .chunks(width as usize)
        .map(|row| row.iter().map(|v| format!("{v:>5}")).collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}
