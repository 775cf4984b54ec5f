/**
 * `/dashboard/marketing/discounts`: automatic discount rules with what they give, to which carts
 * (their conditions in words), when, and how many orders used them; search by name, switch on or off (optimistic), create, edit and delete
 * (dialogs in the URL: `?dialog=new`, `?dialog=edit&id=…`, `?dialog=delete&id=…`).
 */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { discountRuleMutations, discountRuleQueries } from '@vitrine/sdk/react';
import { Alert, Badge, Button, buttonClass, PageHeading, Table } from '@vitrine/ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../app/errors.ts';
import { useHttp } from '../../../app/http.tsx';
import { useTitle } from '../../../app/title.ts';
import { useRouteSearch } from '../../../app/url.ts';
import { ConfirmDialog } from '../../../kit/confirm.tsx';
import { OPENED_HERE, useListDialog } from '../../../kit/dialogs.ts';
import { dateTime, plural } from '../../../kit/format.ts';
import { Pager } from '../../../kit/pager.tsx';
import { QueryState } from '../../../kit/query-state.tsx';
import { useStoreCurrency } from '../../../kit/store-currency.ts';
import { ListFilters } from '../list-filters.tsx';
import { MarketingTabs } from '../tabs.tsx';
import { marketingUrls, type ListDialog } from '../urls.ts';
import { discountCollections, ruleState, ruleText, triggerText } from './describe.ts';
import { RuleDialog } from './rule-dialog.tsx';
import { useTriggerNames } from './trigger-names.ts';
import { EditDeleteLinks } from '../../../kit/row-actions.tsx';

export function DiscountsPage() {
  useTitle('Discount rules');
  const http = useHttp();
  const currency = useStoreCurrency();
  const [search, setSearch] = useRouteSearch(marketingUrls.discounts);
  const rules = useQuery({
    ...discountRuleQueries.list(http, {
      text: search.q,
      ...(search.active ? { active: search.active === 'true' } : {}),
      cursor: search.cursor,
    }),
    placeholderData: keepPreviousData,
  });
  const toggle = useMutation(discountRuleMutations.setActive(http));
  const names = useTriggerNames(
    rules.data?.items.map((r) => r.trigger) ?? [],
    currency,
    [],
    rules.data?.items.flatMap((r) => discountCollections(r.discounts.values[0])) ?? [],
  );
  const { close, open } = useListDialog<ListDialog>({
    href: (dialog, id) => marketingUrls.discounts.href({ ...search, dialog, id }),
  });
  const [notice, setNotice] = useState<string>();
  const done = (message: string) => {
    setNotice(message);
    close();
  };

  return (
    <>
      <PageHeading className="mb-4">Discount rules</PageHeading>
      <MarketingTabs current="discounts" />
      <div className="mb-4 flex flex-wrap gap-2">
        <Link to={open('new')} state={OPENED_HERE} className={buttonClass('primary')}>
          New discount rule
        </Link>
      </div>
      <ListFilters
        key={`${search.q}|${search.active}`}
        label="Discount rules"
        hint="A rule's name, or its beginning."
        values={search}
        clearHref={marketingUrls.discounts.href()}
        onApply={setSearch}
      />
      <Alert variant="success">{notice}</Alert>
      <Alert>{toggle.error ? `The rule was not switched: ${errorMessage(toggle.error)}` : undefined}</Alert>
      <QueryState query={rules} label="Loading discount rules…">
        {(page) => (
          <>
            <p role="status" className="mb-2 text-sm text-muted">
              {page.items.length === 0
                ? 'No discount rules here.'
                : `Showing ${plural(page.items.length, 'rule')}${rules.isFetching ? ' (updating…)' : ''}.`}
            </p>
            {page.items.length > 0 && (
              <Table caption="Discount rules" hideCaption aria-busy={rules.isFetching || undefined}>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Discount</th>
                    <th scope="col">Conditions</th>
                    <th scope="col">When</th>
                    <th scope="col">Used</th>
                    <th scope="col">Status</th>
                    <th scope="col">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {page.items.map((r) => {
                    const [state, tone] = ruleState(r);
                    return (
                      <tr key={r.id}>
                        <th scope="row" className="font-medium">
                          {r.name}
                        </th>
                        <td>{ruleText(r.discounts.values[0], currency, names.collection)}</td>
                        <td>{triggerText(r.trigger, names)}</td>
                        <td>
                          {r.activeTimeInfo?.start || r.activeTimeInfo?.end
                            ? `${r.activeTimeInfo.start ? dateTime(r.activeTimeInfo.start) : 'Now'} – ${r.activeTimeInfo.end ? dateTime(r.activeTimeInfo.end) : 'no end'}`
                            : 'Always'}
                        </td>
                        <td className="whitespace-nowrap">{plural(r.usageCount, 'order')}</td>
                        <td>
                          <Badge tone={tone}>{state}</Badge>
                        </td>
                        <td>
                          <div className="flex flex-wrap justify-end gap-1">
                            <Button
                              variant="secondary"
                              size="sm"
                              busy={toggle.isPending && toggle.variables?.id === r.id}
                              aria-label={`${r.active ? 'Switch off' : 'Switch on'} ${r.name}`}
                              onClick={() => {
                                setNotice(undefined);
                                toggle.mutate({ id: r.id, active: !r.active, revision: r.revision });
                              }}
                            >
                              {r.active ? 'Switch off' : 'Switch on'}
                            </Button>
                            <EditDeleteLinks
                              edit={open('edit', r.id)}
                              remove={open('delete', r.id)}
                              name={r.name}
                            />
                          </div>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </Table>
            )}
            <Pager
              label="Pages of discount rules"
              prev={
                page.metadata.cursors.prev &&
                marketingUrls.discounts.href({ ...search, cursor: page.metadata.cursors.prev })
              }
              next={
                page.metadata.hasNext && page.metadata.cursors.next
                  ? marketingUrls.discounts.href({ ...search, cursor: page.metadata.cursors.next })
                  : null
              }
            />
          </>
        )}
      </QueryState>
      {search.dialog === 'new' && <RuleDialog currency={currency} onClose={close} onDone={done} />}
      {search.dialog === 'edit' && search.id && (
        <EditRule id={search.id} currency={currency} onClose={close} onDone={done} />
      )}
      {search.dialog === 'delete' && search.id && <DeleteRule id={search.id} onClose={close} onDone={done} />}
    </>
  );
}

function EditRule({
  id,
  currency,
  onClose,
  onDone,
}: {
  id: string;
  currency: string | undefined;
  onClose: () => void;
  onDone: (m: string) => void;
}) {
  const http = useHttp();
  const rule = useQuery(discountRuleQueries.one(http, id));
  if (rule.isError)
    return (
      <ConfirmDialog
        title="Edit discount rule"
        description=""
        confirmLabel="Close"
        unavailable={errorMessage(rule.error)}
        onConfirm={onClose}
        onClose={onClose}
      />
    );
  if (!rule.data) return null;
  return <RuleDialog rule={rule.data} currency={currency} onClose={onClose} onDone={onDone} />;
}

function DeleteRule({
  id,
  onClose,
  onDone,
}: {
  id: string;
  onClose: () => void;
  onDone: (m: string) => void;
}) {
  const http = useHttp();
  const rule = useQuery(discountRuleQueries.one(http, id));
  const remove = useMutation(discountRuleMutations.delete(http));
  const name = rule.data?.name ?? 'this rule';
  return (
    <ConfirmDialog
      title={`Delete ${name}?`}
      description="Checkouts stop getting this discount. Orders placed with it keep it."
      confirmLabel="Delete rule"
      busy={remove.isPending}
      error={remove.error}
      unavailable={rule.isError ? errorMessage(rule.error) : undefined}
      onConfirm={() => remove.mutate(id, { onSuccess: () => onDone(`Discount rule “${name}” deleted.`) })}
      onClose={onClose}
    />
  );
}
