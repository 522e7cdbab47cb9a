import { cn } from '#web/lib/utils.ts';
import { avatarInitial } from './avatar-initial.ts';

export function UserAvatar({ name, phone, className }: { name: string | null | undefined; phone: string | null | undefined; className?: string }) {
  return (
    <span
      aria-hidden="true"
      data-slot="avatar"
      className={cn(
        'inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-crimson text-sm font-semibold text-crimson-foreground',
        className,
      )}
    >
      {avatarInitial(name, phone)}
    </span>
  );
}
