//! The press forms as typed (so a refused message comes back with its text) and their validation.

use std::collections::BTreeSet;

use serde::Deserialize;

use super::rules::PressSettings;
use crate::games::model::PressRule;
use crate::ids::{MessageId, SeatId};

/// The longest message, in characters.
pub const MAX_MESSAGE_CHARS: usize = 2000;

/// The recipients' field of the compose form: one value per ticked box.
pub const TO_FIELD: &str = "to";
/// The box for public press.
pub const TO_PUBLIC: &str = "public";
/// The box for the game master.
pub const TO_GAME_MASTER: &str = "gm";

/// A new message from the press page: whom it goes to, grey or not, and its text.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Compose {
    pub public: bool,
    pub seats: BTreeSet<SeatId>,
    pub game_master: bool,
    pub grey: bool,
    pub body: String,
}

impl Compose {
    /// Reads the form's fields; a recipient value that no box has is a malformed request.
    pub fn read(fields: &[(String, String)]) -> Result<Self, String> {
        let mut compose = Compose::default();
        for (name, value) in fields {
            match (name.as_str(), value.as_str()) {
                (TO_FIELD, TO_PUBLIC) => compose.public = true,
                (TO_FIELD, TO_GAME_MASTER) => compose.game_master = true,
                (TO_FIELD, seat) => {
                    compose.seats.insert(seat.parse().map_err(|_| format!("There is no recipient {seat:?}."))?);
                }
                ("grey", _) => compose.grey = true,
                ("body", body) => compose.body = body.to_owned(),
                _ => {}
            }
        }
        Ok(compose)
    }

    pub fn chose_nobody(&self) -> bool {
        !self.public && !self.game_master && self.seats.is_empty()
    }
}

/// A reply in a conversation.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct ReplyForm {
    pub body: String,
    pub grey: Option<String>,
}

#[derive(Debug, Deserialize)]
pub struct MuteForm {
    pub muted: bool,
}

/// Paging through a conversation, and the invite code of a private game's observers.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct ConversationQuery {
    /// Show the messages before this one (older ones); the newest when absent.
    pub before: Option<MessageId>,
    pub invite: String,
}

/// The feed of a conversation: messages after `after`.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct FeedQuery {
    pub after: Option<MessageId>,
    pub invite: String,
}

/// The GM's press settings of a game already started.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct PressSettingsForm {
    pub press: String,
    pub grey_press: Option<String>,
    pub publish_press: Option<String>,
}

impl PressSettingsForm {
    pub fn validate(&self) -> Result<PressSettings, String> {
        let rule = PressRule::from_slug(&self.press).ok_or_else(|| "Choose a press rule from the list.".to_owned())?;
        Ok(PressSettings { rule, grey: self.grey_press.is_some(), published_after_end: self.publish_press.is_some() })
    }
}

/// The text to store: line endings made plain and surrounding blank space dropped; refused when empty
/// or longer than [`MAX_MESSAGE_CHARS`].
pub fn message_text(typed: &str) -> Result<String, String> {
    let text = typed.replace("\r\n", "\n").trim().to_owned();
    match text.chars().count() {
        0 => Err("Write something before sending.".to_owned()),
        count if count > MAX_MESSAGE_CHARS => Err(format!(
            "A message holds at most {MAX_MESSAGE_CHARS} characters; this one has {count}. Shorten it or split it."
        )),
        _ => Ok(text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs.iter().map(|(name, value)| ((*name).to_owned(), (*value).to_owned())).collect()
    }

    #[test]
    fn the_compose_form_reads_every_ticked_recipient() {
        let compose =
            Compose::read(&fields(&[("to", "12"), ("to", "gm"), ("to", "14"), ("body", "Hello"), ("grey", "on")]))
                .unwrap();
        assert_eq!(compose.seats, [SeatId(12), SeatId(14)].into());
        assert!(compose.game_master && compose.grey && !compose.public);
        assert_eq!(compose.body, "Hello");
        assert!(Compose::read(&fields(&[("body", "x")])).unwrap().chose_nobody());
        assert!(Compose::read(&fields(&[("to", "everyone")])).is_err());
    }

    #[test]
    fn message_text_is_trimmed_and_limited_in_characters_not_bytes() {
        assert_eq!(message_text("  Hi\r\nthere \n").unwrap(), "Hi\nthere");
        assert!(message_text(" \n ").is_err());
        assert!(message_text(&"é".repeat(MAX_MESSAGE_CHARS)).is_ok());
        assert!(message_text(&"a".repeat(MAX_MESSAGE_CHARS + 1)).unwrap_err().contains("at most 2000"));
    }

    #[test]
    fn press_settings_need_a_known_rule() {
        let form = PressSettingsForm { press: "rulebook".into(), grey_press: Some("on".into()), publish_press: None };
        assert_eq!(
            form.validate().unwrap(),
            PressSettings { rule: PressRule::Rulebook, grey: true, published_after_end: false }
        );
        assert!(PressSettingsForm { press: "loud".into(), ..PressSettingsForm::default() }.validate().is_err());
    }
}
