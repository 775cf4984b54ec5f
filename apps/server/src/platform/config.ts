import { join, resolve } from 'node:path';
import { z } from 'zod';
import { repoRoot } from './paths.ts';

const port = z.coerce.number().int().min(0).max(65535);
const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const configSchema = z
  .object({
    PORT: port.default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    /** Absolute: the repository's `data` folder by default (whatever the working directory); a relative value is taken from the working directory. */
    DATA_DIR: z
      .string()
      .min(1)
      .default(join(repoRoot, 'data'))
      .transform((p) => resolve(p)),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    /** Any value of 24-256 visible characters without commas (a comma separates a token from a key in `Authorization`). */
    ADMIN_API_KEY: z
      .string()
      .min(24, 'must be at least 24 characters')
      .max(256, 'must be at most 256 characters')
      .regex(/^[\x21-\x2b\x2d-\x7e]+$/, 'must be printable ASCII without spaces or commas')
      .optional(),
    /** Lifetime of OAuth access tokens, in seconds. */
    ACCESS_TOKEN_TTL: z.coerce
      .number()
      .int()
      .min(60)
      .max(7 * 24 * 3600)
      .default(14400),
    OAUTH_CLIENT_ID: z
      .string()
      .regex(/^[A-Za-z0-9._-]{8,64}$/, 'must be 8-64 characters of A-Z a-z 0-9 . _ -')
      .optional(),
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    MAIL_FROM: z.string().min(3).default('no-reply@localhost'),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Behind a reverse proxy: `true`, a hop count, or comma-separated proxy addresses/CIDRs. */
    TRUST_PROXY: z
      .string()
      .regex(
        /^(true|false|\d{1,2}|[0-9a-fA-F:./,\s]+)$/,
        'must be true, false, a hop count or proxy addresses',
      )
      .default('false')
      .transform((v): boolean | number | string[] =>
        v === 'true'
          ? true
          : v === 'false'
            ? false
            : /^\d+$/.test(v)
              ? Number(v)
              : v
                  .split(',')
                  .map((x) => x.trim())
                  .filter(Boolean),
      ),
    BODY_LIMIT: z.coerce
      .number()
      .int()
      .min(1024)
      .max(64 * 1024 * 1024)
      .default(1024 * 1024),
    JOBS: bool.default(true),
    JOB_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(500),
    DEMO_DATA: bool.default(true),
    /** Shortest password accepted at sign-up, password change and reset (the longest is 256). */
    PASSWORD_MIN_LENGTH: z.coerce.number().int().min(8).max(128).default(8),
    /** argon2id memory cost in KiB (t=2, p=1). The default is OWASP's minimum; tests lower it. */
    PASSWORD_HASH_MEMORY_KIB: z.coerce
      .number()
      .int()
      .min(1024)
      .max(1024 * 1024)
      .default(19456),
    /** New members prove their e-mail address with a 6-digit code before their first sign-in. */
    EMAIL_VERIFICATION_REQUIRED: bool.default(false),
    /** Site keys the storefront shows its captcha widget with (public values; ALTCHA needs no vendor key). */
    CAPTCHA_SITE_KEY: z.string().min(1).max(200).default('vitrine-altcha'),
    CAPTCHA_INVISIBLE_SITE_KEY: z.string().min(1).max(200).default('vitrine-altcha-invisible'),
    /** PBKDF2 iterations per ALTCHA attempt: the proof-of-work cost a browser pays per solve. */
    CAPTCHA_COST: z.coerce.number().int().min(1).max(1_000_000).default(1000),
    /** Largest media upload accepted (413 beyond it), in bytes. */
    MEDIA_MAX_UPLOAD_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(1024 ** 4)
      .default(4 * 1024 ** 3),
    /** Members' visitor uploads: files and bytes per member per UTC day. */
    MEDIA_MEMBER_DAILY_FILES: z.coerce.number().int().min(0).max(100_000).default(20),
    MEDIA_MEMBER_DAILY_BYTES: z.coerce
      .number()
      .int()
      .min(0)
      .max(1024 ** 4)
      .default(100 * 1024 ** 2),
    /** Imports from a URL: largest answer accepted, and the time a whole fetch may take. */
    MEDIA_IMPORT_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(1024 ** 4)
      .default(200 * 1024 ** 2),
    MEDIA_IMPORT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
    /**
     * Tests only: addresses (comma-separated IPs) the fetch guard lets through although they are
     * loopback or private, so a test's fixture server on 127.0.0.1 can be imported from. Empty in production.
     */
    FETCH_GUARD_ALLOW: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      ),
    /** Back-in-stock requests still waiting this many days after they were made are deleted. */
    BACK_IN_STOCK_EXPIRY_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
    /** Days events are kept; the job runner purges older ones hourly. */
    EVENT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    /** Days sent and stored mail is kept. */
    MAIL_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    /** Days succeeded jobs are kept. */
    JOB_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
    /** Days failed jobs and failed mail are kept (the dashboard's home counts them). */
    FAILED_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
    /** Where media bytes live: `local` (DATA_DIR/media/library) or `s3` (an S3-compatible bucket). */
    MEDIA_STORAGE: z.enum(['local', 's3']).default('local'),
    S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_BUCKET: z.string().min(3).max(63).optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: bool.default(true),
  })
  .transform((c) => ({
    ...c,
    PUBLIC_URL: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
  }));

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment variables\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
}

/** Reads configuration from the environment; empty strings count as unset. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const input: Record<string, string> = {};
  for (const key of Object.keys(configSchema.in.shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') input[key] = value;
  }
  const parsed = configSchema.safeParse(input);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  return parsed.data;
}
