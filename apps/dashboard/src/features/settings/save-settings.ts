/**
 * Saving store settings from a form: only the fields that changed, from the revision the form
 * started at, so that two owners editing at once never overwrite each other silently (409
 * `REVISION_MISMATCH` → "reload"). Used by the store page and the tax page.
 */
import { useMutation } from '@tanstack/react-query';
import type { StoreSettings } from '@vitrine/contract';
import type { EditableStoreSettings } from '@vitrine/sdk';
import { storeSettingsMutations } from '@vitrine/sdk/react';
import { useState } from 'react';
import { describeError } from '../../app/errors.ts';
import { useHttp } from '../../app/http.tsx';

export function useSaveSettings(settings: StoreSettings | undefined) {
  const http = useHttp();
  const save = useMutation(storeSettingsMutations.update(http));
  const [notice, setNotice] = useState<string>();
  const failure = save.error ? describeError(save.error) : undefined;
  const submit = (next: Partial<EditableStoreSettings>, what: string) => {
    if (!settings) return;
    const changed = Object.fromEntries(
      Object.entries(next).filter(
        ([k, v]) => JSON.stringify(v ?? null) !== JSON.stringify(settings[k as keyof StoreSettings] ?? null),
      ),
    ) as Partial<EditableStoreSettings>;
    setNotice(undefined);
    if (Object.keys(changed).length === 0) return setNotice('Nothing changed.');
    save.mutate(
      { settings: changed, revision: settings.revision },
      { onSuccess: () => setNotice(`${what} saved.`) },
    );
  };
  return {
    submit,
    busy: save.isPending,
    notice,
    failure,
    /** Someone else saved since this form was opened. */
    stale: failure?.code === 'REVISION_MISMATCH',
    reset: () => save.reset(),
  };
}
