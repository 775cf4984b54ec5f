/** Vite's build manifest of a React app, and the chunks a page of it needs. */

/** Vite's build manifest: source file → its chunk and the chunks it imports. */
export type Manifest = Record<
  string,
  { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }
>;

/** The JS files a page's chunks need (their imports included), minus those the template already loads. */
export function chunkFiles(manifest: Manifest, chunks: string[], template: string): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const entry = manifest[key];
    if (!entry || files.has(entry.file)) return;
    files.add(entry.file);
    for (const i of entry.imports ?? []) visit(i);
  };
  for (const c of chunks) visit(c);
  return [...files].filter((f) => f.endsWith('.js') && !template.includes(`/${f}"`));
}
