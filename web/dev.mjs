// For working on the pages without rebuilding the server: serves dist/'s script and style sheet,
// and passes everything else (pages, /api, the WebSocket) to a running `awe serve`.
//   npm run build && AWE_BACKEND=127.0.0.1:8101 node dev.mjs 8102
import { createServer, request } from 'node:http';
import { connect } from 'node:net';
import { readFile } from 'node:fs/promises';

const backend = process.env.AWE_BACKEND || '127.0.0.1:8080';
const [bhost, bport] = backend.split(':');
const port = Number(process.argv[2] || 8102);
const own = { '/app.js': 'text/javascript', '/app.css': 'text/css', '/favicon.svg': 'image/svg+xml' };

const server = createServer(async (req, res) => {
  const path = (req.url || '/').split('?')[0];
  if (own[path]) {
    try {
      const body = await readFile(`dist${path}`);
      res.writeHead(200, { 'content-type': own[path], 'cache-control': 'no-cache' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
    return;
  }
  const up = request({ host: bhost, port: bport, method: req.method, path: req.url, headers: req.headers }, (r) => {
    res.writeHead(r.statusCode || 502, r.headers);
    r.pipe(res);
  });
  up.on('error', () => res.writeHead(502).end('backend down'));
  req.pipe(up);
});

server.on('upgrade', (req, socket, head) => {
  const up = connect(Number(bport), bhost, () => {
    let raw = `${req.method} ${req.url} HTTP/1.1\r\n`;
    for (let i = 0; i < req.rawHeaders.length; i += 2) raw += `${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}\r\n`;
    up.write(raw + '\r\n');
    if (head.length) up.write(head);
    up.pipe(socket);
    socket.pipe(up);
  });
  up.on('error', () => socket.destroy());
  socket.on('error', () => up.destroy());
});

server.listen(port, '127.0.0.1', () => console.log(`http://127.0.0.1:${port} → ${backend}`));
