/**
 * Bundles the server into `dist/main.mjs` for `npm start`: one ES module with our code (server and
 * the workspace packages it imports), npm packages left as imports. Running it with plain `node`
 * avoids the TypeScript loader at run time (about 35 MiB of memory and a slower start).
 */
import { build, type Plugin } from 'esbuild';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');

/** npm packages stay external; our workspace packages (TypeScript sources) are bundled. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@vitrine/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  entryPoints: [join(root, 'src', 'main.ts')],
  outfile: join(root, 'dist', 'main.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalPackages],
  logLevel: 'warning',
});
