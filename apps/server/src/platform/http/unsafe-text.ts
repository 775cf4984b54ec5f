/**
 * Text PostgreSQL cannot store: U+0000 (refused in `text` and `jsonb`) and UTF-16 surrogates
 * without their pair (not encodable as UTF-8; `jsonb` refuses their escapes). The router refuses
 * them in every path parameter, query parameter and JSON string or key, before any handler runs,
 * so no module has to think about them.
 */

declare global {
  // ES2024, in Node since 20; the project's lib is ES2023.
  interface String {
    isWellFormed(): boolean;
    toWellFormed(): string;
  }
}

export const UNSAFE_TEXT = 'must not contain the NUL character (U+0000) or unpaired UTF-16 surrogates';

const unsafe = (s: string) => s.includes('\0') || !s.isWellFormed();

/** The path (outermost first) of the first unsafe string or key in a parsed value, or undefined. */
function find(value: unknown): string[] | undefined {
  if (typeof value === 'string') return unsafe(value) ? [] : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const at = find(value[i]);
      if (at) return [String(i), ...at];
    }
    return undefined;
  }
  for (const key in value) {
    if (unsafe(key)) return [key];
    const at = find((value as Record<string, unknown>)[key]);
    if (at) return [key, ...at];
  }
  return undefined;
}

/** The field name (dotted, as in other violations) of the first unsafe text in `value`, shown readably. */
export function unsafeTextField(value: unknown): string | undefined {
  const at = find(value);
  if (!at) return undefined;
  // The reported name must itself be safe: the offending characters become U+FFFD.
  return at.map((p) => p.replace(/\0/g, '\ufffd').toWellFormed()).join('.');
}
