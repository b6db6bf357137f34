//! Account forms as typed (raw strings, so a page can be shown again with what was typed) and
//! their validation into values the rest of the code can trust.

use chrono_tz::Tz;
use serde::Deserialize;
use url::{Position, Url};

use crate::error::FormErrors;

pub const MIN_PASSWORD_CHARS: usize = 8;
pub const MAX_PASSWORD_CHARS: usize = 128;

#[derive(Debug, Default, Clone, Deserialize)]
#[serde(default)]
pub struct RegisterForm {
    pub username: String,
    pub display_name: String,
    pub email: String,
    pub time_zone: String,
    pub password: String,
    pub password_confirm: String,
}

/// A registration that passed validation.
pub struct ValidRegistration {
    pub username: String,
    pub display_name: String,
    pub email: Option<String>,
    pub time_zone: Tz,
    pub password: String,
}

impl RegisterForm {
    pub fn validate(&self) -> Result<ValidRegistration, FormErrors> {
        let mut errors = FormErrors::default();
        let username = check_username(&self.username, &mut errors);
        let display_name = check_display_name(&self.display_name, &mut errors);
        let email = check_email(&self.email, &mut errors);
        let time_zone = check_time_zone(&self.time_zone, &mut errors);
        check_new_password(&self.password, &self.password_confirm, &mut errors);
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(ValidRegistration { username, display_name, email, time_zone, password: self.password.clone() })
    }
}

#[derive(Debug, Default, Clone, Deserialize)]
#[serde(default)]
pub struct LoginForm {
    pub username: String,
    pub password: String,
    /// Where to go after logging in; only paths on this site are followed.
    pub next: String,
}

impl LoginForm {
    pub fn validate(&self) -> Result<(), FormErrors> {
        let mut errors = FormErrors::default();
        if self.username.trim().is_empty() {
            errors.add("username", "Enter your username.");
        }
        if self.password.is_empty() {
            errors.add("password", "Enter your password.");
        }
        if errors.is_empty() { Ok(()) } else { Err(errors) }
    }

    /// The page to land on after logging in: `next` if it stays on `site`, else the lobby.
    pub fn landing_page(&self, site: &Url) -> String {
        local_path(&self.next, site).unwrap_or_else(|| "/games".to_owned())
    }
}

/// `next` as a path on `site` (an origin), or `None` if a browser following it could end up anywhere
/// else. Browsers read a `Location` by the WHATWG URL rules, which drop tabs and line breaks, treat `\`
/// as `/` and take `//host` as another site; the `url` crate applies the same rules. So `next` must be
/// a path (start with `/`), resolve against `site` to a URL on `site`, and the path written back (path,
/// query and fragment, percent-encoded: always a valid header) must resolve there again (`/.//evil`
/// resolves on the site to the path `//evil`, which on its own names another host).
pub fn local_path(next: &str, site: &Url) -> Option<String> {
    if !next.starts_with('/') {
        return None;
    }
    let resolved = site.join(next).ok().filter(|url| url.origin() == site.origin())?;
    let path = &resolved[Position::BeforePath..];
    let again = site.join(path).ok()?;
    (again == resolved).then(|| path.to_owned())
}

#[derive(Debug, Default, Clone, Deserialize)]
#[serde(default)]
pub struct ProfileForm {
    pub display_name: String,
    pub email: String,
    pub time_zone: String,
    pub notify_new_phase: Option<String>,
    pub notify_deadline: Option<String>,
    pub notify_game_start_end: Option<String>,
    pub notify_press: Option<String>,
    pub deadline_reminder_hours: String,
    pub press_mail_minutes: String,
}

pub struct ValidProfile {
    pub display_name: String,
    pub email: Option<String>,
    pub time_zone: Tz,
    pub notify_new_phase: bool,
    pub notify_deadline: bool,
    pub notify_game_start_end: bool,
    pub notify_press: bool,
    pub deadline_reminder_hours: i32,
    pub press_mail_minutes: i32,
}

impl ProfileForm {
    pub fn validate(&self) -> Result<ValidProfile, FormErrors> {
        let mut errors = FormErrors::default();
        let display_name = check_display_name(&self.display_name, &mut errors);
        let email = check_email(&self.email, &mut errors);
        let time_zone = check_time_zone(&self.time_zone, &mut errors);
        let deadline_reminder_hours = match self.deadline_reminder_hours.trim().parse::<i32>() {
            Ok(hours) if (1..=72).contains(&hours) => hours,
            _ => {
                errors.add("deadline_reminder_hours", "Enter a whole number of hours from 1 to 72.");
                0
            }
        };
        let press_mail_minutes = match self.press_mail_minutes.trim().parse::<i32>() {
            Ok(minutes) if (1..=1440).contains(&minutes) => minutes,
            _ => {
                errors.add("press_mail_minutes", "Enter a whole number of minutes from 1 to 1440 (a day).");
                0
            }
        };
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(ValidProfile {
            display_name,
            email,
            time_zone,
            notify_new_phase: self.notify_new_phase.is_some(),
            notify_deadline: self.notify_deadline.is_some(),
            notify_game_start_end: self.notify_game_start_end.is_some(),
            notify_press: self.notify_press.is_some(),
            deadline_reminder_hours,
            press_mail_minutes,
        })
    }
}

#[derive(Debug, Default, Clone, Deserialize)]
#[serde(default)]
pub struct PasswordForm {
    pub current_password: String,
    pub new_password: String,
    pub new_password_confirm: String,
    /// The box "Also revoke my API tokens".
    pub revoke_tokens: Option<String>,
}

impl PasswordForm {
    pub fn validate(&self) -> Result<(), FormErrors> {
        let mut errors = FormErrors::default();
        if self.current_password.is_empty() {
            errors.add("current_password", "Enter your current password.");
        }
        check_new_password_named(
            &self.new_password,
            &self.new_password_confirm,
            ("new_password", "new_password_confirm"),
            &mut errors,
        );
        if errors.is_empty() { Ok(()) } else { Err(errors) }
    }
}

fn check_username(raw: &str, errors: &mut FormErrors) -> String {
    let username = raw.trim();
    let allowed = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-');
    if !(3..=32).contains(&username.len()) {
        errors.add("username", "Choose a username of 3 to 32 characters.");
    } else if !username.chars().all(allowed) {
        errors.add("username", "Use only letters, digits, '.', '_' and '-' in your username.");
    }
    username.to_owned()
}

fn check_display_name(raw: &str, errors: &mut FormErrors) -> String {
    let name = raw.trim();
    if name.is_empty() {
        errors.add("display_name", "Enter the name other players will see.");
    } else if name.chars().count() > 50 {
        errors.add("display_name", "Keep your display name to 50 characters.");
    }
    name.to_owned()
}

fn check_email(raw: &str, errors: &mut FormErrors) -> Option<String> {
    let email = raw.trim();
    if email.is_empty() {
        return None;
    }
    let looks_like_address = email
        .split_once('@')
        .is_some_and(|(local, domain)| !local.is_empty() && domain.contains('.') && !domain.ends_with('.'));
    if !looks_like_address || email.len() > 254 || email.contains(char::is_whitespace) {
        errors.add("email", "Enter an e-mail address like name@example.org, or leave it empty.");
    }
    Some(email.to_owned())
}

fn check_time_zone(raw: &str, errors: &mut FormErrors) -> Tz {
    let raw = raw.trim();
    if raw.is_empty() {
        return Tz::UTC;
    }
    raw.parse().unwrap_or_else(|_| {
        errors.add("time_zone", "Choose a time zone from the list.");
        Tz::UTC
    })
}

fn check_new_password(password: &str, confirm: &str, errors: &mut FormErrors) {
    check_new_password_named(password, confirm, ("password", "password_confirm"), errors);
}

pub(crate) fn check_new_password_named(
    password: &str,
    confirm: &str,
    (field, confirm_field): (&'static str, &'static str),
    errors: &mut FormErrors,
) {
    let length = password.chars().count();
    if length < MIN_PASSWORD_CHARS {
        errors.add(field, format!("Use at least {MIN_PASSWORD_CHARS} characters."));
    } else if length > MAX_PASSWORD_CHARS {
        errors.add(field, format!("Use at most {MAX_PASSWORD_CHARS} characters."));
    } else if password != confirm {
        errors.add(confirm_field, "The two passwords differ.");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn registration() -> RegisterForm {
        RegisterForm {
            username: "alice".into(),
            display_name: "Alice".into(),
            email: "alice@example.org".into(),
            time_zone: "Europe/Paris".into(),
            password: "long enough".into(),
            password_confirm: "long enough".into(),
        }
    }

    #[test]
    fn a_complete_registration_is_valid() {
        let valid = registration().validate().unwrap();
        assert_eq!(valid.time_zone, chrono_tz::Europe::Paris);
        assert_eq!(valid.email.as_deref(), Some("alice@example.org"));
    }

    #[test]
    fn each_bad_field_gets_its_own_message() {
        let form = RegisterForm {
            username: "a b".into(),
            display_name: " ".into(),
            email: "nope".into(),
            time_zone: "Mars/Olympus".into(),
            password: "short".into(),
            password_confirm: "short".into(),
        };
        let errors = form.validate().err().unwrap();
        for field in ["username", "display_name", "email", "time_zone", "password"] {
            assert!(errors.has(field), "no error for {field}");
        }
    }

    #[test]
    fn differing_passwords_are_reported_on_the_confirmation() {
        let form = RegisterForm { password_confirm: "something else".into(), ..registration() };
        assert!(form.validate().err().unwrap().has("password_confirm"));
    }

    fn site() -> Url {
        Url::parse("https://judge.example").unwrap()
    }

    #[test]
    fn paths_on_this_site_are_followed_after_login_as_written() {
        for path in ["/games/3", "/games/3/orders?invite=abc#map", "/account", "/"] {
            assert_eq!(local_path(path, &site()).as_deref(), Some(path));
        }
    }

    /// Ways to write another site so that a careless check sees a path: each must be refused, or come
    /// back as a path that every browser resolves on this site (checked on `http` and `https`).
    const REDIRECT_BYPASSES: &[&str] = &[
        "//evil.example",
        "///evil.example",
        "/\\evil.example",
        "\\\\evil.example",
        "/\t/evil.example/",
        "/\t\t/evil.example",
        "\t//evil.example",
        "/\n/evil.example",
        "/\r\n/evil.example",
        "/\r/evil.example",
        "/%09/evil.example",
        "/%2F/evil.example",
        "/%2f%2fevil.example",
        "/%5C/evil.example",
        "/%5c%5cevil.example",
        "/.//evil.example",
        "/..//evil.example",
        "/./\\evil.example",
        " //evil.example",
        "/ /evil.example",
        "https:evil.example",
        "https:/evil.example",
        "https://evil.example",
        "http:evil.example",
        "http://evil.example",
        "javascript:alert(1)",
        "data:text/html,hi",
        "/\u{0}/evil.example",
        "/\x0b/evil.example",
        "/\x0c/evil.example",
        "/\u{a0}/evil.example",
        "/@evil.example",
        "//judge.example@evil.example",
        "/\\judge.example@evil.example",
        "",
        "games",
    ];

    #[test]
    fn no_bypass_in_the_corpus_leaves_the_site() {
        for next in REDIRECT_BYPASSES {
            let Some(path) = local_path(next, &site()) else { continue };
            assert!(path.starts_with('/') && !path.starts_with("//"), "{next:?} gave {path:?}");
            for origin in ["https://judge.example", "http://judge.example"] {
                let origin = Url::parse(origin).unwrap();
                let landed = origin.join(&path).unwrap();
                assert_eq!(landed.origin(), origin.origin(), "{next:?} gave {path:?}, which leads to {landed}");
            }
        }
    }

    #[test]
    fn the_bypasses_that_name_another_host_are_refused_outright() {
        for next in ["//evil.example", "/\t/evil.example/", "/\n/evil.example", "/\\evil.example", "/.//evil.example"] {
            assert_eq!(local_path(next, &site()), None, "{next:?}");
        }
    }

    #[test]
    fn a_path_with_control_characters_or_spaces_comes_back_percent_encoded_as_a_valid_header() {
        for next in ["/a\u{1}b", "/a b", "/a\u{7f}", "/é"] {
            let path = local_path(next, &site()).unwrap();
            assert!(axum::http::HeaderValue::from_str(&path).is_ok(), "{next:?} gave {path:?}");
        }
    }
}
