//! One viewer's stream of one game's events: live ones from this process's [`Hub`], and from
//! `game_event` those a reconnecting client missed (`Last-Event-ID`) or that a lag or a lost listener
//! connection skipped.

use std::collections::{HashSet, VecDeque};
use std::convert::Infallible;
use std::time::Duration;

use axum::http::HeaderMap;
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use futures_util::{Stream, StreamExt};
use sqlx::PgPool;
use tokio::sync::broadcast::Receiver;
use tokio::sync::broadcast::error::RecvError;

use super::hub::{Hub, Signal};
use super::{StoredEvent, queries};
use crate::ids::{AccountId, GameId};

/// A comment line this often keeps proxies and the server's idle timeout from closing a quiet stream.
const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// Ids of sent events remembered to skip one seen twice (live, then in a replay); reset past this.
const REMEMBERED: usize = 4096;

/// The id a reconnecting client last received, from its `Last-Event-ID` header.
pub fn last_event_id(headers: &HeaderMap) -> Option<i64> {
    headers.get("last-event-id")?.to_str().ok()?.trim().parse().ok().filter(|id: &i64| *id >= 0)
}

/// The game's events for `account` (none: a visitor), who may see the game, from now on or from after
/// `resume_after`. The caller has checked that the game is visible to the reader.
pub async fn follow(
    db: PgPool,
    hub: &Hub,
    game_id: GameId,
    account: Option<AccountId>,
    resume_after: Option<i64>,
) -> Result<Sse<impl Stream<Item = Result<SseEvent, Infallible>> + use<>>, sqlx::Error> {
    // Subscribed before reading where to start, so nothing falls between the two.
    let receiver = hub.subscribe(&db);
    // A new stream starts after what is already committed: those events count as sent.
    let (start, seen) = match resume_after {
        Some(after) => (after, Vec::new()),
        None => queries::stream_start(&mut *db.acquire().await?, game_id).await?,
    };
    let follower = Follower {
        db,
        receiver,
        game_id,
        account,
        after: start,
        backlog: VecDeque::new(),
        sent: seen.into_iter().collect(),
        replay: resume_after.is_some(),
    };
    // First the game's current phase, without an id: a page that was rendered before an event this
    // stream no longer sends sees from it that it is behind.
    let current_phase = queries::current_phase_index(&mut *follower.db.acquire().await?, game_id).await?;
    let state = SseEvent::default().event("state").data(serde_json::json!({ "phase": current_phase }).to_string());
    let events = futures_util::stream::unfold(follower, |mut follower| async move {
        let event = follower.next().await?;
        Some((Ok(as_sse(&event)), follower))
    });
    let stream = futures_util::stream::once(std::future::ready(Ok(state))).chain(events);
    Ok(Sse::new(stream).keep_alive(KeepAlive::new().interval(KEEP_ALIVE)))
}

fn as_sse(event: &StoredEvent) -> SseEvent {
    SseEvent::default().id(event.id.to_string()).event(event.kind.as_str()).data(event.data.to_string())
}

struct Follower {
    db: PgPool,
    receiver: Receiver<Signal>,
    game_id: GameId,
    account: Option<AccountId>,
    /// The highest event id sent (or the client's `Last-Event-ID`): replays read after it.
    after: i64,
    backlog: VecDeque<StoredEvent>,
    sent: HashSet<i64>,
    /// Whether the table must be read before the next live event.
    replay: bool,
}

impl Follower {
    async fn next(&mut self) -> Option<StoredEvent> {
        loop {
            if std::mem::take(&mut self.replay) {
                self.read_missed().await;
            }
            if let Some(event) = self.backlog.pop_front() {
                self.mark_sent(event.id);
                return Some(event);
            }
            match self.receiver.recv().await {
                Ok(Signal::Event(event)) => {
                    if event.game_id == self.game_id && event.is_for(self.account) && !self.sent.contains(&event.id) {
                        self.mark_sent(event.id);
                        return Some((*event).clone());
                    }
                }
                Ok(Signal::Resync) | Err(RecvError::Lagged(_)) => self.replay = true,
                Err(RecvError::Closed) => return None,
            }
        }
    }

    /// Queues the stored events after the last one sent that this reader may have and has not had.
    async fn read_missed(&mut self) {
        let missed = match self.db.acquire().await {
            Ok(mut conn) => queries::events_after(&mut conn, self.game_id, self.after).await,
            Err(error) => Err(error),
        };
        match missed {
            Ok(events) => self.backlog.extend(
                events.into_iter().filter(|event| event.is_for(self.account) && !self.sent.contains(&event.id)),
            ),
            Err(error) => tracing::warn!(%error, "could not read missed live events"),
        }
    }

    fn mark_sent(&mut self, id: i64) {
        if self.sent.len() >= REMEMBERED {
            self.sent.clear();
        }
        self.sent.insert(id);
        self.after = self.after.max(id);
    }
}
