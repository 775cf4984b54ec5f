import type { Ctx } from '../../platform/context.ts';
import { escapeHtml as esc, mailDocument, paragraphs } from '../../platform/mail-layout.ts';
import { queueMail } from '../../platform/mail.ts';
import { getSettings } from '../settings/index.ts';

/** The identity module's messages (text, and the store's mail layout), queued in the caller's transaction. */

export async function mailVerificationCode(
  ctx: Ctx,
  to: string,
  code: string,
  minutes: number,
): Promise<void> {
  const { storeName } = await getSettings(ctx);
  const subject = `${code} is your ${storeName} verification code`;
  const rest = `It works once and expires in ${minutes} minutes. If you did not try to sign in or sign up, ignore this message.`;
  await queueMail(ctx, {
    to,
    senderName: storeName,
    subject,
    text: `Your verification code for ${storeName} is ${code}.\n\n${rest}`,
    html: mailDocument({
      storeName,
      title: subject,
      body:
        `<p>Your verification code for ${esc(storeName)} is:</p>` +
        `<p style="font-size:28px;font-weight:bold;letter-spacing:4px">${esc(code)}</p><p>${esc(rest)}</p>`,
    }),
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
  const [subject, intro, label] =
    kind === 'RECOVERY'
      ? [
          `Reset your ${storeName} password`,
          `Someone asked to reset the password of your ${storeName} account. To choose a new password, open this link:`,
          'Choose a new password',
        ]
      : [
          `Activate your ${storeName} account`,
          `An account at ${storeName} was created for you. To choose your password and activate it, open this link:`,
          'Activate your account',
        ];
  const works = `The link works once, for ${hours} ${hours === 1 ? 'hour' : 'hours'}. If you did not ask for this, ignore this message.`;
  await queueMail(ctx, {
    to,
    senderName: storeName,
    subject,
    text: `${intro}\n\n${link}\n\n${works}`,
    html: mailDocument({
      storeName,
      title: subject,
      body: paragraphs(intro),
      action: { label, url: link },
      footer: esc(works),
    }),
  });
}

/** A change to how the account signs in, told to its address (so a change by someone else is noticed). */
export type SecurityChange = 'PASSWORD_CHANGED' | 'PASSWORD_RESET' | 'TOTP_ON' | 'TOTP_OFF';

const CHANGES: Record<SecurityChange, (store: string, when: string) => [subject: string, what: string]> = {
  PASSWORD_CHANGED: (store, when) => [
    `Your ${store} password was changed`,
    `The password of your ${store} account was changed on ${when}. Your other devices were signed out.`,
  ],
  PASSWORD_RESET: (store, when) => [
    `Your ${store} password was reset`,
    `The password of your ${store} account was reset on ${when}, with a link sent to this address. Every other device was signed out.`,
  ],
  TOTP_ON: (store, when) => [
    `Two-step sign-in is on for your ${store} account`,
    `Two-step sign-in was turned on for your ${store} account on ${when}: signing in now also asks for a code from an authenticator app, or a recovery code.`,
  ],
  TOTP_OFF: (store, when) => [
    `Two-step sign-in is off for your ${store} account`,
    `Two-step sign-in was turned off for your ${store} account on ${when}: signing in now asks for the password only.`,
  ],
};

/** "3 December 2026 at 07:05 UTC": the time of the change, unambiguous wherever it is read. */
const inWords = (at: Date) =>
  `${at.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })} at ${at.toISOString().slice(11, 16)} UTC`;

export async function mailSecurityChange(ctx: Ctx, to: string, change: SecurityChange): Promise<void> {
  const { storeName } = await getSettings(ctx);
  const [subject, what] = CHANGES[change](storeName, inWords(ctx.clock.now()));
  const advice =
    'If this was you, there is nothing to do. If it was not, choose a new password now: it signs out every device.';
  const link = `${ctx.config.PUBLIC_URL}/forgot-password`;
  await queueMail(ctx, {
    to,
    senderName: storeName,
    subject,
    text: `${what}\n\n${advice}\n\n${link}`,
    html: mailDocument({
      storeName,
      title: subject,
      body: paragraphs(`${what}\n\n${advice}`),
      action: { label: 'Choose a new password', url: link },
    }),
  });
}
