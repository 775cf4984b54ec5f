/**
 * React Router resolves to its development build unless told otherwise (its package exports have no
 * `production` condition): the apps' browser bundles alias it to the production one, a third
 * smaller and without the development warnings.
 */
import { fileURLToPath } from 'node:url';

export const reactRouterProduction = {
  find: /^react-router$/,
  replacement: fileURLToPath(
    new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url),
  ),
};
