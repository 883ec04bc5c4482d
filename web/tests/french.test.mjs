// The French interface: chosen from the browser's language, switched with FR/EN, remembered.
import { check, newGame, newPage, noErrors, screenshot, text, waitText, base } from './lib.mjs';

export async function frenchInterface({ browser }) {
  // A French browser gets French pages.
  const fr = await newPage(browser, { locale: 'fr-FR' });
  try {
    await fr.page.goto(`${base()}/`);
    await fr.page.getByRole('heading', { name: 'Nouvelle partie' }).waitFor();
    check((await fr.page.getAttribute('html', 'lang')) === 'fr', 'the page says it is French');
  } finally {
    await fr.context.close();
  }

  // An English browser switches to French with the toggle, and it stays.
  const { context, page } = await newPage(browser, { locale: 'en-US' });
  try {
    await page.goto(`${base()}/`);
    await page.getByRole('heading', { name: 'New game' }).waitFor();
    await page.getByTestId('lang-fr').click();
    await page.getByRole('heading', { name: 'Nouvelle partie' }).waitFor();
    check((await text(page, 'start')) === 'Commencer la partie', 'the start button is French');
    check((await text(page, 'nav-rules')) === 'Règles', 'the navigation is French');
    check((await text(page, 'side-first')) === 'Sud', 'Awélé’s sides are Sud/Nord');
    await page.getByTestId('game-awechec').click();
    check((await text(page, 'side-first')) === 'Blancs', 'the other games’ sides are Blancs/Noirs');
    await page.getByTestId('game-awele').click();
    await screenshot(page, 'french-home');
    await page.reload();
    await page.getByRole('heading', { name: 'Nouvelle partie' }).waitFor();

    // The game page in French.
    await newGame(page, { game: 'awele', rules: 'awari', opponent: 'computer', level: 1, side: 'first', clock: [3, 2] });
    await waitText(page, 'status', 'À vous de jouer');
    check((await text(page, 'resign')) === 'Abandonner', 'resign is “Abandonner”');
    // At Awélé an agreed stop is decided by the seeds: named so.
    check((await text(page, 'draw')) === 'Proposer d’arrêter ici', `the stop proposal is French: ${await text(page, 'draw')}`);
    check(/Retourner le plateau/.test(await text(page, 'flip')), 'flip is French');
    check(/Sud/.test(await text(page, 'player-south')), 'the side is “Sud”');
    check(/Ordinateur, niveau 1/.test(await text(page, 'player-north')), 'the computer is named in French');
    check((await page.getByTestId('pit-C').getAttribute('aria-label')).startsWith('Case C'), 'the pits are labelled in French');
    await page.getByTestId('pit-C').click();
    // Every move said in words: « Sud sème C. », « Nord sème e et prend 2 graines en c. »
    await waitText(page, 'announce', /^(Sud|Nord) sème [A-Fa-f]( et prend \d+ graines? en [A-Fa-f]( et [A-Fa-f])*)?\.$/);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="move-list"] button.move').length >= 2);
    await waitText(page, 'status', 'À vous de jouer');
    // Resign: the ending in French words.
    await page.getByTestId('resign').click();
    await page.getByTestId('resign-confirm').click();
    await waitText(page, 'status', 'Nord gagne');
    check(/Sud abandonne/.test(await text(page, 'status')), `the ending in French: ${await text(page, 'status')}`);
    check((await text(page, 'rematch')) === 'Revanche', 'rematch is “Revanche”');
    check((await text(page, 'download')) === 'Télécharger la partie', 'the download is French');
    await screenshot(page, 'french-game');
    // Back to English on the game page, without reloading.
    await page.getByTestId('lang-en').click();
    await waitText(page, 'status', 'North wins');
    check((await page.getAttribute('html', 'lang')) === 'en', 'the page says it is English');
    noErrors(page);
  } finally {
    await context.close();
  }
}

export async function notFound({ browser }) {
  const { context, page } = await newPage(browser);
  try {
    const r = await page.goto(`${base()}/no/such/page`);
    check(r.status() === 404, `the server answers 404: ${r.status()}`);
    const g = await page.goto(`${base()}/game/NoSuchGame1`);
    check(g.status() === 404, `an unknown game is 404: ${g.status()}`);
    // A route the pages do not know, reached inside the site.
    await page.goto(`${base()}/`);
    await page.evaluate(() => {
      history.pushState(null, '', '/nowhere');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByTestId('not-found').waitFor();
    await screenshot(page, 'not-found');
    noErrors(page);
  } finally {
    await context.close();
  }
}
