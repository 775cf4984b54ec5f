import { Tabs, tabClass } from '@vitrine/ui';
import { Link } from 'react-router';
import { mediaUrls } from './urls.ts';

/** Library and Trash, as links (the current one marked). */
export function MediaTabs({ current }: { current: 'library' | 'trash' }) {
  return (
    <Tabs label="Media sections">
      <Link
        to={mediaUrls.library.href()}
        className={tabClass(current === 'library')}
        aria-current={current === 'library' ? 'page' : undefined}
      >
        Library
      </Link>
      <Link
        to={mediaUrls.trash.href()}
        className={tabClass(current === 'trash')}
        aria-current={current === 'trash' ? 'page' : undefined}
      >
        Trash
      </Link>
    </Tabs>
  );
}
