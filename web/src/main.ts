// The pages of awe: the frame (header, navigation, FR/EN) and the router that draws each page.
import { h, fill, icon } from './dom';
import { lang, onLang, setLang, t } from './i18n';
import { Router, type Route } from './router';
import { mountHome } from './pages/home';
import { mountGame } from './pages/game';
import { mountImport } from './pages/import';
import { mountAnalysis } from './pages/analysis';
import { mountRules } from './pages/rules';
import { mountNotFound } from './pages/notfound';
import { mountSignIn, mountSignUp } from './pages/account';
import { mountPlayer } from './pages/player';
import { mountLeaderboard } from './pages/leaderboard';
import { loadAccount, onAccount, signOut, user } from './account';
import { mountTurns } from './pages/turns';
import { mountTournaments } from './pages/tournaments';
import { mountTournament } from './pages/tournament';
import { mountPuzzles } from './pages/puzzles';
import { mountLearn, mountLesson } from './pages/learn';
import { mountPractice, mountPracticeList } from './pages/practice';
import { mountOpenings } from './pages/openings';
import { mountStudies, mountStudy } from './pages/study';
import { mountReports } from './pages/reports';
import { onTurns, startTurns, turns } from './turns';
import { errorText, refusalOf } from './errors';

const app = document.getElementById('app')!;
const main = h('main', { id: 'page', tabindex: '-1' });
const nav = h('nav', { class: 'site-nav', 'aria-label': 'awe' });
const langs = h('div', { class: 'lang-toggle', role: 'group' });
const account = h('div', { class: 'account', 'data-testid': 'account' });
const header = h(
  'header',
  { class: 'site-header' },
  h('a', { href: '/', class: 'brand', 'data-testid': 'home-link' }, h('span', { class: 'brand-mark', 'aria-hidden': 'true' }), 'awe'),
  nav,
  account,
  langs,
);
const skip = h('a', { href: '#page', class: 'skip' });
skip.addEventListener('click', (e) => {
  e.preventDefault();
  main.focus();
});
fill(app, skip, header, main);

let route: Route | null = null;
let signingOut = false;
let signOutError: string | null = null;

// The account's corner: "Sign in" when signed out (coming back here after), else the account's
// name (its page) and "Sign out".
function drawAccount(): void {
  const d = t();
  const u = user();
  account.setAttribute('aria-label', d.accountLabel);
  account.setAttribute('role', 'group');
  if (u === undefined) {
    fill(account);
    return;
  }
  if (!u) {
    const here = location.pathname + location.search;
    const onAccountPage = route?.name === 'signin' || route?.name === 'signup';
    const href = onAccountPage || here === '/' ? '/signin' : `/signin?next=${encodeURIComponent(here)}`;
    fill(
      account,
      h('a', { href, class: 'account-link', 'data-testid': 'signin-link', 'aria-current': route?.name === 'signin' ? 'page' : undefined }, d.signIn),
    );
    return;
  }
  const out = h(
    'button',
    {
      type: 'button',
      class: 'account-out',
      'data-testid': 'signout',
      disabled: signingOut,
      title: signOutError ?? d.signOut,
      'aria-label': d.signOut,
      onclick: async () => {
        signingOut = true;
        signOutError = null;
        drawAccount();
        try {
          await signOut();
        } catch (e) {
          signOutError = errorText(refusalOf(e));
        }
        signingOut = false;
        drawAccount();
      },
    },
    icon('signout'),
    h('span', { class: 'account-out-label' }, d.signOut),
  );
  fill(
    account,
    h(
      'a',
      { href: `/player/${encodeURIComponent(u.name)}`, class: 'account-name', 'data-testid': 'account-name', 'aria-current': route?.name === 'player' && route.params.name?.toLowerCase() === u.name.toLowerCase() ? 'page' : undefined },
      u.name,
    ),
    out,
    signOutError ? h('span', { class: 'account-error', role: 'alert' }, signOutError) : null,
  );
}

function drawFrame(): void {
  const d = t();
  skip.textContent = d.skip;
  const links: [string, string, string][] = [
    ['/', d.navPlay, 'home'],
    ['/import', d.navImport, 'import'],
    ['/analysis', d.navAnalysis, 'analysis'],
    ['/learn', d.navLearn, 'learn'],
    ['/rules', d.navRules, 'rules'],
    ['/leaderboard', d.navLeaderboard, 'leaderboard'],
    ['/tournaments', d.navTournaments, 'tournaments'],
    ['/puzzles', d.navPuzzles, 'puzzles'],
  ];
  if (user()) links.push(['/turns', d.navTurns, 'turns']);
  if (user()?.admin) links.push(['/admin/reports', d.navReports, 'reports']);
  const waiting = turns()?.count ?? 0;
  fill(
    nav,
    links.map(([href, label, name]) =>
      h(
        'a',
        { href, 'aria-current': route?.name === name || (name === 'learn' && ['lesson', 'practice', 'practise', 'openings', 'studies', 'study'].includes(route?.name ?? '')) ? 'page' : undefined, 'data-testid': `nav-${name}` },
        label,
        // How many games wait for the player's move, next to "Your games".
        name === 'turns' && waiting > 0
          ? h('span', { class: 'turns-badge', 'data-testid': 'turns-badge' }, h('span', { 'aria-hidden': 'true' }, String(waiting)), h('span', { class: 'sr-only' }, `, ${d.turnsBadge(waiting)}`))
          : null,
      ),
    ),
  );
  drawAccount();
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
          onclick: () => setLang(l),
        },
        // The visible word first in the spoken name: "FR, Français".
        l.toUpperCase(),
        h('span', { class: 'sr-only' }, l === 'fr' ? ', Français' : ', English'),
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
    signin: mountSignIn,
    signup: mountSignUp,
    player: mountPlayer,
    leaderboard: mountLeaderboard,
    turns: mountTurns,
    puzzles: mountPuzzles,
    learn: mountLearn,
    lesson: mountLesson,
    practice: mountPracticeList,
    practise: mountPractice,
    openings: mountOpenings,
    studies: mountStudies,
    study: mountStudy,
    tournaments: mountTournaments,
    tournament: mountTournament,
    reports: mountReports,
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

onAccount(drawFrame);
onTurns(drawFrame);

router.render();
void loadAccount();
startTurns();
