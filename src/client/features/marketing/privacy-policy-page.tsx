import { Trans, useLingui } from '@lingui/react/macro';
import { PRIVACY_VERSION } from '../../../shared/legal.ts';
import { contactDetails } from '../../lib/contact-details.ts';
import { usePageMeta } from '../../lib/use-page-meta.ts';
import { ContactLink, LegalList, LegalPage, LegalParagraph, type LegalSection } from './legal-page.tsx';

export function PrivacyPolicyPage() {
  const { t } = useLingui();
  usePageMeta({
    title: t`Privacy Policy`,
    description: t`How Tahaleel collects, uses and protects your personal data and lab results under the Saudi Personal Data Protection Law.`,
  });
  const privacyEmail = <ContactLink href={`mailto:${contactDetails.privacyEmail}`}>{contactDetails.privacyEmail}</ContactLink>;
  const phone = <ContactLink href={contactDetails.phoneHref}>{contactDetails.phone}</ContactLink>;

  const sections: LegalSection[] = [
    {
      id: 'who-we-are',
      title: t`Who we are`,
      body: (
        <LegalParagraph>
          {t`Tahaleel is an online marketplace based in Riyadh that connects patients with licensed medical laboratories. Tahaleel is the controller of the personal data described in this policy. The lab that performs your test is a separate healthcare provider and is also responsible for the medical records it keeps under the health regulations that apply to it.`}
        </LegalParagraph>
      ),
    },
    {
      id: 'data-we-collect',
      title: t`Data we collect`,
      body: (
        <>
          <LegalParagraph>{t`We collect only what we need to provide the service:`}</LegalParagraph>
          <LegalList
            items={[
              t`Account data: your name, e-mail address, mobile number and password. The password is stored only in hashed form, never as plain text.`,
              t`Booking data: the tests you book, the lab, the appointment time, the price and the payment status.`,
              t`Health data: the results your lab uploads to your account and the tests you book. This is sensitive data and receives the extra protection described below.`,
              t`Location: your location, only when you allow it, to sort labs by distance while you search.`,
              t`Technical data: your IP address, browser type and session cookie, used to keep your account secure and to prevent abuse.`,
              t`Lab data: for lab accounts, the lab's name, licence number, address, working hours and contact details.`,
              t`Newsletter: your e-mail address and preferred language, if you subscribe.`,
            ]}
          />
        </>
      ),
    },
    {
      id: 'how-we-use-data',
      title: t`How we use your data`,
      body: (
        <>
          <LegalParagraph>{t`We use your personal data to:`}</LegalParagraph>
          <LegalList
            items={[
              t`create and manage your account and sign you in;`,
              t`show you labs and prices, take your bookings and send you confirmations and reminders;`,
              t`deliver your results from the lab to your account;`,
              t`answer your questions and handle complaints;`,
              t`protect the platform against fraud, abuse and unauthorised access;`,
              t`meet our legal and regulatory obligations;`,
              t`send you our newsletter, only if you have subscribed.`,
            ]}
          />
          <LegalParagraph>
            {t`We process your data on the basis of your consent, to perform our agreement with you, or to meet a legal obligation, as the law allows. We do not sell your personal data, and we never use your health data for advertising.`}
          </LegalParagraph>
        </>
      ),
    },
    {
      id: 'lab-results',
      title: t`How we protect your lab results`,
      body: (
        <>
          <LegalParagraph>
            {t`Lab results are health data, which the Personal Data Protection Law treats as sensitive. We protect them as follows:`}
          </LegalParagraph>
          <LegalList
            items={[
              t`Only three parties can open a result: you, the lab that performed the test, and authorised Tahaleel administrators when this is needed to support you or is required by law.`,
              t`Every access to a result is logged with who opened it and when, and we review these records.`,
              t`Results travel only over encrypted connections (HTTPS) and are never available through a public link.`,
              t`Result files are kept in protected storage and can be downloaded only after signing in.`,
              t`We do not share your results with employers, insurers or anyone else without your explicit consent, unless the law requires it.`,
            ]}
          />
        </>
      ),
    },
    {
      id: 'sharing',
      title: t`When we share data`,
      body: (
        <>
          <LegalParagraph>{t`We share personal data only when it is necessary:`}</LegalParagraph>
          <LegalList
            items={[
              t`with the lab you book, which receives your name, contact details and booking details so that it can serve you;`,
              t`with payment providers, to process the payments you make;`,
              t`with service providers such as hosting and e-mail, under contracts that oblige them to protect your data and use it only on our instructions;`,
              t`with the competent authorities, when a law, a court order or an official request requires it.`,
            ]}
          />
        </>
      ),
    },
    {
      id: 'storage-and-transfer',
      title: t`Where your data is kept`,
      body: (
        <LegalParagraph>
          {t`We aim to keep your personal data inside the Kingdom. If any of it is transferred outside the Kingdom, we do so only in the cases permitted by the Personal Data Protection Law and its regulations on transferring personal data abroad, and with the safeguards they require.`}
        </LegalParagraph>
      ),
    },
    {
      id: 'retention',
      title: t`How long we keep data`,
      body: (
        <>
          <LegalParagraph>
            {t`We keep your data while your account is active. When it is no longer needed, we destroy it or anonymise it so that it no longer identifies you. In particular:`}
          </LegalParagraph>
          <LegalList
            items={[
              t`Result files: kept, encrypted, while your account exists, so that you can download them again; erased at once when you delete your account.`,
              t`Bookings: kept while your account exists. When you delete it, they stay without your name or contact details, so that the labs' figures remain correct.`,
              t`Payments and tax invoices: kept for at least six years, as Saudi VAT rules require. When you delete your account, they are kept with your name removed.`,
              t`The record of who opened your results, and the audit log of what our staff do: kept for as long as the service runs, because they let anyone check later who saw health data and why. Nobody, not even us, can change or remove an entry. They hold an account number, role, time, network address and a staff member's reason, never your result; after you delete your account they no longer lead to your name.`,
              t`Your acceptance of the terms and of this policy (which version, and when): kept while your account exists, and deleted with it.`,
              t`Sessions: you are signed out after 14 days without activity, and 30 days after signing in at the latest.`,
            ]}
          />
          <LegalParagraph>
            {t`If you unsubscribe from the newsletter, we stop using your e-mail address for it straight away. Version of this policy: ${PRIVACY_VERSION}.`}
          </LegalParagraph>
        </>
      ),
    },
    {
      id: 'cookies',
      title: t`Cookies and local storage`,
      body: (
        <LegalParagraph>
          {t`We use only what the site needs to work: a secure session cookie that keeps you signed in, a cookie and a browser storage entry that remember your language, and browser storage for your carts. We do not use advertising or tracking cookies.`}
        </LegalParagraph>
      ),
    },
    {
      id: 'your-rights',
      title: t`Your rights`,
      body: (
        <>
          <LegalParagraph>{t`Under the Personal Data Protection Law, you have the right to:`}</LegalParagraph>
          <LegalList
            items={[
              t`be informed of how your personal data is collected and used;`,
              t`access your data and obtain a copy of it in a readable format;`,
              t`ask us to correct, complete or update your data;`,
              t`ask us to destroy data that we no longer need;`,
              t`withdraw your consent at any time, without affecting processing carried out before you withdrew it.`,
            ]}
          />
          <LegalParagraph>
            {t`In your account settings you can download a copy of all your data (Download my data), and delete your account yourself (Delete my account).`}
          </LegalParagraph>
          <LegalParagraph>
            <Trans>
              To use any of these rights, write to us at {privacyEmail}. We reply within 30 days. If you are not satisfied with our answer,
              you may file a complaint with the Saudi Data and Artificial Intelligence Authority (SDAIA).
            </Trans>
          </LegalParagraph>
        </>
      ),
    },
    {
      id: 'security',
      title: t`Security and data breaches`,
      body: (
        <LegalParagraph>
          {t`We protect your data with encryption in transit, hashed passwords, role-based access control, limits on repeated sign-in attempts and audit records. No system is entirely free of risk: if a breach affects your data, we will notify SDAIA within 72 hours of becoming aware of it, and inform you without undue delay if it may harm you.`}
        </LegalParagraph>
      ),
    },
    {
      id: 'children',
      title: t`Children`,
      body: (
        <LegalParagraph>
          {t`Accounts are for adults aged 18 or over. A parent or legal guardian may book tests for a child and is responsible for the child's data entered on the platform.`}
        </LegalParagraph>
      ),
    },
    {
      id: 'changes',
      title: t`Changes to this policy`,
      body: (
        <LegalParagraph>
          {t`We may update this policy when our services or the law change. We will publish the new version on this page with its date, and tell you by e-mail or on the site before any significant change takes effect.`}
        </LegalParagraph>
      ),
    },
    {
      id: 'contact',
      title: t`Contact us`,
      body: (
        <LegalParagraph>
          <Trans>
            For any question about this policy or your personal data, e-mail {privacyEmail} or call {phone}. Our address: King Fahd Road,
            Olaya, Riyadh, Kingdom of Saudi Arabia.
          </Trans>
        </LegalParagraph>
      ),
    },
  ];

  return (
    <LegalPage
      title={t`Privacy Policy`}
      intro={
        <>
          <LegalParagraph>
            {t`This Privacy Policy explains how Tahaleel collects, uses, shares and protects your personal data when you use our website and services to find, book and receive medical laboratory tests in the Kingdom of Saudi Arabia.`}
          </LegalParagraph>
          <LegalParagraph>
            {t`We process personal data in accordance with the Personal Data Protection Law, issued by Royal Decree No. (M/19) dated 9/2/1443H, and its Implementing Regulations, under the supervision of the Saudi Data and Artificial Intelligence Authority (SDAIA).`}
          </LegalParagraph>
        </>
      }
      sections={sections}
    />
  );
}
