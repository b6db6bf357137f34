//! Argon2id password hashing, off the async threads (a hash takes tens of milliseconds).

use std::sync::LazyLock;

use anyhow::Context;
use argon2::Argon2;
use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};

use crate::error::AppError;

/// Hashes with Argon2id defaults and a random salt, as a PHC string.
pub async fn hash_password(password: String) -> Result<String, AppError> {
    tokio::task::spawn_blocking(move || hash_now(&password))
        .await
        .context("password hashing task")?
        .map_err(AppError::Internal)
}

fn hash_now(password: &str) -> anyhow::Result<String> {
    Argon2::default()
        .hash_password(password.as_bytes())
        .map(|hash| hash.to_string())
        .map_err(|error| anyhow::anyhow!("argon2: {error}"))
}

/// Checks `password` against `stored`. With no stored hash (unknown account) it still spends the time
/// of one verification, so response times do not reveal which usernames exist.
pub async fn verify_password(password: String, stored: Option<String>) -> Result<bool, AppError> {
    tokio::task::spawn_blocking(move || {
        let matches = verify_now(&password, stored.as_deref().unwrap_or(&DUMMY_HASH));
        matches && stored.is_some()
    })
    .await
    .context("password verification task")
    .map_err(AppError::Internal)
}

static DUMMY_HASH: LazyLock<String> =
    LazyLock::new(|| hash_now("a password nobody has").expect("hashing a constant password cannot fail"));

fn verify_now(password: &str, stored: &str) -> bool {
    PasswordHash::new(stored)
        .is_ok_and(|parsed| Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_hash_verifies_its_own_password_and_refuses_another() {
        let hash = hash_password("correct horse".to_owned()).await.unwrap();
        assert!(hash.starts_with("$argon2id$"));
        assert!(verify_password("correct horse".to_owned(), Some(hash.clone())).await.unwrap());
        assert!(!verify_password("wrong horse".to_owned(), Some(hash)).await.unwrap());
    }

    #[tokio::test]
    async fn an_unknown_account_never_verifies() {
        assert!(!verify_password("a password nobody has".to_owned(), None).await.unwrap());
    }
}
