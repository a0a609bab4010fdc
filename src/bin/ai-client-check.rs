//! A test harness, not part of the site: `AiClient` (src/view/ai_client.rs)
//! exposed to JavaScript, so `scripts/ai-client-check.mjs` can drive it in
//! headless Chromium. Trunk builds it from `tests/ai-client/index.html` into
//! a directory of its own; the site never loads it.

#[cfg(target_arch = "wasm32")]
mod harness {
    use leptos_2048::engine::{Board, Direction};
    use leptos_2048::web::ai_client::{AiClient, Answer};
    use wasm_bindgen::prelude::*;

    /// `AiClient` for JavaScript. Answers reach `on_answer` as one string:
    /// `ok <direction or none> <depth> <nodes>` or `err <sentence>`.
    #[wasm_bindgen]
    pub struct Client(AiClient);

    #[wasm_bindgen]
    impl Client {
        #[wasm_bindgen(constructor)]
        pub fn new(url: Option<String>) -> Client {
            Client(match url {
                Some(url) => AiClient::with_url(&url),
                None => AiClient::new(),
            })
        }

        /// Asks about a board written as the engine's ASCII picture.
        pub fn ask(&self, picture: &str, budget_ms: u32, on_answer: js_sys::Function) {
            let Ok(board) = picture.parse::<Board>() else {
                let _ = on_answer.call1(&JsValue::NULL, &"err bad picture".into());
                return;
            };
            self.0.ask(&board, budget_ms, move |answer: Answer| {
                let text = match answer {
                    Ok(a) => format!(
                        "ok {} {} {}",
                        a.direction.map_or("none", Direction::word),
                        a.depth,
                        a.nodes
                    ),
                    Err(e) => format!("err {e}"),
                };
                let _ = on_answer.call1(&JsValue::NULL, &text.into());
            });
        }

        pub fn cancel(&self) {
            self.0.cancel();
        }

        pub fn busy(&self) -> bool {
            self.0.busy()
        }

        pub fn shut_down(&self) {
            self.0.shut_down();
        }
    }
}

fn main() {}
