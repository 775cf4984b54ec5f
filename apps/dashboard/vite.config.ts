import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { keptAssets } from '../../scripts/kept-assets.ts';
import { precompress } from '../../scripts/precompress.ts';
import { reactRouterProduction } from '../../scripts/react-router.ts';

// Served by the server under /dashboard/ (apps/server/src/app.ts, platform/http/static.ts). The
// manifest (dist/.vite/manifest.json) lets bench/dashboard.ts find the Home page's chunks.
export default defineConfig(({ command }) => ({
  base: '/dashboard/',
  plugins: [react(), tailwindcss(), keptAssets(), precompress()],
  resolve: command === 'build' ? { alias: [reactRouterProduction] } : {},
  build: {
    outDir: 'dist',
    // Not emptied: the last build's hashed assets stay for pages opened before this build, which
    // lazy-load them by name; keptAssets() deletes what neither of the last two builds wrote.
    emptyOutDir: false,
    sourcemap: true,
    manifest: true,
    target: 'es2022',
    // Tailwind's CSS step makes no sourcemap of its own, which Rolldown reports at every build; the
    // scripts' sourcemaps are complete, so that one notice is dropped (others still print).
    rolldownOptions: {
      // A busy machine makes Rolldown report the time its plugins took (PLUGIN_TIMINGS): a notice
      // about the machine, not the build, which the build test would take for a warning.
      checks: { bundlerTimings: false },
      onwarn: (w, warn) => {
        if (w.code !== 'SOURCEMAP_BROKEN') warn(w);
      },
    },
  },
  server: {
    proxy: Object.fromEntries(
      [
        '/staff',
        '/ecom',
        '/platform',
        '/payments',
        '/stores',
        '/categories',
        '/media',
        '/site-media',
        '/_api',
        '/reviews',
        '/members',
        '/webhooks',
      ].map((p) => [p, 'http://localhost:3000']),
    ),
  },
}));
