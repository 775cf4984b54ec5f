/**
 * `npm start`: builds the apps whose sources changed since their last build (quietly; a failed
 * build prints its output and stops), then runs the server bundle in this process with plain
 * `node`. Everything the server prints is its own banner and logs.
 */
import { APPS, buildApp, isStale } from './build.mjs';

for (const app of APPS.filter((a) => isStale(a))) {
  const started = Date.now();
  console.log(`Building the ${app.name} (new or changed sources)…`);
  const code = await buildApp(app, { quiet: true });
  if (code !== 0) {
    console.error(`Building the ${app.name} failed (exit code ${code}); the output is above.`);
    process.exit(code);
  }
  console.log(`  built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
await import('../apps/server/dist/main.mjs');
