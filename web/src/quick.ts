// Quick pairing on the home page: for the game and rules chosen in the form, a few time controls;
// one click waits in that pool until the server pairs the player with the nearest rating, then
// goes to the game. The page asks the server every second while it waits (a seek nobody asks
// about is dropped), and withdraws the seek when it is left.
import { api, type Spec } from './api';
import { user } from './account';
import { fill, h } from './dom';
import { t } from './i18n';
import { errorText, refusalOf, type Refusal } from './errors';
import { specText } from './names';
import { navigate } from './router';

// The time controls offered: minutes and increment, or days a move.
export const POOLS: { minutes?: number; increment?: number; days?: number }[] = [
  { minutes: 3, increment: 2 },
  { minutes: 5, increment: 3 },
  { minutes: 10, increment: 5 },
  { minutes: 15, increment: 10 },
  { days: 3 },
];

type Pool = (typeof POOLS)[number];

function poolLabel(p: Pool): string {
  return p.days ? t().daysPerMoveShort(p.days) : `${p.minutes}+${p.increment}`;
}

// The server's name of a pool (pairing.rs): to read how many wait in it.
function poolKey(spec: Spec, p: Pool): string {
  const game = spec.game === 'awele' ? `awele:${spec.rules}` : spec.game === 'awithlaknannai' ? `awithlaknannai:${spec.board}:${spec.rules}` : `awechec:${spec.variant ?? 'standard'}`;
  const clock = p.days ? `${p.days}d` : `${(p.minutes ?? 0) * 60}+${p.increment ?? 0}`;
  return `${game} ${clock} rated`;
}

export class QuickPairing {
  readonly element: HTMLElement;
  private counts: Record<string, number> = {};
  private seeking: { id: string; pool: Pool; spec: Spec; window: number; since: number } | null = null;
  private timer: number | undefined;
  private countsTimer: number | undefined;
  private error: Refusal | null = null;
  private destroyed = false;

  // `spec`: the game and rules the form shows, normalized as the server writes them.
  constructor(private readonly spec: () => Spec) {
    this.element = h('section', { class: 'card quick', 'aria-labelledby': 'quick-title', 'data-testid': 'quick' });
    this.draw();
    void this.loadCounts();
    this.countsTimer = window.setInterval(() => void this.loadCounts(), 5000);
  }

  private async loadCounts(): Promise<void> {
    if (document.visibilityState !== 'visible') return;
    try {
      this.counts = (await api.pools()).pools;
    } catch {
      // The counts are a hint: kept as they were.
    }
    if (!this.destroyed) this.draw();
  }

  private async start(pool: Pool): Promise<void> {
    const spec = this.spec();
    this.error = null;
    try {
      const clock = pool.days ? { days: pool.days } : { minutes: pool.minutes ?? 0, increment: pool.increment ?? 0 };
      const { id } = await api.seek({ spec, clock, rated: true });
      this.seeking = { id, pool, spec, window: 100, since: Date.now() };
      this.poll();
    } catch (e) {
      this.error = refusalOf(e);
    }
    this.draw();
  }

  private poll(): void {
    window.clearTimeout(this.timer);
    this.timer = window.setTimeout(async () => {
      const s = this.seeking;
      if (!s || this.destroyed) return;
      try {
        const status = await api.seekStatus(s.id);
        if (this.seeking !== s) return;
        if (status.status === 'paired' && status.game) {
          this.seeking = null;
          navigate(`/game/${encodeURIComponent(status.game)}`);
          return;
        }
        s.window = status.window;
      } catch (e) {
        // Gone (dropped, say): the player may try again.
        this.seeking = null;
        this.error = refusalOf(e);
      }
      this.draw();
      if (this.seeking) this.poll();
    }, 1000);
  }

  private async cancel(): Promise<void> {
    const s = this.seeking;
    this.seeking = null;
    window.clearTimeout(this.timer);
    this.draw();
    if (s) await api.cancelSeek(s.id).catch(() => undefined);
  }

  draw(): void {
    const d = t();
    const spec = this.spec();
    const title = h('h2', { id: 'quick-title' }, d.quickPairing);
    if (this.seeking) {
      const s = this.seeking;
      fill(
        this.element,
        title,
        h('p', { class: 'quick-waiting', role: 'status', 'data-testid': 'quick-waiting' }, d.quickWaiting(`${specText(s.spec)}, ${poolLabel(s.pool)}`, Math.round(s.window))),
        h('button', { type: 'button', 'data-testid': 'quick-cancel', onclick: () => void this.cancel() }, d.cancelChallenge),
      );
      return;
    }
    const me = user();
    if (spec.handicap) {
      fill(this.element, title, h('p', { class: 'help' }, d.quickNoHandicap));
      return;
    }
    fill(
      this.element,
      title,
      h('p', { class: 'help' }, d.quickHelp(specText(spec))),
      h(
        'div',
        { class: 'quick-pools' },
        POOLS.map((p) => {
          const n = this.counts[poolKey(spec, p)] ?? 0;
          const label = poolLabel(p);
          return h(
            'button',
            {
              type: 'button',
              class: 'quick-pool',
              'data-testid': `quick-${p.days ? `${p.days}d` : `${p.minutes}+${p.increment}`}`,
              disabled: !me,
              'aria-label': n ? `${label}, ${d.quickSeeking(n)}` : label,
              onclick: () => void this.start(p),
            },
            h('span', { class: 'quick-clock' }, label),
            n ? h('span', { class: 'quick-count', 'aria-hidden': 'true' }, d.quickSeeking(n)) : null,
          );
        }),
      ),
      me === null ? h('p', { class: 'help' }, h('a', { href: '/signin', 'data-testid': 'quick-signin' }, d.quickSignIn)) : null,
      this.error ? h('p', { class: 'error', role: 'alert', 'data-testid': 'quick-error' }, errorText(this.error)) : null,
    );
  }

  destroy(): void {
    this.destroyed = true;
    window.clearInterval(this.countsTimer);
    void this.cancel();
  }
}
