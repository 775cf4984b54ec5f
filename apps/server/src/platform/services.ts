import type { CallerRequest } from './auth.ts';
import type { Caller } from './context.ts';
import type { Subscriber } from './events.ts';
import type { JobHandler } from './jobs.ts';
import type { Ports } from './ports.ts';

/** Sends a message over SMTP (mail.ts `createMailer`). */
export interface Mailer {
  sendMail(m: { from: string; to: string; subject: string; text: string; html?: string }): Promise<unknown>;
}

/** Process-wide collaborators that service functions reach through `ctx.services`. */
export interface Services {
  resolveCaller(authorization: string | undefined): Promise<Caller>;
  /** A request's caller: its `Authorization` header, else its staff session cookie (auth.ts; once per request). */
  resolveRequest(req: CallerRequest): Promise<Caller>;
  subscribers: Map<string, Subscriber>;
  jobHandlers: Map<string, JobHandler>;
  /** SMTP transport when `SMTP_URL` is set; otherwise mail is kept in the stored outbox. */
  mailer: Mailer | null;
  /** Asks the job runner to look for due jobs now rather than at its next poll. */
  kickJobs(): void;
  /** What lower modules ask of higher ones, plugged in by `app.ts` (platform/ports.ts). */
  ports: Ports;
}
