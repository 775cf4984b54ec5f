/**
 * Edit the order's tags. Saving is optimistic: the dialog closes and the page shows the new tags at
 * once; if the server refuses, the old tags come back and the page says why.
 */
import type { Order } from '@vitrine/contract';
import { Button, Field } from '@vitrine/ui';
import { useState } from 'react';
import { ActionDialog } from '../../../../app/action-dialog.tsx';

export function TagsDialog({
  order,
  onClose,
  onSave,
}: {
  order: Order;
  onClose: () => void;
  onSave: (change: { assign: string[]; unassign: string[] }) => void;
}) {
  const before = order.tags.tags.tagIds;
  const [tags, setTags] = useState<string[]>(before);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string>();
  const add = () => {
    const t = draft.trim();
    if (!t) return;
    if (t.length > 100) return setProblem('A tag has at most 100 characters.');
    setProblem(undefined);
    if (!tags.includes(t)) setTags([...tags, t]);
    setDraft('');
  };
  return (
    <ActionDialog
      title="Edit tags"
      description="Tags group orders for your team (filter the orders list by them)."
      onClose={onClose}
      submitLabel="Save tags"
      onSubmit={() => {
        const pending = draft.trim();
        const next = pending && !tags.includes(pending) ? [...tags, pending] : tags;
        onSave({
          assign: next.filter((t) => !before.includes(t)),
          unassign: before.filter((t) => !next.includes(t)),
        });
      }}
    >
      <ul aria-label="Tags" className="mb-4 flex flex-wrap gap-2">
        {tags.length === 0 && <li className="text-sm text-muted">No tags.</li>}
        {tags.map((t) => (
          <li
            key={t}
            className="inline-flex items-center gap-1 rounded-full border border-line py-0.5 pr-0.5 pl-3 text-sm"
          >
            {t}
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Remove tag ${t}`}
              onClick={() => setTags(tags.filter((x) => x !== t))}
            >
              ×
            </Button>
          </li>
        ))}
      </ul>
      <Field
        label="New tag"
        name="tag"
        value={draft}
        maxLength={100}
        error={problem}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            add();
          }
        }}
        action={
          <Button variant="secondary" onClick={add}>
            Add
          </Button>
        }
      />
    </ActionDialog>
  );
}
