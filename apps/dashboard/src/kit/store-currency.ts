/** The store's currency (store settings, readable by every staff member), for amounts without one. */
import { useQuery } from '@tanstack/react-query';
import { storeSettingsQueries } from '@vitrine/sdk/react';
import { useHttp } from '../app/http.tsx';

export function useStoreCurrency(): string | undefined {
  const http = useHttp();
  return useQuery({ ...storeSettingsQueries.get(http), staleTime: 60_000 }).data?.currency;
}
