//! Games that ask for reliability (issue 32, item 2): the GM may require a minimum tier ("Reliable
//! players only", or "no Unreliable players") and no missed phase among a player's last N phases to
//! order. Joining checks it (`games::entry::join_game`, shared by the pages and the API), and a player
//! below it is refused with the reason.

use sqlx::PgConnection;

use super::Tier;
use crate::error::{AppError, AppResult, FormErrors};
use crate::games::forms::GameSettingsForm;
use crate::ids::{AccountId, GameId};

/// The longest run of recent phases a game may ask to be free of misses.
pub const MAX_NO_MISS_IN_LAST: i16 = 100;

/// What a game asks of the players who join it; the default asks nothing.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Requirement {
    /// At least this tier (`New` keeps only Unreliable players out).
    pub min_tier: Option<Tier>,
    /// No missed phase among the player's last this many phases to order.
    pub no_miss_in_last: Option<i16>,
}

/// The choices of the form's "Players' reliability" field: (value, words).
pub const TIER_CHOICES: [(&str, &str); 3] = [
    ("", "Anyone may join"),
    ("new", "No Unreliable players (New and Reliable welcome)"),
    ("reliable", "Reliable players only"),
];

impl Requirement {
    /// Reads the form's two fields, naming what is wrong in `errors`.
    pub fn from_form(form: &GameSettingsForm, errors: &mut FormErrors) -> Requirement {
        let min_tier = match form.reliability.trim() {
            "" => None,
            "new" => Some(Tier::New),
            "reliable" => Some(Tier::Reliable),
            _ => {
                errors.add("reliability", "Choose who may join among the offered choices.");
                None
            }
        };
        let no_miss_in_last = match form.no_miss_in_last.trim() {
            "" => None,
            text => match text.parse::<i16>() {
                Ok(count) if (1..=MAX_NO_MISS_IN_LAST).contains(&count) => Some(count),
                _ => {
                    errors.add(
                        "no_miss_in_last",
                        format!("Give a number of phases from 1 to {MAX_NO_MISS_IN_LAST}, or leave it empty."),
                    );
                    None
                }
            },
        };
        Requirement { min_tier, no_miss_in_last }
    }

    /// The form's two fields for this requirement.
    pub fn form_fields(self) -> (String, String) {
        let tier = self.min_tier.map(Tier::slug).unwrap_or_default().to_owned();
        (tier, self.no_miss_in_last.map(|count| count.to_string()).unwrap_or_default())
    }

    /// What the game asks, in words; `None` when it asks nothing.
    pub fn words(self) -> Option<String> {
        let tier = match self.min_tier {
            Some(Tier::Reliable) => Some("players rated Reliable".to_owned()),
            Some(Tier::New | Tier::Unreliable) => Some("players not rated Unreliable".to_owned()),
            None => None,
        };
        let misses = self.no_miss_in_last.map(|count| format!("no missed phase in their last {count} phases to order"));
        match (tier, misses) {
            (Some(tier), Some(misses)) => Some(format!("Open to {tier} with {misses}.")),
            (Some(tier), None) => Some(format!("Open to {tier}.")),
            (None, Some(misses)) => Some(format!("Open to players with {misses}.")),
            (None, None) => None,
        }
    }

    /// Why a player with this tier and these recent misses may not join; `None` when he may.
    pub fn refusal(self, tier: Tier, why: &str, recent_misses: i64) -> Option<String> {
        if let Some(min_tier) = self.min_tier.filter(|min_tier| tier < *min_tier) {
            let wanted = if min_tier == Tier::Reliable { "Reliable players only" } else { "no Unreliable players" };
            return Some(format!("This game takes {wanted}, and you are rated {}. {why}", tier.label()));
        }
        match self.no_miss_in_last {
            Some(count) if recent_misses > 0 => Some(format!(
                "This game takes players with no missed phase in their last {count} phases to order, and you missed {recent_misses} of yours."
            )),
            _ => None,
        }
    }
}

/// The game's requirement as stored.
pub async fn stored(conn: &mut PgConnection, game_id: GameId) -> Result<Requirement, sqlx::Error> {
    let row = sqlx::query!(
        r#"select min_tier as "min_tier: Tier", no_miss_in_last from game_reliability_requirement where game_id = $1"#,
        game_id as GameId
    )
    .fetch_optional(conn)
    .await?;
    Ok(row.map_or_else(Requirement::default, |row| Requirement {
        min_tier: row.min_tier,
        no_miss_in_last: row.no_miss_in_last,
    }))
}

/// Stores the game's requirement (asking nothing removes it).
pub async fn store(conn: &mut PgConnection, game_id: GameId, requirement: Requirement) -> Result<(), sqlx::Error> {
    if requirement == Requirement::default() {
        sqlx::query!("delete from game_reliability_requirement where game_id = $1", game_id as GameId)
            .execute(conn)
            .await?;
        return Ok(());
    }
    sqlx::query!(
        "insert into game_reliability_requirement (game_id, min_tier, no_miss_in_last) values ($1, $2, $3)
         on conflict (game_id) do update set min_tier = excluded.min_tier, no_miss_in_last = excluded.no_miss_in_last",
        game_id as GameId,
        requirement.min_tier as Option<Tier>,
        requirement.no_miss_in_last
    )
    .execute(conn)
    .await
    .map(drop)
}

/// Why the game's requirement keeps the account out; `None` when it may join.
pub async fn refusal_for(
    conn: &mut PgConnection,
    requirement: Requirement,
    account_id: AccountId,
) -> Result<Option<String>, sqlx::Error> {
    if requirement == Requirement::default() {
        return Ok(None);
    }
    let record = super::record_of(conn, account_id).await?;
    let recent_misses = match requirement.no_miss_in_last {
        Some(count) => super::queries::misses_in_last(conn, account_id, i64::from(count)).await?,
        None => 0,
    };
    Ok(requirement.refusal(record.rating.tier, &record.rating.why, recent_misses))
}

/// Refuses (403, with the reason) an account the game's requirement keeps out.
pub async fn check_may_join(conn: &mut PgConnection, game_id: GameId, account_id: AccountId) -> AppResult<()> {
    let requirement = stored(conn, game_id).await?;
    match refusal_for(conn, requirement, account_id).await? {
        Some(reason) => Err(AppError::Forbidden(reason)),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reliable_only_game_refuses_new_and_unreliable_players_and_says_why() {
        let reliable_only = Requirement { min_tier: Some(Tier::Reliable), no_miss_in_last: None };
        assert_eq!(reliable_only.refusal(Tier::Reliable, "", 3), None);
        let refusal = reliable_only.refusal(Tier::New, "Too few phases.", 0).unwrap_or_default();
        assert!(refusal.contains("Reliable players only") && refusal.contains("rated New"), "{refusal}");
        let no_unreliable = Requirement { min_tier: Some(Tier::New), no_miss_in_last: None };
        assert_eq!(no_unreliable.refusal(Tier::New, "", 0), None);
        assert!(no_unreliable.refusal(Tier::Unreliable, "", 0).is_some());
    }

    #[test]
    fn no_missed_phase_in_the_last_n_refuses_any_recent_miss() {
        let strict = Requirement { min_tier: None, no_miss_in_last: Some(5) };
        assert_eq!(strict.refusal(Tier::New, "", 0), None);
        assert!(strict.refusal(Tier::Reliable, "", 1).unwrap_or_default().contains("last 5 phases"));
        assert_eq!(
            strict.words().as_deref(),
            Some("Open to players with no missed phase in their last 5 phases to order.")
        );
    }
}
