// The pages of awe: the frame (header, navigation, FR/EN) and the router that draws each page.
import { h, fill } from './dom';
import { lang, onLang, setLang, t } from './i18n';
import { Router, type Route } from './router';
import { mountHome } from './pages/home';
import { mountGame } from './pages/game';
import { mountImport } from './pages/import';
import { mountAnalysis } from './pages/analysis';
import { mountRules } from './pages/rules';
import { mountNotFound } from './pages/notfound';

const app = document.getElementById('app')!;
const main = h('main', { id: 'page', tabindex: '-1' });
const nav = h('nav', { class: 'site-nav', 'aria-label': 'awe' });
const langs = h('div', { class: 'lang-toggle', role: 'group' });
const header = h('header', { class: 'site-header' }, h('a', { href: '/', class: 'brand', 'data-testid': 'home-link' }, h('span', { class: 'brand-mark', 'aria-hidden': 'true' }), 'awe'), nav, langs);
const skip = h('a', { href: '#page', class: 'skip' });
skip.addEventListener('click', (e) => {
  e.preventDefault();
  main.focus();
});
fill(app, skip, header, main);

let route: Route | null = null;

function drawFrame(): void {
  const d = t();
  skip.textContent = d.skip;
  const links: [string, string, string][] = [
    ['/', d.navPlay, 'home'],
    ['/import', d.navImport, 'import'],
    ['/analysis', d.navAnalysis, 'analysis'],
    ['/rules', d.navRules, 'rules'],
  ];
  fill(
    nav,
    links.map(([href, label, name]) =>
      h('a', { href, 'aria-current': route?.name === name ? 'page' : undefined, 'data-testid': `nav-${name}` }, label),
    ),
  );
  langs.setAttribute('aria-label', d.langSwitch);
  fill(
    langs,
    (['fr', 'en'] as const).map((l) =>
      h(
        'button',
        {
          type: 'button',
          class: lang() === l ? 'on' : '',
          'aria-pressed': lang() === l ? 'true' : 'false',
          'data-testid': `lang-${l}`,
          lang: l,
          'aria-label': l === 'fr' ? 'Français' : 'English',
          onclick: () => setLang(l),
        },
        l.toUpperCase(),
      ),
    ),
  );
}

const router = new Router(
  main,
  {
    home: mountHome,
    game: mountGame,
    import: mountImport,
    analysis: mountAnalysis,
    rules: mountRules,
    notfound: mountNotFound,
  },
  (r) => {
    route = r;
    drawFrame();
  },
);

onLang(() => {
  drawFrame();
  router.relabel();
});

router.render();
