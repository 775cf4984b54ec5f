/**
 * The upload baseline for `bench:media`: a bare Node `http` server that streams a PUT body to a file
 * (temporary name, then rename) and answers its size, and serves a file back (GET /file).
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync } from 'node:fs';
import { rename, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

const dir = mkdtempSync(join(tmpdir(), 'vitrine-bench-baseline-'));
let last = '';
const server = createServer((req, res) => {
  if (req.method === 'PUT') {
    const name = join(dir, randomBytes(8).toString('hex'));
    let size = 0;
    req.on('data', (c: Buffer) => (size += c.length));
    pipeline(req, createWriteStream(`${name}.part`))
      .then(() => rename(`${name}.part`, name))
      .then(() => {
        last = name;
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ size }));
      })
      .catch(() => res.writeHead(500).end());
    return;
  }
  if (req.url === '/file' && last) {
    stat(last).then(
      (s) => {
        res.writeHead(200, { 'content-length': s.size, 'content-type': 'application/octet-stream' });
        createReadStream(last).pipe(res);
      },
      () => res.writeHead(404).end(),
    );
    return;
  }
  res.writeHead(404).end();
});
server.listen(0, '127.0.0.1', () => {
  const a = server.address();
  console.log(`listening on http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`);
});
