import { describe, expect, it } from 'vitest';
import { decodeQuery, encodeR } from './querystring.ts';

const b64url = (s: string) => Buffer.from(s).toString('base64url');
const dotR = (payload: unknown) => `.r=${b64url(JSON.stringify(payload))}`;

describe('decodeQuery, plain mode', () => {
  it('turns dotted keys into nested objects', () => {
    expect(
      decodeQuery('sort.fieldName=createdDate&sort.order=DESC&paging.limit=20&paging.cursor=cursor-1'),
    ).toEqual({
      sort: { fieldName: 'createdDate', order: 'DESC' },
      paging: { limit: '20', cursor: 'cursor-1' },
    });
    expect(decodeQuery('a.b.c=1&a.b.d=2&a.e=3')).toEqual({ a: { b: { c: '1', d: '2' }, e: '3' } });
  });

  it('turns repeated keys into arrays, in order, at any depth', () => {
    expect(decodeQuery('mediaTypes=IMAGE&mediaTypes=VIDEO&mediaTypes=AUDIO')).toEqual({
      mediaTypes: ['IMAGE', 'VIDEO', 'AUDIO'],
    });
    expect(decodeQuery('fieldsets=PUBLIC')).toEqual({ fieldsets: 'PUBLIC' });
    expect(decodeQuery('q.ids=1&q.ids=2&q.x=y')).toEqual({ q: { ids: ['1', '2'], x: 'y' } });
  });

  it('decodes values as URLSearchParams encodes them: + is a space, %7E is ~, %2F is /', () => {
    expect(
      decodeQuery('name=hello+world&path=%2Fa%2Fb&tilde=%7Euser&plus=1%2B1&pct=100%25&utf=%C3%A9t%C3%A9'),
    ).toEqual({
      name: 'hello world',
      path: '/a/b',
      tilde: '~user',
      plus: '1+1',
      pct: '100%',
      utf: 'été',
    });
    const sent = new URLSearchParams({ 'sort.fieldName': 'a b~c/d', id: 'x&y=z' }).toString();
    expect(decodeQuery(sent)).toEqual({ sort: { fieldName: 'a b~c/d' }, id: 'x&y=z' });
    expect(decodeQuery('sort%2EfieldName=x')).toEqual({ sort: { fieldName: 'x' } });
  });

  it('keeps empty values, answers {} for an empty query string, and never throws on bad escapes', () => {
    expect(decodeQuery('')).toEqual({});
    expect(decodeQuery('a=&b')).toEqual({ a: '', b: '' });
    expect(decodeQuery('a=%E0%A4%A&b=%ZZ&c=%')).toEqual({ a: '\uFFFD%A', b: '%ZZ', c: '%' });
  });

  it('ignores keys with empty segments and prototype keys', () => {
    expect(decodeQuery('a..b=1&.c=2&d.=3&ok=4')).toEqual({ ok: '4' });
    const out = decodeQuery(
      '__proto__.polluted=1&constructor.prototype.polluted=1&a.__proto__.polluted=1&prototype=1&x=1',
    );
    expect(out).toEqual({ x: '1' });
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('lets a later key win over an earlier one of another shape', () => {
    expect(decodeQuery('a=1&a.b=2')).toEqual({ a: { b: '2' } });
    expect(decodeQuery('a.b=2&a=1')).toEqual({ a: '1' });
  });
});

describe('decodeQuery, .r mode', () => {
  it('decodes the whole payload from base64url JSON, keeping its types', () => {
    const payload = {
      paging: { limit: 10, offset: 20 },
      sorting: [{ fieldName: 'profile.nickname', order: 'ASC' }],
      flag: true,
      none: null,
    };
    expect(decodeQuery(dotR(payload))).toEqual(payload);
    expect(decodeQuery(encodeR(payload))).toEqual(payload);
  });

  it('decodes the example of conventions §5', () => {
    expect(
      decodeQuery(
        '.r=eyJwYWdpbmciOnsibGltaXQiOjEwLCJvZmZzZXQiOjIwfSwic29ydGluZyI6W3siZmllbGROYW1lIjoicHJvZmlsZS5uaWNrbmFtZSIsIm9yZGVyIjoiQVNDIn1dfQ',
      ),
    ).toEqual({
      paging: { limit: 10, offset: 20 },
      sorting: [{ fieldName: 'profile.nickname', order: 'ASC' }],
    });
  });

  it('decodes the base64url alphabet (- and _), without padding', () => {
    // "?>?" and "??~" encode to characters beyond the standard alphabet's +/.
    const payload = { q: '?>?', r: '??~', s: 'ü' };
    const encoded = b64url(JSON.stringify(payload));
    expect(encoded).toMatch(/[-_]/);
    expect(encoded).not.toMatch(/[+/=]/);
    expect(decodeQuery(`.r=${encoded}`)).toEqual(payload);
  });

  it('leaves garbage, non-JSON, and JSON that is not an object under .r', () => {
    for (const raw of [
      '!!!',
      'bm90IGpzb24',
      b64url('[1,2]'),
      b64url('"text"'),
      b64url('42'),
      b64url('null'),
      '',
    ]) {
      expect(decodeQuery(`.r=${raw}`), raw).toEqual({ '.r': raw });
    }
  });

  it('drops prototype keys at every depth of the payload', () => {
    const out = decodeQuery(
      `.r=${b64url('{"__proto__":{"polluted":1},"a":{"constructor":{"prototype":{"polluted":1}},"b":1},"c":[{"__proto__":{"x":1},"d":2}]}')}`,
    );
    expect(out).toEqual({ a: { b: 1 }, c: [{ d: 2 }] });
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.hasOwn(out, '__proto__')).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
