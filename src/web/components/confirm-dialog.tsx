import type { ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '#web/components/ui/alert-dialog.tsx';
import { buttonVariants } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  /** Called on Cancel, Escape or a click outside, unless the action is still saving. */
  onClose: () => void;
  onConfirm: () => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: ReactNode;
  destructive?: boolean;
  /** While saving, both buttons are disabled and the dialog cannot be dismissed. */
  pending?: boolean;
  /** Extra inputs between the description and the buttons. */
  children?: ReactNode;
}

/** The one "are you sure?" dialog staff actions ask through. */
export function ConfirmDialog({ open, onClose, onConfirm, title, description, confirmLabel, destructive, pending = false, children }: ConfirmDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={(o) => !o && !pending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={destructive ? buttonVariants({ variant: 'destructive' }) : undefined}
            disabled={pending}
            onClick={(e) => {
              // The caller closes the dialog when the action has finished.
              e.preventDefault();
              onConfirm();
            }}
          >
            {pending && <Spinner size="sm" label="Saving" />}
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
