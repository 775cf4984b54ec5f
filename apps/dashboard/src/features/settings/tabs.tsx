/** The settings pages' own navigation (one page per group of settings). */
import { Tabs, tabClass } from '@vitrine/ui';
import { Link } from 'react-router';
import { settingsUrls } from './urls.ts';

const pages = [
  ['general', 'Store', settingsUrls.general.href()],
  ['shipping', 'Shipping', settingsUrls.shipping.href()],
  ['tax', 'Tax', settingsUrls.tax.href()],
  ['reviews', 'Reviews', settingsUrls.reviews.href()],
  ['apps', 'Apps & API keys', settingsUrls.apps.href()],
  ['staff', 'Staff', settingsUrls.staff.href()],
  ['mail', 'E-mail', settingsUrls.mail.href()],
  ['jobs', 'Jobs', settingsUrls.jobs.href()],
] as const;

export function SettingsTabs({ current }: { current: (typeof pages)[number][0] }) {
  return (
    <Tabs label="Settings" className="mb-6">
      {pages.map(([id, label, href]) => (
        <Link
          key={id}
          to={href}
          className={tabClass(id === current)}
          aria-current={id === current ? 'page' : undefined}
        >
          {label}
        </Link>
      ))}
    </Tabs>
  );
}
