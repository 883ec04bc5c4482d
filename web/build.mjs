// Builds the pages into AWE_WEB_OUT (default dist/): one script, one style sheet, the page.
// The server embeds the folder's files (crates/server/build.rs).
import { build } from 'esbuild';
import { copyFile, mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const out = process.env.AWE_WEB_OUT || 'dist';
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
await writeFile(join(out, 'app.css'), css.join('\n'));
await copyFile('index.html', join(out, 'index.html'));
await copyFile('favicon.svg', join(out, 'favicon.svg'));
