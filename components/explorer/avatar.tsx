'use client';

import { useState } from 'react';
import { avatarHue, initials } from '@/lib/explorer/avatar';
import { canLoadImage } from '@/lib/explorer/media';
import { usePageOrigin } from './use-page-origin';

const SIZES = { sm: 'h-8 w-8 text-xs', md: 'h-10 w-10 text-sm', lg: 'h-16 w-16 text-xl sm:h-20 sm:w-20 sm:text-2xl' } as const;

type Props = { name: string; username: string; url: string | null; size?: keyof typeof SIZES };

/**
 * A profile picture where the page may load it, else the initials on a color of the
 * username's own: the embedded platform's media host does not resolve, and the CSP allows
 * images from this origin only. Decorative: the name next to it says who it is.
 */
export function Avatar({ name, username, url, size = 'md' }: Props) {
  const origin = usePageOrigin();
  const [failed, setFailed] = useState(false);
  const classes = `${SIZES[size]} shrink-0 rounded-full`;
  if (url && !failed && canLoadImage(url, origin)) {
    // A plain img: next/image would need every remote image host configured in advance.
    return <img src={url} alt="" className={`${classes} object-cover`} onError={() => setFailed(true)} />;
  }
  const hue = avatarHue(username);
  return (
    <span
      aria-hidden="true"
      className={`${classes} inline-flex items-center justify-center font-semibold text-white`}
      style={{ backgroundColor: `hsl(${hue} 55% 42%)` }}
    >
      {initials(name, username)}
    </span>
  );
}
