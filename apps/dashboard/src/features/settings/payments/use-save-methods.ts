/**
 * Writing the manual payment methods: the whole list (field mask `manualPaymentMethods`) from the
 * settings' revision this page shows. When someone saved the settings meanwhile (409
 * `REVISION_MISMATCH`), they are read again and the merchant is asked to make the change again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ManualPaymentMethodInput, StoreSettings } from '@vitrine/contract';
import { errorCode } from '@vitrine/sdk';
import { STORE_SETTINGS_KEY, storeSettingsMutations } from '@vitrine/sdk/react';
import { describeError } from '../../../app/errors.ts';
import { useHttp } from '../../../app/http.tsx';

const STALE =
  'Someone else changed the store settings since this page showed them. The methods below are up to date now: make your change again.';

export function useSaveMethods(settings: StoreSettings) {
  const http = useHttp();
  const client = useQueryClient();
  const save = useMutation(storeSettingsMutations.update(http));
  return {
    save: (list: ManualPaymentMethodInput[], onSuccess: (s: StoreSettings) => void) =>
      save.mutate(
        { settings: { manualPaymentMethods: list }, revision: settings.revision },
        {
          onSuccess,
          onError: (e) => {
            if (errorCode(e) === 'REVISION_MISMATCH')
              void client.invalidateQueries({ queryKey: STORE_SETTINGS_KEY });
          },
        },
      ),
    busy: save.isPending,
    error: save.error,
    /** What went wrong, in words (none when nothing did). */
    message: save.error
      ? errorCode(save.error) === 'REVISION_MISMATCH'
        ? STALE
        : describeError(save.error).message
      : undefined,
    reset: () => save.reset(),
  };
}
