import { useEffect, useRef } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertTriangle, ArrowLeft, Check, CheckCheck, Clock, RotateCw, Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { SMS_BODY_MAX_LENGTH, sendManualSmsSchema, type SendManualSmsInput, type SmsMessage, type SmsThread } from '#common/sms-convos.ts';
import { FormField } from '#web/components/form-field.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { formatPhoneForDisplay } from '#web/features/phone/phone-format.ts';
import { errorMessage } from '#web/lib/api.ts';
import { applyServerFieldErrors } from '#web/lib/server-field-errors.ts';
import { cn } from '#web/lib/utils.ts';
import { useSendSms } from './api/send-sms.ts';
import { useSmsThread } from './api/get-sms-thread.ts';
import { deliveryState, fullWhen, purposeLabels, threadTitle, type DeliveryTone } from './sms-format.ts';

type SendManualSmsValues = z.output<typeof sendManualSmsSchema>;

const deliveryIcon: Record<DeliveryTone, typeof Check> = { pending: Clock, sent: Check, delivered: CheckCheck, failed: AlertTriangle };

function Bubble({ m }: { m: SmsMessage }) {
  const out = m.direction === 'outbound';
  const label = purposeLabels[m.purpose];
  const delivery = deliveryState(m);
  const failed = delivery?.tone === 'failed';
  const DeliveryIcon = delivery ? deliveryIcon[delivery.tone] : null;
  return (
    <li className={cn('flex flex-col gap-1', out ? 'items-end' : 'items-start')} data-testid="sms-message">
      <div
        className={cn(
          'max-w-[85%] whitespace-pre-wrap break-words rounded-2xl px-4 py-2.5 text-sm leading-relaxed sm:max-w-[70%]',
          out ? 'rounded-br-md bg-zinc-900 text-zinc-50' : 'rounded-bl-md bg-muted text-foreground',
          failed && 'bg-red-50 text-red-900 ring-1 ring-red-200',
        )}
      >
        {m.body || <em className="opacity-70">Empty message</em>}
      </div>
      <p className="flex flex-wrap items-center gap-x-1.5 px-1 text-[0.6875rem] text-muted-foreground">
        <time dateTime={m.createdAt} className="tabular">
          {fullWhen(m.createdAt)}
        </time>
        {label && <span>· {label}</span>}
        {out && m.sentBy?.name && <span>· {m.sentBy.name}</span>}
        {delivery && DeliveryIcon && (
          <span
            data-testid="sms-status"
            className={cn(
              'inline-flex items-center gap-1',
              delivery.tone === 'failed' && 'font-medium text-destructive',
              delivery.tone === 'delivered' && 'text-emerald-700',
            )}
            title={m.error ?? (m.statusUpdatedAt ? `Reported ${fullWhen(m.statusUpdatedAt)}` : undefined)}
          >
            · <DeliveryIcon className="size-3" aria-hidden="true" /> {delivery.label}
          </span>
        )}
      </p>
    </li>
  );
}

function Composer({ thread }: { thread: SmsThread }) {
  const send = useSendSms(thread.phone);
  const form = useForm<SendManualSmsInput, unknown, SendManualSmsValues>({ resolver: zodResolver(sendManualSmsSchema), defaultValues: { body: '' } });
  const body = form.watch('body');
  const trimmed = body.trim();
  const submit = form.handleSubmit(async (v) => {
    if (send.isPending) return;
    try {
      const { message } = await send.mutateAsync(v.body);
      if (message.status === 'failed') {
        toast({ variant: 'destructive', title: 'Message not delivered', description: 'The SMS provider refused it. It is kept in the thread.' });
      } else {
        form.reset({ body: '' });
      }
    } catch (err) {
      if (!applyServerFieldErrors(form, err, { body: 'body' }))
        toast({ variant: 'destructive', title: 'Message not sent', description: errorMessage(err, 'Please try again.') });
    }
  });

  if (thread.optedOut) {
    return (
      <p className="flex items-start gap-2 border-t bg-amber-50 px-4 py-3 text-sm text-amber-900">
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        This number replied STOP. It can be texted again after it replies START.
      </p>
    );
  }
  return (
    <form className="grid gap-2 border-t p-3 sm:p-4" noValidate onSubmit={(e) => void submit(e)}>
      <FormField control={form.control} name="body" label={<span className="sr-only">Message to {threadTitle(thread)}</span>} className="gap-0">
        <Textarea
          maxLength={SMS_BODY_MAX_LENGTH}
          placeholder="Write a text message"
          className="min-h-20 resize-none"
          {...form.register('body')}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) {
              e.preventDefault();
              if (trimmed) void submit();
            }
          }}
        />
      </FormField>
      <div className="flex items-center justify-between gap-3">
        <span className="tabular text-xs text-muted-foreground">
          {body.length}/{SMS_BODY_MAX_LENGTH}
        </span>
        <Button type="submit" size="sm" disabled={!trimmed || send.isPending}>
          {send.isPending ? <Spinner size="sm" label="Sending" /> : <Send aria-hidden="true" />}
          Send SMS
        </Button>
      </div>
    </form>
  );
}

/** One phone's messages, oldest first, with the composer. */
export function Conversation({ phone, onBack }: { phone: string; onBack: () => void }) {
  const thread = useSmsThread(phone);
  const data = thread.data;
  const endRef = useRef<HTMLDivElement>(null);
  const count = data?.messages.length ?? 0;
  useEffect(() => {
    endRef.current?.scrollIntoView({ block: 'end' });
  }, [count, phone]);

  return (
    <section aria-label="Conversation" className="flex min-h-0 flex-1 flex-col">
      <header className="flex items-center gap-3 border-b px-3 py-3 sm:px-4">
        <Button variant="ghost" size="icon" className="md:hidden" onClick={onBack} aria-label="Back to conversations">
          <ArrowLeft aria-hidden="true" />
        </Button>
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-medium">{data ? threadTitle(data) : formatPhoneForDisplay(phone)}</h2>
          <p className="tabular truncate text-xs text-muted-foreground">
            {formatPhoneForDisplay(phone)}
            {data?.instagram && data.name ? ` · @${data.instagram}` : ''}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap justify-end gap-1.5">
          {data?.userId ? <Badge variant="outline">Member</Badge> : data ? <Badge variant="secondary">Not a member</Badge> : null}
          {data?.optedOut && <Badge variant="warning">Opted out</Badge>}
        </div>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto px-3 py-4 sm:px-5">
        {thread.isPending ? (
          <div className="grid gap-3" aria-busy="true">
            <Skeleton className="h-12 w-2/3" />
            <Skeleton className="ml-auto h-12 w-1/2" />
            <Skeleton className="h-12 w-3/5" />
          </div>
        ) : thread.isError ? (
          <div role="alert" className="grid justify-items-start gap-3 text-sm">
            <p className="font-medium">We couldn't load this conversation.</p>
            <p className="text-muted-foreground">{errorMessage(thread.error, 'Please try again.')}</p>
            <Button variant="outline" size="sm" onClick={() => void thread.refetch()}>
              <RotateCw aria-hidden="true" />
              Try again
            </Button>
          </div>
        ) : data && data.messages.length === 0 ? (
          <p className="py-10 text-center text-sm text-muted-foreground">No messages yet.</p>
        ) : (
          <ol className="grid gap-4" aria-label="Messages">
            {data?.messages.map((m) => (
              <Bubble key={m.id} m={m} />
            ))}
          </ol>
        )}
        <div ref={endRef} />
      </div>
      {data && <Composer key={data.phone} thread={data} />}
    </section>
  );
}
