//! One listener per process on [`EVENT_CHANNEL`], fanned out to every open stream of this process
//! through a tokio broadcast channel. It starts with the first stream and reconnects by itself; each time
//! it starts listening it tells every stream to look in `game_event` for what came before.

use std::sync::{Arc, OnceLock};
use std::time::Duration;

use sqlx::PgPool;
use sqlx::postgres::PgListener;
use tokio::sync::broadcast;

use super::{EVENT_CHANNEL, StoredEvent};

/// What the hub passes to every stream.
#[derive(Debug, Clone)]
pub enum Signal {
    Event(Arc<StoredEvent>),
    /// Notifications may have been lost (the listener reconnected): read the table again.
    Resync,
}

/// How many signals a slow stream may fall behind before it resynchronises from the table.
const BUFFER: usize = 1024;

/// How long the listener waits before connecting again after losing its connection.
const RECONNECT_AFTER: Duration = Duration::from_secs(1);

/// This process's fan-out of game events (cheap to clone: one listener however many clones).
#[derive(Clone)]
pub struct Hub {
    sender: broadcast::Sender<Signal>,
    started: Arc<OnceLock<()>>,
}

impl Default for Hub {
    fn default() -> Self {
        Hub { sender: broadcast::channel(BUFFER).0, started: Arc::new(OnceLock::new()) }
    }
}

impl Hub {
    /// A receiver of every game's events from now on, starting the process's listener on first use.
    pub fn subscribe(&self, db: &PgPool) -> broadcast::Receiver<Signal> {
        let receiver = self.sender.subscribe();
        self.started.get_or_init(|| {
            tokio::spawn(listen(db.clone(), self.sender.clone()));
        });
        receiver
    }
}

/// Listens until the pool closes, reconnecting after each loss.
async fn listen(db: PgPool, sender: broadcast::Sender<Signal>) {
    while !db.is_closed() {
        let mut listener = match connect(&db).await {
            Ok(listener) => listener,
            Err(error) => {
                tracing::warn!(%error, "the live event listener cannot connect; retrying");
                tokio::time::sleep(RECONNECT_AFTER).await;
                continue;
            }
        };
        // Whatever was raised before this connection listened (the first stream subscribes before it
        // does; a reconnection leaves a gap) is in the table.
        let _ = sender.send(Signal::Resync);
        loop {
            match listener.try_recv().await {
                Ok(Some(notification)) => match serde_json::from_str::<StoredEvent>(notification.payload()) {
                    // No receiver is not an error: nobody follows a game on this replica now.
                    Ok(event) => drop(sender.send(Signal::Event(Arc::new(event)))),
                    Err(error) => tracing::warn!(%error, "an unreadable live event notification"),
                },
                // The connection was lost (and re-established, without its notifications meanwhile).
                Ok(None) => {
                    let _ = sender.send(Signal::Resync);
                }
                Err(error) => {
                    tracing::warn!(%error, "the live event listener lost its connection");
                    break;
                }
            }
        }
        tokio::time::sleep(RECONNECT_AFTER).await;
    }
}

async fn connect(db: &PgPool) -> Result<PgListener, sqlx::Error> {
    let mut listener = PgListener::connect_with(db).await?;
    listener.listen(EVENT_CHANNEL).await?;
    Ok(listener)
}
