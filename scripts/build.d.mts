/** Types of build.mjs, for the TypeScript that imports it (its test). */
export interface App {
  name: string;
  workspace: string;
  dir: string;
}
export const ROOT: string;
export const APPS: App[];
export function inputsHash(app: App, root?: string): string;
export function isStale(app: App, root?: string): boolean;
export function markBuilt(app: App, hash: string, root?: string): void;
export function buildApp(app: App, o?: { quiet?: boolean; root?: string }): Promise<number>;
