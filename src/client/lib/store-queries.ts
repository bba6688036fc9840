import { useLingui } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { trpc } from './trpc.ts';

/**
 * Store answers come in the language of the request (titles, prices), and a query key does not
 * know the language: when it changes, every store answer is stale and the shown ones reload.
 */
export function useStoreLanguageRefresh() {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const seen = useRef(i18n.locale);
  useEffect(() => {
    if (seen.current === i18n.locale) return;
    seen.current = i18n.locale;
    void queryClient.invalidateQueries({ queryKey: trpc.store.pathKey() });
  }, [i18n.locale, queryClient]);
}
