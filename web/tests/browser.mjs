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

let failed = 0;
const started = Date.now();
for (const s of scenarios) {
  const t0 = Date.now();
  let timer;
  try {
    await Promise.race([
      s.fn({ browser, base: url }),
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out after ${TIMEOUT_MS / 1000} s`)), TIMEOUT_MS))),
    ]);
    console.log(`ok    ${s.name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  } catch (e) {
    failed++;
    console.log(`FAIL  ${s.name} (${((Date.now() - t0) / 1000).toFixed(1)} s)\n      ${String(e && e.stack ? e.stack : e).split('\n').join('\n      ')}`);
  } finally {
    clearTimeout(timer);
  }
}
await browser.close();
console.log(`${scenarios.length - failed} passed, ${failed} failed, ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(failed ? 1 : 0);
