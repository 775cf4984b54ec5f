import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { keptAssets } from '../../scripts/kept-assets.ts';
import { precompress } from '../../scripts/precompress.ts';
import { reactRouterProduction } from '../../scripts/react-router.ts';

// Served by the server under /auth/ (apps/server/src/platform/http/static.ts).
export default defineConfig(({ command }) => ({
  base: '/auth/',
  plugins: [react(), tailwindcss(), keptAssets(), precompress()],
  resolve: command === 'build' ? { alias: [reactRouterProduction] } : {},
  build: {
    outDir: 'dist',
    // Not emptied: the last build's hashed assets stay for pages opened before this build, which
    // lazy-load them by name; keptAssets() deletes what neither of the last two builds wrote.
    emptyOutDir: false,
    sourcemap: true,
    // The server reads it to preload the checkout's chunks on its pages (platform/http/static.ts).
    manifest: true,
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
  server: { proxy: { '/_api': 'http://localhost:3000', '/oauth2': 'http://localhost:3000' } },
}));
