import type { Ctx } from '../../platform/context.ts';
import { escapeHtml as esc, mailDocument } from '../../platform/mail-layout.ts';
import { queueMail } from '../../platform/mail.ts';
import { getSettings } from '../settings/index.ts';

/**
 * Tells members who waited for the owner's approval that they may sign in now (sign-up told them to
 * wait, and nothing else would tell them when). Queued in the caller's transaction.
 */
export async function mailApproved(ctx: Ctx, to: readonly string[]): Promise<void> {
  if (to.length === 0) return;
  const { storeName } = await getSettings(ctx);
  const link = `${ctx.config.PUBLIC_URL}/login`;
  const subject = `Your ${storeName} account is approved`;
  const news = `Good news: ${storeName} approved your account. You can sign in now:`;
  const html = mailDocument({
    storeName,
    title: subject,
    body: `<p>${esc(news)}</p>`,
    action: { label: 'Sign in', url: link },
  });
  for (const address of to) {
    await queueMail(ctx, {
      to: address,
      senderName: storeName,
      subject,
      text: `${news}\n\n${link}\n\n${storeName}`,
      html,
    });
  }
}

/**
 * Tells the store (its contact address, when it has one) that someone signed up and waits for
 * approval, with a link to the member in the dashboard: otherwise only the members list shows it.
 */
export async function mailAwaitingApproval(ctx: Ctx, member: { id: string; loginEmail: string }) {
  const { storeName, contactEmail } = await getSettings(ctx);
  if (!contactEmail) return;
  const link = `${ctx.config.PUBLIC_URL}/dashboard/customers/${member.id}`;
  const subject = `${storeName}: ${member.loginEmail} waits for your approval`;
  const who = `${member.loginEmail} signed up and can sign in once you approve them.`;
  await queueMail(ctx, {
    to: contactEmail,
    senderName: storeName,
    subject,
    text: `${who}\n\nApprove or block them in the dashboard: ${link}\n\n${storeName}`,
    html: mailDocument({
      storeName,
      title: subject,
      body: `<p>${esc(who)}</p><p>Approve or block them in the dashboard.</p>`,
      action: { label: 'Open in the dashboard', url: link },
    }),
  });
}
