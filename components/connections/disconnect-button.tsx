import { Button } from '@/components/ui/button';

/** Disconnects: deletes the tokens here and revokes the grant at the platform. */
export function DisconnectButton({ label = 'Disconnect' }: { label?: string }) {
  return (
    <form method="post" action="/dashboard/connections/disconnect">
      <Button type="submit" variant="secondary">
        {label}
      </Button>
    </form>
  );
}
