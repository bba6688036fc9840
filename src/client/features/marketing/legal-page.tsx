import { Box, Link as ChakraLink, Container, Grid, Heading, List, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { drawnWhenNear } from '../../components/drawn-when-near.ts';
import { formatDate, formatNumber } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';

/** The date both legal pages carry (spec §1), noon in Riyadh so no time zone moves the day. */
export const LEGAL_PAGES_UPDATED_AT = new Date('2025-10-02T12:00:00+03:00');

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

interface LegalPageProps {
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
}

/** A long legal text: title and date, a table of contents (beside the text on wide screens), numbered sections. */
export function LegalPage({ title, intro, sections }: LegalPageProps) {
  const { t } = useLingui();
  const locale = activeLocale();
  const updatedAt = <time dateTime="2025-10-02">{formatDate(LEGAL_PAGES_UPDATED_AT, locale)}</time>;
  return (
    <Container maxW="6xl" py={{ base: '10', md: '14' }}>
      <Stack gap="3" pb={{ base: '6', md: '8' }} mb={{ base: '6', md: '8' }} borderBottomWidth="1px">
        <Heading as="h1" size={{ base: '3xl', md: '4xl' }} lineHeight="1.3">
          {title}
        </Heading>
        <Text color="fg.muted" data-testid="legal-updated">
          <Trans>Last updated: {updatedAt}</Trans>
        </Text>
      </Stack>
      {/* minmax(0, 1fr), not 1fr: a section not yet drawn keeps the width it was last laid out at, which a
          1fr column would grow to when the screen narrows (a phone turned upright), pushing the page sideways. */}
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: '16rem minmax(0, 1fr)' }} gap={{ base: '8', lg: '12' }} alignItems="start">
        <Box
          as="nav"
          aria-labelledby="legal-contents-heading"
          position={{ lg: 'sticky' }}
          top={{ lg: '24' }}
          p="5"
          rounded="xl"
          bg="bg.subtle"
          borderWidth="1px"
        >
          <Heading as="h2" size="sm" id="legal-contents-heading" mb="3">
            {t`Contents`}
          </Heading>
          <List.Root as="ol" gap="2" ps="5" fontSize="sm">
            {sections.map((section) => (
              <List.Item key={section.id}>
                <ChakraLink href={`#${section.id}`} color="fg.muted" _hover={{ color: 'brand.fg' }}>
                  {section.title}
                </ChakraLink>
              </List.Item>
            ))}
          </List.Root>
        </Box>
        <Stack gap="8" maxW="3xl" fontSize={{ base: 'md', md: 'lg' }} lineHeight="1.9">
          <Stack gap="4">{intro}</Stack>
          {sections.map((section, index) => (
            <Stack
              as="section"
              {...drawnWhenNear(`legal:${title}:${section.id}`, '240px')}
              key={section.id}
              gap="3"
              aria-labelledby={section.id}
            >
              <Heading as="h2" size={{ base: 'lg', md: 'xl' }} id={section.id} scrollMarginTop="24">
                {`${formatNumber(index + 1, locale)}. ${section.title}`}
              </Heading>
              {section.body}
            </Stack>
          ))}
        </Stack>
      </Grid>
    </Container>
  );
}

export function LegalParagraph({ children }: { children: ReactNode }) {
  return <Text>{children}</Text>;
}

export function LegalList({ items }: { items: ReactNode[] }) {
  return (
    <List.Root gap="2" ps="6">
      {items.map((item, index) => (
        <List.Item key={index}>{item}</List.Item>
      ))}
    </List.Root>
  );
}

/** An e-mail or phone link that stays left to right inside Arabic text. */
export function ContactLink({ href, children }: { href: string; children: string }) {
  return (
    <ChakraLink href={href} dir="ltr" color="brand.fg" textDecoration="underline">
      {children}
    </ChakraLink>
  );
}
