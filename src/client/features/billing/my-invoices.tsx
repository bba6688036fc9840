import { Badge, Button, Card, HStack, Image, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Download, Receipt } from 'lucide-react';
import { Price } from '../../components/price.tsx';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { SectionTitle } from '../../components/stat-card.tsx';
import { formatDate, formatTime } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { trpc } from '../../lib/trpc.ts';

/**
 * The account's simplified tax invoices and credit notes, newest first, each with its QR code and its
 * PDF: a customer's (bookings, the store, a plan), or a lab's (its plan's months).
 */
export function MyInvoices({ audience = 'customer' }: { audience?: 'customer' | 'lab' }) {
  const { t } = useLingui();
  const locale = activeLocale();
  const invoices = useQuery(audience === 'lab' ? trpc.billing.labInvoices.queryOptions() : trpc.billing.invoices.queryOptions());
  return (
    <Stack gap="5">
      <SectionTitle title={t`Invoices`} />
      <Text color="fg.muted" fontSize="sm">
        {audience === 'lab'
          ? t`Every month of your plan gets a simplified tax invoice. Prices include 15% VAT.`
          : t`Every payment gets a simplified tax invoice, and every refund a credit note. Prices include 15% VAT.`}
      </Text>
      {invoices.isError ? (
        <ErrorState title={t`Error fetching invoices`} error={invoices.error} onRetry={() => void invoices.refetch()} />
      ) : invoices.isPending ? (
        <Skeleton height="24" rounded="lg" />
      ) : invoices.data.length === 0 ? (
        <EmptyState>
          {audience === 'lab'
            ? t`No invoices yet. Your plan's tax invoice appears here once you pay for a plan.`
            : t`No invoices yet. Your tax invoice appears here once you pay for a booking.`}
        </EmptyState>
      ) : (
        <Stack as="ul" listStyleType="none" gap="3">
          {invoices.data.map((invoice) => (
            <Card.Root as="li" key={invoice.id} variant="outline" data-testid="my-invoice" data-qr={invoice.qr}>
              <Card.Body>
                <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" gap="4">
                  <HStack gap="3" align="start" minWidth="0">
                    <Receipt size={22} aria-hidden color="var(--chakra-colors-brand-fg)" />
                    <Stack gap="1" minWidth="0">
                      <HStack gap="2" wrap="wrap">
                        <Text fontWeight="semibold">
                          {invoice.is_credit_note ? t`Credit note` : t`Simplified tax invoice`}{' '}
                          <bdi data-testid="invoice-number">{invoice.number}</bdi>
                        </Text>
                        {invoice.is_credit_note && <Badge colorPalette="orange">{t`Refund`}</Badge>}
                      </HStack>
                      {invoice.original_number && (
                        <Text fontSize="sm" color="fg.muted">
                          {t`For invoice`} <bdi>{invoice.original_number}</bdi>
                        </Text>
                      )}
                      <Text fontSize="sm" color="fg.muted">
                        {formatDate(new Date(invoice.issued_at), locale)} · {formatTime(new Date(invoice.issued_at), locale)}
                      </Text>
                      <HStack gap="4" fontSize="sm" wrap="wrap">
                        <Text>
                          {t`Total`} <Price value={invoice.total} data-testid="invoice-total" />
                        </Text>
                        <Text color="fg.muted">
                          {t`VAT included`} <Price value={invoice.vat} fontWeight="normal" data-testid="invoice-vat" />
                        </Text>
                      </HStack>
                    </Stack>
                  </HStack>
                  <HStack gap="4" align="center" flexShrink={0}>
                    <Image src={invoice.qr_image} alt={t`ZATCA QR code of ${invoice.number}`} boxSize="24" data-testid="invoice-qr" />
                    <Button asChild size="sm" variant="outline" colorPalette="brand">
                      <a href={`/invoices/${invoice.id}.pdf`} download={`${invoice.number}.pdf`} data-testid="download-invoice">
                        <Download aria-hidden />
                        {t`PDF`}
                      </a>
                    </Button>
                  </HStack>
                </Stack>
              </Card.Body>
            </Card.Root>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
