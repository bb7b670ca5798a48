import { brand } from '@shared/config/brand.ts'

export interface LegalSection {
  heading: string
  paragraphs: string[]
  list?: string[]
}

export interface LegalDocument {
  title: string
  updated: string
  intro: string
  sections: LegalSection[]
}

export const privacyPolicy: LegalDocument = {
  title: 'Privacy Policy',
  updated: '1 November 2026',
  intro: `${brand.name} helps companies build and own tech teams in India. This policy explains what personal data this website collects, why, how long we keep it and how you can reach us about it. It covers this website only, not the services we provide under a client contract.`,
  sections: [
    {
      heading: 'What we collect',
      paragraphs: ['We only collect what you choose to send us:'],
      list: [
        'The request form at Get Started: your full name, email address, phone number, a description of your team requirements and the technology stack you are interested in.',
        'The newsletter sign-up on Resources: your email address.',
        'Technical data your browser sends with every request (IP address, browser type, the page requested), kept in our server logs.',
      ],
    },
    {
      heading: 'How We Count Visits',
      paragraphs: [
        'To learn which pages, posts and campaigns bring people to us, our own server counts page views. Nothing is sent to another company, no cookie is set and nothing is stored in your browser to recognise you later.',
        'To count a visitor once per day, the server combines your IP address and browser type with a random value that changes every day and keeps only a one-way summary of them. The random value is deleted when its day ends, after which the summary cannot be traced back to you or linked to another day. Your IP address and browser type themselves are not stored.',
        'With each counted visit we keep the page you arrived on, the website that linked to us (its name only, not the full address) and any campaign labels in the link (utm_source, utm_medium, utm_campaign). These daily records are deleted after 30 days; only totals per day are kept longer. If you send the request form, the same three facts about your visit are stored with your request, so we know which page or campaign brought it. Until then they stay in your browser tab (session storage) and are gone when you close it.',
        'We do not count search engines and other automated visitors, pages your browser loads in advance, or anyone whose browser sends a Do Not Track or Global Privacy Control signal. Only our editors can see the counts.',
      ],
    },
    {
      heading: 'Why we collect it',
      paragraphs: [
        'We use your request to reply to you, to prepare a proposal for your team and to send you a confirmation of what you submitted. Our legal basis is your request and our legitimate interest in answering it.',
        'We use your newsletter email only to send you the newsletter you asked for. Every newsletter has an unsubscribe option.',
        'Server logs help us keep the site secure and working. We do not use advertising trackers or sell personal data.',
      ],
    },
    {
      heading: 'Where it is stored',
      paragraphs: [
        'The request form also keeps a copy of your submission in your own browser (local storage), so nothing is lost if the connection drops. You can delete it at any time by clearing your browser data for this site.',
        'On our side, requests are stored in our database and delivered by email to our sales team. Our hosting and email providers process data on our behalf under data processing agreements.',
      ],
    },
    {
      heading: 'How long we keep it',
      paragraphs: [
        'Requests that do not lead to a contract are deleted 24 months after our last contact with you. Newsletter addresses are kept until you unsubscribe. Server logs are kept for 30 days.',
      ],
    },
    {
      heading: 'Your rights',
      paragraphs: [
        'You can ask us for a copy of your data, ask us to correct or delete it, object to its use, or withdraw your consent at any time. You can also complain to your local data protection authority.',
      ],
    },
    {
      heading: 'Contact',
      paragraphs: [
        `Write to ${brand.contactEmail} for any question about your data. We reply within 30 days.`,
      ],
    },
  ],
}

export const termsOfService: LegalDocument = {
  title: 'Terms of Service',
  updated: '1 November 2026',
  intro: `These terms apply when you use the ${brand.name} website. Services for clients are governed by a separate written agreement.`,
  sections: [
    {
      heading: 'Using this website',
      paragraphs: [
        'You may browse the site, read our resources and send us requests for your own business purposes. Do not misuse the site: no attempts to break its security, overload it, or submit other people’s data without their permission.',
      ],
    },
    {
      heading: 'Information on the site',
      paragraphs: [
        'We describe our services and typical results in good faith. Figures such as time to hire or team build time describe typical engagements; they are not a promise for a specific project. Commitments, prices and service levels are set only in a signed client agreement.',
        'The testimonials on the home page are samples: they illustrate the experience we aim for and do not quote real clients.',
      ],
    },
    {
      heading: 'Your requests',
      paragraphs: [
        'When you send the request form you confirm that the information is accurate and that you may share it. Sending a request does not create a contract. We handle your data as described in our Privacy Policy.',
      ],
    },
    {
      heading: 'Intellectual property',
      paragraphs: [
        `The content, design and brand of this site belong to ${brand.name}. You may quote short passages with a link to the source.`,
      ],
    },
    {
      heading: 'Liability',
      paragraphs: [
        'The site is provided as is. We are not liable for losses arising from the use of the site, except where the law does not allow this to be limited.',
      ],
    },
    {
      heading: 'Changes and contact',
      paragraphs: [
        `We may update these terms; the date above shows the latest version. Questions: ${brand.contactEmail}.`,
      ],
    },
  ],
}
