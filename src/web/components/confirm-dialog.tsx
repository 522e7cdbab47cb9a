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
import { buttonVariants, type ButtonProps } from '#web/components/ui/button.tsx';
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
  /** The confirm button's look when it is not destructive (e.g. crimson for activating an account). */
  confirmVariant?: ButtonProps['variant'];
  /** Keeps the confirm button off until the caller's own check passes (e.g. an amount typed again). */
  confirmDisabled?: boolean;
  /** The spinner's accessible label while pending. */
  pendingLabel?: string;
  /** While saving, both buttons are disabled and the dialog cannot be dismissed. */
  pending?: boolean;
  /** Extra inputs between the description and the buttons. */
  children?: ReactNode;
}

/** The one "are you sure?" dialog staff actions ask through. */
export function ConfirmDialog({
  open,
  onClose,
  onConfirm,
  title,
  description,
  confirmLabel,
  destructive,
  confirmVariant,
  confirmDisabled = false,
  pendingLabel = 'Saving',
  pending = false,
  children,
}: ConfirmDialogProps) {
  const variant = destructive ? 'destructive' : confirmVariant;
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
            className={variant ? buttonVariants({ variant }) : undefined}
            disabled={pending || confirmDisabled}
            onClick={(e) => {
              // The caller closes the dialog when the action has finished.
              e.preventDefault();
              onConfirm();
            }}
          >
            {pending && <Spinner size="sm" label={pendingLabel} />}
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
