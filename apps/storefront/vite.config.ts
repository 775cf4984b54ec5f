import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { keptAssets } from '../../scripts/kept-assets.ts';
import { precompress } from '../../scripts/precompress.ts';
import { reactRouterProduction } from '../../scripts/react-router.ts';

// The client build (dist/client, with a manifest the server reads to preload each route's chunk)
// and, with `--ssr`, the server entry (dist/server) that apps/server/src/modules/storefront imports.
const SHELL = [
  /\/node_modules\//,
  /\/packages\/sdk\/src\/(errors|react\/(query-client|catalog|cart)|auth\/storage)\.ts$/,
  /\/packages\/ui\/src\/(button|alert|loading|price|heading|classes)\.tsx?$/,
  /\/apps\/storefront\/src\/(app|env|routes|lazy-page|errors|use-title|entry-client)\.tsx?$/,
  /\/apps\/storefront\/src\/components\/(layout|error-boundary|cart-drawer)\.tsx$/,
];
// What the product lists draw (the home page, the catalog, the rails): the card, its stars and the
// reviews calls they read, the notice above a list, and the catalog's search field and sort select.
// One chunk, not five: each file a first load waits on takes one of the six connections a browser
// opens to the server (HTTP/1.1), and the home page's and the catalog's first pictures queued
// behind their scripts (the home page's largest picture came 0.57 s later, `storefront/README.md`).
const CARDS = [
  /\/apps\/storefront\/src\/(notice|components\/(product-card|stars))\.tsx$/,
  /\/packages\/sdk\/src\/(upload|reviews|react\/reviews)\.ts$/,
  /\/packages\/ui\/src\/(field|select)\.tsx$/,
];
// Libraries only lazy chunks use, not in the shell: the cart drawer's (the Radix Dialog and what it
// brings), the authenticator set-up's QR code (uqr), the review videos' player (hls.js) and the
// address layouts of the account and order pages (localized-address-format).
const LAZY_ONLY =
  /\/node_modules\/(@radix-ui|aria-hidden|react-remove-scroll(-bar)?|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|detect-node-es|tslib|uqr|hls\.js|localized-address-format)\//;

export default defineConfig(({ isSsrBuild }) => ({
  base: '/',
  plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [keptAssets(), precompress()])],
  resolve: isSsrBuild ? {} : { alias: [reactRouterProduction] },
  build: isSsrBuild
    ? {
        outDir: 'dist/server',
        emptyOutDir: true,
        sourcemap: true,
        target: 'node20',
        rollupOptions: { checks: { bundlerTimings: false } },
      }
    : {
        outDir: 'dist/client',
        // Not emptied: the last build's hashed assets stay for pages opened before this build, which
        // lazy-load them by name; keptAssets() deletes what neither of the last two builds wrote.
        emptyOutDir: false,
        sourcemap: true,
        manifest: true,
        // One stylesheet for the whole shop (Tailwind's), which the server inlines into every page.
        // Split per chunk, every lazy chunk listed it to load with itself: the page holds it as a
        // <style>, not a <link>, so the preload helper downloaded it again (7 KB sharing the
        // bandwidth with the page's images) and held the chunk until it came.
        cssCodeSplit: false,
        target: 'es2022',
        // A dynamic import preloads the chunks it needs, but never the shell and the runtime: the
        // entry loaded them before any page ran. Fewer file names in every chunk's preload lists.
        // No modulepreload polyfill (≈ 0.25 KB of every first load): browsers without native
        // modulepreload (Safari < 17, Firefox < 115) skip the preload hints, which costs them time,
        // not function.
        modulePreload: {
          polyfill: false,
          resolveDependencies: (_file, deps, { hostType }) =>
            hostType === 'js' ? deps.filter((d) => !/\/(shell|rolldown-runtime)-[\w-]+\.js$/.test(d)) : deps,
        },
        // What every page needs at start-up in one chunk (one file compresses better than ten):
        // the libraries and the app shell. Pages, the cart, the account and the OAuth client stay split.
        // Tailwind's CSS step makes no sourcemap of its own, which Rolldown reports at every build;
        // the scripts' sourcemaps are complete, so that one notice is dropped (others still print).
        rollupOptions: {
          // A busy machine makes Rolldown report the time its plugins took (PLUGIN_TIMINGS): a notice
          // about the machine, not the build, which the build test would take for a warning.
          checks: { bundlerTimings: false },
          onwarn: (w, warn) => {
            if (w.code !== 'SOURCEMAP_BROKEN') warn(w);
          },
          output: {
            // The shell first (higher priority): a group takes its modules' dependencies too, but
            // never one a group of higher priority took.
            codeSplitting: {
              groups: [
                {
                  name: 'shell',
                  priority: 2,
                  test: (id: string) =>
                    SHELL.some((re) => re.test(id)) &&
                    !LAZY_ONLY.test(id) &&
                    !/useMutation|mutationObserver/.test(id),
                },
                { name: 'cards', priority: 1, test: (id: string) => CARDS.some((re) => re.test(id)) },
              ],
            },
          },
        },
      },
  ssr: { noExternal: ['@vitrine/sdk', '@vitrine/ui'] },
  server: {
    proxy: {
      '/_api': 'http://localhost:3000',
      '/oauth2': 'http://localhost:3000',
      '/ecom': 'http://localhost:3000',
      '/stores': 'http://localhost:3000',
      '/categories': 'http://localhost:3000',
      '/members': 'http://localhost:3000',
      '/media': 'http://localhost:3000',
      '/site-media': 'http://localhost:3000',
      '/reviews': 'http://localhost:3000',
      '/auth': 'http://localhost:3000',
    },
  },
}));
