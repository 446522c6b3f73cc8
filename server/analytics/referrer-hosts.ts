/**
 * Which referring hosts are a search engine, a social network, an AI
 * assistant or a webmail, for the entry's channel (./entry-source.ts).
 *
 * Source: Matomo's searchengine-and-social-list (SearchEngines.yml,
 * Socials.yml, AIAssistants.yml; https://github.com/matomo-org/searchengine-and-social-list,
 * licence CC0-1.0, read 2026-12), cut to the hosts that send this site's
 * audience (English-language, advisers' prospects) plus the successors the
 * list had not caught up with (x.com, threads.net, bsky.app, the search apps'
 * android-app:// referrers). Webmail hosts are not in that list: they are the
 * web clients of the large mail providers, named here. A host matches itself
 * and its subdomains (l.facebook.com is facebook.com); a host not here with
 * another site's name is a referral.
 */
export const AI_HOSTS: Record<string, string> = {
  'chatgpt.com': 'ChatGPT',
  'chat.openai.com': 'ChatGPT',
  'claude.ai': 'Claude',
  'copilot.microsoft.com': 'Copilot',
  'chat.deepseek.com': 'Deepseek',
  'gemini.google.com': 'Gemini',
  'bard.google.com': 'Gemini',
  'grok.com': 'Grok',
  'chat.mistral.ai': 'Le Chat',
  'meta.ai': 'Meta AI',
  'notebooklm.google.com': 'NotebookLM',
  'perplexity.ai': 'Perplexity',
  'you.com': 'You',
};

export const EMAIL_HOSTS: Record<string, string> = {
  'mail.google.com': 'Gmail',
  'com.google.android.gm': 'Gmail',
  'outlook.live.com': 'Outlook',
  'outlook.office.com': 'Outlook',
  'outlook.office365.com': 'Outlook',
  'mail.yahoo.com': 'Yahoo Mail',
  'mail.aol.com': 'AOL Mail',
  'mail.proton.me': 'Proton Mail',
  'icloud.com': 'iCloud Mail',
};

export const SEARCH_HOSTS: Record<string, string> = {
  'bing.com': 'Bing',
  'duckduckgo.com': 'DuckDuckGo',
  'search.yahoo.com': 'Yahoo!',
  'yandex.com': 'Yandex',
  'yandex.ru': 'Yandex',
  'baidu.com': 'Baidu',
  'ecosia.org': 'Ecosia',
  'search.brave.com': 'Brave',
  'startpage.com': 'Startpage',
  'qwant.com': 'Qwant',
  'kagi.com': 'Kagi',
  'naver.com': 'Naver',
  'ask.com': 'Ask',
  'search.aol.com': 'AOL',
  'com.google.android.googlequicksearchbox': 'Google',
};

/** Google answers from a domain per country (google.com, google.co.uk, google.com.au, ...). */
export const GOOGLE_SEARCH_HOST = /^google\.(?:[a-z]{2,3}|co\.[a-z]{2}|com\.[a-z]{2})$/;

export const SOCIAL_HOSTS: Record<string, string> = {
  'facebook.com': 'Facebook',
  'fb.me': 'Facebook',
  'instagram.com': 'Instagram',
  'linkedin.com': 'LinkedIn',
  'lnkd.in': 'LinkedIn',
  'twitter.com': 'X',
  't.co': 'X',
  'x.com': 'X',
  'threads.net': 'Threads',
  'bsky.app': 'Bluesky',
  'reddit.com': 'reddit',
  'news.ycombinator.com': 'Hacker News',
  'youtube.com': 'YouTube',
  'youtu.be': 'YouTube',
  'pinterest.com': 'Pinterest',
  'tumblr.com': 'tumblr',
  'vimeo.com': 'Vimeo',
  'web.telegram.org': 'Telegram',
  'xing.com': 'XING',
  'github.com': 'GitHub',
  'stackoverflow.com': 'StackOverflow',
};
