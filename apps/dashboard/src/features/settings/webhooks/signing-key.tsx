/**
 * What a receiver verifies deliveries with: the store's public key (SPKI PEM, to copy), the app id
 * and instance id, and the few lines of `@wix/sdk` that read a delivery (`AppStrategy` with the
 * public key, a handler per event type, `client.webhooks.process(body)`). "Replace the key" makes a
 * new one (a key that may have leaked, or by policy), after saying what it means for receivers.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { WebhookSigningKeyResponse } from '@vitrine/contract';
import { webhookMutations, webhookQueries } from '@vitrine/sdk/react';
import { Alert, Button } from '@vitrine/ui';
import { useId, useState } from 'react';
import { useHttp } from '../../../app/http.tsx';
import { ConfirmDialog } from '../../../kit/confirm.tsx';
import { CopyButton } from '../../../kit/copy.tsx';
import { dateTime } from '../../../kit/format.ts';
import { QueryState } from '../../../kit/query-state.tsx';
import { Section } from '../../../kit/section.tsx';

const snippet = (appId: string) => `import { AppStrategy, createClient } from '@wix/sdk';
import { orders } from '@wix/ecom';

const client = createClient({
  auth: AppStrategy({
    appId: '${appId}',
    publicKey: process.env.VITRINE_WEBHOOK_PUBLIC_KEY, // the public key above
  }),
  modules: { orders },
});

// One handler per event type the webhook receives (process() refuses the others).
client.orders.onOrderCreated(async (event) => {
  await saveOrder(event.entity); // event.entity._id is the order's id
});

// In your endpoint: the request's body, as text.
await client.webhooks.process(body);
`;

export function SigningKey() {
  const http = useHttp();
  const key = useQuery(webhookQueries.signingKey(http));
  return (
    <Section
      title="Verifying deliveries"
      description="Every delivery is a JWT signed RS256 with the store's key. Check it with the public key below before trusting an event."
    >
      <QueryState query={key} label="Loading the signing key…" height="h-40">
        {(k) => <KeyDetails signing={k} />}
      </QueryState>
    </Section>
  );
}

function KeyDetails({ signing: k }: { signing: WebhookSigningKeyResponse }) {
  const codeId = useId();
  const code = snippet(k.appId);
  const http = useHttp();
  const rotate = useMutation(webhookMutations.rotateSigningKey(http));
  const [asking, setAsking] = useState(false);
  return (
    <>
      {rotate.isSuccess && (
        <Alert variant="success">
          The key was replaced: deliveries are now signed with the new public key below. Give it to every
          receiver.
        </Alert>
      )}
      <h3 className="mb-1 font-medium">Public key</h3>
      <p className="mb-1 text-sm text-muted">Made {dateTime(k.createdDate)}.</p>
      <pre className="mb-2 rounded-lg border border-line bg-hover p-3 font-mono text-xs whitespace-pre-wrap break-all">
        {k.publicKey.trim()}
      </pre>
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <CopyButton text={k.publicKey} label="Copy public key" done="Public key copied." />
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            rotate.reset();
            setAsking(true);
          }}
        >
          Replace the key
        </Button>
      </div>
      {asking && (
        <ConfirmDialog
          title="Replace the signing key?"
          description="Deliveries from now on are signed with a new key. Receivers that verify with the current public key will refuse them until you give them the new one; failed deliveries are tried again for about half an hour, and you can redeliver them after. Do this when the key may have leaked."
          confirmLabel="Replace the key"
          busy={rotate.isPending}
          error={rotate.error}
          onConfirm={() => rotate.mutate(undefined, { onSuccess: () => setAsking(false) })}
          onClose={() => setAsking(false)}
        />
      )}
      <dl className="mb-4 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
        <dt className="text-muted">App ID</dt>
        <dd className="font-mono break-all" data-testid="webhook-app-id">
          {k.appId}
        </dd>
        <dt className="text-muted">Instance ID</dt>
        <dd className="font-mono break-all">{k.instanceId}</dd>
      </dl>
      <p className="mb-2 text-sm text-muted">
        The app ID is the JWT&apos;s audience; every event names the instance ID. With the official SDK (
        <code className="font-mono">@wix/sdk</code>, <code className="font-mono">@wix/ecom</code>), a receiver
        in Node reads a delivery like this:
      </p>
      <h3 id={codeId} className="sr-only">
        Example receiver
      </h3>
      <pre
        aria-labelledby={codeId}
        role="region"
        tabIndex={0}
        className="mb-2 overflow-x-auto rounded-lg border border-line bg-hover p-3 font-mono text-xs"
      >
        <code>{code}</code>
      </pre>
      <div className="flex flex-wrap items-center gap-2">
        <CopyButton text={code} label="Copy example" done="Example copied." />
      </div>
    </>
  );
}
