'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { communityHref } from '@/lib/explorer/links';

/** "Posted in a community" under a tweet, except on that community's own page. */
export function CommunityLink({ communityId }: { communityId: string }) {
  const href = communityHref(communityId);
  if (usePathname() === href) return null;
  return (
    <Link href={href} className="self-start text-xs text-slate-500 hover:underline dark:text-slate-400">
      Posted in a community
    </Link>
  );
}
