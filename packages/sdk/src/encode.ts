/**
 * Request encoding shared by every call (contract/conventions.md §5): JSON bodies, path
 * parameters, GET/DELETE query strings in plain and `.r` mode. Browser-safe (no Buffer).
 */

/** A GET whose query string is longer than this uses its fallback request, if it has one. */
export const MAX_GET_QUERY_LENGTH = 4000;

/**
 * JSON as the platform expects it: `NaN`/`Infinity`/`-Infinity` become the strings
 * `"NaN"`/`"Infinity"`/`"-Infinity"`, bigints become decimal strings, undefined members are
 * dropped and dates are ISO strings (both by `JSON.stringify` itself).
 */
export function toWireJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'bigint') return v.toString();
    if (typeof v === 'number' && !Number.isFinite(v)) return String(v);
    return v;
  });
}

function isNestedObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !(value instanceof Date);
}

function scalarText(value: unknown): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

export interface FlatQuery {
  /** `[key, value]` pairs in payload order; nested keys dotted, arrays as repeated keys. */
  entries: Array<[string, string]>;
  /** True when some array held an object (such elements are dropped from `entries`). */
  hadObjectInArray: boolean;
}

/**
 * Plain-mode flattening: nested objects → dotted keys, arrays → repeated keys,
 * `undefined`/`null` dropped, objects (and arrays) inside arrays dropped.
 */
export function flattenQuery(payload: object): FlatQuery {
  const entries: Array<[string, string]> = [];
  let hadObjectInArray = false;
  const walk = (obj: object, prefix: string): void => {
    for (const [key, value] of Object.entries(obj)) {
      const name = prefix + key;
      if (value === undefined || value === null) continue;
      if (Array.isArray(value)) {
        for (const item of value as unknown[]) {
          if (item === undefined || item === null) continue;
          if (isNestedObject(item)) hadObjectInArray = true;
          else entries.push([name, scalarText(item)]);
        }
      } else if (isNestedObject(value)) {
        walk(value, `${name}.`);
      } else {
        entries.push([name, scalarText(value)]);
      }
    }
  };
  walk(payload, '');
  return { entries, hadObjectInArray };
}

/** base64url (alphabet `-` `_`, no `=` padding) of the UTF-8 bytes of `text`. */
export function base64UrlEncode(text: string): string {
  return base64UrlFromBytes(new TextEncoder().encode(text));
}

/** base64url (alphabet `-` `_`, no `=` padding) of raw bytes. */
export function base64UrlFromBytes(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The query string (without `?`) for a GET/DELETE payload. With `rComplex`, a payload whose
 * flattening has a dotted key or an array of objects is sent whole as one `.r` parameter:
 * base64url of its JSON.
 */
export function buildQueryString(payload: object, rComplex = false): string {
  const { entries, hadObjectInArray } = flattenQuery(payload);
  if (rComplex && (hadObjectInArray || entries.some(([key]) => key.includes('.')))) {
    return new URLSearchParams([['.r', base64UrlEncode(toWireJson(payload))]]).toString();
  }
  return new URLSearchParams(entries).toString();
}

function lookup(payload: unknown, dottedPath: string): unknown {
  let current: unknown = payload;
  for (const part of dottedPath.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/**
 * Fills `{id}` / `{checkout.id}` placeholders, first from `pathParams`, else from the
 * payload (where the value stays). Values are URI-component encoded.
 * @throws TypeError when a placeholder has no non-empty scalar value.
 */
export function fillPath(
  path: string,
  payload: object,
  pathParams?: Record<string, string | number>,
): string {
  return path.replace(/\{([^{}]+)\}/g, (_match, name: string) => {
    const value = pathParams?.[name] ?? lookup(payload, name);
    const scalar = typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint';
    if (!scalar || value === '') {
      throw new TypeError(`Missing path parameter "${name}" for ${path}`);
    }
    return encodeURIComponent(String(value));
  });
}
