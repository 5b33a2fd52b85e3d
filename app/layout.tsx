import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Perch', template: '%s · Perch' },
  description: 'A self-hosted, credit-metered API for real-time microblogging data.',
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

// Every page renders per request: the CSP nonce is per response, and no page may query the
// database at build time (`next build` runs without one).
export const dynamic = 'force-dynamic';

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-50 focus:rounded-lg focus:bg-brand-600 focus:px-4 focus:py-2 focus:text-white"
        >
          Skip to content
        </a>
        {children}
      </body>
    </html>
  );
}
