/**
 * Text of the Privacy & Cookie Policy, the Web Accessibility statement and the
 * terms placeholder (spec §2 'Legal and other pages'; §9: policy dated March 18, 2022).
 *
 * The text is data, not markup: paragraphs and lists made of plain strings and a
 * few inline pieces (a link to the firm's email, an outside link, an internal
 * link, emphasis). The firm's name and email come from site.ts, so the pages
 * rebrand with it; the outside policy and standard addresses live here.
 */
import { paths } from '../paths';
import { episodes } from './episodes';
import { firm } from './site';

export type Inline =
  | string
  | { kind: 'email'; subject?: string; label?: string }
  | { kind: 'external'; href: string; label: string }
  | { kind: 'internal'; to: string; label: string }
  | { kind: 'strong'; text: string };

export type Block =
  | { kind: 'paragraph'; content: Inline[] }
  | { kind: 'list'; items: Inline[][] }
  | { kind: 'terms'; items: { term: string; content: Inline[] }[] }
  /** A highlighted box for the one instruction a reader most needs from a section. */
  | { kind: 'callout'; content: Inline[] };

export interface LegalSection {
  /** Anchor id, used by the table of contents. */
  id: string;
  heading: string;
  blocks: Block[];
}

export interface LegalDocument {
  title: string;
  eyebrow: string;
  intro: string;
  /** The date line under the title, e.g. 'Last updated: March 18, 2022'. */
  date: { label: string; iso: string; text: string };
  /** 'At a glance' points shown before the full text. */
  summary?: Inline[][];
  sections: LegalSection[];
}

/** Outside addresses the legal pages cite. */
export const legalUrls = {
  googlePrivacy: 'https://policies.google.com/privacy',
  youtubePrivacyEnhancedMode: 'https://support.google.com/youtube/answer/171780',
  spotifyPrivacy: 'https://www.spotify.com/legal/privacy-policy/',
  wcag22: 'https://www.w3.org/TR/WCAG22/',
} as const;

/** The subject line that asks us to remove an address from the newsletter. */
export const UNSUBSCRIBE_SUBJECT = 'UNSUBSCRIBE';

const p = (...content: Inline[]): Block => ({ kind: 'paragraph', content });
const list = (...items: Inline[][]): Block => ({ kind: 'list', items });
const callout = (...content: Inline[]): Block => ({ kind: 'callout', content });
const terms = (...items: { term: string; content: Inline[] }[]): Block => ({ kind: 'terms', items });
const email = (subject?: string, label?: string): Inline => ({ kind: 'email', subject, label });
const strong = (text: string): Inline => ({ kind: 'strong', text });
const external = (label: string, href: string): Inline => ({ kind: 'external', href, label });
const internal = (label: string, to: string): Inline => ({ kind: 'internal', to, label });

export const privacyPolicy: LegalDocument = {
  title: 'Privacy & Cookie Policy',
  eyebrow: 'Legal',
  intro: `What personal data ${firm.name} collects through this website, why we collect it, and the choices you have.`,
  date: { label: 'Last updated', iso: '2022-03-18', text: 'March 18, 2022' },
  summary: [
    ['We collect your email address only if you subscribe to our newsletter.'],
    ['Our server keeps short-lived technical logs to run and protect the site.'],
    ['Our pages set no tracking, analytics or advertising cookies.'],
    ['We do not sell or lease your personal data to anyone.'],
  ],
  sections: [
    {
      id: 'who-we-are',
      heading: 'Who We Are',
      blocks: [
        p(
          `This website is operated by ${firm.name} (“we”, “us”, “our”). We are responsible for the personal data ` +
            'described in this policy. You can reach us about anything in it at ',
          email(),
          '.',
        ),
      ],
    },
    {
      id: 'information-we-collect',
      heading: 'Information We Collect',
      blocks: [
        p(
          'We collect as little as we can. The site has no accounts, no sign-in and no contact form, so personal data ' +
            'reaches us in only three ways:',
        ),
        terms(
          {
            term: 'Newsletter sign-up',
            content: ['If you subscribe, we collect the email address you enter. We ask for nothing else.'],
          },
          {
            term: 'Server logs',
            content: [
              'Like most websites, our server records each request it receives: your IP address, the page or file ' +
                'requested, the date and time, and the response status. The logs do not include cookies or the other ' +
                'headers your browser sends.',
            ],
          },
          {
            term: 'Emails you send us',
            content: ['If you write to us, we receive your email address, your message and anything you choose to include.'],
          },
        ),
        p(
          'Please do not send account numbers, tax identification numbers or other sensitive financial details by email. ' +
            'If we need them to work with you, we will arrange a secure way to share them.',
        ),
      ],
    },
    {
      id: 'how-we-use-it',
      heading: 'How We Use Your Information',
      blocks: [
        list(
          ['To send the newsletter you asked for: growth tips and news about our services, podcast and events.'],
          ['To answer your emails and, when you ask, to arrange a consultation.'],
          ['To keep the site running and secure: diagnosing errors, understanding load and detecting abuse such as automated attacks.'],
          ['To meet our legal and regulatory obligations, including the record-keeping rules that apply to investment advisers.'],
        ),
        p(
          'Where data-protection law requires a legal basis, we rely on your consent for the newsletter, which you can ' +
            'withdraw at any time, and on our legitimate interest in operating a secure website and replying to you for ' +
            'server logs and correspondence.',
        ),
      ],
    },
    {
      id: 'we-do-not-sell-your-data',
      heading: 'We Do Not Sell Your Data',
      blocks: [
        p(
          strong('We do not sell, lease or rent your personal data'),
          ', and we do not share it with anyone for their own marketing. We share it only with the service providers ' +
            'described below, who act on our behalf, or where the law requires us to disclose it.',
        ),
      ],
    },
    {
      id: 'service-providers',
      heading: 'Service Providers',
      blocks: [
        p('We use a small number of providers, each bound by contract to use your data only to provide their service to us:'),
        list(
          ['Our email-marketing provider, which stores subscriber addresses and delivers the newsletter.'],
          ['Our hosting provider, which runs the web server and stores its logs.'],
          ['Our email provider, which carries the messages you send us and our replies.'],
          [
            'The online scheduling service we use to book consultations. When you follow a “Schedule a Consultation” ' +
              'link you leave our site, and the scheduler’s own privacy policy applies to the details you give it.',
          ],
        ),
      ],
    },
    {
      id: 'cookies',
      heading: 'Cookies',
      blocks: [
        p(
          'Cookies are small text files that a website can store in your browser. ',
          strong('Our own pages do not set tracking, analytics or advertising cookies'),
          ', and we do not use tracking pixels, fingerprinting or similar techniques. That is why you will not see a ' +
            'cookie banner on this site.',
        ),
        p(
          'The only cookies you may receive while using the site come from the embedded players described in the next ' +
            'section, and only on the episode pages that include them. You can block or delete cookies in your browser ' +
            'settings at any time; doing so does not affect how our own pages work.',
        ),
        p(
          'To return you to the same place on a page when you use your browser’s Back button, the site keeps the ' +
            'scroll position of pages you visited in your browser’s session storage. It never leaves your browser, ' +
            'is not sent to us, and is deleted when you close the tab.',
        ),
      ],
    },
    {
      id: 'embedded-players',
      heading: 'Embedded Players and Links to Other Sites',
      blocks: [
        p(
          'Some podcast episode pages include a video or audio player provided by YouTube (part of Google) or Spotify. ' +
            'The player loads from the provider’s servers when you open the page, so the provider receives your IP ' +
            'address and technical information about your browser, and it may set cookies or use similar storage, ' +
            'particularly once you press play. The provider’s use of that information is governed by its own policy: ',
          external('Google Privacy Policy', legalUrls.googlePrivacy),
          ' and ',
          external('Spotify Privacy Policy', legalUrls.spotifyPrivacy),
          '.',
        ),
        p(
          'We embed YouTube videos in ',
          external('privacy-enhanced mode', legalUrls.youtubePrivacyEnhancedMode),
          ', in which YouTube does not store information about visitors to our pages unless they play the video. If ' +
            'you prefer not to load these players at all, every episode is also available directly in the podcast app ' +
            'or video platform of your choice.',
        ),
        p(
          'Press articles, podcast platforms, social networks and the scheduler are other websites with their own ' +
            'privacy policies. Our links to them open in a new tab and ask your browser not to tell them which of our ' +
            'pages you came from.',
        ),
      ],
    },
    {
      id: 'do-not-track',
      heading: 'Do Not Track Signals',
      blocks: [
        p(
          'Some browsers can send a “Do Not Track” (DNT) signal to the websites you visit. ',
          strong('Our site ignores Do Not Track signals'),
          ', and we want to be straightforward about why. There is no agreed standard for what a website should do when ' +
            'it receives one: the industry effort to define it was abandoned, and the W3C closed its Tracking ' +
            'Protection Working Group in 2019 without a standard that sites could follow.',
        ),
        p(
          'Just as important, our own pages do not track you across other websites, so the signal would have nothing ' +
            'to switch off. Embedded players from YouTube and Spotify handle the signal, or do not, according to their ' +
            'own policies.',
        ),
      ],
    },
    {
      id: 'how-long-we-keep-data',
      heading: 'How Long We Keep Data',
      blocks: [
        terms(
          {
            term: 'Newsletter',
            content: [
              'Your email address is kept until you unsubscribe. After that we keep it only on a suppression list, so we ' +
                'do not email you again by mistake.',
            ],
          },
          {
            term: 'Server logs',
            content: ['Deleted after 30 days, unless we need them longer to investigate a specific security incident.'],
          },
          {
            term: 'Correspondence',
            content: [
              'Kept as long as we need it to deal with your request, and longer where the record-keeping rules for ' +
                'investment advisers require it, generally five years.',
            ],
          },
        ),
      ],
    },
    {
      id: 'unsubscribing',
      heading: 'Unsubscribing',
      blocks: [
        p(
          'You can stop receiving the newsletter at any time. Send an email from the address you subscribed with to ',
          email(),
          ' with the word ',
          strong(UNSUBSCRIBE_SUBJECT),
          ' in the subject line.',
        ),
        callout(email(UNSUBSCRIBE_SUBJECT, 'Email us to unsubscribe')),
        p('We will remove your address from the mailing list promptly, and in any case within 10 business days.'),
      ],
    },
    {
      id: 'your-rights',
      heading: 'Your Rights',
      blocks: [
        p('Depending on where you live, you may have the right to:'),
        list(
          ['ask for a copy of the personal data we hold about you;'],
          ['ask us to correct data that is inaccurate or incomplete;'],
          ['ask us to delete your data, unless the law requires us to keep it;'],
          ['object to, or ask us to restrict, how we use your data;'],
          ['receive your data in a portable format; and'],
          ['withdraw your consent at any time, without affecting anything we did before you withdrew it.'],
        ),
        p(
          'To exercise any of these rights, email ',
          email(),
          '. We will reply within one month. We may need to confirm that the request comes from you, and we will not ' +
            'charge a fee or treat you differently for exercising your rights. If you are in the European Economic Area ' +
            'or the United Kingdom, you may also complain to your local data-protection authority. California residents: ' +
            'we do not sell or share personal information as those terms are defined in California law.',
        ),
      ],
    },
    {
      id: 'security',
      heading: 'How We Protect Your Data',
      blocks: [
        p(
          'The site is served over encrypted connections, our server sends strict security headers, and access to ' +
            'subscriber lists and logs is limited to the people who need it. No method of transmission or storage is ' +
            'completely secure, but we work to protect your data and will notify you, and the authorities where the law ' +
            'requires, if a breach affects it.',
        ),
      ],
    },
    {
      id: 'where-data-is-processed',
      heading: 'Where Data Is Processed',
      blocks: [
        p(
          'We are based in the United States, and our service providers may process data in the United States. Where ' +
            'we receive data from the European Economic Area or the United Kingdom, we rely on recognized safeguards, ' +
            'such as standard contractual clauses, for the transfer.',
        ),
      ],
    },
    {
      id: 'children',
      heading: 'Children',
      blocks: [
        p(
          'This site is written for professionals and adults. It is not directed to children under 16, and we do not ' +
            'knowingly collect their personal data. If you believe a child has sent us personal data, contact us and we ' +
            'will delete it.',
        ),
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to This Policy',
      blocks: [
        p(
          'We will post any change to this policy on this page and update the date at the top. If a change materially ' +
            'affects how we use data we already hold, we will tell newsletter subscribers by email before it takes effect.',
        ),
      ],
    },
    {
      id: 'contact-us',
      heading: 'Contact Us',
      blocks: [
        p('Questions about this policy or about your data are welcome at ', email(), '.'),
        p('See also our ', internal('Web Accessibility statement', paths.accessibility), '.'),
      ],
    },
  ],
};

/** Episodes still without a transcript, newest first: read from the episode data, so the statement cannot go stale. */
const episodesWithoutTranscript = episodes.filter((episode) => !episode.transcript?.length);

const accessibilityStatementDate = { label: 'Statement date', iso: '2025-06-16', text: 'June 16, 2025' };

export const accessibilityStatement: LegalDocument = {
  title: 'Web Accessibility Statement',
  eyebrow: 'Accessibility',
  intro:
    `${firm.name} wants everyone, including people with disabilities, to be able to read, watch and listen to ` +
    'everything we publish.',
  date: accessibilityStatementDate,
  sections: [
    {
      id: 'commitment',
      heading: 'Our Commitment',
      blocks: [
        p(
          'We want this website to work for as many people as possible, whatever device, browser or assistive ' +
            'technology they use. That includes people who navigate by keyboard or switch, use a screen reader or ' +
            'magnifier, rely on captions, or are sensitive to motion. Accessibility is part of how we design, write and ' +
            'test every page, not a check at the end.',
        ),
      ],
    },
    {
      id: 'conformance-status',
      heading: 'Conformance Status',
      blocks: [
        p(
          'The ',
          external('Web Content Accessibility Guidelines (WCAG) 2.2', legalUrls.wcag22),
          ' describe how to make web content more accessible. ',
          strong('Our target is conformance with WCAG 2.2 level AA.'),
        ),
        p(
          'We consider the site partially conformant with WCAG 2.2 level AA: our own pages are designed and tested to ' +
            'meet it, but some content we embed or link to, described under Known Limitations below, does not yet fully ' +
            'conform.',
        ),
      ],
    },
    {
      id: 'measures',
      heading: 'Measures We Take',
      blocks: [
        terms(
          {
            term: 'Semantic structure',
            content: [
              'Pages use real headings, landmarks and lists. Each page has its own title and a “Skip to main content” link.',
            ],
          },
          {
            term: 'Page changes announced',
            content: [
              'When you follow a link to another page of the site, keyboard focus moves to the new page’s main heading ' +
                'and screen readers announce its title, as they would for a full page load. The new page starts at its ' +
                'top; Back and Forward return you to where you were.',
            ],
          },
          {
            term: 'Keyboard access',
            content: [
              'Everything you can do with a mouse you can do with a keyboard, in a logical order, including the mobile ' +
                'menu (Escape closes it and returns you to its button), the episode pagination, transcripts and the ' +
                'buttons that pause moving content.',
            ],
          },
          {
            term: 'Visible focus',
            content: [
              'A clear, high-contrast outline shows where keyboard focus is at all times, and the navigation bar at ' +
                'the top of the screen never covers the element that has focus.',
            ],
          },
          {
            term: 'Color contrast',
            content: [
              'Text meets a contrast ratio of at least 4.5:1 against its background (3:1 for large text), and color is ' +
                'never the only way information is conveyed.',
            ],
          },
          {
            term: 'Resizing and reflow',
            content: [
              'Text can be enlarged, and pages reflow to a single column without horizontal scrolling at 320 pixels ' +
                'wide, which is a desktop browser zoomed to 400%. Wider line, letter and word spacing set by your own ' +
                'style sheet or extension does not cut text off.',
            ],
          },
          {
            term: 'Target size',
            content: ['Buttons and links other than those inside sentences are at least 24 by 24 pixels.'],
          },
          {
            term: 'High contrast modes',
            content: [
              'In Windows High Contrast and other forced-color modes, focus outlines, buttons, the current page in the ' +
                'menu and the pagination, badges and icons stay visible.',
            ],
          },
          {
            term: 'Links and forms',
            content: [
              'Links that open a new tab say so to screen-reader users, and embedded players have titles. Form fields ' +
                'have visible labels; the newsletter form’s messages are announced without moving your focus, and an ' +
                'error returns you to the email field, which is described by the error.',
            ],
          },
          {
            term: 'Captions and transcripts',
            content: [
              'New video episodes are published with captions. Episodes with a written transcript show it under a ' +
                '“Transcript” heading on the episode page, folded away until you open it; your browser’s find-in-page ' +
                'searches it too. Any transcript not yet online is available on request.',
            ],
          },
          {
            term: 'Reduced motion',
            content: [
              'If your device asks for reduced motion, animations and smooth scrolling are switched off and background ' +
                'videos start paused. The scrolling strip of publication logos also stops while the pointer is over it ' +
                'or keyboard focus is inside it, and it has its own pause button.',
            ],
          },
          {
            term: 'Pausable background video',
            content: [
              'Decorative background videos are muted, carry no information, and have a visible button to pause them at ' +
                'any time.',
            ],
          },
        ),
      ],
    },
    {
      id: 'known-limitations',
      heading: 'Known Limitations',
      blocks: [
        p('Despite our efforts, some content is not yet fully accessible. We know about the following:'),
        terms(
          {
            term: 'Third-party media players',
            content: [
              'Video and audio players on episode pages are provided by YouTube and Spotify. Their controls, captions ' +
                'and keyboard behavior are outside our control. Every episode page also links to the episode on the ' +
                'provider’s own site, which may work better with your assistive technology.',
            ],
          },
          {
            term: 'Episodes without transcripts',
            content: [
              `${episodesWithoutTranscript.length} of our ${episodes.length} episodes do not yet have a transcript on ` +
                'the site, and some older ones have no reviewed captions. They are listed below. We are adding ' +
                'transcripts and will prioritize any episode you ask for; until then we will email you one on request.',
            ],
          },
          {
            term: 'Background video before the page has loaded',
            content: [
              'On a slow connection, a background video can start for a moment before the page’s script has loaded and ' +
                'paused it for visitors who ask for reduced motion.',
            ],
          },
          {
            term: 'Decorative background videos',
            content: [
              'The background videos on the home and podcast pages have no audio description because they convey no ' +
                'information. They can be paused, and they start paused when reduced motion is requested.',
            ],
          },
          {
            term: 'External articles',
            content: ['Press articles we link to are published on other websites whose accessibility we cannot control.'],
          },
        ),
        p(strong('Episodes still without a transcript:')),
        list(...episodesWithoutTranscript.map((episode) => [internal(episode.title, paths.episode(episode.id))])),
      ],
    },
    {
      id: 'report-a-barrier',
      heading: 'Report a Barrier',
      blocks: [
        p(
          'If you find a barrier on this site, or something that could work better, please tell us. Email ',
          email('Accessibility feedback'),
          ' and include, if you can:',
        ),
        list(
          ['the address of the page;'],
          ['what you were trying to do and what happened instead; and'],
          ['the browser and any assistive technology you were using.'],
        ),
        callout(
          strong('We will reply within 2 business days'),
          ' and aim to fix the problem, or offer an accessible alternative, within 10 business days.',
        ),
      ],
    },
    {
      id: 'alternative-formats',
      heading: 'Alternative Formats',
      blocks: [
        p(
          'If you need anything on this site in another format, such as plain text, large print, an audio recording or ' +
            'an episode transcript, email ',
          email('Alternative format request'),
          ' and tell us what works for you. There is no charge. If you would rather talk, ask for a call and we will ' +
            'arrange one at a time that suits you.',
        ),
      ],
    },
    {
      id: 'compatibility',
      heading: 'Compatibility',
      blocks: [
        p(
          'The site is built with HTML, CSS and JavaScript, and its pages can be read without JavaScript. It is designed ' +
            'to work with current versions of major browsers, including Chrome, Edge, Firefox and Safari, and with ' +
            'common screen readers such as NVDA, JAWS, VoiceOver and TalkBack.',
        ),
      ],
    },
    {
      id: 'assessment',
      heading: 'How We Assess the Site',
      blocks: [
        p(
          'We assess the site through self-evaluation: automated checks and browser tests run with every change, and ' +
            'manual reviews with keyboard only, screen magnification and screen readers before major releases.',
        ),
      ],
    },
    {
      id: 'about-this-statement',
      heading: 'About This Statement',
      blocks: [
        p(
          `This statement was prepared on ${accessibilityStatementDate.text}. We review it at least once a year and ` +
            'whenever the site changes significantly. Our ',
          internal('Privacy & Cookie Policy', paths.privacy),
          ' explains how we handle any personal data you send us.',
        ),
      ],
    },
  ],
};

export const termsPlaceholder = {
  title: 'Terms of Service',
  eyebrow: 'Legal',
  intro: 'The terms that govern the use of this website and its content.',
  heading: 'Coming soon',
  text: 'Our terms of service will be available soon. We are finalizing them now and will publish them on this page.',
  contactPrompt: 'Questions in the meantime? Write to us at',
  relatedPrompt: 'You may also want to read:',
} as const;
