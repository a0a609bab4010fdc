//! The doors to the browser that the runtime, the runner, the
//! subscriptions and the views go through: the address, randomness, the
//! colour scheme, the clipboard, timers, idle moments,
//! animations and text selection.
//!
//! No JavaScript exception may unwind through the runtime (it would leave
//! the message queue stuck), so every door is safe to call in any browser:
//! a call that can throw is bound with wasm-bindgen's `catch` and returns
//! `Result`; an API that may be absent (the clipboard on an insecure
//! origin, `requestIdleCallback` in older browsers) is looked up as an
//! `Option` first. A door that fails gives a default or a fallback, never a
//! panic or a console error. `BROWSER_CALLS` in `tests/architecture.rs` lists every door and
//! what it does when the browser refuses.

use std::cell::{OnceCell, RefCell};
use std::rc::Rc;
use std::time::Duration;

use leptos::prelude::{document, set_timeout_with_handle, window};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsCast, JsValue};

use crate::app::contest::LocalTime;
use crate::app::first_game::ShellGame;
use crate::app::Sent;
use crate::session::daily::{self, Day};

// The few calls web-sys binds without `catch` or as always present that
// can throw or be absent, bound again here on local types (the objects are
// the browser's own; these types only name what is read of them).
#[wasm_bindgen]
extern "C" {
    /// `navigator`, for its clipboard.
    type ClipboardHolder;
    /// `navigator.clipboard`: `undefined` outside a secure context (a page
    /// served over plain http on a LAN address), hence `Option`.
    #[wasm_bindgen(method, getter)]
    fn clipboard(this: &ClipboardHolder) -> Option<Clipboard>;

    type Clipboard;
    /// `Clipboard.writeText`, which a browser or an extension may make
    /// throw rather than reject.
    #[wasm_bindgen(method, catch, js_name = writeText)]
    fn write_text(this: &Clipboard, text: &str) -> Result<js_sys::Promise, JsValue>;

    /// `window`, for its idle callbacks.
    type IdleScheduler;
    /// `requestIdleCallback`, absent from some browsers (calling it then
    /// throws a `TypeError`, caught).
    #[wasm_bindgen(method, catch, js_name = requestIdleCallback)]
    fn request_idle_callback(
        this: &IdleScheduler,
        callback: &js_sys::Function,
    ) -> Result<JsValue, JsValue>;
    /// `cancelIdleCallback`, alike.
    #[wasm_bindgen(method, catch, js_name = cancelIdleCallback)]
    fn cancel_idle_callback(this: &IdleScheduler, handle: &JsValue) -> Result<(), JsValue>;

    /// `window`, for its timers. Their handles are kept as the values the
    /// browser gave, not as web-sys's `i32`: a handle that does not fit
    /// (a test clock's are 10^12 and up) would then clear another timer,
    /// and the one still running would call a closure already dropped.
    type TimerHost;
    #[wasm_bindgen(method, catch, js_name = setTimeout)]
    fn set_timeout(this: &TimerHost, f: &js_sys::Function, ms: i32) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(method, catch, js_name = clearTimeout)]
    fn clear_timeout(this: &TimerHost, handle: &JsValue) -> Result<(), JsValue>;
    #[wasm_bindgen(method, catch, js_name = setInterval)]
    fn set_interval(this: &TimerHost, f: &js_sys::Function, ms: i32) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(method, catch, js_name = clearInterval)]
    fn clear_interval(this: &TimerHost, handle: &JsValue) -> Result<(), JsValue>;

    /// `navigator`, for its service workers.
    type WorkerHolder;
    /// `navigator.serviceWorker`: absent where the browser refuses service
    /// workers (some private modes, file://) and throwing in a sandboxed
    /// frame, hence `catch` and `Option`.
    #[wasm_bindgen(method, getter, catch, js_name = serviceWorker)]
    fn service_worker(this: &WorkerHolder) -> Result<Option<ServiceWorkers>, JsValue>;

    /// `navigator`, for its share sheet.
    type ShareHolder;
    /// `navigator.share`: absent from most desktop browsers, hence
    /// `Option`; called through `Function.call`, bound with catch.
    #[wasm_bindgen(method, getter, js_name = share)]
    fn share_fn(this: &ShareHolder) -> Option<js_sys::Function>;
    /// `navigator.canShare`: absent where the share sheet takes no files.
    #[wasm_bindgen(method, getter, js_name = canShare)]
    fn can_share_fn(this: &ShareHolder) -> Option<js_sys::Function>;

    type ServiceWorkers;
    /// The service worker that controls the page, if one does.
    #[wasm_bindgen(method, getter)]
    fn controller(this: &ServiceWorkers) -> Option<js_sys::Object>;
}

/// Whether a service worker controls the page: a visit after the first,
/// whose files (the panels' chunks among them) the service worker holds.
/// `false` where service workers are absent or refused.
pub fn served_by_worker() -> bool {
    let navigator: WorkerHolder = window().navigator().unchecked_into();
    matches!(navigator.service_worker(), Ok(Some(workers)) if workers.controller().is_some())
}

/// The bytes at `url` (fetched from the page, as the browser fetches any
/// file of the site), or `None` if the fetch fails or the server answers
/// anything but 2xx. Every call that can throw is bound with `catch`; a
/// rejected promise is an `Err` of `JsFuture`.
pub async fn fetch_bytes(url: &str) -> Option<js_sys::ArrayBuffer> {
    use wasm_bindgen_futures::JsFuture;
    let response = JsFuture::from(window().fetch_with_str(url)).await.ok()?;
    let response: web_sys::Response = response.dyn_into().ok()?;
    if !response.ok() {
        return None;
    }
    let bytes = JsFuture::from(response.array_buffer().ok()?).await.ok()?;
    bytes.dyn_into().ok()
}

/// How many logical cores the machine has (`navigator.hardwareConcurrency`;
/// 1 where the browser does not say).
pub fn cores() -> usize {
    let n = window().navigator().hardware_concurrency();
    if n >= 1.0 {
        n as usize
    } else {
        1
    }
}

/// The address's query string (`?seed=5`), or nothing.
pub fn search() -> String {
    window().location().search().unwrap_or_default()
}

/// The page's address without its query: where share links point.
pub fn page_url() -> String {
    let location = window().location();
    format!(
        "{}{}",
        location.origin().unwrap_or_default(),
        location.pathname().unwrap_or_default()
    )
}

/// Takes the query off the address bar without a reload.
pub fn clear_query() {
    let location = window().location();
    if let (Ok(history), Ok(path)) = (window().history(), location.pathname()) {
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&path));
    }
}

/// 64 random bits, drawn once at start-up: the seeds of games nobody asked
/// to replay come from them (`Game::draw_seed`).
pub fn entropy() -> u64 {
    let draw = || (js_sys::Math::random() * (1u64 << 32) as f64) as u64;
    (draw() << 32) | draw()
}

/// The media query of a dark system colour scheme, if the browser has
/// `matchMedia`.
pub fn dark_scheme() -> Option<web_sys::MediaQueryList> {
    window()
        .match_media("(prefers-color-scheme: dark)")
        .ok()
        .flatten()
}

/// Whether the system asks for a dark colour scheme.
pub fn system_prefers_dark() -> bool {
    dark_scheme().is_some_and(|m| m.matches())
}

/// Whether the page is hidden (another tab, a minimised window, closing).
pub fn page_hidden() -> bool {
    document().hidden()
}

/// index.html's first-game script, if it drew a new visitor's first game
/// before the app ran (`app::first_game`): `window.firstGame`.
fn first_game() -> Option<JsValue> {
    js_sys::Reflect::get(&window(), &"firstGame".into())
        .ok()
        .filter(|game| game.is_object())
}

/// The game the page's shell drew, and the moves it played, if it drew
/// one: its `seed`, a whole number below 2⁵³ (which JavaScript holds
/// exactly; anything else reads as no game drawn), and what
/// `firstGame.adopt()` returns, the moves as a string of direction numbers
/// (`"2031"`). From then on the script plays nothing: what the player does
/// is kept for the app, and handed over by `replay_first_inputs`.
pub fn adopt_first_game() -> Option<ShellGame> {
    let game = first_game()?;
    let adopt =
        js_sys::Reflect::get(&game, &"adopt".into()).map(|f| f.dyn_into::<js_sys::Function>());
    let moves = match adopt {
        Ok(Ok(adopt)) => adopt.call0(&game).ok().and_then(|m| m.as_string()),
        _ => None,
    };
    let seed = js_sys::Reflect::get(&game, &"seed".into()).ok()?.as_f64()?;
    let exact = seed >= 0.0 && seed < (1u64 << 53) as f64 && seed.fract() == 0.0;
    exact.then(|| ShellGame::read(seed as u64, &moves.unwrap_or_default()))
}

/// Asks the first-game script to stop keeping keys and swipes and to
/// dispatch again, in order, those it kept. Nothing happens where it drew
/// no game; a call that throws is caught.
pub fn replay_first_inputs() {
    let Some(game) = first_game() else { return };
    let replay =
        js_sys::Reflect::get(&game, &"replay".into()).map(|f| f.dyn_into::<js_sys::Function>());
    if let Ok(Ok(replay)) = replay {
        let _ = replay.call0(&game);
    }
}

/// Removes the element with this id, if there is one.
pub fn remove_element(id: &str) {
    if let Some(el) = document().get_element_by_id(id) {
        el.remove();
    }
}

/// Writes `text` to the clipboard, calling `done` if that worked. Where
/// there is no clipboard, or `writeText` throws or rejects (no permission),
/// `done` is not called and the link stays on screen to copy by hand;
/// nothing reaches the console.
pub fn copy(text: &str, done: impl FnOnce() + 'static) {
    copy_then(text, move |copied| {
        if copied {
            done();
        }
    });
}

/// Writes `text` to the clipboard, then calls `done` with whether that
/// worked (false at once where there is no clipboard or `writeText`
/// throws).
pub fn copy_then(text: &str, done: impl FnOnce(bool) + 'static) {
    let navigator: ClipboardHolder = window().navigator().unchecked_into();
    let Some(Ok(promise)) = navigator.clipboard().map(|c| c.write_text(text)) else {
        return done(false);
    };
    settle(&promise, done);
}

/// Calls `done` with whether `promise` resolved, once it settles; a
/// rejection is handled, so nothing reaches the console.
fn settle(promise: &js_sys::Promise, done: impl FnOnce(bool) + 'static) {
    let done = Rc::new(RefCell::new(Some(done)));
    let refused_done = done.clone();
    let ok = Closure::once(move |_: JsValue| {
        if let Some(done) = done.borrow_mut().take() {
            done(true);
        }
    });
    let refused = Closure::once(move |_: JsValue| {
        if let Some(done) = refused_done.borrow_mut().take() {
            done(false);
        }
    });
    let _ = promise.then2(&ok, &refused);
    // Each is called at most once, by the promise, after this returns.
    ok.forget();
    refused.forget();
}

/// Sends `text` out by the system's share sheet (`navigator.share`) where
/// the browser has one, else (or if it is refused) the clipboard; `done`
/// hears how. Every step is caught: at worst the text stays on the page.
pub fn share_text(text: &str, done: impl FnOnce(Sent) + 'static) {
    share(&share_data(text), text, done)
}

/// The share sheet's data for `text`: `{text}`, to which a picture may be
/// added as `files` (`web::card_picture`).
pub fn share_data(text: &str) -> js_sys::Object {
    let data = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&data, &"text".into(), &text.into());
    data
}

/// Whether the share sheet may take files: `navigator.canShare` is there
/// (`can_share` then says whether it takes a given file).
pub fn shares_files() -> bool {
    let navigator: ShareHolder = window().navigator().unchecked_into();
    navigator.can_share_fn().is_some()
}

/// Whether the share sheet takes `data` (`navigator.canShare`): false
/// where there is no `canShare`, or it throws.
pub fn can_share(data: &js_sys::Object) -> bool {
    let navigator: ShareHolder = window().navigator().unchecked_into();
    navigator
        .can_share_fn()
        .and_then(|can| can.call1(&navigator, data).ok())
        .is_some_and(|takes| takes.is_truthy())
}

/// Sends `data` by the share sheet where there is one, else (or if it is
/// refused) `text` by the clipboard; `done` hears how.
pub fn share(data: &js_sys::Object, text: &str, done: impl FnOnce(Sent) + 'static) {
    let navigator: ShareHolder = window().navigator().unchecked_into();
    let sheet = navigator.share_fn().and_then(|share| {
        share
            .call1(&navigator, data)
            .ok()?
            .dyn_into::<js_sys::Promise>()
            .ok()
    });
    let to_clipboard = {
        let text = text.to_string();
        move |done: Box<dyn FnOnce(Sent)>| {
            copy_then(&text, move |copied| {
                done(if copied { Sent::Copied } else { Sent::Shown })
            })
        }
    };
    match sheet {
        Some(promise) => settle(&promise, move |shared| {
            if shared {
                done(Sent::Shared)
            } else {
                to_clipboard(Box::new(done))
            }
        }),
        None => to_clipboard(Box::new(done)),
    }
}

/// The local date and the seconds since local midnight, by the browser's
/// clock and time zone.
pub fn local_time() -> LocalTime {
    let now = js_sys::Date::new_0();
    let day = Day::new(
        now.get_full_year() as i32,
        now.get_month() as u8 + 1,
        now.get_date() as u8,
    )
    .unwrap_or(daily::FIRST);
    let second = now.get_hours() * 3600 + now.get_minutes() * 60 + now.get_seconds();
    LocalTime { day, second }
}

/// Calls `f` after `ms` milliseconds; where the browser refuses a timer,
/// at once (after the current message: the runtime queues what it is sent).
pub fn after(ms: u32, f: impl FnOnce() + 'static) {
    let f = Rc::new(RefCell::new(Some(f)));
    let later = f.clone();
    let scheduled = set_timeout_with_handle(
        move || {
            if let Some(f) = later.borrow_mut().take() {
                f();
            }
        },
        Duration::from_millis(ms.into()),
    );
    if scheduled.is_err() {
        if let Some(f) = f.borrow_mut().take() {
            f();
        }
    }
}

/// Calls `f` on the next microtask, once the current task's code has
/// returned (through a resolved promise, which every browser that runs
/// wasm has).
pub fn on_next_microtask(f: &Closure<dyn FnMut(JsValue)>) {
    let _ = js_sys::Promise::resolve(&JsValue::UNDEFINED).then(f);
}

fn timers() -> TimerHost {
    window().unchecked_into()
}

/// Starts a timer that calls `f` once after `ms` milliseconds: its handle,
/// or `None` where the browser refuses a timer.
pub fn start_timeout(f: &js_sys::Function, ms: u32) -> Option<JsValue> {
    timers()
        .set_timeout(f, ms.try_into().unwrap_or(i32::MAX))
        .ok()
}

/// Stops the timer `handle` (from [`start_timeout`]) if it has not run.
pub fn stop_timeout(handle: &JsValue) {
    let _ = timers().clear_timeout(handle);
}

/// A repeating timer; stopped when dropped.
pub struct Interval {
    handle: JsValue,
    _tick: Closure<dyn FnMut()>,
}

/// Calls `f` every `ms` milliseconds until the [`Interval`] is dropped;
/// `None` where the browser refuses a timer.
pub fn every(ms: u32, f: impl FnMut() + 'static) -> Option<Interval> {
    let tick = Closure::<dyn FnMut()>::new(f);
    let handle = timers()
        .set_interval(
            tick.as_ref().unchecked_ref(),
            ms.try_into().unwrap_or(i32::MAX),
        )
        .ok()?;
    Some(Interval {
        handle,
        _tick: tick,
    })
}

impl Drop for Interval {
    fn drop(&mut self) {
        let _ = timers().clear_interval(&self.handle);
    }
}

/// How long an idle callback may wait for the page to be idle, in ms.
const IDLE_WAIT_MS: u32 = 1000;

/// Idle moments: `f` is called at each, until the [`Idle`] is dropped.
pub struct Idle(Rc<RefCell<IdleState>>);

struct IdleState {
    /// The pending request: an idle callback's handle, or a timer's.
    pending: Option<Pending>,
    callback: Option<Closure<dyn FnMut()>>,
}

enum Pending {
    Idle(JsValue),
    Timer(JsValue),
}

/// Calls `f` at each idle moment of the page (`requestIdleCallback`, waiting
/// at most [`IDLE_WAIT_MS`]), or, without it, after a short timer.
pub fn idle(mut f: impl FnMut() + 'static) -> Idle {
    let state = Rc::new(RefCell::new(IdleState {
        pending: None,
        callback: None,
    }));
    let weak = Rc::downgrade(&state);
    let callback = Closure::<dyn FnMut()>::new(move || {
        if let Some(state) = weak.upgrade() {
            request_idle(&state);
            f();
        }
    });
    state.borrow_mut().callback = Some(callback);
    request_idle(&state);
    Idle(state)
}

/// Asks for the next idle moment.
fn request_idle(state: &Rc<RefCell<IdleState>>) {
    let mut s = state.borrow_mut();
    let Some(callback) = s.callback.as_ref() else {
        return;
    };
    let f: &js_sys::Function = callback.as_ref().unchecked_ref();
    let w = window();
    s.pending = match w.unchecked_ref::<IdleScheduler>().request_idle_callback(f) {
        Ok(handle) => Some(Pending::Idle(handle)),
        Err(_) => start_timeout(f, IDLE_WAIT_MS / 10).map(Pending::Timer),
    };
}

impl Drop for Idle {
    fn drop(&mut self) {
        let w = window();
        match self.0.borrow_mut().pending.take() {
            Some(Pending::Idle(handle)) => {
                let _ = w
                    .unchecked_ref::<IdleScheduler>()
                    .cancel_idle_callback(&handle);
            }
            Some(Pending::Timer(handle)) => stop_timeout(&handle),
            None => {}
        }
    }
}

/// The CSS animation running on `el`, if any. `getAnimations` is reached
/// through `Reflect` because web-sys still marks it unstable; both steps
/// return `Result`. It makes the browser bring styles up to date, so call
/// it once and keep the result: a CSS animation object lives as long as
/// its `animation-name` stays.
pub fn css_animation(el: &web_sys::Element) -> Option<web_sys::Animation> {
    let get = js_sys::Reflect::get(el, &"getAnimations".into()).ok()?;
    let list = get.dyn_ref::<js_sys::Function>()?.call0(el).ok()?;
    js_sys::Array::from(&list).get(0).dyn_into().ok()
}

/// Plays `animation` again from its first frame, without touching the DOM
/// (so without a mutation).
pub fn restart(animation: &web_sys::Animation) {
    animation.set_current_time(Some(0.0));
    let _ = animation.play();
}

/// Selects the text of the input an event came from, if it came from one.
/// The id of the debugger's handle, "Messages (N)": a button of
/// index.html's, in the window's corner from the first paint, which the
/// runtime hears and writes (no view of the app's draws it).
pub const HANDLE_ID: &str = "messages";

pub fn on_handle(event: &web_sys::Event) -> bool {
    event
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| el.id() == HANDLE_ID)
}

pub fn handle_says(taken: u64, shown: bool) {
    if let Some(el) = document().get_element_by_id(HANDLE_ID) {
        el.set_text_content(Some(&crate::app::words::messages_handle(taken)));
        let expanded = if shown { "true" } else { "false" };
        if el.get_attribute("aria-expanded").as_deref() != Some(expanded) {
            let _ = el.set_attribute("aria-expanded", expanded);
        }
    }
}

pub fn scroll_box(el: &web_sys::Element) -> (f64, f64) {
    (el.scroll_top() as f64, el.client_height() as f64)
}

pub fn scroll_to(el: &web_sys::Element, top: f64) {
    el.set_scroll_top(top as i32);
}

pub fn details_open(event: &web_sys::Event) -> bool {
    event
        .target()
        .and_then(|t| js_sys::Reflect::get(&t, &"open".into()).ok())
        .and_then(|open| open.as_bool())
        .unwrap_or(false)
}

pub fn select_text(event: &web_sys::Event) {
    let Some(target) = event.target() else {
        return;
    };
    if let Some(input) = target.dyn_ref::<web_sys::HtmlInputElement>() {
        input.select();
    } else if let Some(area) = target.dyn_ref::<web_sys::HtmlTextAreaElement>() {
        area.select();
    }
}

/// Which option of a `<select>` an event came from: its index into the
/// list the options were drawn from.
pub fn selected_index(event: &web_sys::Event) -> Option<usize> {
    let select = event
        .target()?
        .dyn_into::<web_sys::HtmlSelectElement>()
        .ok()?;
    select.selected_index().try_into().ok()
}

/// The first file a `drop` event carries (`dataTransfer.files.item(0)`),
/// if it carries one. Read through `Reflect.get` and `Function.call`,
/// bound with `catch`: anything missing or throwing reads as no file.
pub fn dropped_file(event: &web_sys::Event) -> Option<JsValue> {
    let get =
        |target: &JsValue, name: &str| js_sys::Reflect::get(target, &JsValue::from_str(name)).ok();
    let object = |value: JsValue| value.is_object().then_some(value);
    let transfer = get(event, "dataTransfer").and_then(object)?;
    let files = get(&transfer, "files").and_then(object)?;
    let item = get(&files, "item")?.dyn_into::<js_sys::Function>().ok()?;
    let file = item.call1(&files, &JsValue::from(0)).ok()?;
    file.is_object().then_some(file)
}

thread_local! {
    /// The rooms' stylesheet, once asked for: the promise that settles
    /// once it is in.
    static ROOMS_STYLE: OnceCell<js_sys::Promise> = const { OnceCell::new() };
}

/// The stylesheet a chunk's views draw with (style/rooms.css, which the
/// page names in `<meta name=rooms-css>`, scripts/later-css.mjs), added to
/// the page the first time it is asked for: a promise that settles once it
/// has loaded, or failed to (the views are drawn unstyled then, not left
/// undrawn). Asked for again, the same promise; a page that names no such
/// sheet settles at once.
pub fn rooms_style() -> js_sys::Promise {
    ROOMS_STYLE.with(|added| added.get_or_init(add_rooms_style).clone())
}

/// Adds the stylesheet the meta `rooms-css` names, and takes the meta away.
fn add_rooms_style() -> js_sys::Promise {
    let doc = document();
    let (Ok(Some(meta)), Ok(link), Ok(Some(head))) = (
        doc.query_selector("meta[name=rooms-css]"),
        doc.create_element("link"),
        doc.query_selector("head"),
    ) else {
        return js_sys::Promise::resolve(&JsValue::UNDEFINED);
    };
    let href = meta.get_attribute("content").unwrap_or_default();
    meta.remove();
    js_sys::Promise::new(&mut |settle, _| {
        let _ = link.add_event_listener_with_callback("load", &settle);
        let _ = link.add_event_listener_with_callback("error", &settle);
        let _ = link.set_attribute("rel", "stylesheet");
        let _ = link.set_attribute("href", &href);
        let _ = head.append_child(&link);
    })
}
