import { Button } from '@/components/ui/button';

/** Starts the OAuth flow: a plain form POST, answered with a redirect to the platform's authorize page. */
export function ConnectButton({ label = 'Connect platform account' }: { label?: string }) {
  return (
    <form method="post" action="/dashboard/connections/connect">
      <Button type="submit">{label}</Button>
    </form>
  );
}
