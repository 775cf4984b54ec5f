import type { Generated } from 'kysely';

/** Tables owned by platform/ (modules declare theirs in their store.ts). */
export interface PlatformTables {
  config_revision: { id: number; revision: string | number };
  instance_setting: { key: string; value: unknown; updated_at: Generated<Date> };
  api_key: {
    id: string;
    name: string;
    key_hash: string;
    created_at: Date;
    last_used_at: Date | null;
    revoked_at: Date | null;
  };
  event: {
    id: string;
    event_type: string;
    entity_fqdn: string;
    slug: string;
    entity_id: string;
    entity_event_sequence: number;
    body: unknown;
    identity: unknown;
    originated_from: string | null;
    created_at: Date;
  };
  event_sequence: { entity_fqdn: string; entity_id: string; last: number };
  job: {
    id: string;
    name: string;
    payload: unknown;
    status: 'PENDING' | 'RUNNING' | 'SUCCEEDED' | 'FAILED';
    attempts: Generated<number>;
    max_attempts: number;
    run_at: Date;
    locked_until: Date | null;
    last_error: string | null;
    created_at: Date;
    updated_at: Date;
    finished_at: Date | null;
  };
  mail_message: {
    id: string;
    to_address: string;
    from_address: string;
    subject: string;
    text_body: string;
    html_body: string | null;
    status: 'QUEUED' | 'SENT' | 'STORED' | 'FAILED';
    last_error: string | null;
    created_at: Date;
    sent_at: Date | null;
  };
}
