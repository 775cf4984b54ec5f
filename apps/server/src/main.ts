import { ConfigError, loadConfig, type Config } from './platform/config.ts';
import { startServer } from './start.ts';

// The storefront's server rendering loads react-dom when the first page is asked for, and react-dom
// picks its build by NODE_ENV: without it, the shipped server rendered with React's development build.
process.env.NODE_ENV ??= 'production';

let config: Config;
try {
  config = loadConfig();
} catch (e) {
  if (e instanceof ConfigError) {
    console.error(e.message);
    process.exit(1);
  }
  throw e;
}

const server = await startServer({ config });
const { instance } = server;
const db = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.DATA_DIR}`;
console.log(`
Vitrine is running on ${db}, listening on ${server.url}
  Shop       ${config.PUBLIC_URL}/
  API        ${config.PUBLIC_URL}
  Health     ${config.PUBLIC_URL}/health
  API docs   ${config.PUBLIC_URL}/openapi.json
  OAuth client id of the bundled storefront: ${instance.oauthClientId}`);
if (server.setupLink) {
  console.log(`
  Dashboard set-up link (one-time, valid 7 days; \`npm run staff:setup-link\` makes another):
    ${server.setupLink}`);
}
if (instance.generatedAdminKey) {
  console.log(`
  Admin API key (shown once, only its hash is stored; set ADMIN_API_KEY to choose your own):
    ${instance.generatedAdminKey}`);
}

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.stop().then(
      () => process.exit(0),
      (e: unknown) => {
        console.error(e);
        process.exit(1);
      },
    );
  });
}
