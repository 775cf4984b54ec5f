/**
 * What a feature (a folder under `src/features/`) gives the shell: its routes, and its entries in
 * the side navigation. `features.ts` lists them; the router and the navigation are built from
 * that list, so adding a feature is one folder and one line there.
 */
import type { RouteObject } from 'react-router';
import type { StaffRole } from '@vitrine/sdk';

export interface NavEntry {
  label: string;
  /** Where it leads (a `route(...).href()`, relative to `/dashboard`). */
  to: string;
  /** The path prefix below which this entry is the current one (default: `to` without its query). */
  match?: string;
  /** Sort key: lower first. Home 0, Orders 10; leave gaps (Catalog 20, Customers 30, …, Settings 90). */
  order: number;
  /** Who sees it (default: everybody). Hiding is only a courtesy: the server refuses what a role may not do. */
  roles?: readonly StaffRole[];
}

export interface Feature {
  id: string;
  /** Its pages, children of the signed-in shell; paths relative to `/dashboard` (use the feature's typed `route`s' `path`). */
  routes: RouteObject[];
  nav?: NavEntry[];
}
