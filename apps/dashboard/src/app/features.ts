/**
 * The dashboard's features, in no particular order (the navigation sorts by `nav.order`).
 * A new feature: a folder `src/features/<name>/` with `urls.ts` (its typed routes) and
 * `feature.ts` (its `Feature`), and one line here.
 */
import type { Feature } from './feature.ts';
import { homeFeature } from '../features/home/feature.ts';
import { ordersFeature } from '../features/orders/feature.ts';
import { marketingFeature } from '../features/marketing/feature.ts';
import { customersFeature } from '../features/customers/feature.ts';
import { reviewsFeature } from '../features/reviews/feature.ts';
import { settingsFeature } from '../features/settings/feature.ts';
import { catalogFeature } from '../features/catalog/feature.ts';
import { mediaFeature } from '../features/media/feature.ts';
import { accountFeature } from '../features/account/feature.ts';

export const features: Feature[] = [
  homeFeature,
  ordersFeature,
  marketingFeature,
  customersFeature,
  reviewsFeature,
  settingsFeature,
  catalogFeature,
  mediaFeature,
  accountFeature,
];
