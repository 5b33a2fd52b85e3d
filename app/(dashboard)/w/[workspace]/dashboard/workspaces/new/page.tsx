import type { Metadata } from 'next';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { CreateWorkspaceForm } from '@/components/workspaces/create-workspace-form';
import { requireWorkspace } from '@/lib/auth/require-workspace';

export const metadata: Metadata = { title: 'New workspace' };

// Any signed-in person may create a workspace; usage.view (everyone's) only frames the page.
export default async function NewWorkspacePage() {
  await requireWorkspace('usage.view');
  return (
    <>
      <PageHeader title="Create a workspace" description="A shared workspace has its own balance, keys, rules and members. You will be its owner; it starts with 0 credits." />
      <Card>
        <CreateWorkspaceForm />
      </Card>
    </>
  );
}
