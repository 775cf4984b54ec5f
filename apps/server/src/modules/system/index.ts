export { systemRoutes } from './routes.ts';
export { mailSpec } from './store.ts';
