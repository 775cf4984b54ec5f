/**
 * The baselines Vitrine is measured against, in the same run: a bare Node `http` JSON server and,
 * when BASELINE_DATABASE_URL is set, Node `http` + one `pg` SELECT (or one INSERT) per request.
 */
import { createServer, type ServerResponse } from 'node:http';
import pg from 'pg';

const pool = process.env.BASELINE_DATABASE_URL
  ? new pg.Pool({ connectionString: process.env.BASELINE_DATABASE_URL, max: 10 })
  : undefined;
const body = JSON.stringify({ status: 'OK', database: { status: 'OK' } });

// The write baseline: one INSERT per request (what a token grant or an add-to-cart costs at least).
const ready = pool?.query(
  'create table if not exists bench_baseline_write (id uuid primary key default gen_random_uuid(), at timestamptz not null default now())',
);

/** Answers `work`'s JSON text with 200, or 500 when it fails. */
function answer(res: ServerResponse, work: Promise<string>) {
  work.then(
    (text) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(text);
    },
    () => {
      res.writeHead(500);
      res.end('{}');
    },
  );
}

/** `n` round trips on one pooled client, as a transaction makes them (the buy flow's step floors). */
async function trips(p: pg.Pool, n: number): Promise<string> {
  const client = await p.connect();
  try {
    for (let i = 0; i < n; i++)
      await client.query({ name: 'trip', text: 'select $1::int as n', values: [i] });
  } finally {
    client.release();
  }
  return '{}';
}

const server = createServer((req, res) => {
  if (req.url === '/pg-write' && pool) {
    answer(
      res,
      ready!.then(() => pool.query('insert into bench_baseline_write default values')).then(() => '{}'),
    );
    return;
  }
  if (req.url?.startsWith('/pg-trips?n=') && pool) {
    answer(res, trips(pool, Number(req.url.slice('/pg-trips?n='.length))));
    return;
  }
  if (req.url === '/pg' && pool) {
    answer(
      res,
      pool.query('select 1 as ok').then((r) => JSON.stringify(r.rows[0])),
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
