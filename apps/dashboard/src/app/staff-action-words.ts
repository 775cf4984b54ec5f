/**
 * An entry of the staff actions log (`method`, `route` as the server declares it, `status`) in
 * plain words: "captured a payment", "tried to cancel the order (refused)". The routes are those
 * a detail page's entity is changed by (orders and their payments and fulfilments, members,
 * products and their stock, categories, reviews); another reads "made a change" ("edited" for
 * PATCH/PUT, "deleted" for DELETE), never the route's own words.
 */

/** What was done: to do (for a refused attempt) and done. */
type Phrase = readonly [infinitive: string, past: string];

const RULES: readonly (readonly [method: string, route: RegExp, phrase: Phrase])[] = [
  // Orders, their payments and fulfilments (a shipment's routes end as the order's do: first).
  [
    'PATCH',
    /\/fulfillments\/:[^/]+\/orders\/:[^/]+$/,
    ["edit a shipment's tracking", "edited a shipment's tracking"],
  ],
  ['DELETE', /\/fulfillments\/:[^/]+\/orders\/:[^/]+$/, ['delete a shipment', 'deleted a shipment']],
  ['POST', /\/orders\/:[^/]+\/cancel$/, ['cancel the order', 'canceled the order']],
  ['POST', /\/orders\/:[^/]+\/activities$/, ['add a note', 'added a note']],
  ['POST', /\/orders\/:[^/]+\/update-status$/, ["change the order's status", "changed the order's status"]],
  ['PATCH', /\/orders\/:[^/]+$/, ['edit the order', 'edited the order']],
  ['POST', /\/ecom\/v1\/orders$/, ['create the order', 'created the order']],
  ['POST', /\/ecom\/v1\/checkouts$/, ['create an order for a buyer', 'created an order for a buyer']],
  ['POST', /\/checkouts\/:[^/]+\/payment-link$/, ['make a payment link', 'made a payment link']],
  [
    'PATCH',
    /\/ecom\/v1\/checkouts\/:[^/]+$/,
    ['change an order for a buyer', 'changed an order for a buyer'],
  ],
  [
    'DELETE',
    /\/ecom\/v1\/checkouts\/:[^/]+$/,
    ['delete an order for a buyer', 'deleted an order for a buyer'],
  ],
  ['POST', /\/bulk\/orders\/update-tags$/, ['change the tags', 'changed the tags']],
  ['POST', /\/bulk\/orders\/update$/, ['edit the order', 'edited the order']],
  ['POST', /\/create-fulfillment$/, ['fulfil items', 'fulfilled items']],
  ['POST', /\/capture-authorized-payments$/, ['capture a payment', 'captured a payment']],
  ['POST', /\/void-authorized-payments$/, ['void an authorization', 'voided an authorization']],
  ['POST', /\/trigger-refund$/, ['refund a payment', 'refunded a payment']],
  ['POST', /\/mark-as-paid$/, ['mark the order as paid', 'marked the order as paid']],
  // Members.
  ['POST', /\/members\/:[^/]+\/mute$/, ['mute the member', 'muted the member']],
  ['POST', /\/members\/:[^/]+\/unmute$/, ['unmute the member', 'unmuted the member']],
  ['POST', /\/members\/:[^/]+\/approve$/, ['approve the member', 'approved the member']],
  ['POST', /\/members\/:[^/]+\/block$/, ['block the member', 'blocked the member']],
  [
    'POST',
    /\/members\/:[^/]+\/disconnect$/,
    ['sign the member out everywhere', 'signed the member out everywhere'],
  ],
  [
    'POST',
    /\/members\/:[^/]+\/slug$/,
    ["change the member's profile address", "changed the member's profile address"],
  ],
  [
    'DELETE',
    /\/members\/:[^/]+\/[^/:]+$/,
    ["remove a detail of the member's", "removed a detail of the member's"],
  ],
  ['DELETE', /\/members\/:[^/]+$/, ['delete the member', 'deleted the member']],
  ['PATCH', /\/members\/:[^/]+$/, ['edit the member', 'edited the member']],
  ['POST', /\/members\/v1\/members$/, ['create the member', 'created the member']],
  // Products and their stock (v3, and the v1 writer's paths).
  ['POST', /\/products\/:[^/]+\/media\/delete$/, ['remove pictures', 'removed pictures']],
  ['POST', /\/products\/:[^/]+\/media$/, ['add pictures', 'added pictures']],
  ['PATCH', /\/products\/:[^/]+\/variants$/, ['edit the variants', 'edited the variants']],
  ['POST', /\/(products|products-with-inventory)$/, ['create the product', 'created the product']],
  ['PATCH', /\/(products|products-with-inventory)\/:[^/]+$/, ['edit the product', 'edited the product']],
  ['DELETE', /\/products\/:[^/]+$/, ['delete the product', 'deleted the product']],
  ['PATCH', /\/inventory(-items|Items)\/:[^/]+/, ['change the stock', 'changed the stock']],
  [
    'POST',
    /\/(inventory-items|inventoryItems)\/.*(increment|decrement)/i,
    ['adjust the stock', 'adjusted the stock'],
  ],
  // Categories and collections.
  ['POST', /\/(categories|collections)$/, ['create the category', 'created the category']],
  ['PATCH', /\/(categories|collections)\/:[^/]+$/, ['edit the category', 'edited the category']],
  ['DELETE', /\/(categories|collections)\/:[^/]+$/, ['delete the category', 'deleted the category']],
  ['POST', /\/collections\/:[^/]+\/productIds\/delete$/, ['take products out', 'took products out']],
  ['POST', /\/collections\/:[^/]+\/productIds$/, ['put products in', 'put products in']],
  // Reviews.
  ['PATCH', /\/reviews\/:[^/]+$/, ['moderate the review', 'moderated the review']],
  ['DELETE', /\/reviews\/:[^/]+$/, ['delete the review', 'deleted the review']],
];

const OTHER: Record<string, Phrase> = {
  PATCH: ['edit it', 'edited it'],
  PUT: ['edit it', 'edited it'],
  DELETE: ['delete it', 'deleted it'],
};

/** "canceled the order"; a refused one (status 400 and up): "tried to cancel the order (refused)". */
export function actionWords(a: { method: string; route: string; status: number }): string {
  const method = a.method.toUpperCase();
  const [infinitive, past] = RULES.find(([m, route]) => m === method && route.test(a.route))?.[2] ??
    OTHER[method] ?? ['make a change', 'made a change'];
  return a.status >= 400 ? `tried to ${infinitive} (refused)` : past;
}
