//! The lobby's signal: a game changed, so its lists (open challenges, games being played, games
//! just finished) may have; and the lists as last read. The rooms, the bus and the features that
//! make games tell it; the lobby's own feature (`awe-site-lobby`) reads the lists again and sends
//! them to those who watch.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{Notify, watch};

/// The lobby's lists as last sent, and the signal that they changed.
#[derive(Clone, Debug)]
pub struct Lobby {
    changed: Arc<Notify>,
    lists: watch::Sender<Arc<String>>,
}

impl Default for Lobby {
    fn default() -> Lobby {
        Lobby { changed: Arc::new(Notify::new()), lists: watch::channel(Arc::new(String::new())).0 }
    }
}

/// A game nobody has moved in (or changed) for this long leaves the games being played: it is
/// adjourned. It goes on at its address whenever someone plays; a running clock still falls.
pub const ADJOURNED: Duration = Duration::from_secs(600);

impl Lobby {
    /// The lists changed: the lobby's task reads them again soon.
    pub fn changed(&self) {
        self.changed.notify_one();
    }

    /// The lists as they come: the latest now, then each time they change.
    pub fn subscribe(&self) -> watch::Receiver<Arc<String>> {
        self.lists.subscribe()
    }

    /// Returns at the next change.
    pub async fn notified(&self) {
        self.changed.notified().await
    }

    /// Whether anyone watches the lists on this server.
    pub fn watched(&self) -> bool {
        self.lists.receiver_count() > 0
    }

    /// The lists, read again, to those who watch them.
    pub fn send(&self, lists: String) {
        self.lists.send_replace(Arc::new(lists));
    }
}
