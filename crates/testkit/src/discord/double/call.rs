//! One REST call the bot made, as the double recorded it, and what a test reads from it: the
//! text it posts, its buttons, its attached PNG, its route by kind.

use serde_json::Value;

/// One REST call the bot made.
#[derive(Debug, Clone)]
pub struct Call {
    pub method: String,
    /// Without `/api/v10` and without the query.
    pub path: String,
    /// The query, without `?` (empty if none).
    pub query: String,
    /// The JSON body, or the `payload_json` of a multipart body.
    pub json: Value,
    /// Attached files: (field name, file name, bytes).
    pub files: Vec<(String, String, Vec<u8>)>,
    /// What the double answered (a message object, a channel).
    pub response: Value,
}

impl Call {
    /// Text of the message a call posts: its content and embed descriptions, with the message
    /// of an interaction callback unwrapped.
    pub fn text(&self) -> String {
        let m = self.message();
        let mut out = m["content"].as_str().unwrap_or("").to_owned();
        for e in m["embeds"].as_array().into_iter().flatten() {
            for key in ["title", "description"] {
                if let Some(s) = e[key].as_str() {
                    out.push('\n');
                    out.push_str(s);
                }
            }
            for f in e["fields"].as_array().into_iter().flatten() {
                out.push_str(&format!(
                    "\n{}: {}",
                    f["name"].as_str().unwrap_or(""),
                    f["value"].as_str().unwrap_or("")
                ));
            }
        }
        out
    }

    /// The message object a call carries (an interaction callback's `data`).
    pub fn message(&self) -> &Value {
        if self.path.ends_with("/callback") {
            &self.json["data"]
        } else {
            &self.json
        }
    }

    pub fn ephemeral(&self) -> bool {
        self.message()["flags"].as_u64().unwrap_or(0) & 64 != 0
    }

    /// The custom ids of the message's buttons.
    pub fn buttons(&self) -> Vec<String> {
        buttons_of(self.message())
    }

    /// The call's route, its method and its path with every id as `{id}` and every token as
    /// `{token}`: `PATCH /channels/{id}/messages/{id}`, for counting calls by kind.
    pub fn route(&self) -> String {
        let segments: Vec<&str> = self.path.trim_start_matches('/').split('/').collect();
        // `/interactions/{id}/{token}/…` and `/webhooks/{app}/{token}/…`.
        let tokened = matches!(segments.first(), Some(&"interactions" | &"webhooks"));
        let route: Vec<&str> = segments
            .iter()
            .enumerate()
            .map(|(i, s)| {
                if tokened && i == 2 {
                    "{token}"
                } else if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) {
                    "{id}"
                } else if i > 0 && segments[i - 1] == "reactions" {
                    "{emoji}"
                } else {
                    s
                }
            })
            .collect();
        format!("{} /{}", self.method, route.join("/"))
    }

    pub fn png(&self) -> Option<&[u8]> {
        self.files
            .iter()
            .find(|(_, name, _)| name.ends_with(".png"))
            .map(|(_, _, b)| b.as_slice())
    }
}

/// The custom ids of a message's buttons.
pub fn buttons_of(message: &Value) -> Vec<String> {
    message["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .filter_map(|b| b["custom_id"].as_str().map(str::to_owned))
        .collect()
}
