import type { PlatformTables } from './platform/db/tables.ts';
import type { SettingsTables } from './modules/settings/store.ts';

/** Every table, for Kysely's types: the platform's and each module's. */
export interface Database extends PlatformTables, SettingsTables {}
