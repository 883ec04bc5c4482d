// "Your turn": how many games wait for the signed-in player's move, asked of the server while a
// tab is open (every half minute, and when the tab comes back into view); the header shows the
// count and, where the player allowed it, the browser tells of a new game waiting while the tab
// is hidden.
import { api, type Turns } from './api';
import { onAccount, user } from './account';
import { t } from './i18n';

const EVERY_MS = 30_000;

let latest: Turns | null = null;
let timer: number | undefined;
const listeners = new Set<() => void>();

export function turns(): Turns | null {
  return latest;
}

export function onTurns(f: () => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}

function tell(): void {
  for (const f of [...listeners]) f();
}

// Whether the browser may show notifications, and whether the player said yes.
export function notificationsAllowed(): NotificationPermission | 'unsupported' {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

export async function askNotifications(): Promise<NotificationPermission | 'unsupported'> {
  if (typeof Notification === 'undefined') return 'unsupported';
  return Notification.requestPermission();
}

// The games newly waiting for a move, told by the browser when the tab is not looked at.
function notify(before: Turns | null, now: Turns): void {
  if (!before || notificationsAllowed() !== 'granted' || document.visibilityState === 'visible') return;
  const known = new Set(before.games.filter((g) => g.your_turn).map((g) => g.id));
  const fresh = now.games.filter((g) => g.your_turn && !known.has(g.id));
  if (!fresh.length) return;
  const d = t();
  const n = new Notification(d.yourTurnNotice(fresh.length), { body: d.yourTurnNoticeBody, tag: 'awe-turns' });
  n.onclick = () => {
    window.focus();
    location.assign(fresh.length === 1 ? `/game/${encodeURIComponent(fresh[0]!.id)}` : '/turns');
  };
}

// Asks now (a page that changed a game calls it: a move sent, a game joined).
export async function refreshTurns(): Promise<void> {
  if (!user()) {
    if (latest) {
      latest = null;
      tell();
    }
    return;
  }
  try {
    const now = await api.turns();
    notify(latest, now);
    latest = now;
    tell();
  } catch {
    // Keep the last count: the next try may answer.
  }
}

function schedule(): void {
  window.clearInterval(timer);
  timer = window.setInterval(() => void refreshTurns(), EVERY_MS);
}

export function startTurns(): void {
  onAccount(() => void refreshTurns());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void refreshTurns();
  });
  schedule();
  void refreshTurns();
}
