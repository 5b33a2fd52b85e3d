'use client';

import { useState } from 'react';
import { aspectRatio, canLoadImage, describeMedia, generatedPicture, type Media } from '@/lib/explorer/media';
import { usePageOrigin } from './use-page-origin';

function MediaItem({ media, origin, several }: { media: Media; origin: string; several: boolean }) {
  const [failed, setFailed] = useState(false);
  const label = describeMedia(media);
  const preview = media.type === 'photo' ? media.url : media.preview_url;
  const showImage = !failed && canLoadImage(preview, origin);
  // Media this page cannot load still shows as a picture (generated from its URL), not a blank box.
  const src = showImage ? preview! : generatedPicture(media);
  return (
    <figure className="flex min-w-0 flex-col gap-1">
      <div
        className="relative flex w-full items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-slate-100 dark:border-slate-800 dark:bg-slate-800/60"
        style={{ aspectRatio: String(aspectRatio(media)), maxHeight: several ? '10rem' : '18rem' }}
      >
        {/* A plain img: next/image would need every remote media host configured in advance. */}
        <img src={src} alt={media.alt_text ?? label} className="h-full w-full object-cover" onError={() => setFailed(true)} />
        {media.type !== 'photo' && media.duration_ms !== null && (
          <span className="absolute bottom-1.5 left-1.5 rounded bg-black/70 px-1.5 py-0.5 text-xs font-medium text-white">{label}</span>
        )}
      </div>
      <figcaption className="flex min-w-0 flex-wrap items-baseline justify-between gap-x-2 text-xs text-slate-500 dark:text-slate-400">
        <span className="min-w-0 truncate">{media.alt_text ? `Alt: ${media.alt_text}` : label}</span>
        <a href={media.url} target="_blank" rel="noopener noreferrer" className="shrink-0 hover:underline">
          Open {media.type === 'photo' ? 'image' : 'media'} ↗<span className="sr-only"> (opens in a new tab)</span>
        </a>
      </figcaption>
    </figure>
  );
}

/**
 * A tweet's photos and videos, as pictures. Media hosts outside this origin are not loaded
 * (the CSP allows only 'self', and the embedded platform's host does not resolve): each shows
 * a picture generated from its URL instead, with its type, size and duration, and a link to
 * the file. Several media share a compact grid, so threads stay readable.
 */
export function TweetMedia({ media, sensitive }: { media: Media[]; sensitive: boolean }) {
  const origin = usePageOrigin();
  if (media.length === 0) return null;
  return (
    <div className="flex flex-col gap-1">
      {sensitive && <p className="text-xs font-medium text-amber-700 dark:text-amber-400">Marked as possibly sensitive</p>}
      <div className={`grid gap-2 ${media.length > 1 ? 'grid-cols-2' : 'grid-cols-1'}`}>
        {media.map((m, i) => (
          <MediaItem key={`${m.url}-${i}`} media={m} origin={origin} several={media.length > 1} />
        ))}
      </div>
    </div>
  );
}
