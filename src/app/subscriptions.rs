//! [`subscriptions`]: what the app listens to, as a pure function of the
//! model: Elm's `subscriptions : Model -> Sub Msg`. The runtime evaluates it
//! after every `update` and starts or stops the real listeners where the
//! answer changed; the listeners (`src/web/subscriptions.rs`) only turn
//! what they hear into [`super::Msg`]s.
//!
//! So no rule has to remember to start or stop anything: a replay ticks
//! because the model is replaying, and stops ticking because it no longer
//! is.

use super::chunks::{Chunk, Fetch};
use super::model::{Mode, Model, Panel};
use crate::engine::Config;

/// What the app listens to. Each field is one subscription: `false` or
/// `None` is not listening; a value says what to listen for, and a change
/// of value restarts the listener with the new one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Subs {
    /// The game's keys, on the window (→ `Play`, `Undo`, `Toggle`, …).
    /// Always: even a read-only board opens panels by key. A key typed into
    /// a text field is the field's, whatever the model.
    pub keys: bool,
    /// Swipes on the board (→ `Play(Move(…))`): while it takes moves.
    pub swipes: bool,
    /// Other tabs' best score for this size and their daily or race,
    /// through `storage` events (→ `BestElsewhere`, `ChallengeElsewhere`):
    /// while storage can be used.
    pub other_tabs: Option<Config>,
    /// Other tabs' deck (→ `DeckElsewhere`): while storage can be used,
    /// once learn's code is in (its rules take the deck).
    pub other_decks: bool,
    /// The replay's ticker, one tick every this many milliseconds
    /// (→ `ReplayTick`): while a shared game replays.
    pub replay_every_ms: Option<u32>,
    /// The system's colour scheme (→ `SystemDark`): while the page follows
    /// it, that is until the player picks a theme.
    pub colour_scheme: bool,
    /// The next idle moment (→ `Idle`): while something is unsaved, until
    /// the AI worker has been started ahead of the first question, and on a
    /// visit a service worker serves, until the panels' code is loading.
    pub idle: bool,
    /// The page being hidden or closed (→ `Hidden`), so nothing unsaved is
    /// lost when the tab goes: while storage can be used. (Not only while
    /// something is unsaved: that changes with every move, and adding and
    /// removing two window listeners a move cost more than the move.)
    pub page_hide: bool,
    /// The clock, every this many milliseconds (→ `Time`): every second
    /// while the statistics panel shows the countdown to the next daily,
    /// else every minute, so that today's daily is today's.
    pub clock_every_ms: Option<u32>,
}

/// What the app listens to, given the model.
pub fn subscriptions(model: &Model) -> Subs {
    Subs {
        keys: true,
        swipes: model.travel.live(),
        other_tabs: model.storage.usable().then(|| model.config()),
        other_decks: model.storage.usable() && model.chunks.of(Chunk::Learn) == Fetch::Loaded,
        replay_every_ms: (model.travel.mode == Mode::Replaying)
            .then(|| 1000 / model.travel.speed.max(1)),
        colour_scheme: model.settings.theme.is_none(),
        idle: model.storage.unsaved.any()
            || model.computer.wants_warming(model.board_game().present())
            || model.chunks.wants_preload(),
        page_hide: model.storage.usable(),
        clock_every_ms: Some(if model.panel == Some(Panel::Stats) {
            1000
        } else {
            60_000
        }),
    }
}

impl Subs {
    /// What changed from `self` to `after`, a sign and a name a
    /// subscription: `+ idle` started, `− ticker` stopped, `~ clock`
    /// restarted with another value. The message log shows them beside each
    /// message's commands.
    pub fn changes(&self, after: &Subs) -> Vec<(char, &'static str)> {
        let on = |s: &Subs| {
            [
                ("keys", s.keys),
                ("swipes", s.swipes),
                ("other tabs", s.other_tabs.is_some()),
                ("other decks", s.other_decks),
                ("ticker", s.replay_every_ms.is_some()),
                ("colour scheme", s.colour_scheme),
                ("idle", s.idle),
                ("page hide", s.page_hide),
                ("clock", s.clock_every_ms.is_some()),
            ]
        };
        let restarted = [
            self.other_tabs != after.other_tabs,
            self.replay_every_ms != after.replay_every_ms,
            self.clock_every_ms != after.clock_every_ms,
        ];
        let restart = |name: &'static str| match name {
            "other tabs" => restarted[0],
            "ticker" => restarted[1],
            "clock" => restarted[2],
            _ => false,
        };
        on(self)
            .into_iter()
            .zip(on(after))
            .filter_map(|((name, was), (_, now))| match (was, now) {
                (false, true) => Some(('+', name)),
                (true, false) => Some(('\u{2212}', name)),
                (true, true) if restart(name) => Some(('~', name)),
                _ => None,
            })
            .collect()
    }
}
