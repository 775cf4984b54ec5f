/**
 * What a client build keeps in `assets/` (kept-assets.ts), on a folder written by the test: the
 * builds themselves are exercised in apps/server/src/platform/http/rebuild.test.ts.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pruneAssets } from './kept-assets.ts';

const temp = mkdtempSync(join(tmpdir(), 'vitrine-kept-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** Writes a build's files (and each one's .map) as Vite would, then prunes as the plugin does. */
function built(out: string, files: string[]) {
  mkdirSync(join(out, 'assets'), { recursive: true });
  for (const f of files) {
    writeFileSync(join(out, 'assets', f), f);
    writeFileSync(join(out, 'assets', `${f}.map`), '{}');
  }
  return pruneAssets(
    out,
    files.map((f) => `assets/${f}`),
  );
}
const assets = (out: string) => readdirSync(join(out, 'assets')).sort();

describe('the assets a build keeps', () => {
  it('counts what assets/ held before the first recorded build as the previous build', () => {
    const out = join(temp, 'first');
    mkdirSync(join(out, 'assets'), { recursive: true });
    writeFileSync(join(out, 'assets', 'old-1.js'), '');
    writeFileSync(join(out, 'assets', 'old-1.js.br'), '');
    expect(built(out, ['new-2.js'])).toEqual([]);
    expect(assets(out)).toEqual(['new-2.js', 'new-2.js.map', 'old-1.js', 'old-1.js.br']);
    expect(built(out, ['newer-3.js']).sort()).toEqual(['old-1.js', 'old-1.js.br']);
    expect(assets(out)).toEqual(['new-2.js', 'new-2.js.map', 'newer-3.js', 'newer-3.js.map']);
  });

  it('does not count a build that wrote the same files as a new one, so the one before stays', () => {
    const out = join(temp, 'same');
    built(out, ['a-1.js', 'shared.js']);
    built(out, ['a-2.js', 'shared.js']);
    // Nothing changed: the same names again. a-1.js (the page opened before a-2) stays.
    expect(built(out, ['a-2.js', 'shared.js'])).toEqual([]);
    expect(existsSync(join(out, 'assets', 'a-1.js'))).toBe(true);
    // A real change: a-1.js goes, what the last two builds share stays.
    expect(built(out, ['a-3.js', 'shared.js']).sort()).toEqual(['a-1.js', 'a-1.js.map']);
    expect(assets(out)).toEqual([
      'a-2.js',
      'a-2.js.map',
      'a-3.js',
      'a-3.js.map',
      'shared.js',
      'shared.js.map',
    ]);
  });

  it('starts again from what is on disk when its record is unreadable', () => {
    const out = join(temp, 'broken');
    built(out, ['b-1.js']);
    writeFileSync(join(out, '.vite', 'kept-assets.json'), '{not json');
    expect(built(out, ['b-2.js'])).toEqual([]);
    expect(built(out, ['b-3.js']).sort()).toEqual(['b-1.js', 'b-1.js.map']);
  });
});
