import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Logo } from '#web/components/brand/logo.tsx';
import { useCurrentUser } from '#web/features/auth/api/get-current-user.ts';

/**
 * A task page's frame (e.g. /onboarding): the logo and a way back, without the marketing
 * header's sections or the footer, so the steps have the reader's whole attention.
 */
export function FocusedLayout({ children }: { children: ReactNode }) {
  const { data: user } = useCurrentUser();
  return (
    <div className="flex min-h-dvh flex-col bg-zinc-50" data-testid="focused-layout">
      <header className="border-b bg-white">
        <div className="mx-auto flex h-14 max-w-4xl items-center justify-between gap-4 px-4 sm:px-6">
          <Link
            href={user ? '/dashboard' : '/'}
            aria-label={user ? 'Dashboard' : 'Home'}
            className="-m-1 flex items-center rounded-md p-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <Logo decorative className="size-8" />
          </Link>
          {user && (
            <Link href="/dashboard" className="text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline">
              Go to your dashboard
            </Link>
          )}
        </div>
      </header>
      <main className="flex-1">{children}</main>
    </div>
  );
}
