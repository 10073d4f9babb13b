import type { BusinessUnit } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { termsText } from './terms.ts';

/** "portal.example.com" → ["portal.example.com", "example.com", "com"] */
const domainAndParents = (domain: string) => {
  const parts = domain.toLowerCase().replace(/\.$/, '').split('.');
  return parts.map((_, i) => parts.slice(i).join('.'));
};

export const businessUnitsService = {
  /** The unit whose domain is the given one or a parent of it; otherwise the network's first unit. */
  async getByDomain(ctx: AppContext, domain: string | undefined): Promise<BusinessUnit[]> {
    const candidates = domain ? domainAndParents(domain) : [];
    const rows = await ctx.db.selectFrom('business_units').selectAll().orderBy('id').execute();
    const match = candidates.map((d) => rows.find((r) => r.domain === d)).find(Boolean) ?? rows[0];
    if (!match) return [];
    return [
      {
        id: match.id,
        domain: match.domain,
        name: match.name,
        brand: match.brand,
        three_step_signup: match.three_step_signup,
        terms: termsText(ctx.config.MINIMUM_PAYOUT_USD),
        minimum_payout: ctx.config.MINIMUM_PAYOUT_USD,
      },
    ];
  },

  async exists(ctx: AppContext, id: number): Promise<boolean> {
    return Boolean(await ctx.db.selectFrom('business_units').select('id').where('id', '=', id).executeTakeFirst());
  },
};
