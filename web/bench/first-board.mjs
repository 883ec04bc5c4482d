// Time to the first drawn board: a fresh browser context opens a game's page on a running
// `awe serve` (AWE_URL) and waits for the board's pits; prints the median of RUNS loads, in ms,
// from navigation start (the page, its script and style, the WebSocket's first state, the board).
//
//   AWE_URL=http://127.0.0.1:8080 node bench/first-board.mjs [RUNS]
import { base, launch, newPage } from '../tests/lib.mjs';

const runs = Number(process.argv[2] || 10);
const url = base();
const browser = await launch();
const created = await fetch(`${url}/api/games`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ spec: { game: 'awele' }, opponent: { kind: 'open' } }),
}).then((r) => r.json());
const times = [];
for (let i = 0; i < runs; i++) {
  const { context, page } = await newPage(browser);
  await page.goto(`${url}/game/${created.id}`);
  await page.waitForSelector('[data-testid="pit-A"]');
  times.push(await page.evaluate(() => performance.now()));
  await context.close();
}
await browser.close();
times.sort((a, b) => a - b);
console.log(`first board: median ${times[Math.floor(runs / 2)].toFixed(0)} ms, min ${times[0].toFixed(0)} ms, max ${times[runs - 1].toFixed(0)} ms (${runs} loads)`);
