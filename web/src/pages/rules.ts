// The rules pages: /rules presents the three games, /rules/GAME gives the rules of one, with
// diagrams drawn by the games' own boards.
import { h } from '../dom';
import { lang, t } from '../i18n';
import { gameName } from '../names';
import type { Page, Route } from '../router';
import { diagrams } from '../rules/diagrams';
import { aweleRules } from '../rules/awele';
import { awithlaknannaiRules } from '../rules/awithlaknannai';
import { awechecRules } from '../rules/awechec';
import { fill } from '../dom';
import { api, type Lessons } from '../api';

const GAMES = ['awele', 'awithlaknannai', 'awechec'] as const;
const CONTENT = { awele: aweleRules, awithlaknannai: awithlaknannaiRules, awechec: awechecRules };

export function mountRules(root: HTMLElement, route: Route): Page {
  const game = route.params.game as (typeof GAMES)[number] | undefined;
  const box = h('article', { class: 'card rules', 'data-testid': `rules-${game ?? 'index'}` });
  root.appendChild(box);
  let figures = diagrams();
  // The lessons' stages of this game, each watched as an animation of its rule.
  let lessons: Lessons | null = null;
  let gone = false;

  function tabs(): HTMLElement {
    return h(
      'nav',
      { class: 'rules-tabs', 'aria-label': t().rulesTitle },
      h('a', { href: '/rules', 'aria-current': game ? undefined : 'page' }, t().rulesTitle),
      GAMES.map((g) => h('a', { href: `/rules/${g}`, 'aria-current': g === game ? 'page' : undefined }, gameName(g))),
    );
  }

  function draw(): void {
    figures.destroy();
    figures = diagrams();
    const d = t();
    if (!game) {
      fill(
        box,
        tabs(),
        h('h1', {}, d.rulesTitle),
        h('p', {}, d.rulesIntro),
        h(
          'div',
          { class: 'rules-games' },
          GAMES.map((g) =>
            h(
              'section',
              { class: 'card' },
              h('h2', {}, gameName(g)),
              h('p', {}, d.gameBlurb[g]),
              h('a', { href: `/rules/${g}`, class: 'button primary', 'data-testid': `rules-link-${g}` }, d.readRules),
            ),
          ),
        ),
      );
      return;
    }
    fill(
      box,
      tabs(),
      h('h1', {}, `${d.rulesTitle} : ${gameName(game)}`.replace(' :', lang() === 'fr' ? '\u00a0:' : ':')),
      CONTENT[game](lang(), figures),
      lessons?.games[game]?.length
        ? h(
            'section',
            { class: 'rules-animations', 'data-testid': 'rules-animations', 'aria-labelledby': 'rules-animations-title' },
            h('h2', { id: 'rules-animations-title' }, d.learnWatchRules),
            h(
              'ul',
              {},
              lessons.games[game].map((s) => h('li', {}, h('a', { href: `/learn/${game}/${s.name}?watch` }, s.title[lang()]))),
            ),
          )
        : null,
      h(
        'p',
        { class: 'rules-play' },
        h('a', { href: `/learn/${game}`, class: 'button', 'data-testid': 'rules-learn' }, d.learnLessonsOf(gameName(game))),
        ' ',
        h('a', { href: '/', class: 'button primary' }, d.playThis),
      ),
    );
  }

  draw();
  if (game) {
    api
      .lessons()
      .then((l) => {
        if (gone) return;
        lessons = l;
        draw();
      })
      .catch(() => {
        // No lessons to link to: the rules stand alone.
      });
  }
  return {
    destroy() {
      gone = true;
      figures.destroy();
      box.remove();
    },
    relabel: draw,
    title: () => (game ? `${t().rulesTitle}${lang() === 'fr' ? '\u00a0: ' : ': '}${gameName(game)}` : t().rulesTitle),
  };
}
