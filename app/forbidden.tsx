import Link from 'next/link';
import { buttonClasses } from '@/components/ui/button-styles';

export default function Forbidden() {
  return (
    <main id="main" className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 px-6 text-center">
      <p className="text-sm font-semibold text-brand-600">403</p>
      <h1 className="text-2xl font-bold">Not open to your role</h1>
      <p className="text-slate-600 dark:text-slate-400">
        Your role in this workspace does not include this page. An owner or admin of the workspace can change your role.
      </p>
      <Link href="/dashboard" className={buttonClasses('secondary')}>
        Go to the overview
      </Link>
    </main>
  );
}
