/**
 * An answer already serialised to JSON (a kept public list, say): route handlers return it and
 * the router sends the text as it is instead of serialising an object again. An answer sent many
 * times (a kept cart or product list) is kept as UTF-8 bytes (`rawJsonBytes`), so it is encoded
 * once rather than on every send.
 */
export const RAW_JSON = Symbol('raw-json');
export interface RawJson {
  readonly [RAW_JSON]: string | Buffer;
}
export const rawJson = (text: string): RawJson => ({ [RAW_JSON]: text });
/** The same, as bytes of their own (not a slice of a shared pool, which would keep the whole pool). */
export function rawJsonBytes(text: string): RawJson {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text, 'utf8');
  return { [RAW_JSON]: bytes };
}
export const rawJsonText = (r: RawJson): string => {
  const v = r[RAW_JSON];
  return typeof v === 'string' ? v : v.toString('utf8');
};
export const isRawJson = (v: unknown): v is RawJson => typeof v === 'object' && v !== null && RAW_JSON in v;
