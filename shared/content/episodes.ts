/**
 * Episodes of The Advisory Edge Podcast (spec §3, site.md 'Data to write').
 * Static sample content, newest first. Ids are stable slugs used in /podcast/{id};
 * never change an id once published (the legacy blog address redirects to one of them).
 * Media kind is given by the flags: isSpotifyVideo (embedded Spotify video), else
 * isYouTube (11-character video id in listenUrl), else audio-only.
 */
import { transcripts } from './transcripts';
import type { Episode, VideoAsset } from './types';

const episodeList: readonly Episode[] = [
  {
    id: 'pricing-advisory-services-without-underselling-your-expertise-priya-natarajan',
    number: '',
    title: 'Pricing Advisory Services Without Underselling Your Expertise with Priya Natarajan',
    date: 'May 20, 2025',
    duration: '44 min',
    description:
      'Most accounting firms that add planning services price them the way they price tax work: by the hour, and too low. ' +
      'Priya Natarajan, who has helped more than sixty CPA firms redesign their fee schedules, walks Morgan through tiered retainers, project fees for one-off plans and how to present a price without apologising for it. ' +
      'They also discuss when an asset-based fee makes sense alongside a flat planning fee, and how to explain the difference to clients. ' +
      'If you have ever discounted a plan before the client even asked, start here.',
    image: '/media/episodes/cover-1.svg',
    listenUrl: 'https://www.youtube.com/watch?v=SUdXOb_7ZIg',
    isYouTube: true,
    isSpotifyVideo: false,
  },
  {
    id: 'virtual-family-office-explained-in-plain-english',
    number: '',
    title: 'The Virtual Family Office, Explained in Plain English',
    date: '',
    duration: '',
    description:
      'Morgan breaks down what a virtual family office actually is: a coordinated team of independent specialists, led by one quarterback, serving a family that is too complex for a single advisor but too small for a dedicated staff. ' +
      'He explains which roles the CPA is already playing without being paid for them, and which ones belong to outside partners such as estate attorneys and insurance specialists. ' +
      'The episode closes with a simple one-page map you can sketch for your own top twenty clients.',
    image: '/media/episodes/cover-2.svg',
    listenUrl: 'https://open.spotify.com/episode/kCFAVVFNVnuCegsLWJfwl2',
    isYouTube: false,
    isSpotifyVideo: true,
  },
  {
    id: 'tax-aware-investing-asset-location-after-return-is-filed-daniel-okafor',
    number: '',
    title: 'Tax-Aware Investing: Asset Location After the Return Is Filed with Daniel Okafor',
    date: 'April 22, 2025',
    duration: '47 min',
    description:
      'Daniel Okafor, a portfolio manager who works exclusively with CPA-led practices, explains why the tax return is the most underused document in portfolio construction. ' +
      'He and Morgan cover asset location across taxable, tax-deferred and Roth accounts, harvesting losses without tripping the wash-sale rule, and managing capital gains distributions from legacy mutual funds. ' +
      'Daniel also shares the three lines on Form 1040 he checks first when a new household comes on board.',
    image: '/media/episodes/cover-3.svg',
    listenUrl: 'https://podcasts.apple.com/us/podcast/the-advisory-edge/id1700000001?i=1000650000337',
    isYouTube: false,
    isSpotifyVideo: false,
  },
  {
    id: 'from-tax-season-to-year-round-advice-hannah-lindqvist',
    number: '',
    title: 'From Tax Season to Year-Round Advice with Hannah Lindqvist',
    date: '',
    duration: '',
    description:
      'Hannah Lindqvist spent twelve years running a busy tax practice before she realised her clients only heard from her between February and April. ' +
      'She tells Morgan how she restructured her calendar into quarterly planning touchpoints, which services she dropped to make room, and how her team reacted. ' +
      'Her practical advice on scheduling the first non-tax-season meeting is worth the listen on its own.',
    image: '/media/episodes/cover-4.svg',
    listenUrl: 'https://youtu.be/PfQVIXatP2Z',
    isYouTube: true,
    isSpotifyVideo: false,
  },
  {
    id: 'what-clients-actually-remember-designing-client-experience-marcus-bell',
    number: '',
    title: 'What Clients Actually Remember: Designing the Client Experience with Marcus Bell',
    date: 'March 18, 2025',
    duration: '42 min',
    description:
      'Clients rarely remember the allocation you recommended, but they remember how your office made them feel. ' +
      'Marcus Bell, a former hospitality executive who now consults for advisory firms, shares how to map every touchpoint from the first phone call to the annual review. ' +
      'He and Morgan talk about welcome packages, meeting agendas sent in advance, and the follow-up email that should go out within twenty-four hours. ' +
      'Small changes, Marcus argues, compound into referrals.',
    image: '/media/episodes/cover-5.svg',
    listenUrl: 'https://www.youtube.com/watch?v=yIJ5GSUyph3',
    isYouTube: true,
    isSpotifyVideo: false,
  },
  {
    id: 'ria-or-iar-choosing-right-path-for-your-firm',
    number: '',
    title: 'RIA or IAR? Choosing the Right Path for Your Firm',
    date: '',
    duration: '',
    description:
      'Should your firm register its own investment adviser or should your people become investment adviser representatives under an existing RIA? ' +
      'Morgan lays out the trade-offs in cost, control, compliance workload and speed to market. ' +
      'He explains what changes for a CPA firm once it is giving investment advice for a fee, and why many firms start under a partner RIA before deciding whether to build their own. ' +
      'A good primer before you talk to any platform or consultant.',
    image: '/media/episodes/cover-6.svg',
    listenUrl: 'https://open.spotify.com/episode/b4x8nxNuFtuw4GEo16Vu5J',
    isYouTube: false,
    isSpotifyVideo: false,
  },
  {
    id: 'three-questions-to-ask-before-your-first-wealth-management-hire',
    number: '',
    title: 'Three Questions to Ask Before Your First Wealth Management Hire',
    date: '',
    duration: '',
    description:
      'A short one from Morgan on the decision that keeps firm owners up at night: who to hire first when you add wealth management. ' +
      'Do you need a planner, a relationship manager or an operations person? ' +
      'Morgan offers three questions that usually make the answer obvious, and explains why the wrong first hire can stall a new advisory line for a year.',
    image: '/media/episodes/cover-1.svg',
    listenUrl: 'https://www.youtube.com/shorts/sc-NnmzE7gO',
    isYouTube: true,
    isSpotifyVideo: false,
  },
  {
    id: 'succession-planning-for-founder-who-isnt-ready-to-leave-elena-vasquez',
    number: '',
    title: "Succession Planning for the Founder Who Isn't Ready to Leave with Elena Vasquez",
    date: 'February 11, 2025',
    duration: '51 min',
    description:
      'Elena Vasquez has guided dozens of founders through the handover of their firms, and she says the hardest part is rarely the valuation. ' +
      'She and Morgan discuss phased transitions, internal buyers versus outside acquirers, and how to introduce the next generation of advisors to clients years before the founder steps back. ' +
      'Elena also explains why a written continuity plan is a regulatory expectation for advisers and a promise to clients, not just a business nicety.',
    image: '/media/episodes/cover-2.svg',
    listenUrl: 'https://open.spotify.com/episode/1xaN1eg9K9MqtLHQavzYAA',
    isYouTube: false,
    isSpotifyVideo: true,
  },
  {
    id: 'roth-conversions-in-gap-years-samuel-chen',
    number: '',
    title: 'Roth Conversions in the Gap Years with Samuel Chen',
    date: '',
    duration: '',
    description:
      'The years between retirement and required minimum distributions can be a rare window of low taxable income. ' +
      'Samuel Chen, a CPA and retirement income specialist, explains how to size partial Roth conversions year by year while watching Medicare premium surcharges and the taxation of Social Security benefits. ' +
      'He and Morgan work through a composite client case and discuss how to document the recommendation so the client understands why they are paying tax today.',
    image: '/media/episodes/cover-3.svg',
    listenUrl: 'https://podcasts.apple.com/us/podcast/the-advisory-edge/id1700000001?i=1000650000295',
    isYouTube: false,
    isSpotifyVideo: false,
  },
  {
    id: 'building-compliance-culture-in-small-ria-grace-adeyemi',
    number: '',
    title: 'Building a Compliance Culture in a Small RIA with Grace Adeyemi',
    date: '',
    duration: '',
    description:
      'Compliance is often treated as a binder that comes out once a year. ' +
      'Grace Adeyemi, a chief compliance officer for several boutique advisers, shows how small teams can make it part of the weekly rhythm instead. ' +
      'She and Morgan cover the annual review, marketing rule pitfalls for podcasts and social media, books-and-records basics and the most common deficiencies she sees in exams. ' +
      'Her message is that good compliance protects clients first and firms second.',
    image: '/media/episodes/cover-4.svg',
    listenUrl: 'https://podcasts.apple.com/us/podcast/the-advisory-edge/id1700000001?i=1000650000288',
    isYouTube: false,
    isSpotifyVideo: false,
  },
  {
    id: 'when-two-practices-become-one-lessons-from-cpa-firm-merger-tom-whitaker-and-lisa-moreno',
    number: '',
    title: 'When Two Practices Become One: Lessons from a CPA Firm Merger with Tom Whitaker and Lisa Moreno',
    date: '',
    duration: '',
    description:
      'Tom Whitaker and Lisa Moreno merged their accounting practices eighteen months ago to build an advisory arm neither could afford alone. ' +
      'They speak candidly with Morgan about culture clashes, choosing one technology stack, deciding whose name goes on the door and how they told clients. ' +
      'They also share the one clause in their merger agreement they would write differently today. ' +
      'A rare inside look from owners who are still in the middle of it.',
    image: '/media/episodes/cover-5.svg',
    listenUrl: 'https://youtu.be/oDr9mnsYS-T',
    isYouTube: true,
    isSpotifyVideo: false,
  },
  {
    id: 'estate-planning-conversations-families-avoid-rachel-goldberg',
    number: '',
    title: 'Estate Planning Conversations Families Avoid with Rachel Goldberg',
    date: 'December 3, 2024',
    duration: '49 min',
    description:
      'Estate attorney Rachel Goldberg joins Morgan to talk about the conversations that never happen at the holiday table: who will be trustee, what happens to the family business and how to treat children fairly without treating them identically. ' +
      'Rachel explains where CPAs are uniquely positioned to raise the topic and how to hand off to counsel without losing the relationship. ' +
      'They also cover beneficiary designations, the most commonly overlooked document in any estate plan.',
    image: '/media/episodes/cover-6.svg',
    listenUrl: 'https://open.spotify.com/episode/FC9lVBqzad3uWbWY1aq4Mx',
    isYouTube: false,
    isSpotifyVideo: false,
  },
  {
    id: 'behavioural-finance-at-kitchen-table-anika-shah',
    number: '',
    title: 'Behavioural Finance at the Kitchen Table with Dr. Anika Shah',
    date: '',
    duration: '',
    description:
      'Dr. Anika Shah studies how people actually make money decisions, and it is rarely the way the spreadsheet assumes. ' +
      'She explains loss aversion, mental accounting and present bias with examples drawn from real client meetings, and offers language advisors can use when a client wants to sell everything after a bad month. ' +
      'Morgan and Anika also talk about couples who hold very different money stories and how to plan for both.',
    image: '/media/episodes/cover-1.svg',
    listenUrl: 'https://open.spotify.com/episode/NKOOgadnROBgcKz6DlMXdp',
    isYouTube: false,
    isSpotifyVideo: true,
  },
  {
    id: 'first-90-days-after-launching-your-own-ria-kevin-doyle',
    number: '',
    title: 'The First 90 Days After Launching Your Own RIA with Kevin Doyle',
    date: 'November 5, 2024',
    duration: '45 min',
    description:
      'Kevin Doyle left a large independent broker-dealer to launch his own registered investment adviser alongside his accounting firm. ' +
      'He walks Morgan through the first ninety days: registration timelines, choosing a custodian, transitioning client accounts and the surprising amount of paperwork that comes with every move. ' +
      'Kevin is open about what went wrong, including a week where no new accounts could be funded, and what he would do differently.',
    image: '/media/episodes/cover-2.svg',
    listenUrl: 'https://www.youtube.com/watch?v=8FNSaHuv6Vo',
    isYouTube: true,
    isSpotifyVideo: false,
  },
  {
    id: 'year-end-planning-checklist-for-business-owners',
    number: '',
    title: 'Year-End Planning Checklist for Business Owners',
    date: '',
    duration: '',
    description:
      'Morgan walks through the year-end review he runs with every business-owner client before December. ' +
      'Topics include timing income and expenses, funding retirement plans before the deadline, reviewing reasonable compensation for S-corporation owners and checking that buy-sell agreements still reflect the value of the business. ' +
      'Each item comes with the question to ask the client and the document to request.',
    image: '/media/episodes/cover-3.svg',
    listenUrl: 'https://podcasts.apple.com/us/podcast/the-advisory-edge/id1700000001?i=1000650000253',
    isYouTube: false,
    isSpotifyVideo: false,
  },
  {
    id: 'charitable-giving-strategies-that-work-for-real-families-beatrice-owusu',
    number: '',
    title: 'Charitable Giving Strategies That Work for Real Families with Beatrice Owusu',
    date: '',
    duration: '',
    description:
      'Philanthropic advisor Beatrice Owusu explains how families can give more effectively without creating a private foundation. ' +
      'She and Morgan discuss donor-advised funds, bunching deductions into alternating years, giving appreciated securities instead of cash and qualified charitable distributions from IRAs. ' +
      'Beatrice also shares how to bring children into giving decisions so that values, and not only assets, pass to the next generation.',
    image: '/media/episodes/cover-4.svg',
    listenUrl: 'https://www.youtube.com/watch?v=P2_838OjJMt',
    isYouTube: true,
    isSpotifyVideo: false,
  },
  {
    id: 'live-from-practice-growth-summit-audience-qa',
    number: '',
    title: 'Live from the Practice Growth Summit: Audience Q&A',
    date: '',
    duration: '',
    description:
      'Recorded in front of a live audience of firm owners, this session puts Morgan in the hot seat for an hour of unscripted questions. ' +
      'Attendees asked about hiring a first credentialed planner, getting partners to agree on an advisory strategy, handling clients who only want the tax return, and what to say when a client asks whether you are a fiduciary. ' +
      'The recording is being edited and will be published soon.',
    image: '/media/episodes/cover-5.svg',
    listenUrl: '#',
    isYouTube: false,
    isSpotifyVideo: false,
  },
  {
    id: 'retirement-income-without-guesswork-paul-hernandez',
    number: '',
    title: 'Retirement Income Without the Guesswork with Paul Hernandez',
    date: 'September 24, 2024',
    duration: '43 min',
    description:
      'Paul Hernandez designs retirement income plans for clients who have saved well but have never had to create a paycheck from a portfolio. ' +
      'He compares bucket strategies, guardrail withdrawal methods and annuity floors, and explains how to choose between them based on the client rather than the product. ' +
      'Morgan and Paul also discuss sequence-of-returns risk and the conversation to have before the first withdrawal, not after a market drop.',
    image: '/media/episodes/cover-6.svg',
    listenUrl: 'https://youtu.be/H5ugw7ySfWO',
    isYouTube: true,
    isSpotifyVideo: false,
  },
  {
    id: 'talking-to-clients-about-fees-with-confidence',
    number: '',
    title: 'Talking to Clients About Fees with Confidence',
    date: '',
    duration: '',
    description:
      'In under a minute, Morgan shares the one sentence he uses when a client asks why planning costs more than tax preparation. ' +
      'The short version: explain what the client gets, what it would cost to assemble the same team themselves, and then stop talking. ' +
      'It is the shortest episode in the feed and one of the most requested.',
    image: '/media/episodes/cover-1.svg',
    listenUrl: 'https://www.youtube.com/shorts/e0b1EvyDjPy',
    isYouTube: true,
    isSpotifyVideo: false,
  },
  {
    id: 'technology-stack-for-advisory-minded-cpa-firm-jenna-park',
    number: '',
    title: 'Technology Stack for the Advisory-Minded CPA Firm with Jenna Park',
    date: '',
    duration: '',
    description:
      'Jenna Park has implemented planning software, client portals and CRMs for more than forty accounting firms. ' +
      'She explains how to decide which system is the source of truth for client data, why integrations matter more than features, and how to avoid paying for three tools that do the same job. ' +
      'Morgan and Jenna also cover secure document exchange and e-signature workflows that clients actually use.',
    image: '/media/episodes/cover-2.svg',
    listenUrl: 'https://open.spotify.com/episode/CIE3xtSxeZS6oAWZKjo5Am',
    isYouTube: false,
    isSpotifyVideo: true,
  },
  {
    id: 'planning-for-business-owners-selling-their-company-victor-alvarez',
    number: '',
    title: 'Planning for Business Owners Selling Their Company with Victor Alvarez',
    date: '',
    duration: '',
    description:
      "Victor Alvarez, an investment banker who works with lower middle-market companies, joins Morgan to talk about the owner's side of a sale. " +
      "They discuss getting the books ready years in advance, how deal structure affects after-tax proceeds, and why the owner's personal financial plan should be finished before the first letter of intent arrives. " +
      'Victor also explains what happens emotionally when the wire hits and the founder no longer has a company to run.',
    image: '/media/episodes/cover-3.svg',
    listenUrl: 'https://podcasts.apple.com/us/podcast/the-advisory-edge/id1700000001?i=1000650000211',
    isYouTube: false,
    isSpotifyVideo: false,
  },
  {
    id: 'equity-compensation-rsus-isos-and-tax-surprises-in-between-nora-fitzgerald',
    number: '',
    title: 'Equity Compensation: RSUs, ISOs and the Tax Surprises in Between with Nora Fitzgerald',
    date: '',
    duration: '',
    description:
      'Tech employees are often wealthy on paper and confused in practice. ' +
      'Nora Fitzgerald, a CPA who specialises in equity compensation, explains the differences between restricted stock units, incentive stock options and employee stock purchase plans, and where the alternative minimum tax and under-withholding catch people out. ' +
      'She and Morgan discuss concentration risk and how to build a diversification plan the client will actually follow.',
    image: '/media/episodes/cover-4.svg',
    listenUrl: 'https://www.youtube.com/watch?v=2Hnc5ZBOsX5',
    isYouTube: true,
    isSpotifyVideo: false,
  },
  {
    id: 'why-your-best-clients-want-more-than-tax-return',
    number: '',
    title: 'Why Your Best Clients Want More Than a Tax Return',
    date: '',
    duration: '',
    description:
      'Morgan shares the story behind Harbor Ledger Advisors and the client conversation that convinced him the tax return was only the starting point. ' +
      'He explains the signals that a client is ready for broader advice, from a new business to an inheritance to a health scare, and why those clients often leave for an advisor they trust less simply because their CPA never offered. ' +
      'A personal episode about the cost of staying in your lane.',
    image: '/media/episodes/cover-5.svg',
    listenUrl: 'https://open.spotify.com/episode/6ChHwrchZFbupFtq5VEq9j',
    isYouTube: false,
    isSpotifyVideo: false,
  },
  {
    id: 'long-term-care-planning-before-its-urgent-margaret-liu',
    number: '',
    title: "Long-Term Care Planning Before It's Urgent with Margaret Liu",
    date: 'June 18, 2024',
    duration: '45 min',
    description:
      'Margaret Liu has spent two decades helping families plan for care needs, and she says most of them start too late. ' +
      'She and Morgan compare traditional long-term care insurance, hybrid life and care policies and self-funding, and explain how each choice interacts with the rest of the retirement plan. ' +
      'Margaret also offers guidance on discussing care with adult children before a crisis forces the conversation.',
    image: '/media/episodes/cover-6.svg',
    listenUrl: 'https://www.youtube.com/watch?v=BuU_TLuJhx1',
    isYouTube: true,
    isSpotifyVideo: false,
  },
  {
    id: 'multi-generational-wealth-and-family-meeting-james-thornton',
    number: '',
    title: 'Multi-Generational Wealth and the Family Meeting with James Thornton',
    date: '',
    duration: '',
    description:
      'Family wealth consultant James Thornton explains why so many fortunes do not survive the third generation, and why the reasons are usually communication rather than investment returns. ' +
      'He describes how to run a family meeting, who should facilitate it and what belongs on the first agenda. ' +
      'Morgan and James also discuss family mission statements and how advisors can support governance without taking sides.',
    image: '/media/episodes/cover-1.svg',
    listenUrl: 'https://open.spotify.com/episode/DRsHNBfHPQirlLnj0Omkca',
    isYouTube: false,
    isSpotifyVideo: true,
  },
  {
    id: 'cash-flow-planning-for-high-earners-who-feel-broke-olivia-grant',
    number: '',
    title: 'Cash Flow Planning for High Earners Who Feel Broke with Olivia Grant',
    date: '',
    duration: '',
    description:
      'A household earning well into six figures can still feel like there is nothing left at the end of the month. ' +
      'Planner Olivia Grant explains how she uncovers where the money goes without shaming anyone, and how she builds a spending plan around automatic savings rather than a budget spreadsheet. ' +
      'She and Morgan talk about lifestyle creep, private school tuition and the role of the CPA in spotting the pattern early.',
    image: '/media/episodes/cover-2.svg',
    listenUrl: 'https://podcasts.apple.com/us/podcast/the-advisory-edge/id1700000001?i=1000650000176',
    isYouTube: false,
    isSpotifyVideo: false,
  },
  {
    id: 'training-your-staff-to-spot-planning-opportunities-derek-holmes',
    number: '',
    title: 'Training Your Staff to Spot Planning Opportunities with Derek Holmes',
    date: 'May 7, 2024',
    duration: '42 min',
    description:
      'Your tax preparers see more planning opportunities in a single season than most advisors see all year. ' +
      'Derek Holmes, a practice development coach, shares how to train staff to flag them: a large refund, a new dependent, a business sale or an inherited IRA. ' +
      'He and Morgan discuss simple internal referral forms, how to reward staff for flags without creating a sales culture, and how to follow up so clients feel cared for rather than pitched.',
    image: '/media/episodes/cover-3.svg',
    listenUrl: 'https://youtu.be/5YhX26bLQK2',
    isYouTube: true,
    isSpotifyVideo: false,
  },
  {
    id: 'mastering-money-with-mindfulness-three-step-approach-jordan-reyes',
    number: '',
    title: 'Mastering Money with Mindfulness: A Three-Step Approach with Jordan Reyes',
    date: 'March 12, 2024',
    duration: '47 min',
    description:
      'Jordan Reyes, a financial therapist and former CPA, believes most money mistakes begin before any numbers are involved. ' +
      "In this conversation, Jordan shares a three-step approach: notice the feeling behind a financial decision, pause long enough to name it, and then choose an action that matches the client's long-term values. " +
      'Morgan and Jordan discuss how advisors can use the approach in review meetings, especially with clients who avoid opening statements or make impulsive moves during market swings. ' +
      'Listeners will leave with practical prompts to bring into their next client conversation.',
    image: '/media/episodes/cover-4.svg',
    listenUrl: 'https://www.youtube.com/watch?v=Ji8CKKjx3dT',
    isYouTube: true,
    isSpotifyVideo: false,
  },
  {
    id: 'trusts-101-for-tax-professionals-caroline-brooks',
    number: '',
    title: 'Trusts 101 for Tax Professionals with Caroline Brooks',
    date: '',
    duration: '',
    description:
      'Estate attorney Caroline Brooks gives tax professionals a practical tour of the trusts they are most likely to see: revocable living trusts, irrevocable life insurance trusts, grantor trusts and trusts for minor beneficiaries. ' +
      'She explains what each one is designed to do, how it is taxed and which questions a CPA should ask when a client mentions one in passing. ' +
      'Morgan and Caroline also discuss trust funding, the step that is most often left undone.',
    image: '/media/episodes/cover-5.svg',
    listenUrl: 'https://open.spotify.com/episode/XcRCZpmmmfG7G1Qr73p7nN',
    isYouTube: false,
    isSpotifyVideo: false,
  },
  {
    id: 'marketing-advisory-practice-without-feeling-salesy-aaron-feld',
    number: '',
    title: 'Marketing an Advisory Practice Without Feeling Salesy with Aaron Feld',
    date: '',
    duration: '',
    description:
      'Aaron Feld helps professional firms market themselves through education instead of promotion. ' +
      'He explains how client newsletters, short videos and small-group workshops can build trust with the clients you already have, and why most CPA firms should start there rather than chasing strangers. ' +
      'Morgan and Aaron also discuss the advertising rules that apply once a firm offers investment advice, and how to stay on the right side of them.',
    image: '/media/episodes/cover-6.svg',
    listenUrl: 'https://open.spotify.com/episode/L9XETnupL0a7cyTgmOyg1O',
    isYouTube: false,
    isSpotifyVideo: false,
  },
  {
    id: 'social-security-claiming-decisions-for-couples-linda-osei',
    number: '',
    title: 'Social Security Claiming Decisions for Couples with Linda Osei',
    date: 'January 23, 2024',
    duration: '44 min',
    description:
      'Claiming Social Security is one of the largest financial decisions most couples will make, and it cannot easily be undone. ' +
      "Linda Osei explains how spousal and survivor benefits work, why the higher earner's claiming age often matters most, and how to weigh health and longevity without being morbid. " +
      'She and Morgan work through how to present the trade-offs so that both spouses feel heard.',
    image: '/media/episodes/cover-1.svg',
    listenUrl: 'https://podcasts.apple.com/us/podcast/the-advisory-edge/id1700000001?i=1000650000141',
    isYouTube: false,
    isSpotifyVideo: false,
  },
  {
    id: 'risk-management-and-insurance-reviews-that-clients-value-greg-summers',
    number: '',
    title: 'Risk Management and Insurance Reviews That Clients Value with Greg Summers',
    date: '',
    duration: '',
    description:
      'Insurance is the part of the plan clients least want to talk about and most regret ignoring. ' +
      'Greg Summers, an independent insurance analyst, explains how to review life, disability, umbrella and property coverage without selling anything. ' +
      'He and Morgan discuss the coverage gaps they see most often among business owners and high-income professionals, and how to document a review so the client knows exactly what was checked.',
    image: '/media/episodes/cover-2.svg',
    listenUrl: 'https://open.spotify.com/episode/TxHZYwSB3xkWlpTYpfL3L9',
    isYouTube: false,
    isSpotifyVideo: true,
  },
  {
    id: 'case-for-planning-first-investment-process',
    number: '',
    title: 'The Case for a Planning-First Investment Process',
    date: '',
    duration: '',
    description:
      'Morgan explains why Harbor Ledger builds the financial plan before choosing a single investment. ' +
      'He covers how goals, time horizons and tax brackets should drive asset allocation, why the investment policy statement belongs in the plan rather than a drawer, and how to rebalance with both risk and taxes in mind. ' +
      'The episode ends with a look at how to report progress against goals instead of against a benchmark.',
    image: '/media/episodes/cover-3.svg',
    listenUrl: 'https://www.youtube.com/watch?v=wPZMY7QM2rL',
    isYouTube: true,
    isSpotifyVideo: false,
  },
  {
    id: 'working-with-attorneys-and-trust-officers-as-one-team-sofia-ramirez',
    number: '',
    title: 'Working with Attorneys and Trust Officers as One Team with Sofia Ramirez',
    date: 'November 14, 2023',
    duration: '46 min',
    description:
      "Trust officer Sofia Ramirez sees what happens when a family's advisors never talk to each other: duplicated work, conflicting advice and documents that contradict the investment plan. " +
      "She and Morgan discuss how to build a standing team with the family's attorney, trustee and CPA, who should lead the meetings and how to share information with proper consent. " +
      'Sofia also explains what trustees wish CPAs knew about fiduciary accounting income.',
    image: '/media/episodes/cover-4.svg',
    listenUrl: 'https://youtu.be/du_zG8RZjWm',
    isYouTube: true,
    isSpotifyVideo: false,
  },
  {
    id: 'valuing-accounting-practice-before-merger-ben-kowalski',
    number: '',
    title: 'Valuing an Accounting Practice Before a Merger with Ben Kowalski',
    date: '',
    duration: '',
    description:
      'Ben Kowalski values accounting and advisory firms for buyers, sellers and lenders. ' +
      'He explains why recurring advisory revenue is valued differently from tax-season revenue, how client concentration and owner dependence affect the multiple, and which adjustments buyers almost always make to reported earnings. ' +
      'Morgan and Ben also discuss earn-outs and how to structure them so both sides stay motivated after closing.',
    image: '/media/episodes/cover-5.svg',
    listenUrl: 'https://podcasts.apple.com/us/podcast/the-advisory-edge/id1700000001?i=1000650000113',
    isYouTube: false,
    isSpotifyVideo: false,
  },
  {
    id: 'helping-widowed-clients-through-first-year-diane-mercer',
    number: '',
    title: 'Helping Widowed Clients Through the First Year with Diane Mercer',
    date: '',
    duration: '',
    description:
      'Diane Mercer became a planner after losing her husband and seeing how few professionals knew how to help. ' +
      'She shares what the first year after a loss actually looks like: the paperwork, the change in filing status, the pressure to make big decisions quickly. ' +
      'Diane and Morgan talk about creating a decision-free period, which tasks can wait and how to check in without overwhelming a grieving client.',
    image: '/media/episodes/cover-6.svg',
    listenUrl: 'https://podcasts.apple.com/us/podcast/the-advisory-edge/id1700000001?i=1000650000106',
    isYouTube: false,
    isSpotifyVideo: false,
  },
  {
    id: 'direct-indexing-and-tax-loss-harvesting-for-everyday-clients-raj-patel',
    number: '',
    title: 'Direct Indexing and Tax-Loss Harvesting for Everyday Clients with Raj Patel',
    date: 'September 19, 2023',
    duration: '45 min',
    description:
      'Direct indexing used to be reserved for very large accounts, but lower minimums have made it available to many more clients. ' +
      'Raj Patel explains how owning the individual stocks of an index allows systematic loss harvesting, values-based exclusions and better management of concentrated positions. ' +
      'He and Morgan also discuss when the added complexity is not worth it and how to explain tracking differences to clients.',
    image: '/media/episodes/cover-1.svg',
    listenUrl: 'https://www.youtube.com/watch?v=b_MlCDybrU5',
    isYouTube: true,
    isSpotifyVideo: false,
  },
  {
    id: 'niche-down-serving-physicians-and-dentists-lauren-whitfield',
    number: '',
    title: 'Niche Down: Serving Physicians and Dentists with Lauren Whitfield',
    date: '',
    duration: '',
    description:
      'Lauren Whitfield built her advisory practice around medical and dental professionals and has never looked back. ' +
      'She explains how a niche makes marketing easier, allows deeper expertise in issues like student loans, practice purchases and disability insurance, and lets her charge for that expertise. ' +
      'Morgan and Lauren discuss how CPA firms can identify the niche already hiding in their client list.',
    image: '/media/episodes/cover-2.svg',
    listenUrl: 'https://open.spotify.com/episode/pIrn5KWUWpKqA8JOtXsHNd',
    isYouTube: false,
    isSpotifyVideo: false,
  },
  {
    id: 'client-onboarding-that-builds-trust-from-day-one',
    number: '',
    title: 'Client Onboarding That Builds Trust from Day One',
    date: '',
    duration: '',
    description:
      'The first month of a new advisory relationship sets the tone for the next ten years. ' +
      "Morgan walks through Harbor Ledger's onboarding sequence: the discovery meeting, the document checklist, account paperwork, the first plan presentation and the thirty-day check-in. " +
      'He explains which steps are required for compliance, which ones are there purely for the client and why both matter.',
    image: '/media/episodes/cover-3.svg',
    listenUrl: 'https://podcasts.apple.com/us/podcast/the-advisory-edge/id1700000001?i=1000650000085',
    isYouTube: false,
    isSpotifyVideo: false,
  },
  {
    id: 'education-funding-529-plans-grandparents-and-financial-aid-michelle-tran',
    number: '',
    title: 'Education Funding: 529 Plans, Grandparents and Financial Aid with Michelle Tran',
    date: '',
    duration: '',
    description:
      'College funding advisor Michelle Tran explains how families can pay for education without derailing retirement. ' +
      'She covers 529 plan basics, the rules for rolling unused 529 money into a Roth IRA, how grandparent-owned accounts are treated and the timing of financial aid applications. ' +
      'Morgan and Michelle also discuss the hardest conversation of all: telling a family what they can realistically afford.',
    image: '/media/episodes/cover-4.svg',
    listenUrl: 'https://podcasts.apple.com/us/podcast/the-advisory-edge/id1700000001?i=1000650000078',
    isYouTube: false,
    isSpotifyVideo: false,
  },
  {
    id: 'running-remote-advisory-team-chris-donnelly',
    number: '',
    title: 'Running a Remote Advisory Team with Chris Donnelly',
    date: '',
    duration: '',
    description:
      'Chris Donnelly runs an advisory firm with team members in four states and no central office. ' +
      'He shares how he hires for independence, keeps client service consistent across time zones and protects client data when everyone works from home. ' +
      'He and Morgan also cover the meeting cadence that keeps a distributed team aligned without drowning it in video calls.',
    image: '/media/episodes/cover-5.svg',
    listenUrl: 'https://open.spotify.com/episode/ddL00uppaTy651kENH4JtX',
    isYouTube: false,
    isSpotifyVideo: true,
  },
  {
    id: 'regulatory-exams-what-to-expect-and-how-to-prepare-angela-reed',
    number: '',
    title: 'Regulatory Exams: What to Expect and How to Prepare with Angela Reed',
    date: '',
    duration: '',
    description:
      'Angela Reed spent years as a securities examiner before moving into compliance consulting. ' +
      'She explains how firms are selected for examination, what the initial document request usually includes and how to respond to a deficiency letter. ' +
      'Morgan and Angela discuss why a calm, organised response matters and the preparation steps small advisers can take in an afternoon.',
    image: '/media/episodes/cover-6.svg',
    listenUrl: 'https://youtu.be/WwHYugosg2e',
    isYouTube: true,
    isSpotifyVideo: false,
  },
  {
    id: 'second-act-careers-cpas-who-became-advisors-frank-morales',
    number: '',
    title: 'Second-Act Careers: CPAs Who Became Advisors with Frank Morales',
    date: '',
    duration: '',
    description:
      'Frank Morales practised as an auditor for fifteen years before earning his planning credentials and joining a wealth management firm. ' +
      'He talks with Morgan about the skills that transferred, the ones he had to learn from scratch and the identity shift from finding problems to helping clients make decisions. ' +
      'Frank offers advice for accountants considering the move, including which credential to pursue first.',
    image: '/media/episodes/cover-1.svg',
    listenUrl: 'https://open.spotify.com/episode/vM3wFiMK2e0MrCQQ6YUzyd',
    isYouTube: false,
    isSpotifyVideo: false,
  },
  {
    id: 'protecting-clients-from-elder-financial-fraud-theresa-nguyen',
    number: '',
    title: 'Protecting Clients from Elder Financial Fraud with Theresa Nguyen',
    date: 'April 18, 2023',
    duration: '43 min',
    description:
      'Theresa Nguyen, a former investigator who now trains financial professionals, describes the scams targeting older clients, from romance fraud to fake government calls. ' +
      'She explains the warning signs advisors and accountants are in a position to notice and the value of a trusted contact on every account. ' +
      'Morgan and Theresa also discuss how to raise concerns with a client respectfully and when to involve family or authorities.',
    image: '/media/episodes/cover-2.svg',
    listenUrl: 'https://www.youtube.com/watch?v=sEMDvqNtLBT',
    isYouTube: true,
    isSpotifyVideo: false,
  },
  {
    id: 'recurring-revenue-model-for-accounting-firms',
    number: '',
    title: 'The Recurring Revenue Model for Accounting Firms',
    date: '',
    duration: '',
    description:
      'Morgan makes the financial case for shifting an accounting firm from seasonal, transaction-based revenue to recurring advisory fees. ' +
      'He compares the cash flow, staffing and valuation of two hypothetical firms over ten years and explains why predictable revenue changes how a firm hires and grows. ' +
      'He also covers the transition period, when a firm has to carry both models at once.',
    image: '/media/episodes/cover-3.svg',
    listenUrl: 'https://podcasts.apple.com/us/podcast/the-advisory-edge/id1700000001?i=1000650000043',
    isYouTube: false,
    isSpotifyVideo: false,
  },
  {
    id: 'your-first-ten-advisory-clients',
    number: 'Episode 4',
    title: 'Your First Ten Advisory Clients',
    date: 'March 7, 2023',
    duration: '45 min',
    description:
      'In the fourth episode of the show, Morgan explains how to choose the first ten clients for a new advisory service. ' +
      'He argues for starting with existing tax clients who already trust the firm, have some complexity and have asked for help before. ' +
      'The episode covers how to invite them, what to charge a pilot group and how to turn their feedback into a repeatable process.',
    image: '/media/episodes/cover-4.svg',
    listenUrl: 'https://www.youtube.com/watch?v=7gmJcokC54i',
    isYouTube: true,
    isSpotifyVideo: false,
  },
  {
    id: 'holistic-planning-meets-tax-return-megan-sato',
    number: 'Episode 3',
    title: 'Holistic Planning Meets the Tax Return with Megan Sato',
    date: 'February 21, 2023',
    duration: '47 min',
    description:
      'Megan Sato, a CPA and planner, joins Morgan to show how a single tax return can reveal an entire planning agenda. ' +
      'They walk through a composite return line by line and spot opportunities in retirement contributions, charitable giving, investment income and estimated payments. ' +
      'Megan explains how she turns those observations into a short written summary clients are eager to discuss.',
    image: '/media/episodes/cover-5.svg',
    listenUrl: 'https://podcasts.apple.com/us/podcast/the-advisory-edge/id1700000001?i=1000650000029',
    isYouTube: false,
    isSpotifyVideo: false,
  },
  {
    id: 'partner-or-build-your-options-for-offering-investment-advice',
    number: 'Episode 2',
    title: 'Partner or Build? Your Options for Offering Investment Advice',
    date: 'February 7, 2023',
    duration: '42 min',
    description:
      'Morgan compares the main routes for an accounting firm that wants to offer investment advice: referring out, partnering with an outside adviser, joining a platform as investment adviser representatives or registering its own RIA. ' +
      'For each route he explains the revenue, control and liability trade-offs. ' +
      'The episode is an early outline of the framework later expanded in his book.',
    image: '/media/episodes/cover-6.svg',
    listenUrl: 'https://open.spotify.com/episode/THHg33fJrX2XwHofKYyR9n',
    isYouTube: false,
    isSpotifyVideo: true,
  },
  {
    id: 'why-accounting-firms-are-adding-wealth-management',
    number: 'Episode 1',
    title: 'Why Accounting Firms Are Adding Wealth Management',
    date: '',
    duration: '',
    description:
      'The first full episode of The Advisory Edge Podcast sets out the big idea behind the show. ' +
      'Morgan explains why clients increasingly want one trusted advisor for tax, investments and planning, and why the CPA is often the person they already trust most. ' +
      'He describes the demographic and technology shifts making it easier for small firms to deliver holistic advice, and the mindset change it requires.',
    image: '/media/episodes/cover-1.svg',
    listenUrl: 'https://youtu.be/v5Bd5TIezDB',
    isYouTube: true,
    isSpotifyVideo: false,
  },
  {
    id: 'welcome-to-advisory-edge',
    number: 'Episode 0',
    title: 'Welcome to The Advisory Edge',
    date: '',
    duration: '',
    description:
      'A short introduction to the show from host Morgan Ellery. ' +
      'Morgan explains who the podcast is for: CPAs, accounting-firm owners, independent advisors and the families they serve. ' +
      'He previews the topics ahead, from virtual family offices to succession planning, and invites listeners to send in the questions they want answered on future episodes.',
    image: '/media/episodes/cover-2.svg',
    listenUrl: 'https://open.spotify.com/episode/h9wiNHKGm9ibPFJ56TpbYC',
    isYouTube: false,
    isSpotifyVideo: false,
  },
];

/** Every episode, with its transcript where one has been written (transcripts.ts). */
export const episodes: readonly Episode[] = episodeList.map((episode) => {
  const transcript = transcripts[episode.id];
  return transcript ? { ...episode, transcript } : episode;
});

/** The featured 'Latest Episode' card on the home page: the newest episode and its episode-level platform links. */
export const latestEpisode = {
  episodeId: 'pricing-advisory-services-without-underselling-your-expertise-priya-natarajan',
  applePodcastsUrl: 'https://podcasts.apple.com/us/podcast/the-advisory-edge/id1700000001?i=1000650000358',
  spotifyUrl: 'https://open.spotify.com/episode/5sSx095cHEmpWgUzgd7qoP',
} as const;

/** The podcast list (/podcast): the hero's title, introduction and background video. */
export const podcastPage = {
  title: 'Podcast Episodes',
  intro:
    'Candid conversations with CPAs, advisors and specialists about adding holistic wealth management to an ' +
    'accounting practice: pricing, compliance, client experience and the planning work itself.',
  heroVideo: { src: '/media/video/hero-podcast.mp4', poster: '/media/video/hero-podcast.jpg' } satisfies VideoAsset,
} as const;

/** Copy of the episode detail page (/podcast/{id}). */
export const episodePage = {
  /** Shown instead of the listen buttons for the episode whose listenUrl is '#'. */
  comingSoonNote: 'Recording coming soon. This episode is not yet published on a listening platform.',
} as const;
