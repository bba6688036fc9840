import { HowItWorks } from './how-it-works.tsx';
import { LabCallToAction } from './lab-call-to-action.tsx';
import { MarketingClaims } from './marketing-claims.tsx';
import { Testimonials } from './testimonials.tsx';
import { WhyChooseUs } from './why-choose-us.tsx';

/** The home page's sections below the search and the categories (spec §2, Home). */
export function HomeMarketing() {
  return (
    <>
      <HowItWorks />
      <MarketingClaims />
      <WhyChooseUs />
      <Testimonials />
      <LabCallToAction />
    </>
  );
}
