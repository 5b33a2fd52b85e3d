import { notFound, redirect } from 'next/navigation';
import { getCurrentUser, type CurrentUser } from './get-current-user';

/** The signed-in account for a page; signed-out visitors are sent to sign in and come back. */
export async function requireUser(returnTo: string): Promise<CurrentUser> {
  const user = await getCurrentUser();
  if (!user) redirect(`/signin?callbackUrl=${encodeURIComponent(returnTo)}`);
  return user;
}

/** The signed-in admin for a page; anyone else gets a 404, so /admin does not reveal itself. */
export async function requireAdmin(): Promise<CurrentUser> {
  const user = await getCurrentUser();
  if (!user?.isAdmin) notFound();
  return user;
}
