// The clocks: the server sends each side's remaining time and which one runs; between states the
// page counts down locally from when the state came. The server decides when a flag falls.
import type { Clock } from '../api';
import { t } from '../i18n';

export function formatMs(ms: number): string {
  const v = Math.max(0, ms);
  if (v < 10000) {
    const tenths = Math.floor(v / 100);
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const s = Math.floor(v / 1000);
  // A correspondence clock: days and hours, in the page's language ("1 j 23 h").
  if (s >= 86400) return t().daysHours(Math.floor(s / 86400), Math.floor((s % 86400) / 3600));
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = s % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return hh > 0 ? `${hh}:${two(mm)}:${two(ss)}` : `${mm}:${two(ss)}`;
}

export class Clocks {
  private clock: Clock | null = null;
  private sides: string[] = [];
  private at = 0;
  private timer: number | undefined;
  private els = new Map<string, HTMLElement>();

  // Where a side's time is shown (the page moves them when the board flips).
  bind(side: string, el: HTMLElement): void {
    this.els.set(side, el);
    this.draw();
  }

  update(clock: Clock | null, sides: string[], running: boolean): void {
    this.clock = clock;
    this.sides = sides;
    this.at = performance.now();
    if (clock && !running) this.clock = { ...clock, running: null };
    window.clearInterval(this.timer);
    if (this.clock?.running) this.timer = window.setInterval(() => this.draw(), 100);
    this.draw();
  }

  remaining(side: string): number | null {
    if (!this.clock) return null;
    const i = this.sides.indexOf(side);
    if (i < 0) return null;
    let ms = this.clock.remaining_ms[i] ?? 0;
    if (this.clock.running === side) ms -= performance.now() - this.at;
    return Math.max(0, ms);
  }

  private draw(): void {
    for (const [side, el] of this.els) {
      const ms = this.remaining(side);
      if (ms === null) {
        el.hidden = true;
        continue;
      }
      el.hidden = false;
      const text = formatMs(ms);
      if (el.textContent !== text) el.textContent = text;
      el.classList.toggle('running', this.clock?.running === side);
      el.classList.toggle('low', ms < 20000);
      el.classList.toggle('out', ms <= 0);
    }
  }

  destroy(): void {
    window.clearInterval(this.timer);
    this.els.clear();
  }
}
