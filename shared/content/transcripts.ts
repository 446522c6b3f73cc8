/**
 * Episode transcripts (WCAG 1.2.1), keyed by episode id. episodes.ts attaches
 * each one to its episode; an id here that matches no episode fails a unit test.
 * Edited for reading: filler words and false starts are left out, the meaning is not changed.
 */
import { author } from './site';
import type { TranscriptTurn } from './types';

/** The host as a speaker label: the author's name without the letters after it. */
export const HOST_SPEAKER = author.name.split(',')[0]!.trim();

const host = (text: string): TranscriptTurn => ({ speaker: HOST_SPEAKER, text });
const guest =
  (speaker: string) =>
  (text: string): TranscriptTurn => ({ speaker, text });

const jordan = guest('Jordan Reyes');
const megan = guest('Megan Sato');

export const transcripts: Readonly<Record<string, readonly TranscriptTurn[]>> = {
  'welcome-to-advisory-edge': [
    host(
      'Welcome to The Advisory Edge. I am Morgan Ellery, and for most of my career I have sat on both sides of the ' +
        'desk: first as a CPA preparing returns, and later as the planner those same clients turned to when the ' +
        'return raised questions it could not answer. This short episode is a handshake before the real work begins.',
    ),
    host(
      'So who is this show for? If you own or work in an accounting firm and your clients keep asking you about ' +
        'investments, retirement or what happens to the family business, it is for you. If you are an independent ' +
        'advisor who wants to work more closely with CPAs, it is for you too. And if you are part of a family trying ' +
        'to get your tax, investment and estate advice pulling in the same direction, you are very welcome here.',
    ),
    host(
      'The idea behind the show is simple. Clients increasingly want one trusted advisor who sees the whole ' +
        'picture, and the person they already trust with their most private numbers is usually their accountant. ' +
        'That is an enormous opportunity, and also a real responsibility. Doing it well takes more than adding a ' +
        'service line to the engagement letter.',
    ),
    host(
      'Here is a preview of what is coming. We will talk about why firms are adding wealth management at all, and ' +
        'the different ways to offer investment advice, from partnering with an outside adviser to registering your ' +
        'own RIA. We will look at how a single tax return can set an entire planning agenda. Later we will get into ' +
        'virtual family offices, pricing, compliance, client experience and succession planning, with guests who ' +
        'have done this work in their own firms.',
    ),
    host(
      'One request before we start. Send me your questions. The episodes I am proudest of will be the ones that ' +
        'answer something a listener was stuck on. Write to us through the website, tell us a little about your ' +
        'firm, and we will try to build an episode around it. Thank you for listening, and I will see you in ' +
        'episode one.',
    ),
  ],

  'why-accounting-firms-are-adding-wealth-management': [
    host(
      'This is the first full episode of The Advisory Edge, so I want to lay out the big idea behind the whole show: ' +
        'why so many accounting firms are adding wealth management, and why now.',
    ),
    host(
      'Start with the client. Ask a household with real complexity, a business owner, a couple approaching ' +
        'retirement, a family with a rental portfolio, how many advisors they have. Usually it is an accountant, an ' +
        'investment advisor, an insurance agent and maybe an attorney. Each of them is competent. None of them is ' +
        'talking to the others. The client is the only person holding the whole picture, and they are the one least ' +
        'equipped to do it.',
    ),
    host(
      'Now ask that same client who they trust most. In survey after survey, and in my own experience, it is the ' +
        'CPA. You see their income, their business, their giving and their mistakes every year. You are not ' +
        'selling them a product. That trust is the foundation every other advisor has to work hard to build.',
    ),
    host(
      'Two shifts have made it far more practical for a small firm to act on that trust. The first is ' +
        'demographic. A very large generation of business owners is moving into retirement and passing on wealth, ' +
        'and the questions that come with that transition are tax questions and planning questions at the same ' +
        'time. The second is technology. Custody platforms, planning software and model portfolios that once needed ' +
        'a large firm are now available to a team of five. The infrastructure is no longer the barrier.',
    ),
    host(
      'What is the barrier, then? Mindset. Tax work looks backward and is finished when the return is filed. ' +
        'Planning looks forward and is never really finished. It means asking about goals, not only documents. It ' +
        'means being comfortable recommending a course of action rather than reporting on one. And it means being ' +
        'paid for advice over time instead of for forms at a deadline.',
    ),
    host(
      'That change is what the rest of this show is about. In the next episode we will look at the practical ' +
        'routes a firm can take to offer investment advice, and what each one costs in money, control and risk.',
    ),
  ],

  'partner-or-build-your-options-for-offering-investment-advice': [
    host(
      'Once a firm decides it wants to offer investment advice, the next question is how. In this episode I want to ' +
        'compare the four main routes, because the choice shapes your revenue, your control and your liability for ' +
        'years.',
    ),
    host(
      'Route one is referring out. You keep doing tax work and send clients to an advisor you trust. It costs ' +
        'nothing and carries almost no regulatory burden. The trade-off is that you earn little or nothing from it ' +
        'and you lose visibility. Once the client walks out of your door, you no longer know whether the advice they ' +
        'receive fits the tax picture you understand better than anyone.',
    ),
    host(
      'Route two is partnering with an outside adviser under a formal arrangement. The adviser manages the assets ' +
        'and carries the registration; your firm stays involved in the planning and shares in the relationship, ' +
        'within what the rules and your professional standards allow. You gain coordination without building ' +
        'infrastructure. You give up some control over service, investment approach and, eventually, the client ' +
        'relationship itself.',
    ),
    host(
      'Route three is joining a platform, where your people become investment adviser representatives of an ' +
        'existing RIA. Your team gives the advice; the platform supplies compliance, custody and technology. ' +
        'Revenue is meaningfully higher than partnering, and you keep the relationship, but you pay the platform a ' +
        'share and you follow its policies.',
    ),
    host(
      'Route four is registering your own RIA. You keep all of the revenue and all of the control, and you also ' +
        'take on all of the responsibility: a chief compliance officer, written policies, custody arrangements, ' +
        'regulatory filings and examinations. For a firm with enough clients and the appetite to build, it is the ' +
        'most valuable option. For a firm still testing demand, it can be an expensive way to learn.',
    ),
    host(
      'My advice is to choose the route that matches how sure you are. Many firms start on a platform, learn what ' +
        'their clients actually want and decide later whether to build their own. This framework is an early ' +
        'version of the one I expand on in my book, and we will come back to the RIA question in more depth with ' +
        'guests who have made the move.',
    ),
  ],

  'holistic-planning-meets-tax-return-megan-sato': [
    host(
      'My guest today is Megan Sato, a CPA and financial planner who has a habit I want every listener to steal: she ' +
        'reads a tax return as a planning document. Megan, welcome to the show.',
    ),
    megan(
      'Thanks, Morgan. I always say the return is the most honest financial statement a household produces. It is ' +
        'signed under penalty of perjury, so nobody rounds up to look good.',
    ),
    host('Let us walk through a composite return together. Where do you look first?'),
    megan(
      'Wages and retirement contributions. If a couple earns well and the W-2s show small deferrals, that is the ' +
        'first conversation. Are they using the workplace plan fully? Is there a spouse with self-employment income ' +
        'who could open a plan of their own? Those are often the easiest wins on the whole return.',
    ),
    host('And charitable giving?'),
    megan(
      'Very often I see a family giving steadily every year and taking the standard deduction, so the gifts are ' +
        'producing no tax benefit at all. Bunching several years of giving into one year, perhaps through a ' +
        'donor-advised fund, or giving appreciated shares instead of cash, can change that without changing how ' +
        'generous they are.',
    ),
    host('Investment income is usually where I see surprises.'),
    megan(
      'Same here. Large capital gain distributions from funds held in a taxable account tell me the portfolio was ' +
        'built without looking at the return. Interest from bonds sitting in the wrong account is another. And then ' +
        'estimated payments: a big refund or a penalty every year means the cash flow is not being planned either.',
    ),
    host('How do you turn all of that into something a client actually reads?'),
    megan(
      'One page. I write a short summary in plain language: three or four observations, why each matters and what ' +
        'I suggest we look at together. No jargon, no product names. Clients bring it to the meeting with notes in ' +
        'the margin, which is exactly what I want.',
    ),
    host(
      'That is a perfect place to stop. Megan, thank you. Listeners, pick one return this week and try writing ' +
        'that one-page summary yourself.',
    ),
  ],

  'your-first-ten-advisory-clients': [
    host(
      'In this fourth episode I want to answer a question almost every firm asks me once it has decided to offer ' +
        'advisory services: who should the first clients be? My answer is ten people you already know.',
    ),
    host(
      'Start with your existing tax clients, and look for three things. First, trust: they have been with you for ' +
        'years and they follow your advice. Second, some complexity: a business, stock compensation, rental ' +
        'property, a parent to care for. Complexity is what makes planning valuable. Third, and this one matters ' +
        'most, they have already asked you for help with something outside the return. They have told you what they ' +
        'need; you are simply answering.',
    ),
    host(
      'Make a list of twenty who meet all three, then narrow it to ten you would genuinely enjoy working with more ' +
        'often. Your first clients will shape your process, your reputation and your mood, so choose accordingly.',
    ),
    host(
      'How do you invite them? Personally, and without a brochure. A short conversation at the end of a tax meeting ' +
        'works well: we are starting a planning service, we are taking a small first group, and I thought of you ' +
        'because of the question you asked me last spring. Then follow up in writing with what the engagement ' +
        'includes and what it does not.',
    ),
    host(
      'What should you charge a pilot group? Something real. A discount is reasonable, because you are still ' +
        'learning, but a free service teaches clients that your advice is worth nothing and teaches you nothing ' +
        'about whether people will pay. Tell them plainly that the pilot price is lower because they are helping you ' +
        'shape the service.',
    ),
    host(
      'Finally, treat their feedback as your design process. After each meeting, ask what was useful and what was ' +
        'not. Write down every step you took, from the first questionnaire to the follow-up email. By the tenth ' +
        'client you should have a checklist a colleague could follow, and that checklist is the beginning of a ' +
        'repeatable advisory practice.',
    ),
  ],

  'mastering-money-with-mindfulness-three-step-approach-jordan-reyes': [
    host(
      'My guest is Jordan Reyes, a financial therapist and former CPA. Jordan, you ' +
        'say most money mistakes happen before any numbers are involved. What do you mean?',
    ),
    jordan(
      'By the time someone sells everything in a falling market or leaves a stack of statements unopened, the ' +
        'decision has already been made by a feeling: fear, shame, excitement. The spreadsheet comes afterwards to ' +
        'justify it. When I worked as an accountant I kept trying to fix the spreadsheet. It rarely helped.',
    ),
    host('So you developed a three-step approach. Walk us through it.'),
    jordan(
      'Step one is to notice. Before any financial decision, and especially an urgent one, notice what you are ' +
        'feeling and where you feel it. A tight chest, a racing mind, a wish to get it over with. You do not have to ' +
        'change anything yet, only notice.',
    ),
    jordan(
      'Step two is to pause long enough to name it. Say it out loud if you can: I am scared of losing what I have ' +
        'built, or I feel embarrassed that I do not understand this. Naming a feeling takes away a surprising amount ' +
        'of its power, and it gives the thinking part of the brain a moment to catch up.',
    ),
    jordan(
      'Step three is to choose an action that matches your long-term values, not the feeling of the moment. That ' +
        'might still be a change. The difference is that you are choosing it rather than reacting.',
    ),
    host('How can an advisor use this in a review meeting without turning into a therapist?'),
    jordan(
      'Ask better questions. With a client who never opens their statements, try: what goes through your mind when ' +
        'one arrives? With a client who wants to sell after a bad week: what are you most worried will happen? Then ' +
        'listen, and reflect back what you heard before you offer a single number.',
    ),
    host('Give listeners one prompt to take into their next meeting.'),
    jordan(
      'Before you talk about performance, ask: how have you been feeling about money since we last met? It takes ' +
        'thirty seconds and it changes the whole conversation.',
    ),
    host('Jordan Reyes, thank you. That is a question I will be asking this week.'),
  ],
};
