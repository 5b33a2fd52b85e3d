import { COUNTRIES, WORLDWIDE, findTrendPlace } from '@/lib/platform/countries';
import { InvalidInputError } from '@/lib/platform/errors';
import type { Trending, TrendingRequest } from '@/lib/platform/types';
import { isoTime } from './map-values';
import { runQuery } from './query';

type TrendRow = { as_of: Date; tag: string | null; tweet_count: number | null };

/**
 * The window ends at the newest tweet, not at now(): a server that was off for a day still
 * has trends, and every place is counted over the same 24 hours. `country` filter: the
 * hashtag rows carry the author's country when posted; Worldwide counts them all.
 */
function trendsQuery(byCountry: boolean): string {
  return `WITH newest AS (
      SELECT coalesce((SELECT created_at FROM platform.tweets ORDER BY id DESC LIMIT 1), now()) AS as_of
    )
    SELECT n.as_of, x.tag, x.tweet_count FROM newest n
    LEFT JOIN LATERAL (
      SELECT h.tag, count(*)::int AS tweet_count FROM platform.tweet_hashtags h
      WHERE ${byCountry ? 'h.country = $2 AND ' : ''}h.created_at > n.as_of - interval '24 hours' AND h.created_at <= n.as_of
      GROUP BY h.tag ORDER BY tweet_count DESC, h.tag ASC LIMIT $1
    ) x ON true`;
}

const WORLDWIDE_TRENDS = trendsQuery(false);
const COUNTRY_TRENDS = trendsQuery(true);

/** The most used hashtags of the last 24 hours in a country (name or alpha-2 code) or Worldwide. */
export async function getTrending(request: TrendingRequest): Promise<Trending> {
  const place = findTrendPlace(request.country ?? WORLDWIDE.name);
  if (!place) {
    throw new InvalidInputError(`country must be Worldwide or one of the ${COUNTRIES.length} trend countries (name or ISO alpha-2 code)`, 'country');
  }
  const count = request.count ?? 20;
  if (!Number.isInteger(count) || count < 1 || count > 50) throw new InvalidInputError('count must be a whole number from 1 to 50', 'count');
  const rows =
    place.code === WORLDWIDE.code
      ? await runQuery<TrendRow>(WORLDWIDE_TRENDS, [count], { prepared: true })
      : await runQuery<TrendRow>(COUNTRY_TRENDS, [count, place.code], { prepared: true });
  const trends = rows
    .filter((row): row is TrendRow & { tag: string; tweet_count: number } => row.tag !== null)
    .map((row, i) => ({ rank: i + 1, name: `#${row.tag}`, query: `#${row.tag}`, tweet_count: row.tweet_count }));
  return { country: place.name, woeid: place.woeid, as_of: isoTime(rows[0].as_of), trends };
}
