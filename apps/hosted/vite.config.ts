import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Served by the server under /auth/ (apps/server/src/platform/http/static.ts).
export default defineConfig({
  base: '/auth/',
  plugins: [react(), tailwindcss()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: { proxy: { '/_api': 'http://localhost:3000', '/oauth2': 'http://localhost:3000' } },
});
