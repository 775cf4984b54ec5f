/** The settings pages' own navigation (one page per group of settings). */
import { PageTabs } from '../../kit/page-tabs.tsx';
import { settingsUrls } from './urls.ts';

const pages = [
  ['general', 'Store', settingsUrls.general.href()],
  ['payments', 'Payments', settingsUrls.payments.href()],
  ['shipping', 'Shipping', settingsUrls.shipping.href()],
  ['tax', 'Tax', settingsUrls.tax.href()],
  ['reviews', 'Reviews', settingsUrls.reviews.href()],
  ['apps', 'Apps & API keys', settingsUrls.apps.href()],
  ['webhooks', 'Webhooks', settingsUrls.webhooks.href()],
  ['staff', 'Staff', settingsUrls.staff.href()],
  ['mail', 'E-mail', settingsUrls.mail.href()],
  ['jobs', 'Jobs', settingsUrls.jobs.href()],
] as const;

export function SettingsTabs({ current }: { current: (typeof pages)[number][0] }) {
  return <PageTabs label="Settings" pages={pages} current={current} className="mb-6" />;
}
