import { Link as ChakraLink } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { contactDetails } from '../../lib/contact-details.ts';
import { usePageMeta } from '../../lib/use-page-meta.ts';
import { ContactLink, LegalList, LegalPage, LegalParagraph, type LegalSection } from './legal-page.tsx';

export function TermsPage() {
  const { t } = useLingui();
  usePageMeta({
    title: t`Terms & Conditions`,
    description: t`The terms for using Tahaleel to book lab tests: accounts, bookings, payment, cancellation and refunds, and the role of licensed labs.`,
  });
  const supportEmail = <ContactLink href={`mailto:${contactDetails.supportEmail}`}>{contactDetails.supportEmail}</ContactLink>;
  const phone = <ContactLink href={contactDetails.phoneHref}>{contactDetails.phone}</ContactLink>;

  const sections: LegalSection[] = [
    {
      id: 'definitions',
      title: t`Definitions`,
      body: (
        <LegalList
          items={[
            t`“Tahaleel”, “we” or “the platform”: the Tahaleel website and the services offered through it.`,
            t`“Lab”: a medical laboratory licensed in the Kingdom that offers its tests through the platform.`,
            t`“Customer” or “you”: anyone who uses the platform to book a test, including guests.`,
            t`“Booking”: a reservation of a test at a lab for a specific date and time.`,
          ]}
        />
      ),
    },
    {
      id: 'our-role',
      title: t`Our role`,
      body: (
        <>
          <LegalParagraph>
            {t`Tahaleel is a marketplace. We show labs, their tests, prices and available times, and take bookings on their behalf. We are not a laboratory or a healthcare provider: we do not collect samples, perform tests, interpret results or give medical advice.`}
          </LegalParagraph>
          <LegalParagraph>
            {t`Each lab is an independent healthcare provider licensed by the competent authorities in the Kingdom. The lab alone is responsible for collecting samples, for the quality and accuracy of its tests and reports, and for its staff.`}
          </LegalParagraph>
          <LegalParagraph>
            {t`Information on the platform does not replace a doctor. Discuss your results with a qualified physician. In an emergency, call 997 or go to the nearest emergency department.`}
          </LegalParagraph>
        </>
      ),
    },
    {
      id: 'accounts',
      title: t`Your account`,
      body: (
        <LegalList
          items={[
            t`You must be 18 or older to open an account. A parent or legal guardian may book tests for a child.`,
            t`Give accurate information and keep it up to date. A lab may refuse a booking if your details do not match your identity document.`,
            t`Keep your password confidential. You are responsible for activity on your account, and should tell us at once if you suspect misuse.`,
            t`Guests can book with a name and mobile number, and may later turn the guest account into a full account.`,
            t`We may suspend or close an account that breaks these terms or the law.`,
          ]}
        />
      ),
    },
    {
      id: 'labs',
      title: t`Labs on Tahaleel`,
      body: (
        <>
          <LegalParagraph>{t`A lab that joins the platform undertakes to:`}</LegalParagraph>
          <LegalList
            items={[
              t`hold a valid licence from the Ministry of Health and any other licence its work requires, and tell us at once if a licence is suspended or expires;`,
              t`publish accurate test names, prices that include VAT, and working hours, and honour confirmed bookings;`,
              t`upload results only for its own bookings, and protect patients' data in line with the Personal Data Protection Law and the health regulations;`,
              t`pay the plan fees and commissions shown on the pricing page.`,
            ]}
          />
          <LegalParagraph>
            {t`Every lab account is reviewed before it is listed, and we may suspend a lab that no longer meets these conditions.`}
          </LegalParagraph>
        </>
      ),
    },
    {
      id: 'bookings',
      title: t`Bookings`,
      body: (
        <>
          <LegalParagraph>
            {t`A booking is confirmed once it shows as confirmed in your account. Appointment times are shown in the lab's local time (Riyadh time).`}
          </LegalParagraph>
          <LegalParagraph>
            {t`Follow the preparation instructions for your test, such as fasting, and bring a valid identity document. The lab may postpone a test if the instructions were not followed.`}
          </LegalParagraph>
          <LegalParagraph>
            {t`Result times, such as 24 to 48 hours, are typical estimates and depend on the test and the lab.`}
          </LegalParagraph>
        </>
      ),
    },
    {
      id: 'prices-and-payment',
      title: t`Prices and payment`,
      body: (
        <LegalList
          items={[
            t`Prices are set by the labs, shown in Saudi riyals, and include value added tax (VAT) at 15%.`,
            t`You pay through the payment methods offered at checkout. We do not store your full card details.`,
            t`You receive an electronic receipt showing the VAT for every paid booking.`,
            t`Subscription plans are billed monthly at the price shown on the pricing page when you subscribe, and you can stop a paid plan before its next billing date.`,
          ]}
        />
      ),
    },
    {
      id: 'cancellation-and-refunds',
      title: t`Cancellation and refunds`,
      body: (
        <LegalList
          items={[
            t`You can cancel a booking free of charge from your dashboard up to 4 hours before the appointment.`,
            t`In the last 4 hours before the appointment a booking can no longer be cancelled, and a missed appointment may not be refunded unless the lab agrees otherwise.`,
            t`If the lab cancels or cannot perform the test, you can choose another time or receive a full refund.`,
            t`Refunds go back to the original payment method, usually within 14 working days depending on your bank.`,
          ]}
        />
      ),
    },
    {
      id: 'store',
      title: t`Store purchases`,
      body: (
        <LegalParagraph>
          {t`Products in the Tahaleel store, including merchandise and home test kits, are sold on the terms shown on each product page and at checkout. Your rights under the E-Commerce Law and the consumer protection regulations in the Kingdom are not affected.`}
        </LegalParagraph>
      ),
    },
    {
      id: 'acceptable-use',
      title: t`Acceptable use`,
      body: (
        <>
          <LegalParagraph>{t`You agree not to:`}</LegalParagraph>
          <LegalList
            items={[
              t`give false information, or book for someone else without their permission;`,
              t`post misleading reviews or ratings;`,
              t`copy, scrape or resell content or prices from the platform without our written permission;`,
              t`try to reach data that is not yours, or disrupt or overload the platform.`,
            ]}
          />
        </>
      ),
    },
    {
      id: 'intellectual-property',
      title: t`Intellectual property`,
      body: (
        <LegalParagraph>
          {t`The Tahaleel name, logo, design and content belong to us or to our licensors. You may use the platform for your own personal needs; any other use requires our written permission. Labs keep the rights to their own names and content.`}
        </LegalParagraph>
      ),
    },
    {
      id: 'liability',
      title: t`Limitation of liability`,
      body: (
        <LegalParagraph>
          {t`We work to keep the platform accurate and available, but we provide it as it is and cannot guarantee that it will always be free of errors or interruptions. To the extent permitted by law, we are not liable for the medical services provided by labs or for indirect losses. Nothing in these terms limits any liability that cannot be limited under the laws of the Kingdom.`}
        </LegalParagraph>
      ),
    },
    {
      id: 'privacy',
      title: t`Privacy`,
      body: (
        <LegalParagraph>
          <Trans>
            How we collect and protect your personal data, including your lab results, is described in our{' '}
            <ChakraLink asChild color="brand.fg" textDecoration="underline">
              <Link to="/privacy-policy">Privacy Policy</Link>
            </ChakraLink>
            , which forms part of these terms.
          </Trans>
        </LegalParagraph>
      ),
    },
    {
      id: 'changes',
      title: t`Changes to these terms`,
      body: (
        <LegalParagraph>
          {t`We may amend these terms from time to time. We will publish the updated version on this page with its date, and let you know of significant changes in advance. Continuing to use the platform after the changes take effect means you accept them.`}
        </LegalParagraph>
      ),
    },
    {
      id: 'governing-law',
      title: t`Governing law and disputes`,
      body: (
        <>
          <LegalParagraph>
            {t`These terms are governed by the laws of the Kingdom of Saudi Arabia. We will first try to settle any dispute amicably; if that fails, it will be referred to the competent courts in the Kingdom of Saudi Arabia.`}
          </LegalParagraph>
          <LegalParagraph>
            {t`These terms are published in Arabic and English. If the two versions differ, the Arabic version prevails.`}
          </LegalParagraph>
        </>
      ),
    },
    {
      id: 'contact',
      title: t`Contact us`,
      body: (
        <LegalParagraph>
          <Trans>
            For any question about these terms, e-mail {supportEmail} or call {phone}. Our address: King Fahd Road, Olaya, Riyadh, Kingdom
            of Saudi Arabia.
          </Trans>
        </LegalParagraph>
      ),
    },
  ];

  return (
    <LegalPage
      title={t`Terms & Conditions`}
      intro={
        <LegalParagraph>
          {t`These Terms and Conditions govern your use of Tahaleel, an online platform for finding, comparing and booking medical laboratory tests in the Kingdom of Saudi Arabia. By creating an account, booking a test or using the site, you agree to these terms. If you do not agree, please do not use the platform.`}
        </LegalParagraph>
      }
      sections={sections}
    />
  );
}
