import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Sheet, SheetClose, SheetContent, SheetTitle } from '#web/components/ui/sheet.tsx';

export interface PublicMobileMenuProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  sections: readonly { id: string; label: string }[];
  legalLinks: readonly { href: string; label: string }[];
  sectionHref(id: string): string;
  /** Sign In, Get Access…: any button or link among them closes the menu. */
  children?: ReactNode;
}

/** The public header's slide-in menu on small screens (loaded on first open). */
export default function PublicMobileMenu({ open, onOpenChange, sections, legalLinks, sectionHref, children }: PublicMobileMenuProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="right" aria-describedby={undefined} closeLabel="Close menu" className="gap-0">
        <div className="flex h-16 items-center border-b px-6">
          <SheetTitle className="text-xs font-medium uppercase tracking-[0.18em] text-muted-foreground">Menu</SheetTitle>
        </div>
        <nav aria-label="Mobile" className="flex flex-col px-3 py-4">
          <SheetClose asChild>
            <Link href="/" className="rounded-md px-3 py-3 text-base font-medium hover:bg-muted">
              Home
            </Link>
          </SheetClose>
          {sections.map((s) => (
            <SheetClose asChild key={s.id}>
              <a href={sectionHref(s.id)} className="rounded-md px-3 py-3 text-base font-medium hover:bg-muted">
                {s.label}
              </a>
            </SheetClose>
          ))}
        </nav>
        {children && (
          <div
            className="flex flex-col gap-2 border-t px-6 py-5"
            onClickCapture={(e) => {
              if ((e.target as HTMLElement).closest('a,button')) onOpenChange(false);
            }}
          >
            {children}
          </div>
        )}
        <div className="mt-auto border-t px-6 py-5">
          <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm text-muted-foreground">
            {legalLinks.map((l) => (
              <li key={l.href}>
                <SheetClose asChild>
                  <Link href={l.href} className="hover:text-foreground">
                    {l.label}
                  </Link>
                </SheetClose>
              </li>
            ))}
          </ul>
        </div>
      </SheetContent>
    </Sheet>
  );
}
