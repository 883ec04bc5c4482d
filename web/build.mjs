// Builds the pages into AWE_WEB_OUT (default dist/): one script, one style sheet, the icon and
// the page. The script, the style sheet and the icon are named after their content
// (`app.3f9a0c1d2e.js`), so that browsers may keep them for a year, and the page names them so;
// every text file is also written compressed (`.br`, `.gz`), once, here. The server embeds the
// folder's files (crates/server/build.rs).
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const out = process.env.AWE_WEB_OUT || 'dist';
await rm(out, { recursive: true, force: true });
await mkdir(out, { recursive: true });
await build({
  entryPoints: ['src/main.ts'],
  bundle: true,
  minify: true,
  sourcemap: false,
  format: 'esm',
  target: ['es2022'],
  outfile: join(out, 'app.js'),
  logLevel: 'warning',
});
// The chess board's style sheets (board, colours, pieces as data), then ours: the pages', then
// each board's own (any .css under src/boards/, in name order).
const chessground = 'node_modules/@lichess-org/chessground/assets';
const boardSheets = (await readdir('src/boards', { recursive: true }))
  .filter((f) => f.endsWith('.css'))
  .sort()
  .map((f) => join('src/boards', f));
const css = await Promise.all(
  [
    join(chessground, 'chessground.base.css'),
    join(chessground, 'chessground.brown.css'),
    join(chessground, 'chessground.cburnett.css'),
    'src/style.css',
    ...boardSheets,
  ].map((f) => readFile(f, 'utf8')),
);

// Named after its content: `app.js` becomes `app.<first ten hexadecimal digits of its SHA-256>.js`.
async function hashed(name, bytes) {
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 10);
  const dot = name.lastIndexOf('.');
  const file = `${name.slice(0, dot)}.${hash}${name.slice(dot)}`;
  await writeFile(join(out, file), bytes);
  return `/${file}`;
}

const script = await readFile(join(out, 'app.js'));
await rm(join(out, 'app.js'));
const names = {
  'app.js': await hashed('app.js', script),
  'app.css': await hashed('app.css', Buffer.from(css.join('\n'))),
  'favicon.svg': await hashed('favicon.svg', await readFile('favicon.svg')),
};
const page = (await readFile('index.html', 'utf8'))
  .replace('href="/app.css"', `href="${names['app.css']}"`)
  .replace('src="/app.js"', `src="${names['app.js']}"`)
  .replace('href="/favicon.svg"', `href="${names['favicon.svg']}"`);
for (const [plain, named] of Object.entries(names)) {
  if (!page.includes(named) && plain !== 'favicon.svg') throw new Error(`index.html does not name /${plain}`);
}
await writeFile(join(out, 'index.html'), page);
// Every text file compressed, at the strongest settings: done once, here.
for (const file of await readdir(out)) {
  if (!/\.(js|css|html|svg)$/.test(file)) continue;
  const bytes = await readFile(join(out, file));
  await writeFile(join(out, `${file}.br`), brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  await writeFile(join(out, `${file}.gz`), gzipSync(bytes, { level: 9 }));
}
// Which file each plain name is now, for the server (its 404 page names the style sheet).
await writeFile(join(out, 'manifest.json'), JSON.stringify(names));
