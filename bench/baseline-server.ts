/**
 * The baselines Vitrine is measured against, in the same run: a bare Node `http` JSON server and,
 * when BASELINE_DATABASE_URL is set, Node `http` + one `pg` SELECT (or one INSERT) per request.
 */
import { createServer } from 'node:http';
import pg from 'pg';

const pool = process.env.BASELINE_DATABASE_URL
  ? new pg.Pool({ connectionString: process.env.BASELINE_DATABASE_URL, max: 10 })
  : undefined;
const body = JSON.stringify({ status: 'OK', database: { status: 'OK' } });

// The write baseline: one INSERT per request (what a token grant or an add-to-cart costs at least).
const ready = pool?.query(
  'create table if not exists bench_baseline_write (id uuid primary key default gen_random_uuid(), at timestamptz not null default now())',
);

const server = createServer((req, res) => {
  if (req.url === '/pg-write' && pool) {
    ready!
      .then(() => pool.query('insert into bench_baseline_write default values'))
      .then(
        () => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end('{}');
        },
        () => {
          res.writeHead(500);
          res.end('{}');
        },
      );
    return;
  }
  // n round trips on one pooled client, as a transaction makes them (the buy flow's step floors).
  if (req.url?.startsWith('/pg-trips?n=') && pool) {
    const n = Number(req.url.slice('/pg-trips?n='.length));
    void (async () => {
      const client = await pool.connect();
      try {
        for (let i = 0; i < n; i++)
          await client.query({ name: 'trip', text: 'select $1::int as n', values: [i] });
      } finally {
        client.release();
      }
    })().then(
      () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{}');
      },
      () => {
        res.writeHead(500);
        res.end('{}');
      },
    );
    return;
  }
  if (req.url === '/pg' && pool) {
    pool.query('select 1 as ok').then(
      (r) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(r.rows[0]));
      },
      () => {
        res.writeHead(500);
        res.end('{}');
      },
    );
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(body);
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const a = server.address();
  console.log(`listening ${typeof a === 'object' && a ? a.port : ''}`);
});
