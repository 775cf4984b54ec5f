import { describe, expect, it } from 'vitest';
import { base64UrlEncode, buildQueryString, fillPath, flattenQuery, toWireJson } from './encode.ts';

describe('encode helpers', () => {
  it('base64url: url alphabet, no padding, UTF-8, large input', () => {
    expect(base64UrlEncode('\u00fb\u00ff?>')).toBe('w7vDvz8-');
    expect(base64UrlEncode('ab')).toBe('YWI');
    const big = 'é'.repeat(50_000);
    expect(Buffer.from(base64UrlEncode(big), 'base64url').toString('utf8')).toBe(big);
  });

  it('flattenQuery: dates as ISO, nested arrays and objects in arrays dropped and flagged', () => {
    const when = new Date('2024-05-01T10:00:00.000Z');
    expect(flattenQuery({ a: { b: { c: 1 } }, when, list: [[1], 2, null] })).toEqual({
      entries: [
        ['a.b.c', '1'],
        ['when', '2024-05-01T10:00:00.000Z'],
        ['list', '2'],
      ],
      hadObjectInArray: true,
    });
    expect(flattenQuery({ x: [1, 'y'] }).hadObjectInArray).toBe(false);
  });

  it('buildQueryString: .r only when rComplex and the payload is complex; empty payload → ""', () => {
    expect(buildQueryString({}, true)).toBe('');
    expect(buildQueryString({ 'a.b': 1 }, true)).toBe(`.r=${base64UrlEncode('{"a.b":1}')}`);
    expect(buildQueryString({ a: { b: 1 } }, false)).toBe('a.b=1');
  });

  it('fillPath: payload lookup, pathParams first, missing or empty value throws', () => {
    expect(fillPath('/r/{review.id}/x', { review: { id: 'a b' } })).toBe('/r/a%20b/x');
    expect(fillPath('/r/{id}', { id: 'p' }, { id: 'q' })).toBe('/r/q');
    expect(() => fillPath('/r/{id}', {})).toThrow(/Missing path parameter "id"/);
    expect(() => fillPath('/r/{id}', { id: '' })).toThrow(TypeError);
    expect(() => fillPath('/r/{id}', { id: { x: 1 } })).toThrow(TypeError);
  });

  it('toWireJson: non-finite numbers and bigints become strings', () => {
    expect(toWireJson({ a: Infinity, b: -Infinity, c: NaN, d: 10n, e: 1.5, f: undefined })).toBe(
      '{"a":"Infinity","b":"-Infinity","c":"NaN","d":"10","e":1.5}',
    );
  });
});
