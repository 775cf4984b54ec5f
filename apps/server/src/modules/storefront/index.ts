export { serveStorefront } from './serve.ts';
