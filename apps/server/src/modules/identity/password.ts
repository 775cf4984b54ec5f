import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serverSrc } from '../../platform/paths.ts';
import type * as Argon2 from '@node-rs/argon2';
import type { FieldViolation } from '@vitrine/contract';
import type { Config } from '../../platform/config.ts';

/** Longest password accepted; argon2 pre-hashes, so this only bounds the request. */
export const PASSWORD_MAX_LENGTH = 256;

/**
 * The 10,000 most common passwords (lower-cased, one per line): the top of the frequency-ranked
 * list zxcvbn ships, itself drawn from Mark Burnett's public 10-million-password corpus.
 */
let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(join(serverSrc, 'modules', 'identity', 'common-passwords.txt'), 'utf8')
      .split('\n')
      .filter(Boolean),
  );
  return common;
}

/** The argon2 addon, loaded at the first password hashed or checked (3 MiB of memory otherwise). */
let loading: Promise<typeof Argon2> | undefined;
const argon2 = () => (loading ??= import('@node-rs/argon2'));

/** argon2id with t=2, p=1 and the configured memory (OWASP's minimum by default). */
const options = (config: Config) => ({
  memoryCost: config.PASSWORD_HASH_MEMORY_KIB,
  timeCost: 2,
  parallelism: 1,
});

export const hashPassword = async (config: Config, password: string): Promise<string> =>
  (await argon2()).hash(password, options(config));

/** A hash of nothing anybody knows, so an unknown e-mail costs the same time as a wrong password. */
const dummies = new Map<number, Promise<string>>();
function dummyHash(config: Config): Promise<string> {
  let d = dummies.get(config.PASSWORD_HASH_MEMORY_KIB);
  if (!d) dummies.set(config.PASSWORD_HASH_MEMORY_KIB, (d = hashPassword(config, `dummy-${Math.random()}`)));
  return d;
}

/** Checks a password against a stored hash; with no hash, spends the same work and answers false. */
export async function verifyPassword(
  config: Config,
  stored: string | null,
  password: string,
): Promise<boolean> {
  if (password.length > PASSWORD_MAX_LENGTH) return false;
  const { verify } = await argon2();
  if (!stored) {
    await verify(await dummyHash(config), password);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** Whether a stored hash was made with other parameters than the current ones (rehash after a good sign-in). */
export async function needsRehash(config: Config, stored: string): Promise<boolean> {
  const { parseOptions } = await argon2();
  try {
    const o = parseOptions(stored);
    const want = options(config);
    return (
      o.memoryCost !== want.memoryCost || o.timeCost !== want.timeCost || o.parallelism !== want.parallelism
    );
  } catch {
    return true;
  }
}

/** The password rules: 8 (PASSWORD_MIN_LENGTH) to 256 characters, not a common password, not the e-mail. */
export function passwordViolation(
  config: Config,
  field: string,
  password: string,
  email?: string,
): FieldViolation | null {
  const min = config.PASSWORD_MIN_LENGTH;
  const length = [...password].length;
  if (length < min)
    return {
      field,
      description: `must be at least ${min} characters`,
      violatedRule: 'MIN_LENGTH',
      data: { threshold: min },
    };
  if (length > PASSWORD_MAX_LENGTH)
    return {
      field,
      description: `must be at most ${PASSWORD_MAX_LENGTH} characters`,
      violatedRule: 'MAX_LENGTH',
      data: { threshold: PASSWORD_MAX_LENGTH },
    };
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower)) {
    return {
      field,
      description: 'is one of the most common passwords; choose another',
      violatedRule: 'OTHER',
      ruleName: 'COMMON_PASSWORD',
      data: {},
    };
  }
  if (email && (lower === email.toLowerCase() || lower === email.toLowerCase().split('@')[0])) {
    return {
      field,
      description: 'must not be your e-mail address',
      violatedRule: 'OTHER',
      ruleName: 'PASSWORD_IS_EMAIL',
      data: {},
    };
  }
  return null;
}
