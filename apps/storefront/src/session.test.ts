import { describe, expect, it } from 'vitest';
import { resumePath } from './components/resume-checkout.ts';
import { safePath } from './session.ts';

describe('safePath (the sign-in pages’ returnTo)', () => {
  it('passes a same-origin path through whole, its query included', () => {
    const id = '0190f5a2-7c3e-7b1a-9d4e-2f6a8c1b3d5e';
    expect(safePath(resumePath(id))).toBe(`/cart?resume=${id}`);
    // As the recovery link hands it over: encoded once in the sign-in page's URL.
    const url = new URL(`https://shop.example/login?returnTo=${encodeURIComponent(resumePath(id))}`);
    expect(safePath(url.searchParams.get('returnTo'))).toBe(`/cart?resume=${id}`);
    expect(safePath('/account/orders')).toBe('/account/orders');
  });

  it('never leads to another origin', () => {
    for (const raw of ['https://evil.example/', '//evil.example/cart', '/\\evil.example', 'cart', '', null])
      expect(safePath(raw)).toBe('/account');
    expect(safePath(undefined, '/')).toBe('/');
  });
});
