import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  cycles,
  faceViolations,
  moduleGraph,
  readSourceTree,
  tablesNamed,
  tableViolations,
  type SourceTree,
} from '../test/boundaries.ts';

const tree = readSourceTree(fileURLToPath(new URL('..', import.meta.url)));

describe('module boundaries (architecture.md; modules/README.md draws the graph)', () => {
  it('imports another module only through its face, index.ts', () => {
    expect(faceViolations(tree)).toEqual([]);
  });

  it('has no cycle in the module graph', () => {
    expect(cycles(moduleGraph(tree))).toEqual([]);
  });

  it("names only the module's own tables (and the platform's) in SQL", () => {
    expect(tableViolations(tree)).toEqual([]);
  });

  it('matches the graph modules/README.md draws', () => {
    const text = readFileSync(new URL('./README.md', import.meta.url), 'utf8');
    const readme = text.slice(text.search(/^\| module /m));
    const drawn = new Map<string, string[]>();
    for (const m of readme.matchAll(/^\| `([a-z-]+)` *\| ([^|]*)\|/gm))
      drawn.set(
        m[1]!,
        [...m[2]!.matchAll(/`([a-z-]+)`/g)].map((d) => d[1]!),
      );
    const actual = new Map([...moduleGraph(tree)].map(([k, v]) => [k, [...v].sort()]));
    expect(Object.fromEntries(drawn)).toEqual(Object.fromEntries(actual));
  });
});

describe('the boundary checker', () => {
  const fake: SourceTree = {
    'modules/a/index.ts': "export { f } from './f.ts';",
    'modules/a/f.ts': "import { g } from '../b/index.ts';\nexport const f = () => g();",
    'modules/a/migrations/1-a.sql': 'create table a_thing (id uuid primary key);',
    'modules/b/index.ts': "export { g } from './g.ts';",
    'modules/b/g.ts': "import { h } from '../c/store.ts';\nexport const g = () => h();",
    'modules/b/migrations/1-b.sql': 'CREATE TABLE IF NOT EXISTS b_thing (id uuid);',
    'modules/c/store.ts':
      "import { f } from '../a/index.ts';\nexport const h = (db) => db.selectFrom('b_thing').where(f());",
    'modules/c/c.test.ts': "import { g } from '../b/g.ts';",
    'modules/c/raw.ts': 'const q = sql`select * from a_thing t join b_thing u on true`; // from a_thing',
    'app.ts': "import { g } from './modules/b/g.ts';\nimport { f } from './modules/a/index.ts';",
  };

  it('finds imports of internal files, from modules, their tests and the app alike', () => {
    expect(faceViolations(fake)).toEqual([
      'app.ts imports modules/b/g.ts: import modules/b/index.ts instead',
      'modules/b/g.ts imports modules/c/store.ts: import modules/c/index.ts instead',
      'modules/c/c.test.ts imports modules/b/g.ts: import modules/b/index.ts instead',
    ]);
  });

  it('finds a module-level cycle, not counting tests', () => {
    expect(cycles(moduleGraph(fake))).toEqual([['a', 'b', 'c']]);
    const { ['modules/c/store.ts']: _, ...acyclic } = fake;
    expect(cycles(moduleGraph(acyclic))).toEqual([]);
  });

  it("finds SQL naming another module's tables, in the query builder and in sql templates", () => {
    expect(tableViolations(fake)).toEqual([
      'modules/c/raw.ts names table a_thing, which belongs to module a',
      'modules/c/raw.ts names table b_thing, which belongs to module b',
      'modules/c/store.ts names table b_thing, which belongs to module b',
    ]);
    expect([...tablesNamed("db.insertInto('x').values(y); sql`update z set a = 1`")]).toEqual(['x', 'z']);
  });
});
