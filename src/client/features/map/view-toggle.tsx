import { Button, ButtonGroup } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { List, Map as MapIcon } from 'lucide-react';

/** A list of labs shown as a list or on a map (the page keeps the choice in its address, `view=map`). */
export function ViewToggle({ map, onChange, label }: { map: boolean; onChange: (map: boolean) => void; label: string }) {
  const { t } = useLingui();
  return (
    <ButtonGroup size="sm" variant="outline" attached role="group" aria-label={label}>
      <Button aria-pressed={!map} variant={!map ? 'solid' : 'outline'} onClick={() => onChange(false)}>
        <List aria-hidden />
        {t`List`}
      </Button>
      <Button aria-pressed={map} variant={map ? 'solid' : 'outline'} onClick={() => onChange(true)}>
        <MapIcon aria-hidden />
        {t`Map`}
      </Button>
    </ButtonGroup>
  );
}
