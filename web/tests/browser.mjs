// The browser tests: node tests/browser.mjs [NAME…] with AWE_URL set to a running `awe serve`.
// Every web/tests/*.test.mjs is loaded; each function it exports is a scenario, called with
// { browser, base }. A scenario fails by throwing; the run exits 1 if any failed, or if Chromium
// cannot start. Screenshots go to web/test-output/.
import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { base, launch } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const TIMEOUT_MS = Number(process.env.AWE_TEST_TIMEOUT_MS || 240000);

const files = (await readdir(here)).filter((f) => f.endsWith('.test.mjs')).sort();
const scenarios = [];
for (const f of files) {
  const mod = await import(pathToFileURL(join(here, f)).href);
  for (const [name, fn] of Object.entries(mod)) {
    if (typeof fn !== 'function') continue;
    const full = `${f.replace(/\.test\.mjs$/, '')}/${name}`;
    if (only.length && !only.some((o) => full.includes(o))) continue;
    scenarios.push({ name: full, fn });
  }
}
if (scenarios.length === 0) {
  console.error('no scenario to run');
  process.exit(1);
}

let url;
let browser;
try {
  url = base();
  browser = await launch();
} catch (e) {
  console.error(`FAIL: ${e.message}`);
  process.exit(1);
}

// A scenario that fails is run once more at the end, as Playwright's `retries` does on CI: a
// page under a loaded machine may miss a deadline once. Both outcomes are printed, and the
// summary at the end (where a log cut to its last lines still shows it) names every first failure.
async function run(s) {
  const t0 = Date.now();
  let timer;
  try {
    await Promise.race([
      s.fn({ browser, base: url }),
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out after ${TIMEOUT_MS / 1000} s`)), TIMEOUT_MS))),
    ]);
    console.log(`ok    ${s.name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    return null;
  } catch (e) {
    const message = String(e && e.stack ? e.stack : e);
    console.log(`FAIL  ${s.name} (${((Date.now() - t0) / 1000).toFixed(1)} s)\n      ${message.split('\n').join('\n      ')}`);
    return message.split('\n')[0];
  } finally {
    clearTimeout(timer);
  }
}

const started = Date.now();
const firstFailures = [];
for (const s of scenarios) {
  const error = await run(s);
  if (error !== null) firstFailures.push({ s, error });
}
let failed = 0;
for (const { s, error } of firstFailures) {
  console.log(`again ${s.name}`);
  const again = await run(s);
  if (again !== null) failed++;
  console.log(`${again === null ? 'FLAKY ' : 'FAILED'} ${s.name}: ${error}${again === null ? ' (passed when run again)' : ''}`);
}
await browser.close();
for (const { s, error } of firstFailures) console.log(`first failure: ${s.name}: ${error}`);
console.log(`${scenarios.length - failed} passed, ${failed} failed, ${firstFailures.length} failed once, ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(failed ? 1 : 0);
