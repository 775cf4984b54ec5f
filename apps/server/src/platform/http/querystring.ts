/**
 * Decodes GET/DELETE query strings in both of the SDK's forms (conventions §5):
 * plain (`paging.limit=20&mediaTypes=IMAGE&mediaTypes=VIDEO` → nested objects, repeated keys → arrays)
 * and `.r` (the whole payload as base64url JSON). Never throws: an undecodable `.r` is left in place
 * under the key `.r`, which the route layer reports as a FORMAT violation.
 */
const UNSAFE = new Set(['__proto__', 'prototype', 'constructor']);

type Node = Record<string, unknown>;

function assign(target: Node, path: string[], value: string) {
  let node = target;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i]!;
    const next = node[key];
    if (next === undefined || typeof next !== 'object' || Array.isArray(next)) node[key] = {};
    node = node[key] as Node;
  }
  const leaf = path[path.length - 1]!;
  const existing = node[leaf];
  if (existing === undefined) node[leaf] = value;
  else if (Array.isArray(existing)) existing.push(value);
  else if (typeof existing === 'string') node[leaf] = [existing, value];
  else node[leaf] = value;
}

export function decodeQuery(search: string): Node {
  const out: Node = {};
  if (!search) return out;
  for (const [key, value] of new URLSearchParams(search)) {
    if (key === '.r') {
      const decoded = decodeR(value);
      if (decoded) Object.assign(out, decoded);
      else out['.r'] = value;
      continue;
    }
    const path = key.split('.');
    if (path.some((p) => p === '' || UNSAFE.has(p))) continue;
    assign(out, path, value);
  }
  return out;
}

function decodeR(value: string): Node | undefined {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
    return JSON.parse(JSON.stringify(parsed), (k, v) => (UNSAFE.has(k) ? undefined : v)) as Node;
  } catch {
    return undefined;
  }
}

/** The inverse, for tests and the SDK: a payload as one `.r` parameter. */
export function encodeR(payload: unknown): string {
  return `.r=${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
}
