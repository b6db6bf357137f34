//! The signed-in account as a request sees it: what pages, extractors and features read of it.

use chrono_tz::Tz;

use crate::ids::AccountId;

/// A logged-in account, as loaded for this request.
#[derive(Debug, Clone)]
pub struct User {
    pub account_id: AccountId,
    pub username: String,
    pub display_name: String,
    pub time_zone: Tz,
    pub is_site_admin: bool,
    /// How many of the account's notices are unread (`notices`), for the header's count.
    pub unread_notices: i64,
}
