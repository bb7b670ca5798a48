export interface Faq {
  id: string
  question: string
  answer: string
}

/** The four FAQ entries of spec §2: build speed, outsourcing, talent quality, subsidiary timing. */
export const faqs: Faq[] = [
  {
    id: 'build-speed',
    question: 'How Quickly Can You Build My Team in India?',
    answer:
      'Our time to hire is 2 weeks instead of the usual 2 months, and a complete team is typically built in 4 to 6 weeks (one client had theirs in 4 weeks). You can start with a single employee and scale to a full centre at your own pace.',
  },
  {
    id: 'vs-outsourcing',
    question: 'How Is This Different from Outsourcing?',
    answer:
      'With outsourcing, the people belong to the vendor and work on your project. With us, the engineers are your team: they work only for you, join your rituals and tools, and the legal entity, devices and assets can transfer to you. You build a capability you own, not a contract you rent.',
  },
  {
    id: 'talent-quality',
    question: 'What Is the Quality of the Talent You Provide?',
    answer:
      'We give you access to the top 1% of tech talent. AI-assisted sourcing searches a database of over 10 million candidate profiles, and every candidate passes a first-round screening by a domain expert before you meet them.',
  },
  {
    id: 'subsidiary',
    question: 'When Should I Set Up My Own Subsidiary in India?',
    answer:
      'We advise setting up your own subsidiary once your team reaches 20 to 30 employees in India. Until then we act as your employer; when you are ready, we help you set it up and transfer your employees, devices and assets to it.',
  },
]
