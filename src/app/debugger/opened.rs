//! [`Opened`]: a session opened from a file as the model and its
//! messages know it (a leaf, so that `Msg` can carry it).

/// A session opened from a file, as the model knows it: its messages'
/// numbers, and which file it is (the runtime numbers them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Opened {
    pub first: u64,
    pub last: u64,
    pub file: u32,
}
