import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { BrandCardPage } from '@/components/ui/brand-card-page';
import { getCurrentUser } from '@/lib/auth/get-current-user';

export default async function AuthLayout({ children }: { children: ReactNode }) {
  if (await getCurrentUser()) redirect('/dashboard');
  return <BrandCardPage>{children}</BrandCardPage>;
}
