import { Card } from '@/components/ui/card';
import type { PlatformName } from '@/lib/platform/platform';

const LABELS: Record<PlatformName, string> = { local: 'the embedded platform', bluesky: 'Bluesky', x: 'X' };

type Props = { platforms: PlatformName[]; defaultPlatform: PlatformName };

/** Which platforms this deployment serves, and how a request picks one. */
export function PlatformsCard({ platforms, defaultPlatform }: Props) {
  return (
    <Card title="Platforms">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        This deployment serves {platforms.map((name) => LABELS[name]).join(' and ')}; calls go to {LABELS[defaultPlatform]} unless they pick another with the{' '}
        <code>Perch-Platform</code> header ({platforms.join(', ')}).
      </p>
    </Card>
  );
}
