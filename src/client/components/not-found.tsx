import { Container } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { usePageMeta } from '../lib/use-page-meta.ts';
import { NotFoundState } from './not-found-state.tsx';

export function NotFound() {
  const { t } = useLingui();
  usePageMeta({ title: t`Page not found` });
  return (
    <Container maxW="3xl" py="20">
      <NotFoundState
        title={t`Page not found`}
        message={t`The page you are looking for does not exist or has moved.`}
        linkTo="/"
        linkLabel={t`Back to home`}
      />
    </Container>
  );
}
