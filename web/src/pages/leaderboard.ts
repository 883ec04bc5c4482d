// The leaderboards (/leaderboard): by default the first ten of every category that has rated
// players; a category chosen (`?category=awele:abapa`) shows its first hundred.
import { api, type Board, type Rating } from '../api';
import { fill, h, option } from '../dom';
import { t } from '../i18n';
import { errorText, refusalOf, type Refusal } from '../errors';
import { botName, categoryText } from '../names';
import type { Page, Route } from '../router';
import { user, onAccount } from '../account';
import { ratingCell } from './player';

export function mountLeaderboard(root: HTMLElement, route: Route): Page {
  let category = route.query.get('category') ?? '';
  let categories: string[] = [];
  let boards: Board[] | null = null; // the overview
  let board: Board | null = null; // the category chosen
  let error: Refusal | null = null;
  let destroyed = false;
  let asked = 0;

  const head = h('section', { class: 'card leaderboard-head' });
  const body = h('div', { class: 'leaderboard-body', 'data-testid': 'leaderboard', 'aria-live': 'polite' });
  const page = h('div', { class: 'leaderboard-page' }, head, body);
  root.appendChild(page);

  function drawHead(): void {
    const d = t();
    const known = categories.length ? categories : category ? [category] : [];
    const select = h(
      'select',
      { id: 'category', 'data-testid': 'category', onchange: () => choose(select.value) },
      option('', d.everyCategory, category === ''),
      known.map((c) => option(c, categoryText(c), c === category)),
    );
    fill(
      head,
      h('h1', {}, d.leaderboardTitle),
      h('p', { class: 'help' }, d.leaderboardIntro),
      h('div', { class: 'field leaderboard-pick' }, h('label', { class: 'field-label', for: 'category' }, d.categoryLabel), select),
    );
  }

  function table(players: Rating[], testid: string): HTMLElement {
    const d = t();
    const me = user()?.name.toLowerCase();
    return h(
      'div',
      { class: 'table-wrap' },
      h(
        'table',
        { class: 'data-table board-table', 'data-testid': testid },
        h(
          'thead',
          {},
          h('tr', {}, h('th', { scope: 'col', class: 'num rank' }, d.rankCol), h('th', { scope: 'col' }, d.playerCol), h('th', { scope: 'col', class: 'num' }, d.ratingCol), h('th', { scope: 'col', class: 'num' }, d.gamesCol)),
        ),
        h(
          'tbody',
          {},
          players.map((r, i) =>
            h(
              'tr',
              { class: r.name.toLowerCase() === me ? 'me' : undefined, 'data-testid': `row-${r.name}` },
              h('td', { class: 'num rank' }, String(i + 1)),
              h('th', { scope: 'row', class: 'name' }, h('a', { href: `/player/${encodeURIComponent(r.name)}` }, botName(r.name, r.bot))),
              h('td', { class: 'num' }, ratingCell(r)),
              h('td', { class: 'num' }, String(r.games)),
            ),
          ),
        ),
      ),
    );
  }

  function drawBody(): void {
    const d = t();
    if (error) {
      fill(body, h('section', { class: 'card' }, h('p', { class: 'error', role: 'alert' }, errorText(error)), h('button', { type: 'button', onclick: () => void load() }, d.retryButton)));
      return;
    }
    if (category) {
      if (!board) {
        fill(body, h('p', { class: 'empty' }, d.loading));
        return;
      }
      fill(
        body,
        h(
          'section',
          { class: 'card board', 'aria-labelledby': 'board-title', 'data-testid': `board-${board.category}` },
          h('h2', { id: 'board-title' }, categoryText(board.category)),
          board.players.length ? table(board.players, 'board-table') : h('p', { class: 'empty' }, d.noPlayersHere),
          board.players.some((r) => r.provisional) ? h('p', { class: 'help' }, d.provisionalHelp) : null,
        ),
      );
      return;
    }
    if (!boards) {
      fill(body, h('p', { class: 'empty' }, d.loading));
      return;
    }
    const shown = boards.filter((b) => b.players.length > 0);
    if (!shown.length) {
      fill(body, h('section', { class: 'card' }, h('p', { class: 'empty', 'data-testid': 'no-rated' }, d.noRatedYet)));
      return;
    }
    fill(
      body,
      h(
        'div',
        { class: 'leaderboard-boards' },
        shown.map((b, k) =>
          h(
            'section',
            { class: 'card board', 'aria-labelledby': `board-title-${k}`, 'data-testid': `board-${b.category}` },
            h('h2', { id: `board-title-${k}` }, categoryText(b.category)),
            table(b.players, `board-table-${b.category}`),
            b.players.length >= 10 ? h('p', { class: 'board-more' }, h('a', { href: `/leaderboard?category=${encodeURIComponent(b.category)}` }, d.seeFirst100)) : null,
          ),
        ),
      ),
      shown.some((b) => b.players.some((r) => r.provisional)) ? h('p', { class: 'help' }, d.provisionalHelp) : null,
    );
  }

  function draw(): void {
    drawHead();
    drawBody();
  }

  function choose(c: string): void {
    category = c;
    board = null;
    history.replaceState(null, '', c ? `/leaderboard?category=${encodeURIComponent(c)}` : '/leaderboard');
    void load();
  }

  async function load(): Promise<void> {
    const n = ++asked;
    error = null;
    drawBody();
    try {
      if (!categories.length || (!category && !boards)) {
        const all = await api.leaderboards();
        if (destroyed || n !== asked) return;
        categories = all.categories;
        boards = all.boards;
        drawHead();
      }
      if (category) {
        const b = await api.leaderboard(category);
        if (destroyed || n !== asked) return;
        board = b;
      }
    } catch (e) {
      if (destroyed || n !== asked) return;
      error = refusalOf(e);
    }
    drawBody();
  }

  const off = onAccount(drawBody);
  draw();
  void load();

  return {
    destroy() {
      destroyed = true;
      off();
      page.remove();
    },
    relabel: draw,
    title: () => t().leaderboardTitle,
  };
}
