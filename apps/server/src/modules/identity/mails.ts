import type { Ctx } from '../../platform/context.ts';
import { queueMail } from '../../platform/mail.ts';
import { getSettings } from '../settings/index.ts';

/** The identity module's messages, queued in the caller's transaction. */

export async function mailVerificationCode(
  ctx: Ctx,
  to: string,
  code: string,
  minutes: number,
): Promise<void> {
  const { storeName } = await getSettings(ctx);
  await queueMail(ctx, {
    to,
    senderName: storeName,
    subject: `${code} is your ${storeName} verification code`,
    text: `Your verification code for ${storeName} is ${code}.\n\nIt works once and expires in ${minutes} minutes. If you did not try to sign in or sign up, ignore this message.`,
  });
}

export async function mailRecoveryLink(
  ctx: Ctx,
  to: string,
  link: string,
  kind: 'RECOVERY' | 'ACTIVATION',
  hours: number,
): Promise<void> {
  const { storeName } = await getSettings(ctx);
  const [subject, intro] =
    kind === 'RECOVERY'
      ? [
          `Reset your ${storeName} password`,
          `Someone asked to reset the password of your ${storeName} account. To choose a new password, open this link:`,
        ]
      : [
          `Activate your ${storeName} account`,
          `An account at ${storeName} was created for you. To choose your password and activate it, open this link:`,
        ];
  await queueMail(ctx, {
    to,
    senderName: storeName,
    subject,
    text: `${intro}\n\n${link}\n\nThe link works once, for ${hours} ${hours === 1 ? 'hour' : 'hours'}. If you did not ask for this, ignore this message.`,
  });
}
