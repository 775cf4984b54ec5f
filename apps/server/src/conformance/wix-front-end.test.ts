/**
 * A public storefront written for the official SDK packages (the common Next.js shape: v1 `products`
 * and `collections`, `currentCart`, `redirects`, `orders`, `OAuthStrategy`), pointed at Vitrine by
 * changing nothing but the API host. Each page's calls are made the way such a front end makes them;
 * the browser journeys (hosted checkout, hosted sign-in) are in browser-front-end.test.ts.
 */
import { currentCart, orders } from '@wix/ecom';
import { redirects } from '@wix/redirects';
import { createClient, OAuthStrategy, type Tokens } from '@wix/sdk';
import { collections, products } from '@wix/stores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/server.ts';
import { redirectWixFetch } from '../test/wix.ts';

const APP = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
const ALL_PRODUCTS = '00000000-000000-000000-000000000001';
const SHOP = 'https://shop.example.test';
const PASSWORD = 'Correct-Horse-42';
const PER_PAGE = 8;
let s: TestServer;
let undo: () => void;
let clientId: string;

const frontEnd = (tokens?: Tokens) =>
  createClient({
    auth: OAuthStrategy({ clientId, ...(tokens ? { tokens } : {}) }),
    modules: { products, collections, currentCart, redirects, orders },
  });
type FrontEnd = ReturnType<typeof frontEnd>;
type Product = products.Product;
/** The SDK has no `subtotal` in its cart type; front ends read it anyway. */
type CartWithSubtotal = currentCart.Cart & { subtotal?: { amount: string; formattedAmount: string } };

beforeAll(async () => {
  s = await startTestServer({ env: { DEMO_DATA: 'true', PASSWORD_HASH_MEMORY_KIB: '1024' } });
  undo = redirectWixFetch(s.url);
  const c = await s.admin<{ client: { id: string } }>('POST', '/oauth2/v1/clients', {
    client: { name: 'Next.js shop', redirectUris: [`${SHOP}/*`], allowedOrigins: [SHOP] },
  });
  expect(c.status, JSON.stringify(c.body)).toBe(200);
  clientId = c.body.client.id;
});
afterAll(async () => {
  undo?.();
  await s?.stop();
});

/** The shop page's query: name search, category, product type, price range, sort and page, as a Next.js ProductList builds it. */
async function productList(
  c: FrontEnd,
  categoryId: string,
  sp: { name?: string; type?: string; min?: string; max?: string; sort?: string; page?: string } = {},
) {
  let q = c.products
    .queryProducts()
    .startsWith('name', sp.name ?? '')
    .eq('collectionIds' as never, categoryId as never)
    .hasSome('productType' as never, (sp.type ? [sp.type] : ['physical', 'digital']) as never)
    .gt('priceData.price', (sp.min ?? 0) as number)
    .lt('priceData.price', (sp.max ?? 999999) as number)
    .limit(PER_PAGE)
    .skip(sp.page ? Number(sp.page) * PER_PAGE : 0);
  if (sp.sort) {
    const [order, by] = sp.sort.split(' ') as ['asc' | 'desc', 'price' | 'lastUpdated' | 'name'];
    q = order === 'asc' ? q.ascending(by) : q.descending(by);
  }
  return q.find();
}

/** What the product page shows for a selection: the variant's price and stock, and which choices are sold out. */
function productPage(product: Product, selected: Record<string, string>) {
  const fits = (v: NonNullable<Product['variants']>[number], sel: Record<string, string>) =>
    Object.entries(sel).every(([k, val]) => v.choices?.[k] === val);
  const variant = product.variants?.find((v) => fits(v, selected));
  const soldOut = (option: string, choice: string) =>
    !product.variants?.some((v) => fits(v, { ...selected, [option]: choice }) && v.stock?.inStock);
  return {
    variant,
    price: variant?.variant?.priceData?.formatted?.discountedPrice,
    inStock: variant?.stock?.inStock ?? false,
    quantity: variant?.stock?.quantity,
    greyedOut: (product.productOptions ?? []).flatMap((o) =>
      (o.choices ?? [])
        .filter((ch) => soldOut(o.name!, ch.description!))
        .map((ch) => `${o.name}:${ch.description}`),
    ),
  };
}

describe('a storefront written for the official packages, unchanged but for the API host', () => {
  it('navigation: lists the collections without "All Products", and opens a category page by slug (All Products by default)', async () => {
    const c = frontEnd();
    const nav = await c.collections.queryCollections().ne('_id', ALL_PRODUCTS).find();
    expect(nav.items.map((x) => x.name).sort()).toEqual([
      'Accessories',
      'Apparel',
      'Home',
      'Stationery & Gifts',
    ]);
    const shopAll = await c.collections.getCollectionBySlug('all-products');
    expect(shopAll.collection).toMatchObject({ _id: ALL_PRODUCTS, name: 'All Products' });
    const home = await c.collections.getCollectionBySlug('home');
    expect(home.collection?.numberOfProducts).toBe(7);
  });

  it('shop page: search, price filter, sort and paging over a category or All Products', async () => {
    const c = frontEnd();
    const all = await productList(c, ALL_PRODUCTS, { sort: 'asc price' });
    expect(all.items).toHaveLength(PER_PAGE);
    const total = all.totalCount!;
    expect(total).toBeGreaterThan(PER_PAGE);
    const prices = all.items.map((p) => p.priceData!.price!);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const second = await productList(c, ALL_PRODUCTS, { sort: 'asc price', page: '1' });
    expect(second.items[0]!.priceData!.price!).toBeGreaterThanOrEqual(prices.at(-1)!);
    expect(new Set([...all.items, ...second.items].map((p) => p._id)).size).toBe(2 * PER_PAGE);
    const viaNext = await all.next();
    expect(viaNext.items.map((p) => p._id)).toEqual(second.items.map((p) => p._id));

    const apparel = (await c.collections.getCollectionBySlug('apparel')).collection!;
    const cheap = await productList(c, apparel._id!, { min: '20', max: '60', sort: 'desc price' });
    expect(cheap.items.length).toBeGreaterThan(0);
    expect(
      cheap.items.every(
        (p) =>
          p.priceData!.price! > 20 && p.priceData!.price! < 60 && p.collectionIds!.includes(apparel._id!),
      ),
    ).toBe(true);
    const linen = await productList(c, ALL_PRODUCTS, { name: 'Linen', sort: 'asc name' });
    expect(linen.items.map((p) => p.name)).toEqual(['Linen Button-Down Shirt', 'Linen Throw Pillow']);
    const digital = await productList(c, ALL_PRODUCTS, { type: 'digital' });
    expect(digital.items.map((p) => p.productType)).toEqual(['digital', 'digital']);
    const newest = await productList(c, ALL_PRODUCTS, { sort: 'desc lastUpdated' });
    const updated = newest.items.map((p) => p.lastUpdated!.getTime());
    expect(updated).toEqual([...updated].sort((a, b) => b - a));
  });

  it("product page: reads product.variants for the chosen variant's price and stock, and greys out sold-out choices", async () => {
    const c = frontEnd();
    const {
      items: [sweater],
    } = await c.products.queryProducts().eq('slug', 'merino-crew-sweater').find();
    expect(sweater!.variants).toHaveLength(6);
    const oatM = productPage(sweater!, { Size: 'M', Color: 'Oat' });
    expect(oatM).toMatchObject({ price: '$89.00', inStock: true, quantity: 8, greyedOut: ['Size:L'] });
    const oatL = productPage(sweater!, { Size: 'L', Color: 'Oat' });
    expect(oatL).toMatchObject({
      inStock: false,
      quantity: 0,
      greyedOut: ['Size:L', 'Color:Charcoal', 'Color:Oat'],
    });
    // The same answers as the platform's own availability call.
    const official = await c.products.getProductOptionsAvailability(sweater!._id!, {
      Size: 'M',
      Color: 'Oat',
    });
    expect(official.selectedVariant).toMatchObject({
      inStock: true,
      quantity: 8,
      price: { formatted: { discountedPrice: '$89.00' } },
    });
    expect((official.selectedVariant as { _id?: string })._id).toBe(oatM.variant!._id);
  });

  it('cart sheet: adds the chosen variant and reads cart.subtotal as the lines change', async () => {
    const c = frontEnd();
    const {
      items: [sweater],
    } = await c.products.queryProducts().eq('slug', 'merino-crew-sweater').find();
    const { variant } = productPage(sweater!, { Size: 'S', Color: 'Charcoal' });
    const added = await c.currentCart.addToCurrentCart({
      lineItems: [
        {
          catalogReference: {
            appId: APP,
            catalogItemId: sweater!._id!,
            options: { variantId: variant!._id! },
          },
          quantity: 2,
        },
      ],
    });
    const cart = added.cart as CartWithSubtotal;
    expect(cart.subtotal).toMatchObject({ amount: '178.00', formattedAmount: '$178.00' });
    const line = cart.lineItems![0]!;
    const more = await c.currentCart.updateCurrentCartLineItemQuantity([{ _id: line._id!, quantity: 3 }]);
    expect((more.cart as CartWithSubtotal).subtotal?.formattedAmount).toBe('$267.00');
    expect(((await c.currentCart.getCurrentCart()) as CartWithSubtotal).subtotal?.amount).toBe('267.00');
    const empty = await c.currentCart.removeLineItemsFromCurrentCart([line._id!]);
    expect((empty.cart as CartWithSubtotal).subtotal?.amount).toBe('0.00');
  });

  it("checkout button: a redirect session to the hosted checkout carrying the shop's callbacks", async () => {
    const c = frontEnd();
    const {
      items: [mug],
    } = await c.products.queryProducts().eq('slug', 'stoneware-coffee-mug').find();
    await c.currentCart.addToCurrentCart({
      lineItems: [
        {
          catalogReference: {
            appId: APP,
            catalogItemId: mug!._id!,
            options: { variantId: mug!.variants![0]!._id! },
          },
          quantity: 1,
        },
      ],
    });
    const { checkoutId } = await c.currentCart.createCheckoutFromCurrentCart({
      channelType: currentCart.ChannelType.WEB,
    });
    const { redirectSession } = await c.redirects.createRedirectSession({
      ecomCheckout: { checkoutId: checkoutId! },
      callbacks: { postFlowUrl: `${SHOP}/`, thankYouPageUrl: `${SHOP}/success`, cartPageUrl: `${SHOP}/cart` },
    });
    const url = new URL(redirectSession!.fullUrl!);
    expect(url.origin + url.pathname).toBe(`${s.url}/checkout`);
    expect(url.searchParams.get('checkoutId')).toBe(checkoutId);
    expect(url.searchParams.get('checkoutToken')).toBeTruthy();
    const session = await s.request<{ thankYouPageUrl: string; cartPageUrl: string; postFlowUrl: string }>(
      'POST',
      '/_api/hosted-checkout/v1/session',
      { body: { checkoutToken: url.searchParams.get('checkoutToken') } },
    );
    expect(session.body).toMatchObject({
      thankYouPageUrl: `${SHOP}/success`,
      cartPageUrl: `${SHOP}/cart`,
      postFlowUrl: `${SHOP}/`,
    });
  });

  it('hosted sign-in from a visitor with a cart ends as a member with the same cart (merged into the one the member had)', async () => {
    const email = `front-${Date.now()}@example.test`;
    const reg = await s.request<{ state: string }>('POST', '/_api/iam/authentication/v2/register', {
      body: { loginId: { email }, password: PASSWORD },
    });
    expect(reg.body.state).toBe('SUCCESS');
    const {
      items: [pillow],
    } = await frontEnd().products.queryProducts().eq('slug', 'linen-throw-pillow').find();
    const {
      items: [mug],
    } = await frontEnd().products.queryProducts().eq('slug', 'stoneware-coffee-mug').find();
    const line = (p: Product, quantity: number) => ({
      catalogReference: { appId: APP, catalogItemId: p._id!, options: { variantId: p.variants![0]!._id! } },
      quantity,
    });

    /** The hosted sign-in as the browser goes through it: authorize → sign-in page → the form signs in → back with a code. */
    async function hostedSignIn(c: FrontEnd) {
      const oauthData = c.auth.generateOAuthData(`${SHOP}/callback`, `${SHOP}/cart`);
      const { authUrl } = await c.auth.getAuthUrl(oauthData, { responseMode: 'query' });
      const toLogin = await fetch(authUrl.replace(/^https:\/\/[^/]+/, s.url), { redirect: 'manual' });
      expect(toLogin.status).toBe(302);
      const loginPage = new URL(toLogin.headers.get('location')!);
      expect(loginPage.pathname).toBe('/auth/login');
      const login = await s.request<{ state: string; sessionToken: string }>(
        'POST',
        '/_api/iam/authentication/v2/login',
        { body: { loginId: { email }, password: PASSWORD } },
      );
      expect(login.body.state, JSON.stringify(login.body)).toBe('SUCCESS');
      const done = await s.request<{ redirectUrl: string }>('POST', '/oauth2/authorize/complete', {
        body: { ...Object.fromEntries(loginPage.searchParams), sessionToken: login.body.sessionToken },
      });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      const { code, state } = c.auth.parseFromUrl(done.body.redirectUrl, 'query');
      const tokens = await c.auth.getMemberTokens(code, state, oauthData);
      c.auth.setTokens(tokens);
      return tokens;
    }

    // First visit: the visitor fills a cart and signs in; the member gets that cart.
    const first = frontEnd();
    const visitorCart = (await first.currentCart.addToCurrentCart({ lineItems: [line(pillow!, 1)] })).cart!;
    const visitorId = visitorCart.buyerInfo!.visitorId!;
    const tokens = await hostedSignIn(first);
    const claims = JSON.parse(
      Buffer.from(tokens.accessToken.value.split('.')[1]!, 'base64url').toString(),
    ) as { role: string; vid?: string };
    expect(claims).toMatchObject({ role: 'member', vid: visitorId });
    const memberCart = await first.currentCart.getCurrentCart();
    expect(memberCart._id).toBe(visitorCart._id);
    expect(memberCart.buyerInfo?.memberId).toBeTruthy();
    expect(memberCart.lineItems!.map((l) => [l.productName?.original, l.quantity])).toEqual([
      ['Linen Throw Pillow', 1],
    ]);

    // Another visit, another visitor cart: signing in merges it into the member's.
    const second = frontEnd();
    await second.currentCart.addToCurrentCart({ lineItems: [line(mug!, 2), line(pillow!, 1)] });
    await hostedSignIn(second);
    const merged = (await second.currentCart.getCurrentCart()) as CartWithSubtotal;
    expect(merged._id).toBe(visitorCart._id);
    expect(merged.lineItems!.map((l) => [l.productName?.original, l.quantity]).sort()).toEqual([
      ['Linen Throw Pillow', 2],
      ['Stoneware Coffee Mug', 2],
    ]);
    expect(Number(merged.subtotal?.amount)).toBeGreaterThan(0);
  });
});
