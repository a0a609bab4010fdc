//! [`update`]: every rule of the app above the engine, as one pure function
//! of the model and a message. Game inputs still go through
//! [`History::apply`](crate::session::history::History::apply), which is
//! `step`; every other change of app state is here.
//!
//! Each rule either changes the model and returns the effects that follow,
//! or is [`Ignored`] with a reason (kept in the message log). The rules are
//! grouped by what they are about:
//!
//! - [`game`]: inputs, undo and redo, viewing the past, replays;
//! - [`computer`]: hints and autoplay, and the AI's answers;
//! - [`page`]: panels, board settings, storage's answers, the theme, share
//!   links, other tabs.

mod computer;
mod game;
mod page;

use super::effect::Effect;
use super::log::Ignored;
use super::model::Model;
use super::msg::Msg;

/// What a rule did: the effects that follow, or why it did nothing.
type Outcome = Result<Vec<Effect>, Ignored>;

/// Advances the model by one message and returns what the outside must do.
/// Records the message and its outcome in the model's log.
pub fn update(model: &mut Model, msg: Msg) -> Vec<Effect> {
    let label = msg.label();
    let (effects, ignored) = match rule(model, msg) {
        Ok(effects) => (effects, None),
        Err(why) => (Vec::new(), Some(why)),
    };
    model.log.record(label, &effects, ignored);
    effects
}

/// The rule for each message.
fn rule(model: &mut Model, msg: Msg) -> Outcome {
    match msg {
        Msg::Play(input) => game::play(model, input),
        Msg::Undo => game::undo(model),
        Msg::Redo => game::redo(model),
        Msg::View(at) => game::view(model, at),
        Msg::Resume(i) => game::resume(model, i),
        Msg::ReplaySpeed(speed) => game::replay_speed(model, speed),
        Msg::SkipReplay => game::skip_replay(model),
        Msg::ReplayTick => game::replay_tick(model),
        Msg::Hint => computer::hint(model),
        Msg::Autoplay => computer::autoplay(model),
        Msg::AutoplayPause(ms) => computer::pause(model, ms),
        Msg::AiAnswered { id, answer } => computer::answered(model, id, answer),
        Msg::AutoplayTurn(turn) => computer::turn(model, turn),
        Msg::Toggle(panel) => page::toggle(model, panel),
        Msg::Configure(config) => page::configure(model, config),
        Msg::Loaded(saved) => page::loaded(model, *saved),
        Msg::Share => page::share(model),
        Msg::LinkCopied(url) => page::link_copied(model, url),
        Msg::ToggleTheme => page::toggle_theme(model),
        Msg::DismissLinkMessage => page::dismiss_link_message(model),
        Msg::CheckHistory => page::check_history(model),
        Msg::ToggleMessages => page::toggle_messages(model),
        Msg::BestElsewhere(config, best) => page::best_elsewhere(model, config, best),
        Msg::SaveFailed(problem) => page::save_failed(model, problem),
    }
}
