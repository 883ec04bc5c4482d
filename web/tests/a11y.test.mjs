// Every page checked by axe-core, in English and in French, on a desktop and on a phone: no
// serious or critical finding.
import { apiPost, axe, base, check, newPage, PHONE, sleep } from './lib.mjs';

async function pages(page) {
  // A game of each kind against the computer, and an imported, finished one.
  await page.goto(`${base()}/`);
  const made = {};
  for (const [name, spec] of [
    ['awele', { game: 'awele', rules: 'abapa' }],
    ['awithlaknannai', { game: 'awithlaknannai', board: 'mosona', rules: 'wikipedia' }],
    ['awechec', { game: 'awechec' }],
  ]) {
    const created = await apiPost(page, '/api/games', { spec, opponent: { kind: 'computer', level: 1 }, side: 'white' });
    made[name] = created.id;
  }
  const record = '[Game "awele"]\n[Rules "awechec"]\n[Result "*"]\n\n1. C a 2. D b *\n';
  const imported = await apiPost(page, '/api/import', { text: record });
  return [
    '/',
    '/rules',
    '/rules/awele',
    '/rules/awithlaknannai',
    '/rules/awechec',
    '/analysis',
    '/import',
    '/leaderboard',
    '/puzzles?game=awele',
    '/puzzles?game=awechec',
    '/signin',
    '/signup',
    `/game/${made.awele}`,
    `/game/${made.awithlaknannai}`,
    `/game/${made.awechec}`,
    `/game/${imported.id}`,
    '/no-such-page',
  ];
}

export async function noSeriousFindingOnAnyPage({ browser }) {
  for (const viewport of [undefined, PHONE]) {
    const { context, page } = await newPage(browser, { bypassCSP: true, ...(viewport ? { viewport } : {}) });
    try {
      const paths = await pages(page);
      const found = [];
      for (const lang of ['en', 'fr']) {
        await page.goto(`${base()}/`);
        await page.getByTestId(`lang-${lang}`).click();
        for (const path of paths) {
          await page.goto(`${base()}${path}`);
          await page.waitForLoadState('networkidle');
          await sleep(150);
          for (const finding of await axe(page)) found.push(`${lang} ${viewport ? 'phone' : 'desktop'} ${path}: ${finding}`);
        }
      }
      check(found.length === 0, `axe found:\n${found.join('\n')}`);
    } finally {
      await context.close();
    }
  }
}
