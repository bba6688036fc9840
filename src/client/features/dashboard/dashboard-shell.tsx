import { Box, Button, Container, Flex, Icon, Separator, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Lock, LogOut, type LucideIcon } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { usePageMeta } from '../../lib/use-page-meta.ts';
import { registerDashboardErrors } from './dashboard-errors.ts';

// Every dashboard draws this shell: the sentences for the codes only dashboards meet come with it.
registerDashboardErrors();

export interface DashboardSection<Id extends string = string> {
  id: Id;
  label: string;
  icon: LucideIcon;
  /** Shown but not usable (an unapproved lab's gated sections); `disabledHint` says why. */
  disabled?: boolean;
  render: () => ReactNode;
}

interface Props<Id extends string> {
  header: ReactNode;
  sections: DashboardSection<Id>[];
  active: Id;
  onSelect: (id: Id) => void;
  onLogout: () => void;
  loggingOut?: boolean;
  disabledHint?: string;
}

/**
 * A sidebar of sections beside the active one; on a phone the sidebar becomes a row of tabs that
 * scrolls sideways above the content. Logical properties only, so Arabic mirrors it.
 */
export function DashboardShell<Id extends string>({ header, sections, active, onSelect, onLogout, loggingOut, disabledHint }: Props<Id>) {
  const { t } = useLingui();
  const current = sections.find((section) => section.id === active && !section.disabled) ?? sections[0]!;
  const tabs = useRef<HTMLDivElement>(null);
  const section = current.label;
  usePageMeta({ title: current.id === 'overview' ? t`Dashboard` : t`${section} – Dashboard` });

  // On a phone the tabs scroll sideways: bring the open one to the row's middle when it is out of
  // sight (never on the desktop sidebar). This first runs as the page comes to life, and by then a
  // reader may have scrolled down to a button or swiped the row to another tab: only the row
  // scrolls, never the page (scrollIntoView would pull the page back up to the tabs), and a row
  // the reader has already swiped stays where they put it. Either would move what is under their finger.
  const shownOnce = useRef(false);
  useEffect(() => {
    const firstTime = !shownOnce.current;
    shownOnce.current = true;
    const row = tabs.current;
    const tab = row?.querySelector<HTMLElement>(`[data-section="${current.id}"]`);
    if (!row || !tab || row.scrollWidth <= row.clientWidth || (firstTime && row.scrollLeft !== 0)) return;
    const rowBox = row.getBoundingClientRect();
    const tabBox = tab.getBoundingClientRect();
    if (tabBox.left >= rowBox.left && tabBox.right <= rowBox.right) return;
    row.scrollBy({ left: tabBox.left + tabBox.width / 2 - (rowBox.left + rowBox.width / 2) });
  }, [current.id]);
  return (
    <Container maxW="7xl" py={{ base: '6', md: '10' }}>
      <Stack gap={{ base: '5', md: '8' }}>
        {header}
        <Flex direction={{ base: 'column', md: 'row' }} gap={{ base: '4', md: '8' }} align="start">
          <Box
            as="nav"
            aria-label={t`Dashboard sections`}
            width={{ base: 'full', md: '56' }}
            flexShrink={0}
            position={{ md: 'sticky' }}
            top={{ md: '24' }}
            data-testid="dashboard-nav"
          >
            <Flex
              ref={tabs}
              direction={{ base: 'row', md: 'column' }}
              gap="1"
              overflowX={{ base: 'auto', md: 'visible' }}
              pb={{ base: '2', md: '0' }}
              borderBottomWidth={{ base: '1px', md: '0' }}
              css={{ scrollbarWidth: 'thin' }}
            >
              {sections.map((section) => {
                const selected = section.id === current.id;
                return (
                  <Button
                    key={section.id}
                    variant={selected ? 'subtle' : 'ghost'}
                    colorPalette={selected ? 'brand' : 'gray'}
                    justifyContent="start"
                    flexShrink={0}
                    size={{ base: 'sm', md: 'md' }}
                    disabled={section.disabled}
                    aria-current={selected ? 'true' : undefined}
                    title={section.disabled ? disabledHint : undefined}
                    data-section={section.id}
                    onClick={() => onSelect(section.id)}
                  >
                    <Icon as={section.icon} aria-hidden boxSize="4" />
                    <Text as="span" flex="1" textAlign="start">
                      {section.label}
                    </Text>
                    {section.disabled && <Icon as={Lock} boxSize="3" aria-hidden color="fg.subtle" />}
                  </Button>
                );
              })}
              <Separator display={{ base: 'none', md: 'block' }} my="2" />
              <Button
                variant="ghost"
                colorPalette="red"
                justifyContent="start"
                flexShrink={0}
                size={{ base: 'sm', md: 'md' }}
                onClick={onLogout}
                loading={loggingOut}
                data-section="logout"
              >
                <LogOut aria-hidden />
                {t`Log out`}
              </Button>
            </Flex>
            {disabledHint && sections.some((section) => section.disabled) && (
              <Text fontSize="xs" color="fg.muted" mt="2" display={{ base: 'none', md: 'block' }}>
                {disabledHint}
              </Text>
            )}
          </Box>
          <Box as="section" flex="1" minWidth="0" width="full" aria-label={current.label} data-testid={`section-${current.id}`}>
            {current.render()}
          </Box>
        </Flex>
      </Stack>
    </Container>
  );
}
