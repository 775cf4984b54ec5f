import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';

/**
 * The module-boundary rules (architecture.md), as pure functions over a source tree given as
 * `{ path: text }` with paths relative to `apps/server/src` (`modules/<x>/file.ts`):
 * - another module is imported only through its face, `modules/<x>/index.ts`;
 * - the module graph (production files; tests excluded) has no cycle;
 * - a module's SQL names only its own tables and the platform's (each module's tables are the
 *   `create table`s of its `migrations/`).
 */

export type SourceTree = Record<string, string>;
export type Violation = string;

/** Static imports and re-exports (statements at a line's start), and dynamic `import()`. */
const IMPORTS = [
  /^\s*(?:import|export)\s[^;]*?\bfrom\s*(['"])([^'"]+)\1/gm,
  /^\s*import\s*(['"])([^'"]+)\1/gm,
  /\bimport\(\s*(['"])([^'"]+)\1\s*\)/g,
];

/** The module a path (relative to `src`) belongs to; undefined outside `modules/`. */
export function moduleOf(path: string): string | undefined {
  const m = /^modules\/([^/]+)\//.exec(path);
  return m?.[1];
}

const isTest = (path: string) => /\.test\.tsx?$/.test(path);

/** The relative specifiers a file imports, resolved against its own path. */
export function importsOf(path: string, text: string): string[] {
  const out: string[] = [];
  const code = stripComments(text);
  for (const re of IMPORTS)
    for (const m of code.matchAll(re)) {
      const spec = m[2]!;
      if (spec.startsWith('.')) out.push(posix.normalize(posix.join(posix.dirname(path), spec)));
    }
  return out;
}

function stripComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/** Imports of another module's file other than its face (`index.ts`). */
export function faceViolations(tree: SourceTree): Violation[] {
  const out: Violation[] = [];
  for (const [path, text] of Object.entries(tree)) {
    const own = moduleOf(path);
    for (const target of importsOf(path, text)) {
      const other = moduleOf(target);
      if (!other || other === own) continue;
      if (target !== `modules/${other}/index.ts`)
        out.push(`${path} imports ${target}: import modules/${other}/index.ts instead`);
    }
  }
  return out.sort();
}

/** Module → the modules its production files import. */
export function moduleGraph(tree: SourceTree): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const [path, text] of Object.entries(tree)) {
    const own = moduleOf(path);
    if (!own) continue;
    const deps = graph.get(own) ?? new Set<string>();
    graph.set(own, deps);
    if (isTest(path)) continue;
    for (const target of importsOf(path, text)) {
      const other = moduleOf(target);
      if (other && other !== own) deps.add(other);
    }
  }
  return graph;
}

/** The cycles of a graph, as its strongly connected components of more than one node (Tarjan). */
export function cycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || graph.get(v)?.has(v)) out.push(scc.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!idx.has(v)) visit(v);
  return out;
}

/** Each module's tables, from the `create table`s of its migrations (`modules/<x>/migrations/*.sql`). */
export function tablesByModule(tree: SourceTree): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const [path, text] of Object.entries(tree)) {
    const m = /^modules\/([^/]+)\/migrations\/[^/]+\.sql$/.exec(path);
    if (!m) continue;
    const tables = out.get(m[1]!) ?? new Set<string>();
    out.set(m[1]!, tables);
    for (const t of text.matchAll(/create\s+table\s+(?:if\s+not\s+exists\s+)?"?([a-z_][a-z0-9_]*)/gi))
      tables.add(t[1]!.toLowerCase());
  }
  return out;
}

const BUILDER =
  /\b(?:selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin|mergeInto|table)\(\s*(['"`])([a-z_][a-z0-9_]*)/g;
const RAW = /\b(?:from|join|update|into|table)\s+"?([a-z_][a-z0-9_]*)/gi;

/** The tables a file's SQL names: query-builder calls, and `sql` templates. */
export function tablesNamed(text: string): Set<string> {
  const code = stripComments(text);
  const out = new Set<string>();
  for (const m of code.matchAll(BUILDER)) out.add(m[2]!);
  for (const t of code.matchAll(/\bsql(?:\.raw\()?\s*`([^`]*)`/g))
    for (const m of t[1]!.matchAll(RAW)) out.add(m[1]!.toLowerCase());
  return out;
}

/** SQL in a module's production files naming another module's tables. */
export function tableViolations(tree: SourceTree): Violation[] {
  const owner = new Map<string, string>();
  for (const [mod, tables] of tablesByModule(tree)) for (const t of tables) owner.set(t, mod);
  const out: Violation[] = [];
  for (const [path, text] of Object.entries(tree)) {
    const own = moduleOf(path);
    if (!own || isTest(path) || !/\.tsx?$/.test(path)) continue;
    for (const t of tablesNamed(text)) {
      const o = owner.get(t);
      if (o && o !== own) out.push(`${path} names table ${t}, which belongs to module ${o}`);
    }
  }
  return out.sort();
}

/** The server's sources (`.ts` and migrations' `.sql`), relative to `src`. */
export function readSourceTree(srcDir: string): SourceTree {
  const tree: SourceTree = {};
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (/\.(ts|tsx|sql)$/.test(e.name))
        tree[relative(srcDir, full).split(sep).join('/')] = readFileSync(full, 'utf8');
    }
  };
  walk(srcDir);
  return tree;
}
