/** A list row's "Edit" and "Delete" links: each opens its dialog through the URL (`?dialog=…`). */
import { buttonClass } from '@vitrine/ui';
import { Link } from 'react-router';
import { OPENED_HERE } from './dialogs.ts';

export function EditDeleteLinks({ edit, remove, name }: { edit: string; remove: string; name: string }) {
  return (
    <>
      <Link
        to={edit}
        state={OPENED_HERE}
        className={buttonClass('secondary', 'sm')}
        aria-label={`Edit ${name}`}
      >
        Edit
      </Link>
      <Link
        to={remove}
        state={OPENED_HERE}
        className={buttonClass('ghost', 'sm')}
        aria-label={`Delete ${name}`}
      >
        Delete
      </Link>
    </>
  );
}
