import { Link } from 'wouter';
import { ArrowRight } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { useCurrentUser } from './api/get-current-user.ts';
import { openSignIn } from './sign-in-store.ts';

/** Where a signed-in visitor's Dashboard button goes (spec §2: the Private MarketPlace). */
export const SIGNED_IN_HOME = '/secure';

/**
 * The public header's account actions: Sign In (opening the dialog), or Dashboard once signed in.
 * The Get Access button sits beside these (its own feature).
 */
export function PublicAuthActions({ mobile = false }: { mobile?: boolean }) {
  const { data: user, isPending } = useCurrentUser();
  if (user) {
    const link = (
      <Button asChild variant={mobile ? 'default' : 'outline'} className={mobile ? 'w-full' : undefined}>
        <Link href={SIGNED_IN_HOME}>
          Dashboard
          <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    );
    return link;
  }
  const button = (
    <Button variant={mobile ? 'outline' : 'ghost'} className={mobile ? 'w-full' : undefined} onClick={openSignIn} aria-busy={isPending || undefined}>
      Sign In
    </Button>
  );
  return button;
}
