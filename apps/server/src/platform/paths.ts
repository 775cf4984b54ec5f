import { basename, join } from 'node:path';

/**
 * `apps/server/src`, where migrations and other files shipped beside the code live — whether the
 * server runs from source (tsx, tests) or from the bundle `npm start` builds into `apps/server/dist`.
 */
export const serverSrc =
  basename(import.meta.dirname) === 'dist'
    ? join(import.meta.dirname, '..', 'src')
    : join(import.meta.dirname, '..');

/** The repository's root (`apps/server/src/../../..`): the default `DATA_DIR` is its `data` folder. */
export const repoRoot = join(serverSrc, '..', '..', '..');
