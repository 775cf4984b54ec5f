/** A section's own navigation between its pages: links drawn as tabs, the current one marked. */
import { Tabs, tabClass } from '@vitrine/ui';
import { Link } from 'react-router';

/** A page of the section: its id, its name and where it is. */
export type TabPage<Id extends string> = readonly [id: Id, label: string, href: string];

export function PageTabs<Id extends string>({
  label,
  pages,
  current,
  className,
}: {
  label: string;
  pages: readonly TabPage<Id>[];
  current: Id;
  className?: string;
}) {
  return (
    <Tabs label={label} {...(className ? { className } : {})}>
      {pages.map(([id, name, href]) => (
        <Link
          key={id}
          to={href}
          className={tabClass(id === current)}
          aria-current={id === current ? 'page' : undefined}
        >
          {name}
        </Link>
      ))}
    </Tabs>
  );
}
