//! Where the app starts: [`init`] makes the first [`Model`] from what the
//! browser gave ([`Flags`]): the address's link or seed, and storage's
//! first answers. Elm's `init : Flags -> (Model, Cmd Msg)`.

use crate::engine::Config;
use crate::session::history::History;
use crate::session::puzzle::PuzzleError;
use crate::session::replay::{self, LinkError};
use crate::session::stored::{Loaded, Theme};

use super::chunks::{Chunk, Chunks};
use super::cmd::Cmd;
use super::coach::Coach;
use super::computer::Computer;
use super::contest::{Contest, DailyAsked, LocalTime, RaceOffer};
use super::first_game::ShellGame;
use super::learn::Learn;
use super::model::{
    next_seed, Game, Links, Mode, Model, Note, Record, Records, Settings, Storage, Travel,
};
use super::saved::Load;
use super::words::{
    link_error, link_verified, puzzle_link_wrong, race_link_wrong, replay_link_wrong,
    DAILY_LINK_WRONG, SEED_LINK_WRONG,
};
use crate::session::daily;

/// What the page was opened with: the address, what the browser says of
/// itself, and the two settings that choose what to load and how the
/// first frame looks (the size and the theme). Every record of play comes
/// later, through `Cmd::Load` (`app::saved`).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Flags {
    /// Whether storage can be used at all.
    pub storage: bool,
    /// The board size and target last chosen.
    pub settings: Loaded<Config>,
    /// The theme last chosen.
    pub theme: Option<Theme>,
    /// Whether the system asks for a dark colour scheme.
    pub system_dark: bool,
    /// The address's `?seed=` and `?replay=` values (the first of each).
    pub query: Query,
    /// The page's address without its query.
    pub page_url: String,
    /// Random bits, drawn once: the seeds of games nobody asked to replay.
    pub entropy: u64,
    /// Whether a service worker controls the page (a visit after the
    /// first): the panels' chunks are at hand, and loaded at the first idle
    /// moment, so that each panel opens in the frame of the click.
    pub cached: bool,
    /// The local date and time.
    pub time: LocalTime,
    /// The first game the page's static shell drew, if it did (a new
    /// visitor's plain first visit), and the moves it played
    /// (`app::first_game`).
    pub shell_game: Option<ShellGame>,
}
crate::session::object::from_object!(Flags {
    storage,
    settings,
    theme,
    system_dark,
    query,
    page_url,
    entropy,
    cached,
    time,
    shell_game
});

/// What the page's address asks for.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Query {
    pub seed: Option<String>,
    pub replay: Option<String>,
    /// A game to race (`?race=`).
    pub race: Option<String>,
    /// A daily: `?daily` (today's, an empty value) or `?daily=N`.
    pub daily: Option<String>,
    /// A puzzle: with `?replay=`, the number of the link's move to stop
    /// before and ask for, 1-based (`?replay=LINK&puzzle=N`,
    /// `session::puzzle`).
    pub puzzle: Option<String>,
}
crate::session::object::from_object!(Query {
    seed,
    replay,
    race,
    daily,
    puzzle
});

impl Query {
    /// Reads a query string (`?seed=5&x=1`): the first of each key counts.
    pub fn parse(search: &str) -> Query {
        let mut query = Query::default();
        for pair in search.trim_start_matches('?').split('&') {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            let slot = match key {
                "seed" => &mut query.seed,
                "replay" => &mut query.replay,
                "race" => &mut query.race,
                "daily" => &mut query.daily,
                "puzzle" => &mut query.puzzle,
                _ => continue,
            };
            slot.get_or_insert_with(|| value.to_string());
        }
        query
    }

    fn is_empty(&self) -> bool {
        *self == Query::default()
    }

    /// Whether the address puts its own game on the board in place of the
    /// player's (a replay, a seed), rather than beside it (a race's offer,
    /// a daily).
    fn replaces_own(&self) -> bool {
        self.seed.is_some() || self.replay.is_some()
    }
}

/// The first model and what to do at once: take the query off the
/// address, read storage. A replay link starts its replay (the ticker is a
/// subscription of the model in `Mode::Replaying`).
///
/// A link (`?replay=`) or a seed (`?seed=`) starts its own game; anything
/// wrong with either is said on the page and a fresh game starts, unsaved,
/// so the player's own game of that size stays for their next visit. A
/// race's link (`?race=`, and Race beside a replay's Watch) is offered; a
/// daily's (`?daily`, `?daily=N`) waits for storage's answer, which says
/// whether today's attempt is still to be played.
pub fn init(flags: &Flags) -> (Model, Vec<Cmd>) {
    let mut entropy = flags.entropy;
    let start = Start::from(flags, &mut entropy);
    let config = start.history.config();
    let shell_board = start.drawn.then(|| start.history.present().board.clone());
    let asked_puzzle = start.puzzle.is_some();
    let load = if flags.query.replaces_own() {
        Load::Records
    } else {
        Load::Start
    };
    let mut cmds = Vec::new();
    if !flags.query.is_empty() {
        cmds.push(Cmd::ClearQuery);
    }
    cmds.push(Cmd::Load(config, load));
    let mut model = Model {
        game: Game::new(start.history, entropy, shell_board),
        travel: Travel::at(start.mode),
        settings: Settings {
            theme: flags.theme,
            system_dark: flags.system_dark,
        },
        storage: Storage::at_start(flags.storage, start.saving),
        panel: None,
        chunks: Chunks::preloading(flags.cached),
        computer: Computer::default(),
        coach: Coach::default(),
        contest: Contest::at(flags.time),
        links: Links {
            page_url: flags.page_url.clone(),
            share: None,
        },
        note: start.note,
        learn: Learn {
            asked: start.puzzle,
            ..Learn::default()
        },
        announcement: String::new(),
    };
    if flags.settings.was_set_aside() {
        model.storage.set_aside(Records::of(&[Record::Settings]));
    }
    asked_contest(&mut model, &flags.query);
    if asked_puzzle && model.chunks.need(Chunk::Learn) {
        cmds.push(Cmd::LoadChunk(Chunk::Learn));
    }
    // The contest's views, the offer to race among them, are a chunk.
    if model.contest.shown() && model.chunks.need(Chunk::Contest) {
        cmds.push(Cmd::LoadChunk(Chunk::Contest));
    }
    (model, cmds)
}

/// What the address asks of the contest: a race's offer (`?race=`, and
/// Race beside a replay's Watch), or a daily (`?daily`, `?daily=N`),
/// opened once storage has answered.
fn asked_contest(model: &mut Model, query: &Query) {
    match (&query.race, &query.replay) {
        (Some(link), _) => offer_race(model, link),
        (None, Some(link)) if matches!(model.note, Some(Note::Proof(_))) => {
            let end = model.board_game().state_at(model.board_game().len());
            model.contest.offer = end.map(|end| RaceOffer::new(link, &end));
        }
        (None, _) => {}
    }
    if let Some(asked) = &query.daily {
        match parse_daily(asked) {
            Ok(n) => model.contest.asked = Some(n),
            Err(why) => model.refuse(why.into()),
        }
    }
}

/// Offers to race the game of `link`, saying what it proved, or what is
/// wrong with the link.
fn offer_race(model: &mut Model, link: &str) {
    match replay::open(link) {
        Ok(history) => {
            let daily = daily::number_of(&history, model.contest.time.today());
            model.prove(link_verified(history.present(), daily));
            model.contest.offer = Some(RaceOffer::new(link, history.present()));
        }
        Err(e) => model.refuse(race_link_wrong(link_error(&e))),
    }
}

/// `?daily`'s value: empty for today's, else a daily's number.
fn parse_daily(value: &str) -> Result<DailyAsked, &'static str> {
    if value.is_empty() {
        return Ok(DailyAsked::Today);
    }
    value
        .parse::<u32>()
        .ok()
        .filter(|&n| n >= 1)
        .map(DailyAsked::Number)
        .ok_or(DAILY_LINK_WRONG)
}

/// The game the page opens on, from its address.
struct Start {
    history: History,
    mode: Mode,
    /// What is wrong with the link or seed, or what a replay link's game
    /// proved, replayed.
    note: Option<Note>,
    /// False for a fresh game standing in for a bad link or seed.
    saving: bool,
    /// Whether the page's shell drew this game's first board.
    drawn: bool,
    /// The move a puzzle link asked for (`?replay=…&puzzle=N`), as
    /// written.
    puzzle: Option<String>,
}

impl Start {
    fn from(flags: &Flags, entropy: &mut u64) -> Start {
        let config = flags.settings.clone().valid().unwrap_or_default();
        let opened = match (&flags.query.replay, &flags.query.seed) {
            (link, _) if flags.query.puzzle.is_some() => {
                Start::puzzle(link.as_deref(), flags.query.puzzle.as_deref())
            }
            (Some(link), _) => Start::replay(link, flags.time.today()),
            (None, Some(seed)) => Start::seed(seed, config),
            (None, None) => Ok(Start::drawn(flags)),
        };
        let mut fresh = |why: Option<String>| Start {
            history: History::new(config, next_seed(entropy)),
            mode: Mode::Live,
            saving: why.is_none(),
            note: why.map(Note::Refusal),
            drawn: false,
            puzzle: None,
        };
        match opened {
            Ok(Some(start)) => start,
            Ok(None) => fresh(None),
            Err(why) => fresh(Some(why)),
        }
    }

    /// A shared game, ready to replay from its first input, and what its
    /// end, replayed from its moves, proved.
    fn replay(link: &str, today: u32) -> Result<Option<Start>, String> {
        let mut history = replay::open(link).map_err(|e| replay_link_wrong(link_error(&e)))?;
        let daily = daily::number_of(&history, today);
        let proof = Some(Note::Proof(link_verified(history.present(), daily)));
        let mode = if history.seek(0) && history.can_redo() {
            Mode::Replaying
        } else {
            Mode::Live
        };
        Ok(Some(Start::opened(history, mode, proof)))
    }

    /// A game a link started, saved as the player's own.
    fn opened(history: History, mode: Mode, note: Option<Note>) -> Start {
        Start {
            history,
            mode,
            note,
            saving: true,
            drawn: false,
            puzzle: None,
        }
    }

    /// A puzzle: a shared game replayed from its seed, on the board as a
    /// replay link's is, but not replaying. Learn's rules find the move
    /// asked for once their code is in (`Learn::asked`), and say what the
    /// position proved.
    fn puzzle(link: Option<&str>, number: Option<&str>) -> Result<Option<Start>, String> {
        let wrong = |e| puzzle_link_wrong(&PuzzleError::Link(e));
        let link = link.ok_or_else(|| wrong(LinkError::CutShort))?;
        let history = replay::open(link).map_err(wrong)?;
        Ok(Some(Start {
            puzzle: Some(number.unwrap_or_default().to_owned()),
            ..Start::opened(history, Mode::Live, None)
        }))
    }

    /// The game the page's shell drew and played, in the default size it
    /// drew: only when nothing was stored, as the shell's script checked
    /// (a stored size would have started a game of that size). The app
    /// adopts it as it stands, its moves in its history.
    fn drawn(flags: &Flags) -> Option<Start> {
        let game = flags.shell_game.as_ref()?;
        let nothing_stored = matches!(flags.settings, Loaded::Missing);
        nothing_stored.then(|| Start {
            drawn: true,
            ..Start::opened(game.adopted(), Mode::Live, None)
        })
    }

    /// A game from the seed asked for.
    fn seed(seed: &str, config: Config) -> Result<Option<Start>, String> {
        let seed = replay::parse_seed(seed).ok_or(SEED_LINK_WRONG)?;
        Ok(Some(Start::opened(
            History::new(config, seed),
            Mode::Live,
            None,
        )))
    }
}
