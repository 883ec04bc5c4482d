// Your games (/turns): every game the signed-in player is playing, those waiting for their move
// first, each with the time left to move; and the switch for the browser's notifications.
import type { TurnGame } from '../api';
import { user, onAccount } from '../account';
import { fill, h } from '../dom';
import { t } from '../i18n';
import { botName, specText } from '../names';
import type { Page, Route } from '../router';
import { askNotifications, notificationsAllowed, onTurns, refreshTurns, turns } from '../turns';

// Time left in words: "2 d 3 h", "5 h 12 min", "45 min", "30 s".
export function leftText(ms: number): string {
  const d = t();
  const s = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(s / 86400);
  const hours = Math.floor((s % 86400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  if (days > 0) return d.daysHours(days, hours);
  if (hours > 0) return d.hoursMinutes(hours, minutes);
  if (minutes > 0) return d.minutesOnly(minutes);
  return d.secondsOnly(s);
}

export function mountTurns(root: HTMLElement, _route: Route): Page {
  const box = h('div', { class: 'turns-page', 'data-testid': 'turns-page' });
  root.appendChild(box);
  let permission = notificationsAllowed();

  function entry(g: TurnGame): HTMLElement {
    const d = t();
    const href = `/game/${encodeURIComponent(g.id)}`;
    const o = g.opponent;
    const who = o.kind === 'computer' ? d.computerLevel(o.level) : botName(o.name || d.anonymous, o.bot);
    const left = g.deadline_at === null ? null : leftText(g.deadline_at - Date.now());
    const pace = g.clock?.days ? d.daysPerMoveShort(g.clock.days) : null;
    const meta = [pace, g.rated ? d.ratedShort : d.casualShort].filter(Boolean).join(' · ');
    return h(
      'li',
      { class: 'game-entry', 'data-testid': `turn-${g.id}` },
      h(
        'div',
        { class: 'entry-text' },
        h('a', { href, class: 'entry-spec' }, specText(g.spec)),
        h('span', { class: 'entry-who' }, `${d.vs} ${who}`),
        h('span', { class: 'entry-meta' }, meta),
      ),
      // The time left to move where a clock runs (the section says whose turn it is).
      h('div', { class: 'entry-result' }, h('span', { class: `result-badge ${g.your_turn ? 'live' : 'muted'}`, 'data-testid': `turn-left-${g.id}` }, left ? d.timeLeft(left) : g.your_turn ? d.yourTurn : d.theirTurn)),
      h('a', { href, class: 'button', 'data-testid': `turn-open-${g.id}` }, g.your_turn ? d.playButton : d.openGame),
    );
  }

  function notifications(): HTMLElement | null {
    const d = t();
    if (permission === 'unsupported') return null;
    if (permission === 'granted') return h('p', { class: 'help', 'data-testid': 'notify-on' }, d.notificationsOn);
    if (permission === 'denied') return h('p', { class: 'help', 'data-testid': 'notify-denied' }, d.notificationsDenied);
    return h(
      'button',
      {
        type: 'button',
        'data-testid': 'notify',
        onclick: async () => {
          permission = await askNotifications();
          draw();
        },
      },
      d.notifyMe,
    );
  }

  function draw(): void {
    const d = t();
    const u = user();
    if (u === null) {
      fill(box, h('section', { class: 'card' }, h('h1', {}, d.yourGames), h('p', {}, h('a', { href: '/signin?next=%2Fturns' }, d.signInToSeeGames))));
      return;
    }
    const list = turns();
    const waiting = list?.games.filter((g) => g.your_turn) ?? [];
    const others = list?.games.filter((g) => !g.your_turn) ?? [];
    fill(
      box,
      h(
        'section',
        { class: 'card player-head' },
        h('h1', {}, d.yourGames),
        h('p', { class: 'help', 'data-testid': 'turns-count' }, list ? d.gamesWaiting(list.count) : d.loading),
        notifications(),
      ),
      h(
        'section',
        { class: 'card list', 'aria-labelledby': 'your-turn-title' },
        h('h2', { id: 'your-turn-title' }, d.yourTurn),
        waiting.length ? h('ul', { 'data-testid': 'your-turn-list' }, waiting.map(entry)) : h('p', { class: 'empty', 'data-testid': 'your-turn-list' }, d.noGameWaiting),
      ),
      h(
        'section',
        { class: 'card list', 'aria-labelledby': 'their-turn-title' },
        h('h2', { id: 'their-turn-title' }, d.theirTurn),
        others.length ? h('ul', { 'data-testid': 'their-turn-list' }, others.map(entry)) : h('p', { class: 'empty', 'data-testid': 'their-turn-list' }, d.noGameTheirs),
      ),
    );
  }

  const offTurns = onTurns(draw);
  const offAccount = onAccount(draw);
  draw();
  void refreshTurns();
  // The time left moves on while the page is open.
  const ticker = window.setInterval(draw, 30_000);

  return {
    destroy() {
      offTurns();
      offAccount();
      window.clearInterval(ticker);
      box.remove();
    },
    relabel: draw,
    title: () => t().yourGames,
  };
}
