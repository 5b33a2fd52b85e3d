import type { Rng } from './prng';
import { sentence } from './sentences';
import { MEDIA_GIF, MEDIA_PHOTO, MEDIA_VIDEO } from './tweet-plan';

/** A media attachment in the contract's shape. */
export type Media = {
  type: 'photo' | 'video' | 'animated_gif';
  url: string;
  preview_url: string | null;
  width: number;
  height: number;
  duration_ms: number | null;
  alt_text: string | null;
};

// Placeholder host: the seed never touches the network, and clients can tell seeded media apart.
export const MEDIA_HOST = 'https://media.perch.local';
const PHOTO_SIZES: Array<[number, number]> = [[1200, 675], [1080, 1080], [1080, 1350], [2048, 1536], [1600, 900], [900, 1200]];
const VIDEO_SIZES: Array<[number, number]> = [[1280, 720], [1920, 1080], [720, 1280], [1080, 1920]];
const GIF_SIZES: Array<[number, number]> = [[480, 270], [498, 280], [320, 320]];

function altText(rng: Rng, lang: string): string | null {
  return rng.chance(0.3) ? sentence(rng, lang, 3, 9) : null;
}

/** The attachments of a tweet with media of the planned kind: 1-4 photos, or one video or GIF. */
export function tweetMedia(rng: Rng, kind: number, tweetId: string, lang: string): Media[] {
  if (kind === MEDIA_PHOTO) {
    const r = rng.next();
    const count = r < 0.7 ? 1 : r < 0.85 ? 2 : r < 0.92 ? 3 : 4;
    return Array.from({ length: count }, (_, k) => {
      const [width, height] = rng.pick(PHOTO_SIZES);
      const url = `${MEDIA_HOST}/media/${tweetId}_${k + 1}.jpg`;
      return { type: 'photo', url, preview_url: `${url}?name=small`, width, height, duration_ms: null, alt_text: altText(rng, lang) };
    });
  }
  if (kind === MEDIA_VIDEO) {
    const [width, height] = rng.pick(VIDEO_SIZES);
    return [{
      type: 'video',
      url: `${MEDIA_HOST}/video/${tweetId}/${width}x${height}.mp4`,
      preview_url: `${MEDIA_HOST}/video_thumb/${tweetId}.jpg`,
      width,
      height,
      duration_ms: Math.round(Math.min(600_000, 4000 + rng.exponential(45_000))),
      alt_text: altText(rng, lang),
    }];
  }
  if (kind === MEDIA_GIF) {
    const [width, height] = rng.pick(GIF_SIZES);
    return [{
      type: 'animated_gif',
      url: `${MEDIA_HOST}/tweet_video/${tweetId}.mp4`,
      preview_url: `${MEDIA_HOST}/tweet_video_thumb/${tweetId}.jpg`,
      width,
      height,
      duration_ms: rng.range(1500, 8000),
      alt_text: altText(rng, lang),
    }];
  }
  return [];
}
