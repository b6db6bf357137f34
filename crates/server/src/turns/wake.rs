//! Waking every replica's turn worker as soon as a phase falls due before its deadline (every seat
//! ready), through PostgreSQL `LISTEN/NOTIFY`: the notification is sent in the transaction that
//! brought the deadline forward, so PostgreSQL delivers it exactly when that transaction commits, and
//! never for one that rolls back. The worker's poll stays as the fallback (a listener that lost its
//! connection, a deadline that simply passed); processing itself is still claimed under the game's row
//! lock, so a wake-up on every replica processes the phase once.

use std::time::Duration;

use sqlx::PgConnection;
use sqlx::postgres::{PgListener, PgPool};

use crate::ids::GameId;

/// The channel turn workers listen on; the payload is the due game's id (for logs only: a woken
/// worker claims whatever is due).
pub const TURN_DUE_CHANNEL: &str = "backchannel_turn_due";

/// Tells every listening turn worker, when the caller's transaction commits, that `game_id` is due.
pub async fn wake_turn_workers(conn: &mut PgConnection, game_id: GameId) -> Result<(), sqlx::Error> {
    sqlx::query!("select pg_notify($1, $2)", TURN_DUE_CHANNEL, game_id.to_string()).execute(conn).await?;
    Ok(())
}

/// A turn worker's ear: a listener on [`TURN_DUE_CHANNEL`], or nothing while the database refuses one
/// (the worker then only polls, and tries to listen again at its next pause).
pub struct Alarm {
    pool: PgPool,
    listener: Option<PgListener>,
}

impl Alarm {
    pub fn new(pool: PgPool) -> Self {
        Alarm { pool, listener: None }
    }

    /// Waits until a game is said to be due or `pause` has passed, whichever comes first. Wake-ups
    /// already buffered are all consumed: one drain serves them all.
    pub async fn wait(&mut self, pause: Duration) {
        let Some(listener) = self.listening().await else {
            tokio::time::sleep(pause).await;
            return;
        };
        match tokio::time::timeout(pause, listener.recv()).await {
            Ok(Ok(notification)) => {
                tracing::debug!(game = notification.payload(), "a turn worker was woken");
                while listener.next_buffered().is_some() {}
            }
            Ok(Err(error)) => {
                tracing::warn!(%error, "the turn worker lost its listener; it polls until it listens again");
                self.listener = None;
                tokio::time::sleep(pause).await;
            }
            Err(_) => {}
        }
    }

    /// Starts listening, if not yet: called before the worker first looks for due games, so a game
    /// falling due after that look is heard.
    pub async fn listening(&mut self) -> Option<&mut PgListener> {
        if self.listener.is_none() {
            match listen(&self.pool).await {
                Ok(listener) => self.listener = Some(listener),
                Err(error) => tracing::warn!(%error, "the turn worker cannot listen for due games; it polls"),
            }
        }
        self.listener.as_mut()
    }
}

async fn listen(pool: &PgPool) -> Result<PgListener, sqlx::Error> {
    let mut listener = PgListener::connect_with(pool).await?;
    listener.listen(TURN_DUE_CHANNEL).await?;
    Ok(listener)
}
