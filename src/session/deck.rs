//! Placeholder of the deck (replaced by the deck's branch).
use crate::ai::review::Verdict;
use crate::engine::State;
use crate::session::daily::Day;

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Card {
    pub state: State,
    pub verdict: Verdict,
    pub number: u32,
    pub slot: u8,
    pub due: Day,
    pub added: u32,
}

#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Deck {
    cards: Vec<Card>,
    added: u32,
}

impl Deck {
    pub fn add(&mut self, state: State, verdict: Verdict, number: u32, today: Day) -> bool {
        if self.cards.iter().any(|c| c.state == state) {
            return false;
        }
        self.added += 1;
        self.cards.push(Card {
            state,
            verdict,
            number,
            slot: 0,
            due: today,
            added: self.added,
        });
        true
    }
    pub fn due(&self, today: Day) -> Vec<usize> {
        (0..self.cards.len())
            .filter(|&i| self.cards[i].due <= today)
            .collect()
    }
    pub fn answered(&mut self, index: usize, right: bool, _today: Day) {
        if let Some(c) = self.cards.get_mut(index) {
            c.slot = if right { (c.slot + 1).min(4) } else { 0 };
        }
    }
    pub fn learned(&self) -> usize {
        self.cards.iter().filter(|c| c.slot == 4).count()
    }
    pub fn len(&self) -> usize {
        self.cards.len()
    }
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }
    pub fn cards(&self) -> &[Card] {
        &self.cards
    }
}
