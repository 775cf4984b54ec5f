/**
 * `/dashboard/settings/shipping`: shipping regions (where the store ships, each with its delivery
 * options and rates) and pickup locations; create, edit and delete in dialogs kept in the URL.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  pickupLocationMutations,
  pickupLocationQueries,
  shippingRegionMutations,
  shippingRegionQueries,
  storeSettingsQueries,
} from '@vitrine/sdk/react';
import { addressText, Alert, Badge, buttonClass, PageHeading, Table } from '@vitrine/ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { useHttp } from '../../../app/http.tsx';
import { useTitle } from '../../../app/title.ts';
import { useRouteSearch } from '../../../app/url.ts';
import { ConfirmDialog } from '../../../kit/confirm.tsx';
import { OPENED_HERE, useListDialog } from '../../../kit/dialogs.ts';
import { money } from '../../../kit/format.ts';
import { QueryState } from '../../../kit/query-state.tsx';
import { Section } from '../../../kit/section.tsx';
import { SettingsTabs } from '../tabs.tsx';
import type { SHIPPING_DIALOGS } from '../urls.ts';
import { settingsUrls } from '../urls.ts';
import { PickupDialog } from './pickup-dialog.tsx';
import { RegionDialog } from './region-dialog.tsx';
import { destinationsText, ruleSummary } from './region-form.ts';
import { EditDeleteLinks } from '../../../kit/row-actions.tsx';

type Dialog = (typeof SHIPPING_DIALOGS)[number];

export function ShippingPage() {
  useTitle('Shipping');
  const http = useHttp();
  const settings = useQuery(storeSettingsQueries.get(http));
  const regions = useQuery(shippingRegionQueries.list(http));
  const pickups = useQuery(pickupLocationQueries.list(http));
  const removeRegion = useMutation(shippingRegionMutations.delete(http));
  const removePickup = useMutation(pickupLocationMutations.delete(http));
  const [search] = useRouteSearch(settingsUrls.shipping);
  const { close, open } = useListDialog<Dialog>({
    href: (dialog, id) => settingsUrls.shipping.href({ dialog, id }),
  });
  const [notice, setNotice] = useState<string>();
  const currency = settings.data?.currency;
  const m = (a: string) => (currency ? money(a, currency) : a);
  const done = (message: string) => {
    setNotice(message);
    close();
  };
  const region = regions.data?.find((r) => r.id === search.id);
  const pickup = pickups.data?.find((p) => p.id === search.id);

  return (
    <>
      <PageHeading className="mb-4">Shipping</PageHeading>
      <SettingsTabs current="shipping" />
      <Alert variant="success">{notice}</Alert>
      <Section
        title="Shipping regions"
        description="Where you deliver, and what each delivery option costs."
        action={
          <Link to={open('new-region')} state={OPENED_HERE} className={buttonClass('primary', 'sm')}>
            New region
          </Link>
        }
      >
        <QueryState query={regions} label="Loading shipping regions…" height="h-24">
          {(list) =>
            list.length === 0 ? (
              <p className="text-sm text-muted">No regions: shoppers cannot have anything delivered.</p>
            ) : (
              <Table caption="Shipping regions" hideCaption className="mb-0">
                <thead>
                  <tr>
                    <th scope="col">Region</th>
                    <th scope="col">Ships to</th>
                    <th scope="col">Delivery options</th>
                    <th scope="col">Free from</th>
                    <th scope="col">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((r) => (
                    <tr key={r.id}>
                      <th scope="row" className="font-medium">
                        {r.name}
                      </th>
                      <td className="max-w-48 whitespace-pre-line">{destinationsText(r.destinations)}</td>
                      <td>
                        <ul>
                          {r.options.map((o) => (
                            <li key={o.code}>
                              {o.title}: {ruleSummary(o.rule, m)}
                              {o.deliveryTime && <span className="text-muted"> ({o.deliveryTime})</span>}
                            </li>
                          ))}
                        </ul>
                      </td>
                      <td className="whitespace-nowrap">
                        {r.freeShippingThreshold ? m(r.freeShippingThreshold) : '—'}
                      </td>
                      <td>
                        <div className="flex justify-end gap-1">
                          <EditDeleteLinks
                            edit={open('edit-region', r.id)}
                            remove={open('delete-region', r.id)}
                            name={r.name}
                          />
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )
          }
        </QueryState>
      </Section>
      <Section
        title="Pickup locations"
        description="Where shoppers can collect their orders."
        action={
          <Link to={open('new-pickup')} state={OPENED_HERE} className={buttonClass('primary', 'sm')}>
            New pickup location
          </Link>
        }
      >
        <QueryState query={pickups} label="Loading pickup locations…" height="h-24">
          {(list) =>
            list.length === 0 ? (
              <p className="text-sm text-muted">No pickup locations.</p>
            ) : (
              <Table caption="Pickup locations" hideCaption className="mb-0">
                <thead>
                  <tr>
                    <th scope="col">Location</th>
                    <th scope="col">Address</th>
                    <th scope="col">Cost</th>
                    <th scope="col">Offered</th>
                    <th scope="col">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((p) => (
                    <tr key={p.id}>
                      <th scope="row" className="font-medium">
                        {p.name}
                        <span className="block font-normal text-muted">
                          {p.pickupMethod === 'STORE_PICKUP' ? 'Your store' : 'Pickup point'}
                        </span>
                      </th>
                      <td>{addressText(p.address)}</td>
                      <td className="whitespace-nowrap">{Number(p.cost) ? m(p.cost) : 'Free'}</td>
                      <td>{p.active ? <Badge tone="success">Yes</Badge> : <Badge>No</Badge>}</td>
                      <td>
                        <div className="flex justify-end gap-1">
                          <EditDeleteLinks
                            edit={open('edit-pickup', p.id)}
                            remove={open('delete-pickup', p.id)}
                            name={p.name}
                          />
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )
          }
        </QueryState>
      </Section>
      {settings.data && search.dialog === 'new-region' && (
        <RegionDialog
          weightUnit={settings.data.weightUnit}
          currency={currency}
          onClose={close}
          onDone={done}
        />
      )}
      {settings.data && search.dialog === 'edit-region' && region && (
        <RegionDialog
          region={region}
          weightUnit={settings.data.weightUnit}
          currency={currency}
          onClose={close}
          onDone={done}
        />
      )}
      {search.dialog === 'delete-region' && region && (
        <ConfirmDialog
          title={`Delete ${region.name}?`}
          description="Shoppers in this region can no longer have their orders delivered, unless another region covers them."
          confirmLabel="Delete region"
          busy={removeRegion.isPending}
          error={removeRegion.error}
          onConfirm={() =>
            removeRegion.mutate(region.id, { onSuccess: () => done(`Region “${region.name}” deleted.`) })
          }
          onClose={close}
        />
      )}
      {search.dialog === 'new-pickup' && <PickupDialog currency={currency} onClose={close} onDone={done} />}
      {search.dialog === 'edit-pickup' && pickup && (
        <PickupDialog pickup={pickup} currency={currency} onClose={close} onDone={done} />
      )}
      {search.dialog === 'delete-pickup' && pickup && (
        <ConfirmDialog
          title={`Delete ${pickup.name}?`}
          description="Shoppers can no longer choose it. To stop offering it for a while, edit it and untick “Offered at checkout”."
          confirmLabel="Delete location"
          busy={removePickup.isPending}
          error={removePickup.error}
          onConfirm={() =>
            removePickup.mutate(pickup.id, { onSuccess: () => done(`“${pickup.name}” deleted.`) })
          }
          onClose={close}
        />
      )}
    </>
  );
}
