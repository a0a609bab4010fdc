//! What a message changed in the model, readable: each top-level field of
//! the [`Model`] that differs after it, before → after. The fields are
//! found generically (the model as JSON, field by field), and each value is
//! drawn by its shape, not its field's name: a board as a board, a history
//! as its length and cursor, a small object by the parts that changed,
//! anything else as short JSON. The board in play is added as a picture
//! when it moved.

use serde_json::{Map, Value};

use crate::app::model::Model;

/// One field that a message changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    /// The field's name (`computer.asked` for a part of one).
    pub field: String,
    pub before: String,
    pub after: String,
}

/// The longest a value is written before it is cut, in characters.
const LONGEST: usize = 120;

/// What changed from `before` to `after`.
pub fn diff(before: &Model, after: &Model) -> Vec<Change> {
    let mut changes = Vec::new();
    if before.board_game().present().board != after.board_game().present().board {
        changes.push(Change {
            field: "board in play".into(),
            before: before.board_game().present().board.to_string(),
            after: after.board_game().present().board.to_string(),
        });
    }
    let (Value::Object(was), Value::Object(now)) = (fields(before), fields(after)) else {
        return changes;
    };
    for (name, now) in &now {
        let was = was.get(name).unwrap_or(&Value::Null);
        if was != now {
            changed(&mut changes, name, was, now);
        }
    }
    changes
}

/// The model as JSON.
fn fields(model: &Model) -> Value {
    serde_json::to_value(model).unwrap_or(Value::Null)
}

/// Adds the change of `name`: by its parts when both sides are plain
/// objects (a struct), else as a whole.
fn changed(changes: &mut Vec<Change>, name: &str, was: &Value, now: &Value) {
    match (was, now) {
        (Value::Object(a), Value::Object(b)) if shape(a).is_none() && shape(b).is_none() => {
            for (part, now) in b {
                let was = a.get(part).unwrap_or(&Value::Null);
                if was != now {
                    changes.push(change(format!("{name}.{part}"), was, now));
                }
            }
        }
        _ => changes.push(change(name.to_string(), was, now)),
    }
}

fn change(field: String, was: &Value, now: &Value) -> Change {
    Change {
        field,
        before: show(was),
        after: show(now),
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
    let text = value.to_string();
    match text.char_indices().nth(LONGEST) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text,
    }
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
