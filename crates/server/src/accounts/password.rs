//! Argon2id password hashing, off the async threads (a hash takes tens of milliseconds and 19 MiB).
//!
//! Requests hash and verify through [`PasswordHashing`]: one hash per core runs at once, the rest wait
//! for a while (10 s) and then get a 503, and every hash works in one of the permits' own 19 MiB
//! working memories, reused, rather than allocating its own: memory freed by one hash was not reused by
//! the next (glibc kept it), so 200 registrations took the server to 870 MB even with two hashes at a
//! time. Start-up (demo data) and tests use [`hash_password`], which lets argon2 allocate.

use std::sync::{Arc, LazyLock, Mutex};
use std::time::Duration;

use anyhow::Context;
use argon2::password_hash::PasswordHasher;
use argon2::password_hash::phc::{Output, ParamsString, PasswordHash, Salt};
use argon2::{Algorithm, Argon2, Block, Params, Version};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::error::AppError;

/// Argon2's working memory, as many blocks as the default parameters use.
pub type Memory = Vec<Block>;

/// Working memories no hash is using: at most one per permit, since a hash holds its permit while it
/// holds a memory.
pub type Memories = Arc<Mutex<Vec<Memory>>>;

impl PasswordHashing {
    /// Hashes with Argon2id defaults and a random salt, as a PHC string, once a permit is free.
    pub async fn hash(&self, password: String) -> Result<String, AppError> {
        self.with_memory(move |memory| hash_in(memory, &password)).await?.map_err(AppError::Internal)
    }

    /// Checks `password` against `stored`, once a permit is free. With no stored hash (unknown account)
    /// it still spends the time of one verification, so response times do not reveal which usernames
    /// exist.
    pub async fn verify(&self, password: String, stored: Option<String>) -> Result<bool, AppError> {
        self.with_memory(move |memory| {
            let matches = verify_in(memory, &password, stored.as_deref().unwrap_or(&DUMMY_HASH));
            matches && stored.is_some()
        })
        .await
    }

    /// Runs `work` on a blocking thread with a permit and a working memory.
    async fn with_memory<T: Send + 'static>(
        &self,
        work: impl FnOnce(&mut [Block]) -> T + Send + 'static,
    ) -> Result<T, AppError> {
        let permit = self.permit().await?;
        let memories = self.memories.clone();
        tokio::task::spawn_blocking(move || {
            // Held by the hashing thread, so a request dropped by its time limit still counts until
            // its hash is done.
            let _permit = permit;
            let mut memory = take_memory(&memories);
            let result = work(&mut memory);
            memories.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).push(memory);
            result
        })
        .await
        .context("password hashing task")
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

/// A free working memory, or a new one while fewer exist than permits.
fn take_memory(memories: &Memories) -> Memory {
    let free = memories.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).pop();
    free.unwrap_or_else(|| vec![Block::new(); Params::default().block_count()])
}

/// What `Argon2::default().hash_password` does, in `memory`.
fn hash_in(memory: &mut [Block], password: &str) -> anyhow::Result<String> {
    let params = Params::default();
    let salt = argon2::password_hash::generate_salt();
    let mut output = [0u8; Params::DEFAULT_OUTPUT_LEN];
    Argon2::default()
        .hash_password_into_with_memory(password.as_bytes(), &salt, &mut output, memory)
        .map_err(|error| anyhow::anyhow!("argon2: {error}"))?;
    let phc = |error| anyhow::anyhow!("PHC string: {error}");
    let hash = PasswordHash {
        algorithm: Algorithm::Argon2id.ident(),
        version: Some(Version::V0x13.into()),
        params: ParamsString::try_from(&params).map_err(|error| anyhow::anyhow!("argon2 parameters: {error}"))?,
        salt: Some(Salt::new(&salt).map_err(phc)?),
        hash: Some(Output::new(&output).map_err(phc)?),
    };
    Ok(hash.to_string())
}

/// What `Argon2::default().verify_password` does, in `memory` (a hash stored with heavier parameters
/// than today's gets its own memory).
fn verify_in(memory: &mut [Block], password: &str, stored: &str) -> bool {
    let Ok(parsed) = PasswordHash::new(stored) else { return false };
    let (Some(salt), Some(expected)) = (&parsed.salt, &parsed.hash) else { return false };
    let Ok(algorithm) = Algorithm::try_from(parsed.algorithm.as_str()) else { return false };
    let Ok(version) = parsed.version.map_or(Ok(Version::default()), Version::try_from) else { return false };
    let Ok(params) = Params::try_from(&parsed) else { return false };
    let fits = params.block_count() <= memory.len();
    let argon2 = Argon2::new(algorithm, version, params);
    let mut output = vec![0u8; expected.len()];
    let computed = if fits {
        argon2.hash_password_into_with_memory(password.as_bytes(), salt.as_ref(), &mut output, memory)
    } else {
        argon2.hash_password_into(password.as_bytes(), salt.as_ref(), &mut output)
    };
    // `Output`'s equality is constant-time.
    computed.is_ok() && Output::new(&output).is_ok_and(|output| output == *expected)
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

/// The hash an unknown account is checked against.
static DUMMY_HASH: LazyLock<String> =
    LazyLock::new(|| hash_now("a password nobody has").expect("hashing a constant password cannot fail"));

#[cfg(test)]
mod tests {
    use super::*;
    use argon2::password_hash::PasswordVerifier;

    /// argon2's own verification, to check ours against.
    fn verify_by_the_library(password: &str, stored: &str) -> bool {
        PasswordHash::new(stored)
            .is_ok_and(|parsed| Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok())
    }

    #[tokio::test]
    async fn hashes_in_reused_memory_and_argon2_s_own_hashes_verify_each_other() {
        let hashing = PasswordHashing::per_core();
        for _ in 0..3 {
            let ours = hashing.hash("correct horse".to_owned()).await.unwrap();
            assert!(verify_by_the_library("correct horse", &ours), "{ours}");
            assert!(!verify_by_the_library("wrong horse", &ours));
            let theirs = hash_password("battery staple".to_owned()).await.unwrap();
            assert!(hashing.verify("battery staple".to_owned(), Some(theirs.clone())).await.unwrap());
            assert!(!hashing.verify("battery stapler".to_owned(), Some(theirs)).await.unwrap());
        }
        let lighter = Argon2::new(Algorithm::Argon2id, Version::V0x13, Params::new(8192, 3, 1, None).unwrap())
            .hash_password(b"other parameters")
            .unwrap()
            .to_string();
        assert!(hashing.verify("other parameters".to_owned(), Some(lighter)).await.unwrap());
        let heavier = Argon2::new(Algorithm::Argon2id, Version::V0x13, Params::new(32768, 1, 1, None).unwrap())
            .hash_password(b"heavier parameters")
            .unwrap()
            .to_string();
        assert!(hashing.verify("heavier parameters".to_owned(), Some(heavier)).await.unwrap());
        assert!(!hashing.verify("x".to_owned(), Some("not a hash".to_owned())).await.unwrap());
        // At most one working memory per permit was made.
        assert!(hashing.memories.lock().unwrap().len() <= hashing.permits.available_permits());
    }

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

/// The semaphore bounding concurrent password hashes (see [`AppState::password_hashing`]), how long a
/// request waits for a permit before it is answered 503, and the permits' reused working memories
/// (`accounts::password`).
#[derive(Clone)]
pub struct PasswordHashing {
    pub permits: Arc<Semaphore>,
    pub queue_timeout: Duration,
    pub memories: Memories,
}

impl PasswordHashing {
    /// One permit per core the process may use; a request waits up to 10 s for one.
    pub fn per_core() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        PasswordHashing {
            permits: Arc::new(Semaphore::new(cores)),
            queue_timeout: Duration::from_secs(10),
            memories: Memories::default(),
        }
    }
}
