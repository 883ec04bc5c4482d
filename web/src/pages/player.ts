// A player's page (/player/NAME): since when they play here, their rating in each category, and
// their latest games with the result from their side and the rating it won or lost.
import { api, ApiError, type Player, type PlayerGame, type Rating } from '../api';
import { fill, h } from '../dom';
import { t } from '../i18n';
import { errorText, refusalOf, type Refusal } from '../errors';
import { botName, categoryText, dateText, diffText, specText } from '../names';
import { onAccount, user } from '../account';
import { tokensPanel } from './tokens';
import type { Page, Route } from '../router';
import { mountNotFound } from './notfound';

export function mountPlayer(root: HTMLElement, route: Route): Page {
  const name = route.params.name ?? '';
  let player: Player | null = null;
  let error: Refusal | null = null;
  let destroyed = false;
  let inner: Page | null = null;
  const box = h('div', { class: 'player-page', 'data-testid': 'player-page' });
  const tokens = tokensPanel();
  // The tokens are shown on one's own page once the account is known (it may come later).
  const offAccount = onAccount(() => {
    if (player) draw();
  });
  root.appendChild(box);

  function draw(): void {
    const d = t();
    if (!player) {
      fill(
        box,
        h(
          'section',
          { class: 'card' },
          h('h1', {}, name),
          error
            ? [h('p', { class: 'error', role: 'alert', 'data-testid': 'player-error' }, errorText(error)), h('button', { type: 'button', onclick: () => void load() }, d.retryButton)]
            : h('p', { class: 'empty' }, d.loading),
        ),
      );
      return;
    }
    const p = player;
    fill(
      box,
      h(
        'section',
        { class: 'card player-head' },
        h('h1', { 'data-testid': 'player-name' }, botName(p.name, p.bot)),
        p.bot ? h('p', { class: 'help', 'data-testid': 'player-bot' }, d.isBot) : null,
        h('p', { class: 'help', 'data-testid': 'member-since' }, d.memberSince(dateText(p.created_at))),
      ),
      h(
        'section',
        { class: 'card', 'aria-labelledby': 'ratings-title' },
        h('h2', { id: 'ratings-title' }, d.ratings),
        p.ratings.length ? ratingsTable(p.ratings) : h('p', { class: 'empty', 'data-testid': 'player-ratings' }, d.noRatings),
        p.ratings.some((r) => r.provisional) ? h('p', { class: 'help' }, d.provisionalHelp) : null,
      ),
      h(
        'section',
        { class: 'card list', 'aria-labelledby': 'games-title' },
        h('h2', { id: 'games-title' }, d.latestGames),
        p.games.length ? h('ul', { 'data-testid': 'player-games' }, p.games.map(gameEntry)) : h('p', { class: 'empty', 'data-testid': 'player-games' }, d.noGames),
      ),
      // One's own page: the personal API tokens.
      user()?.name.toLowerCase() === p.name.toLowerCase() ? tokens.element : null,
    );
    if (user()?.name.toLowerCase() === p.name.toLowerCase()) tokens.show();
  }

  function ratingsTable(ratings: Rating[]): HTMLElement {
    const d = t();
    return h(
      'div',
      { class: 'table-wrap' },
      h(
        'table',
        { class: 'data-table', 'data-testid': 'player-ratings' },
        h(
          'thead',
          {},
          h('tr', {}, h('th', { scope: 'col' }, d.categoryCol), h('th', { scope: 'col', class: 'num' }, d.ratingCol), h('th', { scope: 'col', class: 'num' }, d.gamesCol), h('th', { scope: 'col', class: 'num', title: d.wdlTitle }, h('abbr', { title: d.wdlTitle }, d.wdlCol))),
        ),
        h(
          'tbody',
          {},
          ratings.map((r) =>
            h(
              'tr',
              { 'data-testid': `rating-${r.category}` },
              h(
                'th',
                { scope: 'row', class: 'category' },
                // Puzzle ratings have no leaderboard: their page instead.
                r.category.startsWith('puzzle:')
                  ? h('a', { href: `/puzzles?game=${encodeURIComponent(r.category.slice('puzzle:'.length))}` }, categoryText(r.category))
                  : h('a', { href: `/leaderboard?category=${encodeURIComponent(r.category)}` }, categoryText(r.category)),
              ),
              h('td', { class: 'num' }, ratingCell(r)),
              h('td', { class: 'num' }, String(r.games)),
              h('td', { class: 'num wdl' }, `${r.wins}\u202f/\u202f${r.draws}\u202f/\u202f${r.losses}`),
            ),
          ),
        ),
      ),
    );
  }

  function gameEntry(g: PlayerGame): HTMLElement {
    const d = t();
    const href = `/game/${encodeURIComponent(g.id)}`;
    const o = g.opponent;
    const opponentName = !o
      ? d.unnamed
      : o.kind === 'computer'
        ? d.computerLevel(o.level)
        : o.kind === 'empty'
          ? d.emptySeat
          : botName(o.name || d.anonymous, o.bot);
    // In a rated game both players have accounts: the opponent's page.
    const opponent = o && o.kind === 'human' && o.name && g.rated ? h('a', { href: `/player/${encodeURIComponent(o.name)}` }, opponentName) : opponentName;
    const [label, tone] = resultOf(g);
    const meta = [dateText(g.updated_at), g.rated ? d.ratedShort : d.casualShort].join(' · ');
    return h(
      'li',
      { class: 'game-entry', 'data-testid': `player-game-${g.id}` },
      h(
        'div',
        { class: 'entry-text' },
        h('a', { href, class: 'entry-spec' }, specText(g.spec)),
        h('span', { class: 'entry-who' }, o?.kind === 'computer' ? opponentName : [`${d.vs} `, opponent]),
        h('span', { class: 'entry-meta' }, meta),
      ),
      h(
        'div',
        { class: 'entry-result' },
        h('span', { class: `result-badge ${tone}`, 'data-testid': `result-${g.id}` }, label),
        typeof g.diff === 'number' ? h('span', { class: `diff ${g.diff > 0 ? 'up' : g.diff < 0 ? 'down' : ''}`, 'data-testid': `diff-${g.id}` }, diffText(g.diff)) : null,
      ),
      h('a', { href, class: 'button', 'data-testid': `open-${g.id}` }, g.status === 'over' || g.status === 'cancelled' ? d.replay : d.watch),
    );
  }

  // The result as the player lived it.
  function resultOf(g: PlayerGame): [string, string] {
    const d = t();
    if (g.status === 'cancelled') return [d.resultCancelled, 'muted'];
    if (g.status === 'aborted') return [d.resultAborted, 'muted'];
    if (g.status === 'waiting') return [d.resultWaiting, 'muted'];
    if (g.status !== 'over') return [d.resultPlaying, 'live'];
    if (g.result === '1/2-1/2') return [d.resultDrawn, 'drawn'];
    const winner = g.result === '1-0' ? 0 : g.result === '0-1' ? 1 : null;
    if (winner === null || g.side === null) return [d.over, 'muted'];
    return winner === g.side ? [d.resultWon, 'won'] : [d.resultLost, 'lost'];
  }

  async function load(): Promise<void> {
    error = null;
    draw();
    try {
      const p = await api.player(name);
      if (destroyed) return;
      player = p;
    } catch (e) {
      if (destroyed) return;
      if (e instanceof ApiError && e.status === 404) {
        box.remove();
        inner = mountNotFound(root, route, t().playerNotFound(name));
        return;
      }
      error = refusalOf(e);
    }
    draw();
  }

  void load();

  return {
    destroy() {
      destroyed = true;
      offAccount();
      inner?.destroy();
      box.remove();
    },
    relabel() {
      if (inner) inner.relabel?.();
      else draw();
    },
    title: () => (inner ? t().notFound : player?.name ?? name),
  };
}

export function ratingCell(r: Rating): (HTMLElement | string)[] {
  const d = t();
  return [
    h('strong', { class: 'rating' }, String(Math.round(r.rating))),
    r.provisional
      ? h('abbr', { class: 'dev', title: d.provisional }, '?')
      : h('span', { class: 'dev' }, `\u00a0±\u00a0${Math.round(r.deviation)}`),
  ];
}
