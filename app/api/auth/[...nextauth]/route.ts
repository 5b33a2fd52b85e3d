import NextAuth from 'next-auth';
import type { NextRequest } from 'next/server';
import { authOptions } from '@/lib/auth/auth-options';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ nextauth: string[] }> };

// The options are built per request (once), not at import: `next build` imports this module.
function handler(request: NextRequest, context: Context): Promise<Response> {
  return NextAuth(request, context, authOptions());
}

export { handler as GET, handler as POST };
