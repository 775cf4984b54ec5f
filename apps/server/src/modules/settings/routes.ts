import { storeSettingsResponse, updateStoreSettingsRequest } from '@vitrine/contract';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.ts';
import { escapeHtml as esc, mailDocument } from '../../platform/mail-layout.ts';
import { queueMail } from '../../platform/mail.ts';
import { getSettings, updateSettings } from './service.ts';

export function settingsRoutes(r: Router) {
  r.route({
    method: 'GET',
    url: '/platform/v1/store-settings',
    roles: 'any',
    summary: 'Store name, currency, locale and policies',
    tags: ['settings'],
    response: storeSettingsResponse,
    async handler(ctx) {
      return { settings: await getSettings(ctx) };
    },
  });

  r.route({
    method: 'PATCH',
    url: '/platform/v1/store-settings',
    roles: ['admin'],
    owner: true,
    summary: 'Update store settings (field mask)',
    tags: ['settings'],
    body: updateStoreSettingsRequest,
    response: storeSettingsResponse,
    async handler(ctx, { body }) {
      return { settings: await updateSettings(ctx, body) };
    },
  });

  r.route({
    method: 'POST',
    url: '/platform/v1/mail/test',
    roles: ['admin'],
    owner: true,
    summary: 'Send a test message to check the mail set-up',
    tags: ['settings'],
    body: z.strictObject({ to: z.email() }),
    response: z.object({ messageId: z.string() }),
    async handler(ctx, { body }) {
      const { storeName } = await getSettings(ctx);
      const url = ctx.config.PUBLIC_URL;
      const subject = `Test message from ${storeName}`;
      const messageId = await queueMail(ctx, {
        to: body.to,
        senderName: storeName,
        subject,
        text: `This is a test message from ${storeName} (${url}). If you can read it, outgoing mail works.`,
        html: mailDocument({
          storeName,
          title: subject,
          body: `<p>This is a test message from ${esc(storeName)} (<a href="${esc(url)}">${esc(url)}</a>). If you can read it, outgoing mail works.</p>`,
        }),
      });
      return { messageId };
    },
  });
}
