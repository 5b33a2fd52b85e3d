import type { Metadata } from 'next';
import { VerifyEmailButton } from '@/components/auth/verify-email-button';
import { BrandCardPage } from '@/components/ui/brand-card-page';

export const metadata: Metadata = { title: 'Confirm your email address' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

// Outside the (auth) group: that layout sends signed-in visitors away, and people usually
// open this link while signed in.
export default async function VerifyEmailPage({ searchParams }: Props) {
  const { token } = await searchParams;
  return (
    <BrandCardPage>
        <h1 className="text-xl font-bold">Confirm your email address</h1>
        {typeof token === 'string' && token ? (
          <VerifyEmailButton token={token} />
        ) : (
          <p className="mt-4 text-sm">This link is incomplete: open the one from the mail again.</p>
        )}
    </BrandCardPage>
  );
}
