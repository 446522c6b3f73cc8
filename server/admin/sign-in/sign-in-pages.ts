/**
 * The few pages of the staff's sign-in (the editor's and the analytics report's), as static HTML: no inline script and no inline style (one small
 * stylesheet by href), noindex, in words a person can act on. The admin's own CSP covers them.
 */
import { adminDocument, escapeHtml } from '../admin-document';

export const SIGN_IN_STYLESHEET_PATH = '/admin/auth/sign-in.css';
export const LOGIN_PATH = '/admin/auth/login';
export const CALLBACK_PATH = '/admin/auth/callback';
export const LOGOUT_PATH = '/admin/auth/logout';

export const SIGN_IN_STYLESHEET = `body{font:1rem/1.5 system-ui,sans-serif;color:#1c2733;background:#f5f6f8;margin:0}
main{max-width:32rem;margin:12vh auto;padding:2rem;background:#fff;border-radius:.5rem;box-shadow:0 1px 4px rgb(0 0 0/.12)}
h1{font-size:1.4rem;margin-top:0}
.button{display:inline-block;font:inherit;padding:.5rem 1.25rem;border:0;border-radius:.25rem;background:#1d4e89;color:#fff;text-decoration:none;cursor:pointer}
.button:focus-visible{outline:3px solid #f2b705;outline-offset:2px}
form{margin:1.5rem 0 0}
`;

function page(title: string, body: string[]): string {
  return adminDocument(
    title,
    [`<link rel="stylesheet" href="${SIGN_IN_STYLESHEET_PATH}">`],
    ['<body>', '<main>', `<h1>${escapeHtml(title)}</h1>`, ...body, '</main>', '</body>'],
  );
}

const signInLink = (returnTo?: string) =>
  `<p><a class="button" href="${escapeHtml(returnTo ? `${LOGIN_PATH}?return=${encodeURIComponent(returnTo)}` : LOGIN_PATH)}">Sign in</a></p>`;

const signOutForm = `<form method="post" action="${LOGOUT_PATH}"><button class="button" type="submit">Sign out</button></form>`;

/** What a gate lets a person into, in the words of its pages. */
export interface GuardedPlace {
  /** As a title says it: "the content editor". */
  name: string;
  /** The list a person must be on: "the site's editors or reviewers". */
  list: string;
}

export const CONTENT_EDITOR: GuardedPlace = { name: 'the content editor', list: "the site's editors or reviewers" };
export const SITE_ANALYTICS: GuardedPlace = { name: "the site's analytics", list: "the people who may read the site's analytics" };

/** A guarded page without a session: it is for the firm's staff, who sign in with the firm's account. */
export function signInPage(returnTo?: string, place: GuardedPlace = CONTENT_EDITOR): string {
  return page(`Sign in to ${place.name}`, [
    `<p>${capitalised(place.name)} is for the firm's staff. Sign in with your work account to continue.</p>`,
    signInLink(returnTo),
  ]);
}

/** Signed in, but not on the place's list. */
export function notAllowedPage(email: string, place: GuardedPlace = CONTENT_EDITOR): string {
  return page(`You cannot use ${place.name}`, [
    `<p>You are signed in as <strong>${escapeHtml(email)}</strong>, which is not on the list of ${escapeHtml(place.list)}.</p>`,
    '<p>Ask the person who runs the website to add this address, or sign out and sign in with another account.</p>',
    signOutForm,
  ]);
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The provider signed the person in but did not vouch for an email address: no one can be matched to a list without one. */
export function unverifiedEmailPage(email: string | undefined): string {
  const who = email ? `the address <strong>${escapeHtml(email)}</strong>` : 'an email address';
  return page('Your email address is not verified', [
    `<p>Your identity provider did not confirm ${who} for this account, so the editor cannot tell who you are.</p>`,
    '<p>Verify the address with your identity provider (or ask the person who runs it), then sign in again.</p>',
    signInLink(),
  ]);
}

/** A callback with no sign-in to finish: forged, replayed, too old, or refused by the provider. */
export function expiredLinkPage(): string {
  return page('This sign-in link has expired', ['<p>This sign-in link has expired or was already used. Sign in again.</p>', signInLink()]);
}

/** The provider cannot be reached (discovery or the token exchange failed on the network). */
export function providerUnavailablePage(): string {
  return page('Sign-in is unavailable', [
    '<p>The sign-in service cannot be reached right now. Wait a minute, then sign in again.</p>',
    signInLink(),
  ]);
}

/** Too many requests to the sign-in from this client: a script, or a page reloading by itself. */
export function tooManyAttemptsPage(retryAfterSeconds: number): string {
  return page('Too many sign-in attempts', [
    `<p>There have been too many sign-in attempts from your network. Wait ${retryAfterSeconds} seconds, then sign in again.</p>`,
    signInLink(),
  ]);
}

/** The provider vouches for an address git would record otherwise (a leading quote or dot): the person could not be told from their edits. */
export function unusableAddressPage(email: string): string {
  return page('Your email address cannot be used here', [
    `<p>Your identity provider gives the address <strong>${escapeHtml(email)}</strong>, which the editor cannot record as the author of your changes exactly as it is.</p>`,
    '<p>Ask the person who runs your identity provider for an address without leading or trailing punctuation, then sign in again.</p>',
  ]);
}

/** A form posted from another site (or without saying where from): refused, no harm done. */
export function crossSitePage(): string {
  return page('This request was refused', [
    '<p>This request did not come from the content editor, so it was refused. Go back to the editor and try again.</p>',
    '<p><a class="button" href="/admin/">Open the editor</a></p>',
  ]);
}
