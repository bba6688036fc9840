import { Alert, Badge, Button, Card, Heading, HStack, Skeleton, Stack, Switch, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { SectionTitle } from '../../components/stat-card.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { localized } from '../../lib/bidi.ts';
import { errorMessage } from '../../lib/errors.ts';
import { activeLocale } from '../../lib/locale.ts';
import { trpc } from '../../lib/trpc.ts';
import { PackageFacts } from '../admin/package-summary.tsx';
import { type LabPackage, PackageFormDialog } from './package-form-dialog.tsx';

/** Where a package stands with the admin, in words and a colour. */
function ReviewBadge({ status }: { status: LabPackage['status'] }) {
  const { t } = useLingui();
  const badge = {
    pending: { label: t`Waiting for review`, palette: 'orange' },
    approved: { label: t`Approved`, palette: 'green' },
    rejected: { label: t`Rejected`, palette: 'red' },
  }[status];
  return (
    <Badge colorPalette={badge.palette} variant="subtle" data-testid="package-status">
      {badge.label}
    </Badge>
  );
}

function PackageCard({ item, onEdit }: { item: LabPackage; onEdit: () => void }) {
  const { t, i18n } = useLingui();
  const locale = activeLocale();
  const queryClient = useQueryClient();
  const name = localized(locale, item.name_ar, item.name_en);
  const setOnSale = useMutation(
    trpc.packages.setOnSale.mutationOptions({
      onSuccess: (result) => {
        notify.success({ title: result.on_sale ? t`The package is on sale.` : t`The package is off sale.` });
        void queryClient.invalidateQueries({ queryKey: trpc.packages.mine.queryKey() });
      },
      onError: (error) => notify.error({ title: t`Could not change the package`, description: errorMessage(i18n, error) }),
    }),
  );
  return (
    <Card.Root as="li" variant="outline" size="sm" data-testid="lab-package" data-name-en={item.name_en}>
      <Card.Body gap="3">
        <HStack justify="space-between" align="start" gap="3" wrap="wrap">
          <Stack gap="0.5" minWidth="0">
            <HStack gap="2" wrap="wrap">
              <Heading as="h3" size="sm">
                {name}
              </Heading>
              <ReviewBadge status={item.status} />
            </HStack>
            <Text fontSize="sm" color="fg.muted">
              <bdi>{locale === 'ar' ? item.name_en : item.name_ar}</bdi>
            </Text>
          </Stack>
          <HStack gap="3">
            <Switch.Root
              colorPalette="brand"
              checked={item.on_sale}
              disabled={item.status !== 'approved' || setOnSale.isPending}
              onCheckedChange={(event) => setOnSale.mutate({ id: item.id, onSale: event.checked })}
            >
              <Switch.HiddenInput aria-label={t`Offer ${name} to patients`} />
              <Switch.Control>
                <Switch.Thumb />
              </Switch.Control>
              <Switch.Label fontSize="sm">{t`On sale`}</Switch.Label>
            </Switch.Root>
            <Button size="sm" variant="outline" onClick={onEdit} aria-label={t`Edit ${name}`}>
              <Pencil aria-hidden />
              {t`Edit`}
            </Button>
          </HStack>
        </HStack>
        <PackageFacts item={item} />
        {item.status === 'rejected' && (
          <Alert.Root status="error" size="sm">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t`The admin did not approve this package`}</Alert.Title>
              {item.review_note && (
                <Alert.Description data-testid="package-review-note" dir="auto">
                  {item.review_note}
                </Alert.Description>
              )}
            </Alert.Content>
          </Alert.Root>
        )}
        {item.status === 'pending' && (
          <Text fontSize="sm" color="fg.muted">
            {t`Patients can book it once the admin approves it.`}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/**
 * The lab's packages (issue #79 item 1, ADR 0091): several catalogue tests at one price, booked as one
 * visit. Each with where it stands with the admin, whether it is on sale, its price, markers and tests.
 */
export function LabPackages() {
  const { t } = useLingui();
  const packages = useQuery(trpc.packages.mine.queryOptions());
  const [dialog, setDialog] = useState<{ editing: LabPackage | null } | null>(null);
  const create = (
    <Button colorPalette="brand" onClick={() => setDialog({ editing: null })} data-testid="new-package">
      <Plus aria-hidden />
      {t`New package`}
    </Button>
  );
  return (
    <Stack gap="5">
      <SectionTitle
        title={t`Packages`}
        description={t`Several tests at one price, booked as one visit. The admin approves each package before patients can book it.`}
        actions={packages.data && packages.data.length > 0 ? create : undefined}
      />
      {packages.isError ? (
        <ErrorState title={t`Error fetching your packages`} error={packages.error} onRetry={() => void packages.refetch()} />
      ) : packages.isPending ? (
        <Skeleton height="40" rounded="lg" />
      ) : packages.data.length === 0 ? (
        <EmptyState>
          <Stack align="center" gap="4" as="span">
            <span>{t`No packages yet. Put together tests your patients often take together, at one price.`}</span>
            {create}
          </Stack>
        </EmptyState>
      ) : (
        <Stack as="ul" listStyleType="none" gap="3">
          {packages.data.map((item) => (
            <PackageCard key={item.id} item={item} onEdit={() => setDialog({ editing: item })} />
          ))}
        </Stack>
      )}
      <PackageFormDialog open={dialog !== null} editing={dialog?.editing ?? null} onClose={() => setDialog(null)} />
    </Stack>
  );
}
