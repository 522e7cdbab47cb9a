import { TOAST_DURATION, TOAST_SWIPE_THRESHOLD, useToast } from '#web/hooks/use-toast.ts';
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from '#web/components/ui/toast.tsx';

/** Renders the toasts from `useToast()`: one at a time (spec §4), 5 s by default, swipe threshold 50. */
export function Toaster({ placement = 'corner' }: { placement?: 'corner' | 'top' }) {
  const { toasts, dismiss } = useToast();
  return (
    <ToastProvider duration={TOAST_DURATION} swipeThreshold={TOAST_SWIPE_THRESHOLD}>
      {toasts.map((t) => (
        <Toast key={t.id} variant={t.variant} duration={t.duration} open={t.open} onOpenChange={(o) => !o && dismiss(t.id)}>
          <div className="grid gap-1">
            {t.title && <ToastTitle>{t.title}</ToastTitle>}
            {t.description && <ToastDescription>{t.description}</ToastDescription>}
          </div>
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport data-placement={placement} className={placement === 'top' ? 'sm:top-0 sm:bottom-auto sm:flex-col-reverse' : undefined} />
    </ToastProvider>
  );
}
