import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { Feature } from '../../app/feature.ts';
import { settingsUrls } from './urls.ts';

/** A settings page under the owners' gate (`layout.tsx`): its path below `/settings`. */
const child = (path: string, load: () => Promise<{ Component: ComponentType }>): RouteObject => ({
  path: path.slice(settingsUrls.general.path.length + 1),
  lazy: load,
});

export const settingsFeature: Feature = {
  id: 'settings',
  routes: [
    {
      path: settingsUrls.general.path.slice(1),
      lazy: () => import('./layout.tsx').then((m) => ({ Component: m.SettingsLayout })),
      children: [
        {
          index: true,
          lazy: () => import('./general/general-page.tsx').then((m) => ({ Component: m.GeneralPage })),
        },
        child(settingsUrls.payments.path, () =>
          import('./payments/payments-page.tsx').then((m) => ({ Component: m.PaymentsPage })),
        ),
        child(settingsUrls.shipping.path, () =>
          import('./shipping/shipping-page.tsx').then((m) => ({ Component: m.ShippingPage })),
        ),
        child(settingsUrls.tax.path, () =>
          import('./tax/tax-page.tsx').then((m) => ({ Component: m.TaxPage })),
        ),
        child(settingsUrls.reviews.path, () =>
          import('./reviews/review-settings-page.tsx').then((m) => ({ Component: m.ReviewSettingsPage })),
        ),
        child(settingsUrls.apps.path, () =>
          import('./apps/apps-page.tsx').then((m) => ({ Component: m.AppsPage })),
        ),
        child(settingsUrls.webhooks.path, () =>
          import('./webhooks/webhooks-page.tsx').then((m) => ({ Component: m.WebhooksPage })),
        ),
        child(settingsUrls.webhook.path, () =>
          import('./webhooks/webhook-page.tsx').then((m) => ({ Component: m.WebhookPage })),
        ),
        child(settingsUrls.staff.path, () =>
          import('./staff/staff-page.tsx').then((m) => ({ Component: m.StaffPage })),
        ),
        child(settingsUrls.mail.path, () =>
          import('./mail/mail-page.tsx').then((m) => ({ Component: m.MailPage })),
        ),
        child(settingsUrls.jobs.path, () =>
          import('./jobs/jobs-page.tsx').then((m) => ({ Component: m.JobsPage })),
        ),
      ],
    },
  ],
  // Contributors are refused every change here by the server (403 OWNER_ONLY); the entry is hidden from them.
  nav: [{ label: 'Settings', to: settingsUrls.general.href(), order: 90, roles: ['OWNER'] }],
};
