// Builds the pages into AWE_WEB_OUT (default dist/): one script, one style sheet, the page.
// The server embeds the folder's files (crates/server/build.rs).
import { build } from 'esbuild';
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
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
// The chess board's style sheets (board, colours, pieces as data), then ours.
const chessground = 'node_modules/@lichess-org/chessground/assets';
const css = await Promise.all([
  readFile(join(chessground, 'chessground.base.css'), 'utf8'),
  readFile(join(chessground, 'chessground.brown.css'), 'utf8'),
  readFile(join(chessground, 'chessground.cburnett.css'), 'utf8'),
  readFile('src/style.css', 'utf8'),
]);
await writeFile(join(out, 'app.css'), css.join('\n'));
await copyFile('index.html', join(out, 'index.html'));
await copyFile('favicon.svg', join(out, 'favicon.svg'));
