/**
 * Bundles the server into `dist/main.mjs` for `npm start`: one ES module with our code (server and
 * the workspace packages it imports), npm packages left as imports. Running it with plain `node`
 * avoids the TypeScript loader at run time (about 35 MiB of memory and a slower start).
 */
import { build, type Plugin } from 'esbuild';
import { readFileSync, writeFileSync } from 'node:fs';
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

const outfile = join(root, 'dist', 'main.mjs');
await build({
  entryPoints: [join(root, 'src', 'main.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalPackages],
  logLevel: 'warning',
});

/**
 * V8 keeps a module's source text in memory for as long as the module lives, one byte a character
 * if every character is Latin-1 and two otherwise: five dashes and ellipses in comments made the
 * whole bundle a two-byte string (2.2 MB of heap instead of 1.1). esbuild writes strings, regular
 * expressions and identifiers in ASCII (its default charset); what is left past ASCII is in the
 * comments it keeps, and each such character becomes `?` (one per UTF-16 unit, so the source map's
 * columns stay right). A character past ASCII on a line that is not a comment stops the build.
 */
const COMMENT_LINE = /^\s*(\/\/|\/\*|\*)/;
/** A UTF-16 unit past ASCII (an astral character is two of them, so it becomes `??`). */
const PAST_ASCII = /[\u0080-\uffff]/g;
const lines = readFileSync(outfile, 'utf8').split('\n');
let changed = false;
lines.forEach((line, i) => {
  if (line.search(PAST_ASCII) < 0) return;
  if (!COMMENT_LINE.test(line))
    throw new Error(`dist/main.mjs:${i + 1}: a character past ASCII outside a comment`);
  lines[i] = line.replace(PAST_ASCII, '?');
  changed = true;
});
if (changed) writeFileSync(outfile, lines.join('\n'));
