import { Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { ListControl } from '../../components/list-search.ts';
import { SectionTitle } from '../../components/stat-card.tsx';
import { PriceList } from './price-list.tsx';
import { TestRequestForm } from './test-request-form.tsx';
import { TestRequestsList } from './test-requests-list.tsx';

export function LabTests({ list }: { list: ListControl }) {
  const { t } = useLingui();
  return (
    <Stack gap="6">
      <SectionTitle title={t`Tests`} description={t`Your price list, and new tests you would like to add to the catalogue.`} />
      <TestRequestForm />
      <TestRequestsList list={list} />
      <PriceList />
    </Stack>
  );
}
