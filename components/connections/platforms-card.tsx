import { Card } from '@/components/ui/card';
import type { PlatformName } from '@/lib/platform/platform';

const LABELS: Record<PlatformName, string> = { local: 'the embedded platform', bluesky: 'Bluesky', x: 'X' };

type Props = { platforms: PlatformName[]; defaultPlatform: PlatformName; blueskyHandle: string | null };

/** Which platforms this deployment serves, and the Bluesky account writes on Bluesky act as. */
export function PlatformsCard({ platforms, defaultPlatform, blueskyHandle }: Props) {
  return (
    <Card title="Platforms">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        This deployment serves {platforms.map((name) => LABELS[name]).join(' and ')}; calls go to {LABELS[defaultPlatform]} unless they pick another with the{' '}
        <code>Perch-Platform</code> header ({platforms.join(', ')}).
      </p>
      {platforms.includes('bluesky') && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          {blueskyHandle ? (
            <>Writes on Bluesky act as @{blueskyHandle}.</>
          ) : (
            <>
              No Bluesky account is connected: an operator connects one with <code>npm run admin -- connect-bluesky --email … --identifier … --app-password …</code>.
            </>
          )}
        </p>
      )}
    </Card>
  );
}
