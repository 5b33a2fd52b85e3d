import Link from 'next/link';
import { buttonClasses } from '@/components/ui/button-styles';
import { MissingPath } from '@/components/ui/missing-path';

export default function NotFound() {
  return (
    <main id="main" className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-4 px-6 text-center">
      <p className="text-sm font-semibold text-brand-600">404</p>
      <h1 className="text-2xl font-bold">Page not found</h1>
      <p className="text-slate-600 dark:text-slate-400">
        There is nothing at <MissingPath />. Check the address, or start again from the home page.
      </p>
      <Link href="/" className={buttonClasses('secondary')}>
        Go to the home page
      </Link>
    </main>
  );
}
