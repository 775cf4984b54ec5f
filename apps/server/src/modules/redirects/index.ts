export { redirectsRoutes } from './routes.ts';
