/**
 * A fresh hosted checkout link of the demo store, as a shopper gets one from the cart: a visitor
 * token of the storefront's own client, one demo item in the current cart, a checkout made from it,
 * and its single-use `checkoutUrl` (path and query, for the same base).
 */
const STORES_APP = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
const ITEM = 'stoneware-coffee-mug';

async function call<T>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  auth?: string,
): Promise<T> {
  const r = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
  return (await r.json()) as T;
}

export async function checkoutLink(base: string): Promise<string> {
  // The storefront's client id is in its pages' state.
  const html = await (await fetch(`${base}/`, { headers: { accept: 'text/html' } })).text();
  const clientId = /"clientId":"([^"]+)"/.exec(html)?.[1];
  if (!clientId) throw new Error('no client id in the storefront page');
  const { access_token: auth } = await call<{ access_token: string }>(base, 'POST', '/oauth2/token', {
    clientId,
    grantType: 'anonymous',
  });
  const { product } = await call<{ product: { id: string; variantsInfo: { variants: { id: string }[] } } }>(
    base,
    'GET',
    `/stores/v3/products/slug/${ITEM}`,
  );
  await call(
    base,
    'POST',
    '/ecom/v1/carts/current/add-to-cart',
    {
      lineItems: [
        {
          catalogReference: {
            catalogItemId: product.id,
            appId: STORES_APP,
            options: { variantId: product.variantsInfo.variants[0]!.id },
          },
          quantity: 1,
        },
      ],
    },
    auth,
  );
  const { checkoutId } = await call<{ checkoutId: string }>(
    base,
    'POST',
    '/ecom/v1/carts/current/create-checkout',
    { channelType: 'WEB' },
    auth,
  );
  const { checkoutUrl } = await call<{ checkoutUrl: string }>(
    base,
    'GET',
    `/ecom/v1/checkouts/${checkoutId}/checkout-url`,
    undefined,
    auth,
  );
  const url = new URL(checkoutUrl);
  return url.pathname + url.search;
}
