/**
 * Copy of the contact page (spec §2: header and footer; the form itself is not
 * shown). The firm's name, email and outside URLs come from site.ts, so the
 * page rebrands with it.
 */
import { paths } from '../paths';
import type { Inline } from './legal';
import { firm, podcast } from './site';

/** The closing line for visitors not ready to get in touch yet. */
const learnFirst: Inline[] = [
  { kind: 'strong', text: 'Not ready to talk yet?' },
  ' Listen to ',
  { kind: 'internal', to: paths.podcast, label: podcast.name },
  ' or read our ',
  { kind: 'internal', to: paths.press, label: 'press and publications' },
  '.',
];

export const contactPage = {
  title: 'Contact',
  heroTitle: 'Contact Us',
  eyebrow: 'Get in Touch',
  metaDescription: `Schedule a consultation with ${firm.name} or email ${firm.email}. Here is what happens after you get in touch.`,
  intro:
    'Whether you are weighing an IAR role, planning an RIA of your own or looking for help with a complex client, ' +
    'the first step is a conversation.',
  schedule: {
    heading: 'Schedule a Consultation',
    text: 'Pick a time that suits you for a 30-minute introductory call with our team. There is no cost and no obligation.',
    note: 'Booking opens our online scheduler in a new tab.',
  },
  email: {
    heading: 'Email Us',
    text: 'Prefer to write? Tell us about your practice and what you are looking for. We reply within two business days.',
    note: 'Please do not send account numbers or other sensitive financial details by email.',
  },
  next: {
    heading: 'What Happens Next',
    intro: 'A clear, unhurried process, so you always know where things stand.',
    steps: [
      {
        title: 'A conversation about your practice',
        text: 'On the first call we learn about your firm, your clients and what you want advisory services to do for them. No preparation is needed.',
      },
      {
        title: 'A recommendation in writing',
        text: 'Within a week we send a short summary of the options that fit: which services to add, and whether our RIA or an RIA of your own makes more sense.',
      },
      {
        title: 'A plan to get started',
        text: 'If you decide to go ahead, we agree a timeline covering licensing, compliance and onboarding, and introduce the team who will support you.',
      },
    ],
  },
  learnFirst,
} as const;
