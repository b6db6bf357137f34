//! Argon2id password hashing, off the async threads (a hash takes tens of milliseconds and 19 MiB).
//!
//! Requests hash and verify through [`PasswordHashing`], which lets one hash per core run at once and
//! queues the rest for a while (10 s) before answering 503; start-up (demo data) and tests
//! use [`hash_password`] directly.

use std::sync::LazyLock;

use anyhow::Context;
use argon2::Argon2;
use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use tokio::sync::OwnedSemaphorePermit;

use crate::error::AppError;
use crate::state::PasswordHashing;

impl PasswordHashing {
    /// [`hash_password`], once a permit is free.
    pub async fn hash(&self, password: String) -> Result<String, AppError> {
        let permit = self.permit().await?;
        tokio::task::spawn_blocking(move || {
            // Held by the hashing thread, so a request dropped by its time limit still counts until
            // its hash is done.
            let _permit = permit;
            hash_now(&password)
        })
        .await
        .context("password hashing task")?
        .map_err(AppError::Internal)
    }

    /// Checks `password` against `stored`, once a permit is free. With no stored hash (unknown account)
    /// it still spends the time of one verification, so response times do not reveal which usernames
    /// exist.
    pub async fn verify(&self, password: String, stored: Option<String>) -> Result<bool, AppError> {
        let permit = self.permit().await?;
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            verify_or_spend_the_time(&password, stored.as_deref())
        })
        .await
        .context("password verification task")
        .map_err(AppError::Internal)
    }

    async fn permit(&self) -> Result<OwnedSemaphorePermit, AppError> {
        match tokio::time::timeout(self.queue_timeout, self.permits.clone().acquire_owned()).await {
            Ok(Ok(permit)) => Ok(permit),
            Ok(Err(closed)) => Err(AppError::Internal(anyhow::Error::new(closed).context("password hashing"))),
            Err(_) => Err(AppError::Busy(
                "The site is busy checking passwords right now. Nothing was changed; please try again in a moment."
                    .to_owned(),
            )),
        }
    }
}

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
fn verify_or_spend_the_time(password: &str, stored: Option<&str>) -> bool {
    let matches = verify_now(password, stored.unwrap_or(&DUMMY_HASH));
    matches && stored.is_some()
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
        let hashing = PasswordHashing::per_core();
        let hash = hashing.hash("correct horse".to_owned()).await.unwrap();
        assert!(hash.starts_with("$argon2id$"));
        assert!(hashing.verify("correct horse".to_owned(), Some(hash.clone())).await.unwrap());
        assert!(!hashing.verify("wrong horse".to_owned(), Some(hash)).await.unwrap());
    }

    #[tokio::test]
    async fn an_unknown_account_never_verifies() {
        let hashing = PasswordHashing::per_core();
        assert!(!hashing.verify("a password nobody has".to_owned(), None).await.unwrap());
    }

    #[tokio::test(start_paused = true)]
    async fn a_hash_waits_for_a_free_permit_and_answers_busy_when_none_frees_in_time() {
        let hashing = PasswordHashing::per_core();
        let hashing = PasswordHashing { permits: std::sync::Arc::new(tokio::sync::Semaphore::new(1)), ..hashing };
        let held = hashing.permits.clone().acquire_owned().await.unwrap();
        // The clock is paused: it jumps past the queue timeout as soon as everything waits.
        let refused = hashing.hash("correct horse".to_owned()).await;
        assert!(matches!(refused, Err(AppError::Busy(_))), "{refused:?}");
        drop(held);
        assert!(hashing.hash("correct horse".to_owned()).await.is_ok());
    }
}
