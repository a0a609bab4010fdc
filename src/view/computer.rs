//! The computer player in the page: a hint (the move the search prefers,
//! with its reason in words) and autoplay. The search runs in a Web Worker
//! ([`AiClient`]), so the page stays responsive while it thinks; its moves go
//! through the same [`Dispatcher`] as the player's, so undo, history, saving
//! and share links treat them alike.
//!
//! An answer counts only for the board it was asked about: if the game
//! changed meanwhile (a key, an undo, a new game), a hint is dropped and
//! autoplay asks again. Stopping autoplay cancels the question in flight, so
//! no move lands after it. The search plays 4×4 boards only; on other sizes
//! both buttons are disabled and say why.

use std::time::Duration;

use leptos::prelude::*;

use super::ai_client::{AiClient, Answer};
use super::{Dispatcher, Mode};
use crate::engine::{Direction, Input, State, Status};
use crate::history::History;

/// The search's time budget for each move, in milliseconds.
pub const BUDGET_MS: u32 = 50;

/// Why the computer does not play this board.
pub const ONLY_4X4: &str = "The computer player plays 4×4 boards only.";

/// A suggested move, for the state it was asked about.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    pub direction: Direction,
    pub reason: String,
    state: State,
}

/// The computer player's signals and its worker. Copy: every field is a
/// handle.
#[derive(Clone, Copy)]
pub struct Computer {
    history: RwSignal<History>,
    mode: RwSignal<Mode>,
    client: StoredValue<AiClient, LocalStorage>,
    dispatcher: StoredValue<Option<Dispatcher>>,
    hint: RwSignal<Option<Hint>>,
    /// Whether autoplay is on.
    pub autoplay: RwSignal<bool>,
    /// Pause between autoplay's moves, in milliseconds.
    pub pause: RwSignal<u32>,
    /// What to tell the player about the computer, with the state it was
    /// said about: it is shown only while that state is on the board.
    message: RwSignal<Option<(State, String)>>,
}

impl Computer {
    pub fn new(history: RwSignal<History>, mode: RwSignal<Mode>) -> Self {
        Computer {
            history,
            mode,
            client: StoredValue::new_local(AiClient::new()),
            dispatcher: StoredValue::new(None),
            hint: RwSignal::new(None),
            autoplay: RwSignal::new(false),
            pause: RwSignal::new(100),
            message: RwSignal::new(None),
        }
    }

    /// Where the computer's moves go: the app's dispatcher.
    pub fn connect(self, dispatcher: Dispatcher) {
        self.dispatcher.set_value(Some(dispatcher));
    }

    fn present(self) -> State {
        self.history.with_untracked(|h| h.present().clone())
    }

    fn still(self, state: &State) -> bool {
        self.history.with_untracked(|h| h.present() == state)
    }

    /// Whether the board in play is one the computer plays (tracked).
    pub fn supported(self) -> bool {
        self.history.with(|h| supported(h.present()))
    }

    /// The hint for the board on screen, if there is one (tracked).
    pub fn hint_direction(self) -> Option<&'static str> {
        let hint = self.hint.get()?;
        self.history
            .with(|h| *h.present() == hint.state)
            .then(|| name(hint.direction))
    }

    /// The hint's sentence for the board on screen (tracked).
    pub fn hint_text(self) -> Option<String> {
        let hint = self.hint.get()?;
        self.history.with(|h| *h.present() == hint.state).then(|| {
            format!(
                "Hint: move {}. {}",
                name(hint.direction),
                hint.reason.trim_end_matches('.')
            ) + "."
        })
    }

    /// Asks for the best move on the present board and shows it.
    pub fn hint(self) {
        let state = self.present();
        if !supported(&state) {
            self.say(ONLY_4X4);
            return;
        }
        if self.autoplay.get_untracked() {
            return;
        }
        if let Some(why) = idle_reason(&state) {
            self.say(why);
            return;
        }
        self.say("Thinking…");
        let asked = state.clone();
        self.client.with_value(|c| {
            c.ask(&state.board, BUDGET_MS, move |answer: Answer| {
                if !self.still(&asked) {
                    self.quiet();
                    return;
                }
                match answer {
                    Ok(advice) => match advice.direction {
                        Some(direction) => {
                            self.quiet();
                            self.hint.set(Some(Hint {
                                direction,
                                reason: advice.reason,
                                state: asked,
                            }));
                        }
                        None => self.say("No move changes the board."),
                    },
                    Err(e) => self.say(unavailable(&e)),
                }
            })
        });
    }

    /// Starts autoplay, or stops it at once if it is on.
    pub fn toggle_autoplay(self, live: bool) {
        if self.autoplay.get_untracked() {
            self.stop(None);
            return;
        }
        if !live {
            return;
        }
        let state = self.present();
        if !supported(&state) {
            self.say(ONLY_4X4);
            return;
        }
        if let Some(why) = idle_reason(&state) {
            self.say(why);
            return;
        }
        self.quiet();
        self.autoplay.set(true);
        self.next_move();
    }

    fn stop(self, why: Option<String>) {
        self.autoplay.set(false);
        self.client.with_value(AiClient::cancel);
        match why {
            Some(why) => self.say(why),
            None => self.quiet(),
        }
    }

    /// Says `text` about the board on screen.
    fn say(self, text: impl Into<String>) {
        self.message.set(Some((self.present(), text.into())));
    }

    fn quiet(self) {
        self.message.set(None);
    }

    /// What the computer has to say about the board on screen (tracked).
    pub fn message_text(self) -> Option<String> {
        let (state, text) = self.message.get()?;
        self.history.with(|h| *h.present() == state).then_some(text)
    }

    /// One turn of autoplay: ask, play the answer, pause, again.
    fn next_move(self) {
        if !self.autoplay.get_untracked() {
            return;
        }
        if self.mode.get_untracked() != Mode::Live {
            self.stop(None);
            return;
        }
        let state = self.present();
        if !supported(&state) {
            self.stop(Some(ONLY_4X4.into()));
            return;
        }
        if let Some(why) = idle_reason(&state) {
            self.stop(Some(format!("Autoplay stopped. {why}")));
            return;
        }
        let asked = state.clone();
        self.client.with_value(|c| {
            c.ask(&state.board, BUDGET_MS, move |answer: Answer| {
                if !self.autoplay.get_untracked() {
                    return;
                }
                if !self.still(&asked) {
                    // Someone moved meanwhile: think about the new board.
                    self.next_move();
                    return;
                }
                match answer {
                    Ok(advice) => match advice.direction {
                        Some(direction) => {
                            if let Some(d) = self.dispatcher.get_value() {
                                d.send(Input::Move(direction));
                            }
                            let pause = Duration::from_millis(self.pause.get_untracked() as u64);
                            set_timeout(move || self.next_move(), pause);
                        }
                        None => self.stop(Some("Autoplay stopped: no move is left.".into())),
                    },
                    Err(e) => self.stop(Some(unavailable(&e))),
                }
            })
        });
    }
}

fn supported(state: &State) -> bool {
    state.board.width() == 4 && state.board.height() == 4
}

/// Why there is no move to look for, if there is none.
fn idle_reason(state: &State) -> Option<&'static str> {
    match state.status {
        Status::Playing | Status::Continuing => None,
        Status::Won => Some("You reached the target. Keep going to play on."),
        Status::Over => Some("The game is over."),
    }
}

fn unavailable(why: &str) -> String {
    format!("The computer player is unavailable: {why}")
}

fn name(direction: Direction) -> &'static str {
    match direction {
        Direction::Up => "up",
        Direction::Down => "down",
        Direction::Left => "left",
        Direction::Right => "right",
    }
}

/// The computer's line under the board: the hint and its reason, or what
/// the computer has to say. A polite live region, so screen readers hear the
/// hint.
#[component]
pub fn HintLine(computer: Computer) -> impl IntoView {
    let text = move || {
        computer
            .message_text()
            .or_else(|| computer.hint_text())
            .or_else(|| (!computer.supported()).then(|| ONLY_4X4.to_string()))
    };
    view! {
        <p class="hint-output" role="status" aria-live="polite">
            {text}
        </p>
    }
}
