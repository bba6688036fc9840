import { Box, Button, Circle, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { ArrowRight, Microscope } from 'lucide-react';
import { drawnWhenNear } from '../../components/drawn-when-near.ts';
import { DirectionalIcon } from '../../components/ui/directional-icon.tsx';

/** Points lab owners from the patient-facing pages to the join-as-lab page. */
export function LabCallToAction() {
  const { t } = useLingui();
  return (
    <Box as="section" {...drawnWhenNear('lab-call-to-action', '480px')} aria-labelledby="lab-cta-heading" py={{ base: '6', md: '8' }}>
      <Container maxW="7xl">
        <Stack
          direction={{ base: 'column', md: 'row' }}
          align={{ base: 'start', md: 'center' }}
          justify="space-between"
          gap="6"
          p={{ base: '6', md: '10' }}
          rounded="3xl"
          bg="brand.subtle"
          borderWidth="1px"
          borderColor="brand.muted"
        >
          <Stack direction={{ base: 'column', sm: 'row' }} gap="5" align={{ base: 'start', sm: 'center' }}>
            <Circle size="16" bg="brand.solid" color="brand.contrast" flexShrink={0}>
              <Microscope size={30} aria-hidden />
            </Circle>
            <Stack gap="2">
              <Heading as="h2" size={{ base: 'xl', md: '2xl' }} id="lab-cta-heading">
                {t`Do you run a medical lab?`}
              </Heading>
              <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
                {t`Join Tahaleel to reach patients looking for tests near you, and manage bookings and results from one dashboard.`}
              </Text>
            </Stack>
          </Stack>
          <Button asChild colorPalette="brand" size="lg" flexShrink={0}>
            <Link to="/join-as-lab">
              {t`Join as a lab`}
              <DirectionalIcon asChild>
                <ArrowRight aria-hidden />
              </DirectionalIcon>
            </Link>
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}
