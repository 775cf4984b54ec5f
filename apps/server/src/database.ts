import type { PlatformTables } from './platform/db/tables.ts';
import type { SettingsTables } from './modules/settings/store.ts';
import type { OAuthTables } from './modules/oauth/store.ts';
import type { IdentityTables } from './modules/identity/store.ts';
import type { MembersTables } from './modules/members/store.ts';
import type { CatalogTables } from './modules/catalog/store.ts';

/** Every table, for Kysely's types: the platform's and each module's. */
export interface Database extends PlatformTables, SettingsTables, OAuthTables, IdentityTables, MembersTables, CatalogTables {}
