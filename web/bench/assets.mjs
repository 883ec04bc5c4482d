// What a page costs to load: the bytes a first and a second visit of the home page transfer
// (every request of the page: the document, its script and style, the API's answers; the
// WebSocket's frames are not counted), and the first contentful paint on a throttled 3G link,
// in a fresh browser each run.
//
//   AWE_URL=http://127.0.0.1:8080 node bench/assets.mjs [RUNS]
//
// The 3G profile is Chrome DevTools' "Slow 3G": 400 ms of latency, 400 kbit/s each way.
import { base, launch } from '../tests/lib.mjs';

const runs = Number(process.argv[2] || 5);
const url = base();
const SLOW_3G = { offline: false, latency: 400, downloadThroughput: (400 * 1024) / 8, uploadThroughput: (400 * 1024) / 8 };

// One visit of `path` in `page`: the bytes received (encoded, as on the wire) and the requests.
async function visit(page, cdp, path) {
  let bytes = 0;
  const requests = [];
  const finished = (e) => {
    bytes += e.encodedDataLength;
  };
  const sent = (e) => requests.push(e.request.url.replace(url, ''));
  cdp.on('Network.loadingFinished', finished);
  cdp.on('Network.requestWillBeSent', sent);
  await page.goto(`${url}${path}`, { waitUntil: 'networkidle' });
  cdp.off('Network.loadingFinished', finished);
  cdp.off('Network.requestWillBeSent', sent);
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);
  return { bytes, requests, fcp };
}

const browser = await launch();
const first = [];
const second = [];
const paints = [];
let lastRequests = [];
for (let i = 0; i < runs; i++) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  first.push((await visit(page, cdp, '/')).bytes);
  const again = await visit(page, cdp, '/');
  second.push(again.bytes);
  lastRequests = again.requests;
  await context.close();
  // First contentful paint of a first visit over Slow 3G.
  const slow = await browser.newContext();
  const slowPage = await slow.newPage();
  const slowCdp = await slow.newCDPSession(slowPage);
  await slowCdp.send('Network.enable');
  await slowCdp.send('Network.emulateNetworkConditions', SLOW_3G);
  paints.push((await visit(slowPage, slowCdp, '/')).fcp);
  await slow.close();
}
await browser.close();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`first visit: ${median(first)} bytes (median of ${runs})`);
console.log(`second visit: ${median(second)} bytes (median of ${runs}); its requests: ${lastRequests.join(' ')}`);
console.log(`first contentful paint on Slow 3G: median ${median(paints).toFixed(0)} ms, min ${Math.min(...paints).toFixed(0)} ms, max ${Math.max(...paints).toFixed(0)} ms`);
