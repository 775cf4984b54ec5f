/**
 * The store's settings and the operator's views as plain typed calls: store settings (name,
 * contact, currency, weight unit, checkout options such as capture on fulfilment: `PATCH` with a
 * field mask and the revision), an SMTP test message, the stored mail outbox and the job queue.
 * Changes, the outbox and the jobs are for owners only (403 `OWNER_ONLY`):
 * apps/server/src/modules/settings/README.md, staff/README.md.
 */
import type { Job, MailMessage, ManualPaymentMethodInput, StoreSettings } from '@vitrine/contract';
import type { HttpClient } from '../http.ts';
import { cursorQueryBody, type CursorPage, type CursorSearch } from './paging.ts';

export type EditableStoreSettings = Omit<
  StoreSettings,
  'updatedDate' | 'revision' | 'manualPaymentMethods'
> & {
  /** The whole list, in order: a new method without `id` (the server gives it one); one left out is removed. */
  manualPaymentMethods: ManualPaymentMethodInput[];
};

export const MAIL_STATUSES = ['QUEUED', 'SENT', 'STORED', 'FAILED'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];
export const JOB_STATUSES = ['PENDING', 'RUNNING', 'SUCCEEDED', 'FAILED'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export interface MailSearch extends CursorSearch {
  status?: MailStatus;
  /** The recipient's address, or its start. */
  to?: string;
}
export interface JobSearch extends CursorSearch {
  status?: JobStatus;
}

export const storeSettingsCalls = {
  get: async (http: HttpClient): Promise<StoreSettings> =>
    (await http.request<{ settings: StoreSettings }>({ method: 'GET', path: '/platform/v1/store-settings' }))
      .settings,
  /**
   * Writes exactly the given fields (the field mask names them; a nullable one given as `null` is
   * cleared). With `revision`, refused with 409 `REVISION_MISMATCH` when someone changed them since.
   */
  update: async (
    http: HttpClient,
    v: { settings: Partial<EditableStoreSettings>; revision?: string },
  ): Promise<StoreSettings> => {
    const paths = Object.keys(v.settings);
    const settings = Object.fromEntries(Object.entries(v.settings).filter(([, x]) => x !== null));
    return (
      await http.request<{ settings: StoreSettings }>({
        method: 'PATCH',
        path: '/platform/v1/store-settings',
        body: { settings, fieldMask: paths.join(','), ...(v.revision ? { revision: v.revision } : {}) },
      })
    ).settings;
  },
};

export const mailCalls = {
  /** Queues a test message (sent over SMTP when `SMTP_URL` is set, else kept in the outbox). */
  test: (http: HttpClient, to: string) =>
    http.request<{ messageId: string }>({ method: 'POST', path: '/platform/v1/mail/test', body: { to } }),
  query: async (http: HttpClient, s: MailSearch): Promise<CursorPage<MailMessage>> => {
    const to = s.to?.trim().toLowerCase();
    const filter = {
      ...(s.status ? { status: { $eq: s.status } } : {}),
      ...(to ? { to: { $startsWith: to } } : {}),
    };
    const a = await http.request<{ messages: MailMessage[]; metadata: CursorPage<MailMessage>['metadata'] }>({
      method: 'POST',
      path: '/platform/v1/mail/messages/query',
      body: cursorQueryBody(filter, [{ fieldName: 'createdDate', order: 'DESC' }], s),
    });
    return { items: a.messages, metadata: a.metadata };
  },
  get: async (http: HttpClient, id: string): Promise<MailMessage> =>
    (
      await http.request<{ message: MailMessage }>({
        method: 'GET',
        path: '/platform/v1/mail/messages/{id}',
        pathParams: { id },
      })
    ).message,
};

export const jobCalls = {
  query: async (http: HttpClient, s: JobSearch): Promise<CursorPage<Job>> => {
    const a = await http.request<{ jobs: Job[]; metadata: CursorPage<Job>['metadata'] }>({
      method: 'POST',
      path: '/platform/v1/jobs/query',
      body: cursorQueryBody(
        s.status ? { status: { $eq: s.status } } : {},
        [{ fieldName: 'createdDate', order: 'DESC' }],
        s,
      ),
    });
    return { items: a.jobs, metadata: a.metadata };
  },
  /** Runs a FAILED job again (409 `JOB_NOT_FAILED` otherwise). */
  retry: async (http: HttpClient, id: string): Promise<Job> =>
    (
      await http.request<{ job: Job }>({
        method: 'POST',
        path: '/platform/v1/jobs/{id}/retry',
        pathParams: { id },
        body: {},
      })
    ).job,
};
