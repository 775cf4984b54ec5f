/**
 * An answer already serialised to JSON (a kept public list, say): route handlers return it and
 * the router sends the text as it is instead of serialising an object again.
 */
export const RAW_JSON = Symbol('raw-json');
export interface RawJson {
  readonly [RAW_JSON]: string;
}
export const rawJson = (text: string): RawJson => ({ [RAW_JSON]: text });
export const isRawJson = (v: unknown): v is RawJson => typeof v === 'object' && v !== null && RAW_JSON in v;
