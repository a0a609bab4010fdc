//! The result card's picture for the share sheet: the card's board as the
//! page shows it, painted on a canvas and sent as `2048.png` with the
//! card's text where the share sheet takes files
//! (`navigator.canShare({files})`); elsewhere the text goes alone, as
//! [`browser::share_text`] sends it.
//!
//! The painting reads each cell off the page (its colours as the page's
//! style gives them, its number as shown), so the picture is the board the
//! player sees, in the theme they see it in, and no colour is written
//! twice. The picture's own scale (a cell 100 px, a gap 12 px) is here: it
//! is the file's size, not the page's.
//!
//! This code is the contest chunk's: the chunk hands [`TOOL`] to the
//! runner as it loads (`split_points::Tool`), so the page at start carries
//! only the text's way out, and the card, whose Share button is the
//! chunk's, always goes with its picture where it can. Every step is
//! caught: a step that fails sends the text alone.

use std::cell::RefCell;
use std::rc::Rc;

use leptos::prelude::{document, window};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{CanvasRenderingContext2d, Element, HtmlCanvasElement};

use super::browser;
use super::split_points::Tool;
use crate::app::Sent;

/// What the contest chunk hands the runner: the card sent with its picture.
pub const TOOL: Tool = Tool::ShareCard(share_card);

/// A cell's side in the picture, in pixels.
const CELL: f64 = 100.0;
/// The gap between cells and around them, in pixels.
const GAP: f64 = 12.0;

/// Sends the card's `text` with the picture of its board where the share
/// sheet takes files, else the text alone; `done` hears how it went.
///
/// The card is made by the message that asks for it to be sent, so its
/// board is on the page a turn later, once the view has drawn it: the
/// picture is painted then, milliseconds after the click, well within the
/// click's permission to open the share sheet.
pub fn share_card(text: String, done: Box<dyn FnOnce(Sent)>) {
    if !browser::shares_files() {
        return browser::share_text(&text, done);
    }
    browser::after(0, move || match painted() {
        Some(canvas) => send_picture(&canvas, text, done),
        None => browser::share_text(&text, done),
    });
}

/// The share sheet's data: `{text, files}`.
fn files_data(text: &str, files: &js_sys::Array) -> js_sys::Object {
    let data = browser::share_data(text);
    let _ = js_sys::Reflect::set(&data, &"files".into(), files);
    data
}

/// The picture made into a PNG file (the browser encodes it after this
/// returns), then sent with `text` if the share sheet takes it.
fn send_picture(canvas: &HtmlCanvasElement, text: String, done: Box<dyn FnOnce(Sent)>) {
    let shared = Rc::new(RefCell::new(Some((text, done))));
    let waiting = shared.clone();
    let encoded = Closure::once(move |blob: JsValue| {
        if let Some((text, done)) = waiting.borrow_mut().take() {
            let files = png_file(blob).map(|file| js_sys::Array::of1(&file));
            match files.map(|files| files_data(&text, &files)) {
                Some(data) if browser::can_share(&data) => browser::share(&data, &text, done),
                _ => browser::share_text(&text, done),
            }
        }
    });
    if canvas.to_blob(encoded.as_ref().unchecked_ref()).is_err() {
        if let Some((text, done)) = shared.borrow_mut().take() {
            browser::share_text(&text, done);
        }
    }
    // Called at most once, by the browser, after this returns.
    encoded.forget();
}

/// `blob` (what `toBlob` gave: null if the canvas could not be encoded) as
/// the file `2048.png`.
fn png_file(blob: JsValue) -> Option<web_sys::File> {
    if blob.is_null() {
        return None;
    }
    // What `toBlob` gives that is not null is a Blob.
    let blob: web_sys::Blob = blob.unchecked_into();
    let options = web_sys::FilePropertyBag::new();
    options.set_type("image/png");
    let parts = js_sys::Array::of1(&blob);
    web_sys::File::new_with_blob_sequence_and_options(&parts, "2048.png", &options).ok()
}

/// The card's board painted on a new canvas: `None` if the board is not on
/// the page or the browser gives no canvas.
fn painted() -> Option<HtmlCanvasElement> {
    let board = document().query_selector(".card-board").ok()??;
    let cells = board.query_selector_all(".card-cell").ok()?;
    let cols: u32 = style_of(&board, "--cols")?
        .trim()
        .parse()
        .ok()
        .filter(|&c| c > 0)?;
    let rows = cells.length().div_ceil(cols);
    // A `canvas` element is always an HTMLCanvasElement, and its "2d"
    // context, where there is one, a CanvasRenderingContext2D.
    let canvas: HtmlCanvasElement = document().create_element("canvas").ok()?.unchecked_into();
    canvas.set_width(side(cols) as u32);
    canvas.set_height(side(rows) as u32);
    let pen: CanvasRenderingContext2d = canvas.get_context("2d").ok()??.unchecked_into();
    pen.set_fill_style_str(&style_of(&board, "background-color")?);
    pen.fill_rect(0.0, 0.0, side(cols), side(rows));
    pen.set_text_align("center");
    pen.set_text_baseline("middle");
    for i in 0..cells.length() {
        // `.card-cell` matches elements only.
        let cell: Element = cells.item(i)?.unchecked_into();
        let at = |n: u32| GAP + f64::from(n) * (CELL + GAP);
        paint_cell(&pen, &cell, at(i % cols), at(i / cols))?;
    }
    Some(canvas)
}

/// One cell at (`x`, `y`): its square in its background colour, and its
/// number, if it has one, in its text colour.
fn paint_cell(pen: &CanvasRenderingContext2d, cell: &Element, x: f64, y: f64) -> Option<()> {
    pen.set_fill_style_str(&style_of(cell, "background-color")?);
    pen.fill_rect(x, y, CELL, CELL);
    let number = cell.text_content().unwrap_or_default();
    if !number.is_empty() {
        pen.set_fill_style_str(&style_of(cell, "color")?);
        pen.set_font(match number.len() {
            0..=2 => "bold 48px sans-serif",
            3 => "bold 40px sans-serif",
            4 => "bold 32px sans-serif",
            _ => "bold 24px sans-serif",
        });
        let _ = pen.fill_text(&number, x + CELL / 2.0, y + CELL / 2.0);
    }
    Some(())
}

/// The picture's side across `n` cells, gaps included.
fn side(n: u32) -> f64 {
    f64::from(n) * (CELL + GAP) + GAP
}

/// `element`'s computed `property`, as the page's style gives it.
fn style_of(element: &Element, property: &str) -> Option<String> {
    let style = window().get_computed_style(element).ok()??;
    style.get_property_value(property).ok()
}
