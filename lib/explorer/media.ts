import type { Tweet } from '@perch/client';

export type Media = Tweet['media'][number];

const TYPE_LABELS: Record<Media['type'], string> = { photo: 'Photo', video: 'Video', animated_gif: 'GIF' };

function duration(ms: number): string {
  const total = Math.round(ms / 1000);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** "Video · 1280×720 · 0:42": what a media placeholder says when the file itself is not shown. */
export function describeMedia(media: Media): string {
  const parts = [TYPE_LABELS[media.type] ?? media.type];
  if (media.width && media.height) parts.push(`${media.width}×${media.height}`);
  if (media.duration_ms) parts.push(duration(media.duration_ms));
  return parts.join(' · ');
}

/**
 * Whether the page may load an image from this URL. The CSP allows images from this origin
 * only (img-src 'self' data: blob:), and the embedded platform's media host does not resolve:
 * anything else is shown as a placeholder, so no request is blocked or fails.
 */
export function canLoadImage(url: string | null, pageOrigin: string): boolean {
  if (!url) return false;
  if (url.startsWith('data:')) return true;
  try {
    return new URL(url, pageOrigin).origin === pageOrigin;
  } catch {
    return false;
  }
}

/** The width/height ratio of a media box, kept within sensible bounds; 16:9 when unknown. */
export function aspectRatio(media: Media): number {
  if (!media.width || !media.height) return 16 / 9;
  return Math.min(2.5, Math.max(0.6, media.width / media.height));
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/**
 * A picture standing in for a media file this page cannot load (the embedded platform's media
 * host does not resolve): a small landscape whose colours and shapes come from the file's URL,
 * so each photo looks like itself every time, with a play mark on videos and GIFs. A data:
 * URL, which the CSP allows, so nothing is requested.
 */
export function generatedPicture(media: Media): string {
  const h = hash(media.url);
  const width = 320;
  const height = Math.round(width / aspectRatio(media));
  const hue = h % 360;
  const sky = `hsl(${hue} 70% 72%)`;
  const skyLow = `hsl(${(hue + 40) % 360} 75% 86%)`;
  const far = `hsl(${(hue + 150) % 360} 35% 45%)`;
  const near = `hsl(${(hue + 170) % 360} 40% 30%)`;
  const sunX = 40 + ((h >>> 9) % (width - 80));
  const ridge = (base: number, amp: number, seed: number) =>
    Array.from({ length: 9 }, (_, i) => `${(i * width) / 8},${Math.round(base + amp * Math.sin(seed + i * 1.3 + ((h >>> (i + 3)) % 7) / 3))}`).join(' ');
  const play =
    media.type === 'photo'
      ? ''
      : `<circle cx="${width / 2}" cy="${height / 2}" r="26" fill="rgb(0 0 0 / 0.55)"/><path d="M${width / 2 - 9} ${height / 2 - 14}v28l24-14z" fill="#fff"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}"><defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="${skyLow}"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#s)"/><circle cx="${sunX}" cy="${Math.round(height * 0.3)}" r="${Math.round(height * 0.12)}" fill="hsl(${(hue + 20) % 360} 90% 92%)"/><polygon points="0,${height} ${ridge(height * 0.62, height * 0.08, h % 5)} ${width},${height}" fill="${far}"/><polygon points="0,${height} ${ridge(height * 0.78, height * 0.06, (h >>> 4) % 5)} ${width},${height}" fill="${near}"/>${play}</svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
