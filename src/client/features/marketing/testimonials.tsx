import { Box, Circle, Container, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Quote, Star } from 'lucide-react';
import { drawnWhenNear } from '../../components/drawn-when-near.ts';
import { DirectionalIcon } from '../../components/ui/directional-icon.tsx';
import { SectionHeading } from './section-heading.tsx';

interface Testimonial {
  name: string;
  city: string;
  test: string;
  quote: string;
}

// Sample testimonials (spec §1): to be replaced by reviews from real bookings before launch.
export function Testimonials() {
  const { t } = useLingui();
  const testimonials: Testimonial[] = [
    {
      name: t`Noura Al-Otaibi`,
      city: t`Riyadh`,
      test: t`Vitamin D test`,
      quote: t`I booked a vitamin D test for my mother in a few minutes, after comparing three labs near our neighbourhood. The result was in her account the next day.`,
    },
    {
      name: t`Abdullah Al-Ghamdi`,
      city: t`Jeddah`,
      test: t`HbA1c test`,
      quote: t`I used to pay far more for my HbA1c test. Here I saw the prices clearly before booking and chose a highly rated lab for less.`,
    },
    {
      name: t`Reem Al-Dossary`,
      city: t`Dammam`,
      test: t`Thyroid panel`,
      quote: t`What I liked most is that my results come to my account and nobody else sees them. No second trip to the lab.`,
    },
  ];
  return (
    <Box as="section" {...drawnWhenNear('testimonials', '480px')} aria-labelledby="testimonials-heading" py={{ base: '12', md: '16' }}>
      <Container maxW="7xl">
        <Stack gap={{ base: '8', md: '10' }}>
          <SectionHeading id="testimonials-heading" eyebrow={t`What our customers say`} title={t`Trusted by people across the Kingdom`} />
          <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 3 }} gap="5">
            {testimonials.map((testimonial) => (
              <Stack
                as="li"
                key={testimonial.name}
                gap="4"
                p="6"
                rounded="2xl"
                borderWidth="1px"
                bg="bg"
                shadow="xs"
                data-testid="testimonial"
              >
                <HStack justify="space-between">
                  <DirectionalIcon asChild color="brand.emphasized" boxSize="8">
                    <Quote aria-hidden />
                  </DirectionalIcon>
                  <HStack gap="0.5" color="accent.solid" role="img" aria-label={t`Rated 5 out of 5`}>
                    {Array.from({ length: 5 }, (_, index) => (
                      <Star key={index} size={18} fill="currentColor" aria-hidden />
                    ))}
                  </HStack>
                </HStack>
                <Box as="blockquote" flex="1">
                  <Text fontSize="md" lineHeight="1.8">
                    {testimonial.quote}
                  </Text>
                </Box>
                <HStack gap="3">
                  <Circle size="10" bg="brand.subtle" color="brand.fg" fontWeight="bold" aria-hidden>
                    {testimonial.name.charAt(0)}
                  </Circle>
                  <Stack gap="0">
                    <Text fontWeight="bold">{testimonial.name}</Text>
                    <Text fontSize="sm" color="fg.muted">
                      {testimonial.city} · {testimonial.test}
                    </Text>
                  </Stack>
                </HStack>
              </Stack>
            ))}
          </SimpleGrid>
        </Stack>
      </Container>
    </Box>
  );
}
