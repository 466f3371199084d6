/** The three legal pages: their paths, titles and full text (Terms 7 sections, Privacy 7, Cookies 6). */
import { STUDIO_EMAIL } from "./links";

export interface LegalSection {
  heading: string;
  paragraphs: readonly string[];
}

export interface LegalPage {
  path: "/terms" | "/privacy" | "/cookies";
  title: string;
  lead: string;
  updated: string;
  sections: readonly LegalSection[];
}

const UPDATED = "1 November 2026";

export const terms: LegalPage = {
  path: "/terms",
  title: "Terms & Conditions",
  lead: "The terms on which Redbrick Studio provides design, development and printing services.",
  updated: UPDATED,
  sections: [
    {
      heading: "1. About these terms",
      paragraphs: [
        "These terms apply to every project Redbrick Studio (“we”, “us”) carries out for a client (“you”). Your written proposal sets out the scope, timeline and price; where it differs from these terms, the proposal wins.",
      ],
    },
    {
      heading: "2. Quotes and scope",
      paragraphs: [
        "Quotes are valid for 30 days. Work outside the agreed scope, such as extra pages or features, is quoted separately and only starts once you approve it in writing.",
      ],
    },
    {
      heading: "3. Payment",
      paragraphs: [
        "We ask for a 50% deposit up front before work begins. The remaining 50% is due on completion, before the website goes live or the final files are handed over.",
        "Invoices are payable within 14 days. All prices are in pounds sterling.",
      ],
    },
    {
      heading: "4. Your responsibilities",
      paragraphs: [
        "You provide content, feedback and approvals on time, and confirm you have the right to use any text, images or logos you send us. Delays in content or feedback may move the launch date.",
      ],
    },
    {
      heading: "5. Cancellation",
      paragraphs: [
        "Either party may cancel a project with 14 days' written notice. Work completed up to the end of the notice period is charged at the agreed rate; the deposit covers work already done and is not refundable once design has started.",
      ],
    },
    {
      heading: "6. Ownership and intellectual property",
      paragraphs: [
        "Rights in the designs, code and content we create for you transfer to you upon full payment. Until then they remain ours. We may show the finished work in our portfolio unless you ask us not to.",
      ],
    },
    {
      heading: "7. Liability and governing law",
      paragraphs: [
        "Our total liability for any project is limited to the fees you paid for it. We are not liable for indirect losses such as lost profits. These terms are governed by the law of England and Wales.",
      ],
    },
  ],
};

export const privacy: LegalPage = {
  path: "/privacy",
  title: "Privacy Policy",
  lead: "What personal data we collect through this website, why, and your rights under UK data protection law.",
  updated: UPDATED,
  sections: [
    {
      heading: "1. Who we are",
      paragraphs: [
        `Redbrick Studio is a web design studio in Manchester and the controller of the data described here. Contact us at ${STUDIO_EMAIL}.`,
      ],
    },
    {
      heading: "2. What we collect",
      paragraphs: [
        "When you use a form on this site we collect what you enter: your name, e-mail address and message, and for a redesign request your budget range, current website and project description. We also record the page the form was sent from and any campaign (UTM) tags in the link you followed.",
      ],
    },
    {
      heading: "3. Why we use it",
      paragraphs: [
        "We use your details to reply to your enquiry and, if you become a client, to deliver your project. Our lawful basis is our legitimate interest in answering enquiries, or the contract with you once work begins.",
      ],
    },
    {
      heading: "4. Who we share it with",
      paragraphs: [
        "We do not sell your data. It is stored with our hosting and e-mail providers, who process it only on our instructions and within the UK GDPR's safeguards.",
      ],
    },
    {
      heading: "5. How long we keep it",
      paragraphs: [
        "The message you send through a form on this site is kept as you sent it for 12 months, then deleted; it is deleted sooner if we delete the enquiry it started. Enquiries that do not lead to a project are deleted within 24 months. If you only book a call with us and do not go on to work with us, what you gave when booking is deleted 12 months after the call. Client records are kept for six years after a project ends, as UK accounting rules require.",
        "If you review a website preview with us, your comments and approvals are kept with your client record, and the address you approved from only as a one-way code.",
      ],
    },
    {
      heading: "6. Your rights",
      paragraphs: [
        "You can ask to see, correct or delete your data, object to how we use it, or ask us to restrict it. Write to us and we will reply within one month. You may also complain to the Information Commissioner's Office (ico.org.uk).",
      ],
    },
    {
      heading: "7. Changes to this policy",
      paragraphs: ["If we change this policy we will update this page and the date below."],
    },
  ],
};

export const cookies: LegalPage = {
  path: "/cookies",
  title: "Cookie Policy",
  lead: "Which cookies this website uses and why. In short: only the ones it needs to work.",
  updated: UPDATED,
  sections: [
    {
      heading: "1. What cookies are",
      paragraphs: ["Cookies are small text files a website stores in your browser so it can remember something between pages or visits."],
    },
    {
      heading: "2. Cookies we use",
      paragraphs: [
        "When a client unlocks a private preview we set one secure, HttpOnly cookie so the preview stays open for 12 hours without re-entering the code. Studio staff signing in to our internal tools receive a session cookie.",
      ],
    },
    {
      heading: "3. No tracking or advertising cookies",
      paragraphs: ["We do not use analytics, advertising or social media tracking cookies on this site."],
    },
    {
      heading: "4. Third-party links",
      paragraphs: [
        "Links to our booking page, WhatsApp, Instagram and LinkedIn take you to those services, which have their own cookie policies.",
      ],
    },
    {
      heading: "5. Managing cookies",
      paragraphs: [
        "You can block or delete cookies in your browser settings. If you block them, private previews will ask for the access code on each visit.",
      ],
    },
    {
      heading: "6. Contact",
      paragraphs: [`Questions about cookies? E-mail ${STUDIO_EMAIL}.`],
    },
  ],
};
