/**
 * `/dashboard/settings/payments`: the manual payment methods ("Bank transfer", "Cash on delivery")
 * the hosted checkout offers beside the card, in the order shown there. Added, edited and removed
 * in dialogs kept in the URL (`?dialog=new-method`, `edit-method&id=…`, `remove-method&id=…`),
 * moved up and down in place; every change writes the whole list (./methods.ts).
 */
import { useQuery } from '@tanstack/react-query';
import type { ManualPaymentMethod, StoreSettings } from '@vitrine/contract';
import { storeSettingsQueries } from '@vitrine/sdk/react';
import { Alert, Button, buttonClass, PageHeading } from '@vitrine/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useHttp } from '../../../app/http.tsx';
import { useTitle } from '../../../app/title.ts';
import { useRouteSearch } from '../../../app/url.ts';
import { ActionDialog } from '../../../app/action-dialog.tsx';
import { OPENED_HERE, useListDialog } from '../../../kit/dialogs.ts';
import { QueryState } from '../../../kit/query-state.tsx';
import { Section } from '../../../kit/section.tsx';
import { SettingsTabs } from '../tabs.tsx';
import { settingsUrls, type PAYMENTS_DIALOGS } from '../urls.ts';
import { MethodDialog } from './method-dialog.tsx';
import { PaymentDeadline } from './payment-deadline.tsx';
import { instructionsPreview, MAX_METHODS, without, withMoved } from './methods.ts';
import { useSaveMethods } from './use-save-methods.ts';

type Dialog = (typeof PAYMENTS_DIALOGS)[number];

export function PaymentsPage() {
  useTitle('Payments');
  const http = useHttp();
  const settings = useQuery(storeSettingsQueries.get(http));
  const [notice, setNotice] = useState<string>();
  return (
    <>
      <PageHeading className="mb-4">Payments</PageHeading>
      <SettingsTabs current="payments" />
      <Alert variant="success">{notice}</Alert>
      <QueryState query={settings} label="Loading the payment methods…">
        {(s) => (
          <>
            <Methods settings={s} onNotice={setNotice} />
            <PaymentDeadline key={s.revision} settings={s} onNotice={setNotice} />
          </>
        )}
      </QueryState>
    </>
  );
}

function Methods({ settings, onNotice }: { settings: StoreSettings; onNotice: (m?: string) => void }) {
  const list = settings.manualPaymentMethods;
  const [search] = useRouteSearch(settingsUrls.payments);
  const { close, open } = useListDialog<Dialog>({
    href: (dialog, id) => settingsUrls.payments.href({ dialog, id }),
  });
  const move = useSaveMethods(settings);
  const remove = useSaveMethods(settings);
  // The move button last pressed; after the move, focus stays on it (or on the method's other one, at an end of the list).
  const [pressed, setPressed] = useState<{ id: string; by: -1 | 1; revision?: string }>();
  const focusedFor = useRef<object>(null);
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    // Once the list shown is the one the move saved.
    if (!pressed || pressed.revision !== settings.revision || focusedFor.current === pressed) return;
    focusedFor.current = pressed;
    const button = (by: number) =>
      listRef.current?.querySelector<HTMLButtonElement>(`[data-move="${pressed.id}:${by}"]`);
    const target = button(pressed.by);
    (target && !target.disabled ? target : button(-pressed.by))?.focus();
  }, [pressed, settings.revision]);
  const fullReason = useId();
  const full = list.length >= MAX_METHODS;
  const done = (message: string) => {
    onNotice(message);
    close();
  };
  const target = list.find((m) => m.id === search.id);

  const onMove = (m: ManualPaymentMethod, by: -1 | 1) => {
    if (move.busy) return;
    onNotice(undefined);
    setPressed({ id: m.id, by });
    move.save(withMoved(list, m.id, by), (next) => {
      const at = next.manualPaymentMethods.findIndex((x) => x.id === m.id);
      onNotice(
        `“${m.name}” moved ${by < 0 ? 'up' : 'down'}: now ${at + 1} of ${next.manualPaymentMethods.length}.`,
      );
      setPressed({ id: m.id, by, revision: next.revision });
    });
  };

  return (
    <>
      <Alert>{move.message}</Alert>
      <Section
        title="Manual payment methods"
        description="Ways to pay outside the store, such as a bank transfer or cash on delivery, offered at checkout beside the card."
      >
        <p className="mb-4 max-w-prose text-sm">
          A buyer who chooses one of these has the order placed at once, awaiting payment, and is shown your
          instructions at checkout and in the order confirmation e-mail. When the money arrives, open the
          order and mark it as paid.
        </p>
        {list.length === 0 ? (
          <p className="text-sm text-muted">
            No manual payment methods: the checkout takes cards only. Add one to let buyers pay by bank
            transfer, cash on delivery or another way you arrange yourself.
          </p>
        ) : (
          <ol ref={listRef} aria-label="Manual payment methods" className="divide-y divide-line">
            {list.map((m, i) => (
              <MethodRow
                key={m.id}
                method={m}
                first={i === 0}
                last={i === list.length - 1}
                moving={move.busy && pressed?.id === m.id ? pressed.by : undefined}
                onMove={(by) => onMove(m, by)}
                edit={open('edit-method', m.id)}
                remove={open('remove-method', m.id)}
              />
            ))}
          </ol>
        )}
        <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1">
          {full ? (
            <>
              <Button size="sm" disabled aria-describedby={fullReason}>
                Add method
              </Button>
              <span id={fullReason} className="text-sm text-muted">
                {MAX_METHODS} methods at most: remove one to add another.
              </span>
            </>
          ) : (
            <Link to={open('new-method')} state={OPENED_HERE} className={buttonClass('primary', 'sm')}>
              Add method
            </Link>
          )}
        </div>
      </Section>
      {search.dialog === 'new-method' && <MethodDialog settings={settings} onClose={close} onDone={done} />}
      {search.dialog === 'edit-method' && target && (
        <MethodDialog settings={settings} method={target} onClose={close} onDone={done} />
      )}
      {search.dialog === 'remove-method' && target && (
        <ActionDialog
          title={`Remove ${target.name}?`}
          description="Buyers can no longer choose it at checkout. Orders already placed with it keep their instructions; you still mark them as paid from their page."
          submitLabel="Remove method"
          variant="danger"
          busy={remove.busy}
          error={remove.message}
          onSubmit={() => remove.save(without(list, target.id), () => done(`“${target.name}” removed.`))}
          onClose={close}
        >
          {null}
        </ActionDialog>
      )}
    </>
  );
}

function MethodRow({
  method: m,
  first,
  last,
  moving,
  onMove,
  edit,
  remove,
}: {
  method: ManualPaymentMethod;
  first: boolean;
  last: boolean;
  /** The direction of this method's move being saved. */
  moving: -1 | 1 | undefined;
  onMove: (by: -1 | 1) => void;
  edit: string;
  remove: string;
}) {
  const preview = instructionsPreview(m.instructions);
  const arrow = (by: -1 | 1) => (
    <Button
      size="sm"
      variant="ghost"
      data-move={`${m.id}:${by}`}
      disabled={by < 0 ? first : last}
      busy={moving === by}
      aria-label={`Move ${m.name} ${by < 0 ? 'up' : 'down'}`}
      title={by < 0 ? 'Move up' : 'Move down'}
      onClick={() => onMove(by)}
    >
      <span aria-hidden="true">{by < 0 ? '↑' : '↓'}</span>
    </Button>
  );
  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <h3 className="font-medium break-words">{m.name}</h3>
        {preview.text ? (
          <p className="line-clamp-2 text-sm break-words whitespace-pre-line text-muted">
            {preview.text}
            {preview.more ? ' …' : ''}
          </p>
        ) : (
          <p className="text-sm text-muted italic">No instructions.</p>
        )}
      </div>
      <div className="flex shrink-0 flex-wrap gap-1">
        {arrow(-1)}
        {arrow(1)}
        <Link
          to={edit}
          state={OPENED_HERE}
          className={buttonClass('secondary', 'sm')}
          aria-label={`Edit ${m.name}`}
        >
          Edit
        </Link>
        <Link
          to={remove}
          state={OPENED_HERE}
          className={buttonClass('ghost', 'sm')}
          aria-label={`Remove ${m.name}`}
        >
          Remove
        </Link>
      </div>
    </li>
  );
}
