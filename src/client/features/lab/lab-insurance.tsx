import {
  Alert,
  Badge,
  Button,
  Card,
  Field,
  Heading,
  HStack,
  Input,
  NativeSelect,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
} from '@chakra-ui/react';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Save, ShieldCheck, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import {
  CA_PEM_MAX,
  CERTIFICATE_PEM_MAX,
  commonPolicyClasses,
  ENDPOINT_URL_MAX,
  LAB_NETWORKS_MAX,
  type NphiesSettingsRefusal,
  normalizePolicyClass,
  POLICY_CLASS_MAX,
  PRIVATE_KEY_PEM_MAX,
  PROVIDER_LICENSE_MAX,
} from '../../../shared/lab-insurance-schemas.ts';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { SectionTitle } from '../../components/stat-card.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { isolated, localized } from '../../lib/bidi.ts';
import { errorCode, errorDetails, errorMessage, fieldError } from '../../lib/errors.ts';
import { formatDate } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';

type Networks = RouterOutputs['labInsurance']['networks'];
type Stored = NonNullable<RouterOutputs['labInsurance']['nphiesSettings']>;

/** One insurer in the lab's list as the form edits it. */
interface DraftNetwork {
  insurerId: string;
  allClasses: boolean;
  classes: string[];
}

/**
 * The lab's insurance (issue #80 item 3, ADR 0094): the insurers whose networks it is in and for which
 * policy classes (search's "covered by my insurance" and "in network" badge read them), and its NPHIES
 * connection, once for the lab: the license number, the address, and the certificate with its key, which
 * are kept sealed and never shown back.
 */
export function LabInsurance() {
  const { t } = useLingui();
  return (
    <Stack gap="10" data-testid="lab-insurance">
      <Stack gap="6">
        <SectionTitle
          title={t`Insurance networks`}
          description={t`The insurers whose networks your lab is in, and the policy classes each one covers at your lab. Patients with that insurance see your lab marked "In network".`}
        />
        <NetworksCard />
      </Stack>
      <Stack gap="6">
        <SectionTitle
          title={t`NPHIES connection`}
          description={t`What NPHIES gave your lab to send eligibility checks and claims: your provider license number, the address, and your client certificate with its private key.`}
        />
        <NphiesSettingsCard />
      </Stack>
    </Stack>
  );
}

// ---------------------------------------------------------------------------------------------
// Networks

function NetworksCard() {
  const { t } = useLingui();
  const networks = useQuery(trpc.labInsurance.networks.queryOptions());
  return (
    <Card.Root variant="outline">
      <Card.Body gap="5">
        {networks.isError ? (
          <ErrorState title={t`Error fetching your insurance networks`} error={networks.error} onRetry={() => void networks.refetch()} />
        ) : networks.isPending ? (
          <Skeleton height="32" rounded="l2" />
        ) : (
          <NetworksForm key={networks.dataUpdatedAt} data={networks.data} />
        )}
      </Card.Body>
    </Card.Root>
  );
}

function draftOf(data: Networks): DraftNetwork[] {
  return data.networks.map((network) => ({
    insurerId: network.insurer_id,
    allClasses: network.all_classes,
    classes: network.policy_classes,
  }));
}

function NetworksForm({ data }: { data: Networks }) {
  const { t, i18n } = useLingui();
  const locale = activeLocale();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<DraftNetwork[]>(() => draftOf(data));
  const [adding, setAdding] = useState('');
  const [tried, setTried] = useState(false);
  const names = new Map(
    [...data.insurers, ...data.networks.map((network) => ({ ...network, id: network.insurer_id }))].map((insurer) => [insurer.id, insurer]),
  );
  const listed = new Set(data.networks.filter((network) => !network.insurer_active).map((network) => network.insurer_id));
  const addable = data.insurers.filter((insurer) => !draft.some((network) => network.insurerId === insurer.id));

  const save = useMutation(
    trpc.labInsurance.saveNetworks.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.labInsurance.networks.queryKey(), saved);
        notify.success({ title: t`Your insurance networks are saved.` });
      },
      onError: (error) => notify.error({ title: t`Could not save your insurance networks`, description: errorMessage(i18n, error) }),
    }),
  );
  const change = (insurerId: string, next: Partial<DraftNetwork>) =>
    setDraft((current) => current.map((network) => (network.insurerId === insurerId ? { ...network, ...next } : network)));
  const incomplete = draft.some((network) => !network.allClasses && network.classes.length === 0);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (incomplete) return;
    save.mutate({
      networks: draft.map((network) => ({ insurerId: network.insurerId, allClasses: network.allClasses, policyClasses: network.classes })),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="5">
        {draft.length === 0 ? (
          <EmptyState>{t`Your lab is not in any insurer's network yet. Add the insurers you have a contract with below.`}</EmptyState>
        ) : (
          <Stack as="ul" gap="3" listStyleType="none" ps="0" aria-label={t`Your insurance networks`}>
            {draft.map((network) => {
              const insurer = names.get(network.insurerId);
              return (
                <NetworkRow
                  key={network.insurerId}
                  network={network}
                  name={insurer ? localized(locale, insurer.name_ar, insurer.name_en) : ''}
                  payerId={insurer?.nphies_payer_id ?? ''}
                  setAside={listed.has(network.insurerId)}
                  showMissing={tried}
                  onChange={(next) => change(network.insurerId, next)}
                  onRemove={() => setDraft((current) => current.filter((other) => other.insurerId !== network.insurerId))}
                />
              );
            })}
          </Stack>
        )}
        {addable.length > 0 && draft.length < LAB_NETWORKS_MAX && (
          <HStack gap="3" align="end" wrap="wrap">
            <Field.Root flex="1" minW="14rem">
              <Field.Label>{t`Add an insurer`}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  value={adding}
                  onChange={(event) => setAdding(event.target.value)}
                  data-testid="lab-insurance-add-select"
                >
                  <option value="">{t`Choose an insurer`}</option>
                  {addable.map((insurer) => (
                    <option key={insurer.id} value={insurer.id}>
                      {isolated(localized(locale, insurer.name_ar, insurer.name_en))}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Button
              variant="outline"
              colorPalette="brand"
              disabled={!adding}
              onClick={() => {
                setDraft((current) => [...current, { insurerId: adding, allClasses: true, classes: [] }]);
                setAdding('');
              }}
              data-testid="lab-insurance-add"
            >
              <Plus aria-hidden />
              {t`Add`}
            </Button>
          </HStack>
        )}
        {data.insurers.length === 0 && <Text color="fg.muted">{t`No insurers are listed yet. Tahaleel's team adds them.`}</Text>}
        <Button type="submit" colorPalette="brand" alignSelf="start" loading={save.isPending} data-testid="lab-insurance-save-networks">
          <Save aria-hidden />
          {t`Save networks`}
        </Button>
      </Stack>
    </form>
  );
}

function NetworkRow(props: {
  network: DraftNetwork;
  name: string;
  payerId: string;
  setAside: boolean;
  showMissing: boolean;
  onChange: (next: Partial<DraftNetwork>) => void;
  onRemove: () => void;
}) {
  const { t } = useLingui();
  const { network, name, onChange } = props;
  const [typed, setTyped] = useState('');
  const custom = network.classes.filter((policyClass) => !(commonPolicyClasses as readonly string[]).includes(policyClass));
  const toggle = (policyClass: string) =>
    onChange({
      classes: network.classes.includes(policyClass)
        ? network.classes.filter((other) => other !== policyClass)
        : [...network.classes, policyClass],
    });
  const addTyped = () => {
    const policyClass = normalizePolicyClass(typed);
    if (policyClass && !network.classes.includes(policyClass)) onChange({ classes: [...network.classes, policyClass] });
    setTyped('');
  };
  const missing = props.showMissing && !network.allClasses && network.classes.length === 0;
  return (
    <Stack as="li" gap="3" borderWidth="1px" rounded="l2" p="4" data-testid="lab-insurance-network">
      <HStack justify="space-between" align="start" gap="3" wrap="wrap">
        <Stack gap="0.5" minW="0">
          <HStack gap="2" wrap="wrap">
            <ShieldCheck aria-hidden size={18} />
            <Heading as="h3" size="sm">
              <bdi>{name}</bdi>
            </Heading>
            {props.setAside && (
              <Badge colorPalette="gray" size="sm">
                {t`No longer listed`}
              </Badge>
            )}
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {t`NPHIES payer ID`}{' '}
            <Text as="span" dir="ltr" fontFamily="mono">
              {props.payerId}
            </Text>
          </Text>
        </Stack>
        <Button variant="outline" colorPalette="red" size="sm" onClick={props.onRemove} aria-label={t`Remove ${isolated(name)}`}>
          <Trash2 aria-hidden />
          {t`Remove`}
        </Button>
      </HStack>
      <Switch.Root colorPalette="brand" checked={network.allClasses} onCheckedChange={(event) => onChange({ allClasses: event.checked })}>
        <Switch.HiddenInput />
        <Switch.Control>
          <Switch.Thumb />
        </Switch.Control>
        <Switch.Label>{t`All policy classes`}</Switch.Label>
      </Switch.Root>
      {!network.allClasses && (
        <Field.Root invalid={missing}>
          <Field.Label>{t`Policy classes covered at your lab`}</Field.Label>
          <HStack gap="2" wrap="wrap" role="group" aria-label={t`Policy classes covered at your lab`}>
            {commonPolicyClasses.map((policyClass) => (
              <Button
                key={policyClass}
                size="sm"
                variant={network.classes.includes(policyClass) ? 'solid' : 'outline'}
                colorPalette="brand"
                aria-pressed={network.classes.includes(policyClass)}
                onClick={() => toggle(policyClass)}
              >
                <bdi>{policyClass}</bdi>
              </Button>
            ))}
            {custom.map((policyClass) => (
              <Button key={policyClass} size="sm" variant="solid" colorPalette="brand" aria-pressed onClick={() => toggle(policyClass)}>
                <bdi>{policyClass}</bdi>
              </Button>
            ))}
          </HStack>
          <HStack gap="2" mt="2" wrap="wrap">
            <Input
              size="sm"
              maxW="14rem"
              value={typed}
              maxLength={POLICY_CLASS_MAX}
              onChange={(event) => setTyped(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  addTyped();
                }
              }}
              placeholder={t`Another class, e.g. Gold`}
              aria-label={t`Another policy class`}
            />
            <Button size="sm" variant="outline" onClick={addTyped} disabled={!typed.trim()}>
              <Plus aria-hidden />
              {t`Add class`}
            </Button>
          </HStack>
          <Field.HelperText>{t`Classes are matched as written on the insurance card, ignoring upper and lower case.`}</Field.HelperText>
          <Field.ErrorText>{t`Choose at least one class, or turn on all policy classes.`}</Field.ErrorText>
        </Field.Root>
      )}
    </Stack>
  );
}

// ---------------------------------------------------------------------------------------------
// NPHIES settings

/** Why NPHIES settings were refused, in the lab's words. */
const refusalMessages: Record<NphiesSettingsRefusal, ReturnType<typeof msg>> = {
  credentials_required: msg`Paste your client certificate and its private key: NPHIES needs them to accept your lab's messages.`,
  certificate_unreadable: msg`The certificate could not be read. Paste it again exactly as NPHIES gave it.`,
  certificate_expired: msg`This certificate has expired. Ask NPHIES for a new one and paste it with its key.`,
  key_unreadable: msg`The private key could not be read. Paste it again, without a passphrase.`,
  key_mismatch: msg`This private key does not belong to this certificate. Paste the key that was made with it.`,
  ca_unreadable: msg`A CA certificate could not be read. Paste the chain again, or leave it empty.`,
  endpoint_not_allowed: msg`This address is not one of NPHIES's. Enter the address NPHIES gave your lab; to use a clearing house's gateway, ask Tahaleel's support to allow it.`,
};

function refusalMessage(i18n: I18n, error: unknown): string | null {
  const reason = errorDetails(error)?.reason;
  if (errorCode(error) !== 'NPHIES_SETTINGS_REFUSED' || typeof reason !== 'string' || !(reason in refusalMessages)) return null;
  return i18n._(refusalMessages[reason as NphiesSettingsRefusal]);
}

function NphiesSettingsCard() {
  const { t } = useLingui();
  const stored = useQuery(trpc.labInsurance.nphiesSettings.queryOptions());
  return (
    <Card.Root variant="outline">
      <Card.Body gap="5">
        {stored.isError ? (
          <ErrorState title={t`Error fetching your NPHIES settings`} error={stored.error} onRetry={() => void stored.refetch()} />
        ) : stored.isPending ? (
          <Skeleton height="40" rounded="l2" />
        ) : (
          <NphiesSettingsForm key={stored.dataUpdatedAt} stored={stored.data} />
        )}
      </Card.Body>
    </Card.Root>
  );
}

function NphiesSettingsForm({ stored }: { stored: Stored | null }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [license, setLicense] = useState(stored?.provider_license ?? '');
  const [endpoint, setEndpoint] = useState(stored?.endpoint_url ?? '');
  const [replacing, setReplacing] = useState(stored === null);
  const [cert, setCert] = useState('');
  const [key, setKey] = useState('');
  const [ca, setCa] = useState('');

  const save = useMutation(
    trpc.labInsurance.saveNphiesSettings.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.labInsurance.nphiesSettings.queryKey(), saved);
        notify.success({ title: t`Your NPHIES settings are saved.` });
      },
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      providerLicense: license,
      endpointUrl: endpoint,
      ...(replacing && { clientCertPem: cert, clientKeyPem: key, caPem: ca || null }),
    });
  };
  const refusal = save.error ? refusalMessage(i18n, save.error) : null;
  const reason = errorDetails(save.error)?.reason;
  const problem = (field: string, max?: number) => (save.error ? fieldError(i18n, save.error, field, { max }) : undefined);
  const certProblem =
    problem('clientCertPem', CERTIFICATE_PEM_MAX) ??
    (reason === 'certificate_unreadable' || reason === 'certificate_expired' ? refusal : undefined);
  const keyProblem =
    problem('clientKeyPem', PRIVATE_KEY_PEM_MAX) ?? (reason === 'key_unreadable' || reason === 'key_mismatch' ? refusal : undefined);
  const caProblem = problem('caPem', CA_PEM_MAX) ?? (reason === 'ca_unreadable' ? refusal : undefined);
  const endpointProblem = problem('endpointUrl', ENDPOINT_URL_MAX) ?? (reason === 'endpoint_not_allowed' ? refusal : undefined);
  const shownElsewhere = Boolean(certProblem || keyProblem || caProblem || endpointProblem);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4">
        {stored && <StoredCredentials stored={stored} />}
        <Field.Root invalid={Boolean(problem('providerLicense'))}>
          <Field.Label>{t`Provider license number`}</Field.Label>
          <Input
            dir="ltr"
            value={license}
            maxLength={PROVIDER_LICENSE_MAX}
            onChange={(event) => setLicense(event.target.value)}
            data-testid="nphies-license"
          />
          <Field.ErrorText>{problem('providerLicense', PROVIDER_LICENSE_MAX)}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(endpointProblem)}>
          <Field.Label>{t`NPHIES address`}</Field.Label>
          <Input
            dir="ltr"
            type="url"
            value={endpoint}
            maxLength={ENDPOINT_URL_MAX}
            onChange={(event) => setEndpoint(event.target.value)}
            placeholder="https://"
            data-testid="nphies-endpoint"
          />
          <Field.HelperText>{t`The https address NPHIES gave your lab for its messages.`}</Field.HelperText>
          <Field.ErrorText>{endpointProblem}</Field.ErrorText>
        </Field.Root>
        {stored && !replacing ? (
          <Button variant="outline" alignSelf="start" onClick={() => setReplacing(true)} data-testid="nphies-replace">
            {t`Replace certificate and key`}
          </Button>
        ) : (
          <Stack gap="4">
            <Field.Root invalid={Boolean(certProblem)} required>
              <Field.Label>{t`Client certificate (PEM)`}</Field.Label>
              <PemArea
                value={cert}
                onChange={setCert}
                max={CERTIFICATE_PEM_MAX}
                placeholder="-----BEGIN CERTIFICATE-----"
                testId="nphies-cert"
              />
              <Field.ErrorText>{certProblem}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(keyProblem)} required>
              <Field.Label>{t`Private key (PEM)`}</Field.Label>
              <PemArea
                value={key}
                onChange={setKey}
                max={PRIVATE_KEY_PEM_MAX}
                placeholder="-----BEGIN PRIVATE KEY-----"
                testId="nphies-key"
              />
              <Field.HelperText>{t`Kept sealed and never shown again. It must be the key made with this certificate, without a passphrase.`}</Field.HelperText>
              <Field.ErrorText>{keyProblem}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(caProblem)}>
              <Field.Label>{t`CA certificates (PEM, optional)`}</Field.Label>
              <PemArea value={ca} onChange={setCa} max={CA_PEM_MAX} placeholder="-----BEGIN CERTIFICATE-----" testId="nphies-ca" />
              <Field.HelperText>{t`Only if NPHIES gave you a certificate chain to trust its server by.`}</Field.HelperText>
              <Field.ErrorText>{caProblem}</Field.ErrorText>
            </Field.Root>
            {stored && (
              <Button
                variant="ghost"
                alignSelf="start"
                onClick={() => {
                  setReplacing(false);
                  setCert('');
                  setKey('');
                  setCa('');
                }}
              >
                {t`Keep the stored certificate and key`}
              </Button>
            )}
          </Stack>
        )}
        {save.error && !shownElsewhere && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Description>{refusal ?? errorMessage(i18n, save.error)}</Alert.Description>
          </Alert.Root>
        )}
        <Button type="submit" colorPalette="brand" alignSelf="start" loading={save.isPending} data-testid="nphies-save">
          <Save aria-hidden />
          {t`Save NPHIES settings`}
        </Button>
      </Stack>
    </form>
  );
}

function PemArea(props: { value: string; onChange: (value: string) => void; max: number; placeholder: string; testId: string }) {
  return (
    <Textarea
      dir="ltr"
      fontFamily="mono"
      fontSize="xs"
      rows={5}
      spellCheck={false}
      autoComplete="off"
      value={props.value}
      maxLength={props.max}
      placeholder={props.placeholder}
      onChange={(event) => props.onChange(event.target.value)}
      data-testid={props.testId}
    />
  );
}

/** What is stored, without the key: when it was added, the certificate's subject and end. */
function StoredCredentials({ stored }: { stored: Stored }) {
  const { t } = useLingui();
  const locale = activeLocale();
  const added = formatDate(new Date(stored.credentials_added_at), locale);
  const until = formatDate(new Date(stored.certificate_not_after), locale);
  return (
    <Alert.Root status="success" data-testid="nphies-stored">
      <Alert.Indicator />
      <Stack gap="1" minW="0">
        <Alert.Title>{t`Certificate and private key stored, added on ${added}`}</Alert.Title>
        <Alert.Description>
          <Stack gap="0.5">
            <Text>{t`Valid until ${until}`}</Text>
            <Text fontSize="sm" overflowWrap="anywhere">
              <bdi dir="ltr">{stored.certificate_subject}</bdi>
            </Text>
            {stored.has_ca && <Text fontSize="sm">{t`With CA certificates`}</Text>}
          </Stack>
        </Alert.Description>
      </Stack>
    </Alert.Root>
  );
}
