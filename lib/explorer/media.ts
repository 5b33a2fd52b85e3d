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
