/**
 * Content of the six service pages (spec §2, Service pages).
 * The firm's name comes from site.ts so the pages rebrand with it.
 */
import { firm } from './site';

export type ServiceSlug =
  | 'investment-management'
  | 'financial-planning'
  | 'retirement-planning'
  | 'estate-planning'
  | 'merger-advisory'
  | 'family-office';

/**
 * How a section lays out its items:
 * - cards: a grid of benefit cards (the default);
 * - paths: large side-by-side choices, each with a label, points and who it suits;
 * - steps: a numbered sequence that describes how a model works.
 */
export type ServiceSectionLayout = 'cards' | 'paths' | 'steps';

export interface ServiceItem {
  title: string;
  text: string;
  /** Small label above the title, such as 'Path 1' (paths layout). */
  label?: string;
  /** What the choice includes (paths layout). */
  points?: string[];
  /** Who the choice suits best (paths layout). */
  bestFor?: string;
}

export interface ServiceSection {
  /** Anchor id of the section; unique on its page. */
  id: string;
  heading: string;
  intro?: string;
  layout?: ServiceSectionLayout;
  items: ServiceItem[];
}

export interface ServicePageContent {
  title: string;
  heroTitle: string;
  heroText: string;
  /** The page's meta description; shorter than the hero text where that runs long. */
  metaDescription: string;
  sections: ServiceSection[];
  /** Regulatory small print shown before the closing block, when a page needs it. */
  disclosure?: string;
  closing: { heading: string; text: string };
}

export const servicePages: Record<ServiceSlug, ServicePageContent> = {
  'investment-management': {
    title: 'Investment Management',
    heroTitle: 'Investment Management for Accounting Practices',
    heroText:
      'Offer your clients disciplined, tax-aware portfolio management without building an investment department ' +
      'from scratch. Choose the path that fits your firm: advise under our registration, or launch an RIA of your own.',
    metaDescription:
      'Two paths to offering investment management: become an Investment Adviser Representative under our RIA, or launch your own RIA with our support.',
    sections: [
      {
        id: 'paths',
        heading: 'Two Paths to Offering Investment Management',
        intro:
          'Every practice starts from a different place. Some want to advise clients within months; others want to build ' +
          'an advisory business they own outright. We support both, and we will help you weigh them honestly.',
        layout: 'paths',
        items: [
          {
            label: 'Path 1',
            title: 'Become an IAR Under Our RIA',
            text:
              `Join ${firm.name} as an Investment Adviser Representative (IAR) and offer investment management under our ` +
              'registration. We carry the registration, the compliance program and the custodial relationships; you keep ' +
              'your client relationships and focus on advice.',
            points: [
              'Licensing guidance for the Series 65 exam, or a waiver through the CFP®, PFS or CFA designation where your state allows it',
              'Registration filed for you, with supervision and compliance reviews handled by our team',
              'Custodians, trading, model portfolios and client reporting available from your first account',
              'A revenue-sharing arrangement set out in writing before you begin',
            ],
            bestFor: 'Firms that want to start advising quickly without running a registered investment adviser of their own.',
          },
          {
            label: 'Path 2',
            title: 'Launch Your Own RIA',
            text:
              'Build a registered investment adviser under your own firm’s name, with full control of your brand, pricing ' +
              'and investment approach. We guide the formation and stay on as your support team after launch.',
            points: [
              'Form ADV, Form CRS where required, and registration with your state or the SEC',
              'Written compliance policies, a code of ethics and a books-and-records plan sized for a small firm',
              'Custodian selection, technology setup and a first-year compliance calendar',
              'Optional ongoing outsourced compliance and back-office support once you are registered',
            ],
            bestFor: 'Established practices that want full ownership of the advisory business and the long-term value it creates.',
          },
        ],
      },
      {
        id: 'support',
        heading: 'Support Behind Every Engagement',
        intro:
          'Whichever path you choose, you are not building alone. These resources come with the partnership, so your team ' +
          'can spend its time with clients instead of on infrastructure.',
        items: [
          {
            title: 'Compliance Oversight',
            text:
              'Annual reviews, advertising review, code-of-ethics reporting and regulatory filings, handled by specialists ' +
              'who understand how CPA firms work, including independence considerations for attest clients.',
          },
          {
            title: 'Integrated Technology',
            text:
              'Planning software, portfolio rebalancing, a client portal and performance reporting, connected to the ' +
              'custodian so account data flows without re-keying.',
          },
          {
            title: 'Model Portfolios',
            text:
              'Diversified, tax-aware models across a range of risk profiles, with a documented process and regular review ' +
              'by our investment committee. Use them as they are or as a starting point.',
          },
          {
            title: 'Practice Marketing',
            text:
              'Client letters, seminar material and pre-reviewed content that introduce advisory services to the clients ' +
              'you already serve, in a tone that protects the trust you have built.',
          },
          {
            title: 'Back-Office Operations',
            text:
              'Account opening, asset transfers, fee billing and trade support, so your staff stays focused on clients ' +
              'rather than paperwork.',
          },
          {
            title: 'Training and Coaching',
            text:
              'Onboarding for you and your team, regular case reviews, and practice-management coaching as your advisory ' +
              'relationships grow.',
          },
        ],
      },
      {
        id: 'who-we-work-with',
        heading: 'Who We Work With',
        intro: 'Our model is designed for professionals whose clients already trust them with the numbers.',
        items: [
          {
            title: 'CPAs and Accounting Firms',
            text:
              'Firms that want year-round advisory relationships beyond tax season, with a structure that respects ' +
              'professional standards and independence rules.',
          },
          {
            title: 'Tax Practices',
            text:
              'Enrolled agents and tax preparers who see each client’s full financial picture every year and want to act ' +
              'on what they see, not only report it.',
          },
          {
            title: 'Financial Advisors',
            text:
              'Independent advisors, including those leaving a broker-dealer, looking for a fiduciary platform and a ' +
              'partner that puts tax at the center of planning.',
          },
          {
            title: 'Solo Advisors and Small Teams',
            text:
              'Practitioners who want the compliance, technology and investment resources of a larger firm without giving ' +
              'up their independence or a personal client experience.',
          },
        ],
      },
    ],
    disclosure:
      `${firm.name} is a registered investment adviser. Registration does not imply a certain level of skill or training. ` +
      'Investing involves risk, including the possible loss of principal, and no strategy assures a profit or protects ' +
      'against loss. Licensing requirements and designation waivers vary by state.',
    closing: {
      heading: 'Ready to Choose Your Path?',
      text:
        'Tell us about your practice and your clients. We will walk through both paths, the licensing involved and a ' +
        'realistic timeline, so you can decide with the full picture.',
    },
  },

  'financial-planning': {
    title: 'Financial Planning',
    heroTitle: 'Financial Planning That Starts With the Numbers You Know',
    heroText:
      'Turn the tax return and cash-flow picture you already prepare into a living plan your clients return to every ' +
      'year, covering cash flow, goals and the risks that could derail them.',
    metaDescription:
      'Cash flow, goal-based and risk management planning that turns the numbers accounting practices already know into a written plan.',
    sections: [
      {
        id: 'cash-flow-planning',
        heading: 'Cash Flow Planning',
        intro: 'Every plan starts with how money moves through a household or a business.',
        items: [
          {
            title: 'Income and Spending Analysis',
            text:
              'A clear picture of where money comes from and where it goes, built from the returns and statements you ' +
              'already prepare rather than from guesswork.',
          },
          {
            title: 'Tax-Aware Savings Strategy',
            text:
              'Decide which dollars go to retirement accounts, health savings accounts, taxable savings or debt reduction, ' +
              'with the tax effect of each choice spelled out.',
          },
          {
            title: 'Reserves and Debt Management',
            text:
              'Right-sized emergency reserves and a prioritized plan for paying down or restructuring debt, including ' +
              'business lines of credit.',
          },
        ],
      },
      {
        id: 'goal-based-planning',
        heading: 'Goal-Based Planning',
        intro: 'Goals make the numbers personal, and give clients a reason to follow the plan.',
        items: [
          {
            title: 'Goals Defined and Prioritized',
            text:
              'We help clients put a cost and a date on what matters, from a home purchase to a sabbatical, and rank goals ' +
              'when resources compete.',
          },
          {
            title: 'Education Funding',
            text:
              '529 plans, Coverdell accounts and other approaches compared, with state tax benefits and financial-aid ' +
              'effects taken into account.',
          },
          {
            title: 'Business Owner Goals',
            text:
              'Plans that connect the business and the household: owner compensation, retirement plan design and an ' +
              'eventual exit or succession.',
          },
          {
            title: 'Annual Progress Reviews',
            text:
              'Yearly reviews that measure progress against each goal and adjust the plan as income, family and tax law ' +
              'change.',
          },
        ],
      },
      {
        id: 'risk-management-planning',
        heading: 'Risk Management Planning',
        intro: 'A good plan also asks what could go wrong, and who would be affected if it did.',
        items: [
          {
            title: 'Insurance Review',
            text:
              'An objective review of life, disability, long-term care and liability coverage that identifies gaps and ' +
              'overlaps, with no pressure to buy a particular product.',
          },
          {
            title: 'Protecting Earned Income',
            text:
              'Disability and key-person analysis for the earners and owners that a household or a business depends on ' +
              'most.',
          },
          {
            title: 'Business Continuity',
            text:
              'Buy-sell agreements and succession arrangements reviewed with the client’s attorney, so an owner’s death or ' +
              'disability does not become a crisis for the family or the firm.',
          },
        ],
      },
    ],
    closing: {
      heading: 'Bring Planning into Your Practice',
      text:
        'We will show you how financial planning fits alongside the tax and accounting work you already do, from the ' +
        'engagement letter to the first client meeting.',
    },
  },

  'retirement-planning': {
    title: 'Retirement Planning',
    heroTitle: 'Retirement Planning Before and After the Last Paycheck',
    heroText:
      'Help clients prepare for retirement and draw income from it with confidence, using tax strategy as the ' +
      'foundation of every decision.',
    metaDescription:
      'Pre-retirement and in-retirement planning: readiness projections, Roth conversions, Social Security timing, withdrawal sequencing and RMDs.',
    sections: [
      {
        id: 'pre-retirement',
        heading: 'Our Pre-Retirement Approach',
        intro: 'The decade before retirement is when the biggest, least reversible decisions are made.',
        items: [
          {
            title: 'Retirement Readiness Projection',
            text:
              'A year-by-year projection of savings, spending and taxes that shows whether the target date is realistic ' +
              'and which levers matter most.',
          },
          {
            title: 'Maximizing Tax-Advantaged Savings',
            text:
              'Catch-up contributions, Roth strategies where the plan allows them, and cash balance plans for high-earning ' +
              'business owners.',
          },
          {
            title: 'Roth Conversion Planning',
            text:
              'Identify lower-income years, often between retirement and required distributions, when converting pre-tax ' +
              'savings may reduce lifetime taxes.',
          },
          {
            title: 'Social Security and Pension Decisions',
            text:
              'Compare claiming ages and pension payout options for both spouses, with the survivor benefit kept firmly in ' +
              'view.',
          },
        ],
      },
      {
        id: 'in-retirement',
        heading: 'Our In-Retirement Approach',
        intro: 'Once the paychecks stop, the plan becomes an income strategy that has to work year after year.',
        items: [
          {
            title: 'Sustainable Income Strategy',
            text:
              'A withdrawal plan that matches spending to what the portfolio can support, reviewed every year against ' +
              'markets and actual spending.',
          },
          {
            title: 'Tax-Efficient Withdrawal Sequencing',
            text:
              'Decide which accounts to draw from and when, managing tax brackets, capital gains and Medicare premium ' +
              'surcharges together.',
          },
          {
            title: 'Required Minimum Distributions',
            text:
              'Plan distributions in advance and use qualified charitable distributions where giving is already part of ' +
              'the plan.',
          },
          {
            title: 'Healthcare and Long-Term Care',
            text:
              'Medicare enrollment timing, supplemental coverage choices and a realistic funding plan for long-term care.',
          },
        ],
      },
    ],
    closing: {
      heading: 'Plan the Years That Matter Most',
      text:
        'Let us help you guide clients through every stage of retirement, from the first projection to the first required ' +
        'distribution and beyond.',
    },
  },

  'estate-planning': {
    title: 'Estate Planning',
    heroTitle: 'Estate Planning That Protects What Families Build',
    heroText:
      'Coordinate wills, trusts and tax strategy with the attorneys your clients already trust, so the plan on paper ' +
      'matches the wealth it is meant to protect.',
    metaDescription:
      'Will and trust coordination, estate tax planning and legacy planning, delivered alongside each family’s estate attorney.',
    sections: [
      {
        id: 'will-and-trust-planning',
        heading: 'Will and Trust Planning',
        intro:
          'We work hand in hand with each family’s estate attorney. We do not draft legal documents; we make sure the ' +
          'documents and the finances tell the same story.',
        items: [
          {
            title: 'Estate Plan Review',
            text:
              'A plain-language summary of existing wills, trusts and powers of attorney that flags outdated provisions and ' +
              'missing documents for the attorney to address.',
          },
          {
            title: 'Beneficiary and Titling Alignment',
            text:
              'Retirement accounts, life insurance and property titles checked against the estate plan, since beneficiary ' +
              'designations generally pass outside a will.',
          },
          {
            title: 'Trust Funding and Trustee Support',
            text:
              'Help retitling assets into trusts, and ongoing support for trustees with investments, accounting and ' +
              'distributions.',
          },
        ],
      },
      {
        id: 'estate-tax-planning',
        heading: 'Estate Tax Planning',
        intro: 'Tax is where an accountant’s perspective adds the most to an estate plan.',
        items: [
          {
            title: 'Estate and Gift Tax Projection',
            text:
              'An estimate of potential federal and state estate tax exposure, updated as asset values and exemption ' +
              'amounts change.',
          },
          {
            title: 'Lifetime Gifting Strategies',
            text:
              'Annual exclusion gifts, direct payment of tuition and medical costs, and larger gifts timed and structured ' +
              'with the client’s attorney.',
          },
          {
            title: 'Income Tax and Basis Planning',
            text:
              'Weigh the income tax cost of lifetime gifts against the step-up in basis at death, so one tax is not traded ' +
              'for a larger one.',
          },
        ],
      },
      {
        id: 'legacy-planning',
        heading: 'Legacy Planning',
        intro: 'A legacy is more than an inheritance. It is the values and intentions behind it.',
        items: [
          {
            title: 'Charitable Giving',
            text:
              'Donor-advised funds, charitable remainder trusts and private foundations compared for flexibility, cost and ' +
              'tax effect.',
          },
          {
            title: 'Family Communication',
            text:
              'Facilitated family meetings and letters of wishes that explain the thinking behind the plan and reduce the ' +
              'chance of surprises and conflict.',
          },
          {
            title: 'Business Succession',
            text:
              'Plans for passing a family business to the next generation or selling it, coordinated with the estate and ' +
              'tax plan.',
          },
        ],
      },
    ],
    disclosure:
      `${firm.name} does not provide legal advice or draft legal documents. Estate planning services are delivered in ` +
      'coordination with each client’s own attorney.',
    closing: {
      heading: 'Protect the Legacy',
      text:
        'We will help you add estate coordination to the advice you already give, working alongside the attorneys your ' +
        'clients trust.',
    },
  },

  'merger-advisory': {
    title: 'Merger Advisory',
    heroTitle: 'Merger Advisory for Growing Practices',
    heroText:
      'Buy, sell or combine practices with a clear view of value, culture and client continuity, whether you are ' +
      'growing through acquisition or planning your own succession.',
    metaDescription:
      'Merger advisory for accounting and advisory practices: valuation, partner fit, deal structure, due diligence, client transition and succession.',
    sections: [
      {
        id: 'benefits',
        heading: 'What Merger Advisory Delivers',
        intro:
          'A practice transaction is one of the largest financial decisions an owner makes. We bring structure and ' +
          'objectivity to every stage, from the first conversation to the first year after closing.',
        items: [
          {
            title: 'Practice Valuation',
            text:
              'An independent view of what your practice is worth, based on recurring revenue, client demographics, service ' +
              'mix and profitability rather than a rule-of-thumb multiple.',
          },
          {
            title: 'Finding the Right Fit',
            text:
              'Help identifying and evaluating partners, buyers or targets whose culture, service philosophy and client base ' +
              'complement your own.',
          },
          {
            title: 'Deal Structure and Terms',
            text:
              'Purchase price, earn-outs, retention provisions and equity options compared, with the tax consequences of ' +
              'each structure modeled for both sides.',
          },
          {
            title: 'Due Diligence',
            text:
              'An organized review of financials, client concentration, staff agreements and compliance records, so there ' +
              'are no surprises after closing.',
          },
          {
            title: 'Client Transition and Retention',
            text:
              'A communication plan and personal introductions that carry client trust across to the combined firm.',
          },
          {
            title: 'Succession Planning',
            text:
              'A realistic timeline for owners who plan to step back, whether through an internal successor, a merger or an ' +
              'outside sale.',
          },
        ],
      },
    ],
    closing: {
      heading: 'Plan Your Next Move',
      text:
        'Talk to us before you sign a letter of intent. An early conversation about value and structure keeps more of ' +
        'your options open.',
    },
  },

  'family-office': {
    title: 'Family Office',
    heroTitle: 'Family Office Services, Delivered Virtually',
    heroText:
      'Give high-net-worth families one coordinated team for wealth, tax, estate and family matters, led by the ' +
      'adviser they already trust and without the overhead of a standalone office.',
    metaDescription:
      'Wealth management and family services delivered through a virtual family office model, coordinated by one trusted team.',
    sections: [
      {
        id: 'wealth-management',
        heading: 'Wealth Management Services',
        intro: 'The financial core of a family office: every asset, entity and decision seen as one picture.',
        items: [
          {
            title: 'Coordinated Investment Oversight',
            text:
              'One consolidated view of investments held across custodians, private holdings and real estate, guided by an ' +
              'investment policy that reflects the family’s goals.',
          },
          {
            title: 'Integrated Tax Planning',
            text:
              'Multi-year tax planning across individuals, trusts and family entities, prepared alongside the returns ' +
              'rather than after them.',
          },
          {
            title: 'Estate and Risk Coordination',
            text:
              'Estate documents, insurance and asset protection reviewed together, with the family’s attorneys and ' +
              'insurance advisers kept informed.',
          },
          {
            title: 'Philanthropy',
            text:
              'Giving strategy, donor-advised fund and foundation administration, and grant tracking aligned with the ' +
              'family’s values.',
          },
        ],
      },
      {
        id: 'family-services',
        heading: 'Family Services',
        intro: 'The practical and personal side of wealth, handled with the same care as the portfolio.',
        items: [
          {
            title: 'Household Administration',
            text:
              'Bill payment, payroll and tax filings for household staff, and secure document management, with clear ' +
              'monthly reporting.',
          },
          {
            title: 'Family Governance',
            text:
              'Family meetings, mission statements and decision-making frameworks that help several generations stay ' +
              'aligned.',
          },
          {
            title: 'Next-Generation Education',
            text:
              'Age-appropriate financial education that prepares heirs for responsibility before wealth passes to them.',
          },
          {
            title: 'Lifestyle Coordination',
            text:
              'Major purchases, property management and specialist services coordinated through a single point of contact.',
          },
        ],
      },
      {
        id: 'virtual-family-office',
        heading: 'The Virtual Family Office Model',
        intro:
          'A traditional single-family office needs dedicated staff and a substantial cost base. A virtual family office ' +
          'delivers the same coordination through a network of specialists, led by the adviser the family already knows.',
        layout: 'steps',
        items: [
          {
            title: 'Your Firm at the Center',
            text: 'The CPA or adviser who knows the family best leads the relationship and sets the agenda.',
          },
          {
            title: 'A Vetted Specialist Network',
            text:
              'Attorneys, insurance specialists, investment managers and other professionals join as needed, working from ' +
              'one shared plan.',
          },
          {
            title: 'One Plan, One Report',
            text:
              'Consolidated reporting and a regular meeting rhythm keep every specialist working from the same facts and ' +
              'priorities.',
          },
          {
            title: 'Scales With the Family',
            text: 'Services are added as needs grow, without the fixed overhead of a standalone office.',
          },
        ],
      },
    ],
    closing: {
      heading: 'Serve Families at a Higher Level',
      text:
        'Learn how a virtual family office can work inside your firm, and which of your client families it could serve ' +
        'first.',
    },
  },
};
