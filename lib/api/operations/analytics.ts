import { z } from 'zod';
import { COUNTRIES, WORLDWIDE, findTrendPlace } from '@/lib/platform/countries';
import { TrendSchema } from '@/lib/platform/records';
import { COSTS, defineOperation } from '../define-operation';
import { integerField, maxCreditsField } from '../inputs';

const PLACES = [WORLDWIDE, ...COUNTRIES];

export const getTrending = defineOperation({
  id: 'getTrending',
  tag: 'Analytics',
  method: 'GET',
  path: '/v2/trending',
  summary: 'Trending hashtags for a country or Worldwide',
  description: `Hashtag volume over the last 24 hours up to the newest tweet. country is one of: ${PLACES.map((p) => `${p.name} (${p.code})`).join(', ')}; names and codes are case-insensitive.`,
  scope: 'read',
  cost: COSTS.trending,
  query: z.object({
    country: z
      .string()
      .refine((value) => findTrendPlace(value) !== undefined, 'must be Worldwide, one of the 64 trend countries, or its ISO 3166 alpha-2 code')
      // The OpenAPI document lists the names and codes as written here; the server ignores their case.
      .meta({ enum: PLACES.flatMap((place) => [place.name, place.code]) })
      .default('Worldwide'),
    count: integerField(1, 50).default(20),
    ...maxCreditsField,
  }),
  response: z.object({ country: z.string(), woeid: z.number().int(), as_of: z.string(), trends: z.array(TrendSchema) }),
  handler: async ({ platform, query }) => ({ data: await platform.getTrending({ country: query.country, count: query.count }), items: 1 }),
});
