// The openings (/openings, /openings/GAME): the first moves of a game from its usual start,
// named and explained, with the engine's value of each at a fixed depth and what the site's
// finished games say of it (the opening explorer's figures, which grow as the site plays).
import { api, type Explorer, type Openings } from '../api';
import { boardFor } from '../boards/index';
import type { GameBoard } from '../boards/board';
import { fill, h } from '../dom';
import { lang, say, t } from '../i18n';
import { errorText, refusalOf, type Refusal } from '../errors';
import { gameName, sideName, sidesOf, specText } from '../names';
import type { Page, Route } from '../router';

const GAMES = ['awele', 'awithlaknannai', 'awechec'] as const;


// The links between the sections that teach the games: lessons, animations, openings, endgames,
// annotated games.
export function sectionsNav(current: 'lessons' | 'openings' | 'practice' | 'studies', game?: string): HTMLElement {
  const d = t();
  const links: [string, string, string][] = [
    ['lessons', '/learn', d.sectionLessons],
    ['animations', `/rules/${game ?? 'awele'}`, d.sectionAnimations],
    ['openings', game ? `/openings/${game}` : '/openings', d.openingsTitle],
    ['practice', '/practice', d.practiceTitle],
    ['studies', '/study', d.studiesTitle],
  ];
  return h(
    'nav',
    { class: 'rules-tabs learn-sections', 'aria-label': d.sections },
    links.map(([name, href, label]) => h('a', { href, 'aria-current': name === current ? 'page' : undefined, 'data-testid': `section-${name}` }, label)),
  );
}

export function mountOpenings(root: HTMLElement, route: Route): Page {
  const game = GAMES.find((g) => g === route.params.game) ?? 'awele';
  const box = h('section', { class: 'card openings-page', 'data-testid': 'openings-page', 'aria-labelledby': 'openings-title' });
  const boardBox = h('div', { class: 'openings-board' });
  root.appendChild(box);
  let openings: Openings | null = null;
  let explorer: Explorer | null = null;
  let error: Refusal | null = null;
  let board: GameBoard | null = null;
  let gone = false;

  function played(move: string): HTMLElement {
    const d = t();
    const row = explorer?.moves.find((m) => m.move === move);
    if (!row || !openings) return h('span', { class: 'help', 'data-testid': `openings-games-${move}`, 'data-games': '0' }, d.openingsNone);
    const [a, b] = sidesOf(openings.spec);
    return h(
      'span',
      { 'data-testid': `openings-games-${move}`, 'data-games': String(row.games) },
      d.openingsResults(row.games, row.south, row.draws, row.north, sideName(a), sideName(b)),
    );
  }

  function draw(): void {
    const d = t();
    fill(
      box,
      sectionsNav('openings', game),
      h(
        'nav',
        { class: 'rules-tabs', 'aria-label': d.openingsTitle },
        GAMES.map((g) => h('a', { href: `/openings/${g}`, 'aria-current': g === game ? 'page' : undefined, 'data-testid': `openings-game-${g}` }, gameName(g))),
      ),
      h('h1', { id: 'openings-title' }, d.openingsOf(gameName(game))),
      error ? h('p', { class: 'error', role: 'alert' }, errorText(error)) : null,
      !openings && !error ? h('p', { class: 'empty' }, d.loading) : null,
      openings ? h('p', { class: 'help' }, specText(openings.spec)) : null,
      openings ? h('p', { class: 'lead' }, say(openings.intro)) : null,
      openings ? boardBox : null,
      openings
        ? h(
            'div',
            { class: 'table-wrap' },
            h(
              'table',
              { class: 'openings-table', 'data-testid': 'openings-table' },
              h('caption', { class: 'sr-only' }, d.openingsOf(gameName(game))),
              h(
                'thead',
                {},
                h('tr', {}, h('th', { scope: 'col' }, d.openingsMove), h('th', { scope: 'col' }, d.openingsName), h('th', { scope: 'col' }, d.openingsEngine(openings.depth)), h('th', { scope: 'col' }, d.openingsGames)),
              ),
              h(
                'tbody',
                {},
                openings.moves.map((m) =>
                  h(
                    'tr',
                    { 'data-testid': `openings-row-${m.move}` },
                    h('th', { scope: 'row' }, h('code', {}, m.move)),
                    h('td', {}, m.name ? h('strong', {}, say(m.name)) : null, m.about ? h('p', { class: 'help' }, say(m.about)) : null),
                    h('td', { 'data-testid': `openings-engine-${m.move}` }, m.value),
                    h('td', {}, played(m.move)),
                  ),
                ),
              ),
            ),
          )
        : null,
      openings ? h('p', { class: 'help' }, d.openingsEngineHelp(openings.depth), ' ', d.openingsGamesHelp) : null,
      openings
        ? h(
            'p',
            {},
            h(
              'a',
              {
                href: `/analysis?game=${game}${'rules' in openings.spec && openings.spec.rules ? `&rules=${openings.spec.rules}` : ''}${'board' in openings.spec && openings.spec.board ? `&board=${openings.spec.board}` : ''}`,
                class: 'button',
              },
              d.openingsExplore,
            ),
          )
        : null,
    );
    if (openings) {
      const factory = boardFor(game);
      if (factory) {
        if (!board) board = factory();
        fill(boardBox, board.element);
        board.update(openings.state, { lang: lang(), bottom: sidesOf(openings.spec)[0], interactive: false, outcome: null, onMove: () => {} }, false);
      }
    }
  }

  async function load(): Promise<void> {
    try {
      openings = await api.openings(game);
      if (gone) return;
      draw();
      explorer = await api.explorer(openings.spec, openings.position);
    } catch (e) {
      if (gone) return;
      error = refusalOf(e);
    }
    if (!gone) draw();
  }

  draw();
  void load();
  return {
    destroy() {
      gone = true;
      board?.destroy();
      box.remove();
    },
    relabel: draw,
    title: () => t().openingsOf(gameName(game)),
  };
}
