/**
 * Each lead action's rate, as the report gives it (docs/decisions/041-analytics-report.md):
 *
 *   rate = leads of that action / visitor-days in that group
 *
 * - by channel, campaign (source, medium, name) and landing page, a group is the visitor-days whose
 *   entry (first page of the day) had that channel, campaign or path, and the leads are those those
 *   visitor-days made, wherever on the site; a lead by a visitor-day not seen entering (another process,
 *   or past the exact limit) counts as direct and has no landing page;
 * - by episode, the group is the visitor-days that viewed the episode's page, and the leads are those
 *   made on that page (a play of its player, a click to listen elsewhere, a consultation booked from it).
 *
 * A group with leads but no visitor-day counted (the lead's entry was counted by another process on a day
 * it rolled up apart) has a rate of null, not infinity. Rows come most leads first, then most visitors.
 */
import type { Entry, LeadAction } from './counts';
import type { Channel } from './entry-source';
import { campaignKey, Tally } from './report-tally';

export interface Rate {
  visitors: number;
  count: number;
  /** count / visitors; null when no visitor-day of the group was counted. */
  rate: number | null;
}

export interface LeadRates {
  action: LeadAction;
  byChannel: ({ channel: Channel } & Rate)[];
  byCampaign: ({ source: string | null; medium: string | null; campaign: string | null } & Rate)[];
  byLanding: ({ path: string } & Rate)[];
  byEpisode: ({ path: string } & Rate)[];
}

export interface RateGroups {
  channels: { channel: Channel; visitors: number }[];
  campaigns: { source: string | null; medium: string | null; campaign: string | null; visitors: number }[];
  entryPages: { path: string; visitors: number }[];
  episodes: { path: string; visitors: number }[];
}

type Lead = { action: LeadAction; path: string; entry: Entry; count: number };

/** Joins a group's visitor-days (the denominators) with its leads (the numerators). */
function ratesOf<G extends { visitors: number }, K>(
  groups: G[],
  keyOfGroup: (group: G) => string,
  leads: Lead[],
  keyOfLead: (lead: Lead) => string | undefined,
  fromLead: (lead: Lead) => K,
  label: (group: G) => K,
): (K & Rate)[] {
  const tally = new Tally<K>();
  for (const group of groups) tally.add(keyOfGroup(group), label(group), 0, group.visitors);
  for (const lead of leads) {
    const key = keyOfLead(lead);
    if (key !== undefined) tally.add(key, fromLead(lead), lead.count, 0);
  }
  return tally.rows((item, [count, visitors]) => ({
    ...item,
    visitors: visitors!,
    count: count!,
    rate: visitors ? count! / visitors : null,
  }));
}

export function leadRates(actions: LeadAction[], allLeads: Lead[], groups: RateGroups): LeadRates[] {
  const episodePaths = new Set(groups.episodes.map((episode) => episode.path));
  return actions.map((action) => {
    const leads = allLeads.filter((lead) => lead.action === action);
    return {
      action,
      byChannel: ratesOf(
        groups.channels,
        (group) => group.channel,
        leads,
        (lead) => lead.entry.channel,
        (lead) => ({ channel: lead.entry.channel }),
        (group) => ({ channel: group.channel }),
      ),
      byCampaign: ratesOf(
        groups.campaigns,
        campaignKey,
        leads,
        (lead) => (lead.entry.campaign ? campaignKey(lead.entry.campaign) : undefined),
        (lead) => ({ source: lead.entry.campaign!.source, medium: lead.entry.campaign!.medium, campaign: lead.entry.campaign!.campaign }),
        (group) => ({ source: group.source, medium: group.medium, campaign: group.campaign }),
      ),
      byLanding: ratesOf(
        groups.entryPages,
        (group) => group.path,
        leads,
        (lead) => lead.entry.path || undefined,
        (lead) => ({ path: lead.entry.path }),
        (group) => ({ path: group.path }),
      ),
      byEpisode: ratesOf(
        groups.episodes,
        (group) => group.path,
        leads,
        (lead) => (episodePaths.has(lead.path) ? lead.path : undefined),
        (lead) => ({ path: lead.path }),
        (group) => ({ path: group.path }),
      ),
    };
  });
}
