import { violation } from './errors.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function getPath(o: unknown, path: string[]): unknown {
  let cur = o;
  for (const p of path) {
    if (!isObj(cur)) return undefined;
    cur = cur[p];
  }
  return cur;
}

function setPath(o: Obj, path: string[], value: unknown) {
  let cur = o;
  for (const p of path.slice(0, -1)) {
    if (!isObj(cur[p])) cur[p] = {};
    cur = cur[p] as Obj;
  }
  const leaf = path[path.length - 1]!;
  if (value === undefined) delete cur[leaf];
  else cur[leaf] = value;
}

/** The leaf paths a patch object sets (`{a:{b:1},c:2}` → `a.b`, `c`), stopping at `stopAt` paths. */
export function pathsOf(patch: Obj, stopAt: ReadonlySet<string> = new Set(), prefix = ''): string[] {
  return Object.entries(patch).flatMap(([k, v]) => {
    const path = prefix ? `${prefix}.${k}` : k;
    return isObj(v) && !stopAt.has(path) ? pathsOf(v, stopAt, path) : [path];
  });
}

/**
 * Applies a PATCH: with a field mask (comma-joined paths), exactly those paths are copied from
 * `patch` (a path absent from `patch` is cleared); without one, every path `patch` sets.
 * Paths must be `allowed` (or below one). Returns the new object and the previous values of the
 * paths that changed (the `modifiedFields` of update events).
 */
export function applyFieldMask<T extends Obj>(
  current: T,
  patch: Obj,
  mask: string | undefined,
  allowed: readonly string[],
) {
  const allowedSet = new Set(allowed);
  const paths =
    mask !== undefined && mask.trim() !== ''
      ? mask
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean)
      : pathsOf(patch, allowedSet);
  for (const p of paths) {
    const ok = allowed.some((a) => p === a || p.startsWith(`${a}.`));
    if (!ok) throw violation('fieldMask', `${p} cannot be updated`, 'FIELD_NOT_ALLOWED', { path: p });
  }
  const next = structuredClone(current) as Obj;
  const modifiedFields: Record<string, unknown> = {};
  for (const p of paths) {
    const path = p.split('.');
    const before = getPath(current, path);
    const after = getPath(patch, path);
    if (JSON.stringify(before) === JSON.stringify(after)) continue;
    modifiedFields[p] = before ?? null;
    setPath(next, path, after);
  }
  return { next: next as T, modifiedFields };
}
