import { Button, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Building2, House } from 'lucide-react';
import { formatSar } from '../../../shared/money.ts';
import { activeLocale } from '../../lib/locale.ts';
import { radioGroupKeys } from '../../lib/radio-group-keys.ts';

/** Where the sample is taken: a visit to the lab, or a home visit for the lab's fee. */
export function CollectionChoice({ atHome, fee, onChange }: { atHome: boolean; fee: number; onChange: (atHome: boolean) => void }) {
  const { t } = useLingui();
  const locale = activeLocale();
  const keys = radioGroupKeys([false, true], atHome, onChange);
  const choices = [
    { home: false, icon: Building2, title: t`At the lab`, detail: t`Visit the lab at your chosen time` },
    { home: true, icon: House, title: t`At home`, detail: t`A home visit for ${formatSar(fee, locale)}` },
  ];
  return (
    <SimpleGrid columns={2} gap="3" role="radiogroup" aria-label={t`Where should the sample be taken?`} onKeyDown={keys.onKeyDown}>
      {choices.map((choice, index) => {
        const selected = choice.home === atHome;
        const Icon = choice.icon;
        return (
          <Button
            key={String(choice.home)}
            role="radio"
            aria-checked={selected}
            tabIndex={keys.tabIndexOf(index)}
            variant={selected ? 'subtle' : 'outline'}
            colorPalette={selected ? 'brand' : 'gray'}
            borderWidth="2px"
            borderColor={selected ? 'brand.solid' : 'border'}
            height="auto"
            py="3"
            justifyContent="start"
            whiteSpace="normal"
            textAlign="start"
            onClick={() => onChange(choice.home)}
            data-testid={choice.home ? 'collect-at-home' : 'collect-at-lab'}
          >
            <Icon aria-hidden />
            <Stack gap="0">
              <Text fontWeight="semibold">{choice.title}</Text>
              <Text fontSize="xs" color="fg.muted" fontWeight="normal">
                {choice.detail}
              </Text>
            </Stack>
          </Button>
        );
      })}
    </SimpleGrid>
  );
}
