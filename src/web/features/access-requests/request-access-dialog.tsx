import { useId, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ChevronDown } from 'lucide-react';
import {
  accessRequestMessages,
  accessRequestSchema,
  emptyAccessRequest,
  type AccessRequest,
  type AccessRequestInput,
} from '#common/access-request.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/form-field.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '#web/components/ui/collapsible.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { cn } from '#web/lib/utils.ts';
import { useRequestAccess } from './api/request-access.ts';
import { PhoneField } from '#web/features/phone/phone-field.tsx';

type ConsentField = 'termsAccepted' | 'privacyAccepted' | 'marketingOptIn' | 'smsOptIn';

function PolicyLink({ href, children }: { href: string; children: ReactNode }) {
  // A new tab, so the form keeps what was typed.
  return (
    <a href={href} target="_blank" rel="noopener" className="font-medium text-foreground underline underline-offset-2 hover:text-crimson">
      {children}
    </a>
  );
}

const consents: { field: ConsentField; label: string; topic: string; optional: boolean; details: ReactNode }[] = [
  {
    field: 'termsAccepted',
    label: 'I accept the Terms of Use',
    topic: 'the Terms of Use',
    optional: false,
    details: (
      <>
        The rules of membership: how the registry, the Private MarketPlace and lending work, what you may list, and how disputes are settled. Read the
        full <PolicyLink href="/terms">Terms of Use</PolicyLink>.
      </>
    ),
  },
  {
    field: 'privacyAccepted',
    label: 'I accept the Privacy and Cookie Policy',
    topic: 'privacy and cookies',
    optional: false,
    details: (
      <>
        We keep your phone number, Instagram username and referral to review this request, and use only the cookies the site needs to work. Read the{' '}
        <PolicyLink href="/privacy">Privacy Policy</PolicyLink> and the <PolicyLink href="/cookies">Cookie Policy</PolicyLink>.
      </>
    ),
  },
  {
    field: 'marketingOptIn',
    label: 'Send me news of private sales and new releases',
    topic: 'marketing messages',
    optional: true,
    details: (
      <>
        Occasional news of private sales, index updates and member events. You can stop them at any time in your settings. See the{' '}
        <PolicyLink href="/privacy">Privacy Policy</PolicyLink>.
      </>
    ),
  },
  {
    field: 'smsOptIn',
    label: 'Text me about my account',
    topic: 'account text messages',
    optional: true,
    details: (
      <>
        Text messages about your account, such as the status of a listing, a loan or an invoice. Sign-in codes are sent either way. Reply STOP to any
        message to opt out. Message and data rates may apply.
      </>
    ),
  },
];

export interface RequestAccessDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The Request Private Access dialog (spec §2): phone, Instagram (with an @ prefix), referral, four
 * consents with expandable details, REQUEST ACCESS enabled once terms and privacy are ticked.
 * Success shows 'Request sent' and resets the form; a failed request shows 'Request failed' (spec §8)
 * and keeps what was typed, so a lost request never looks sent. The real error is only logged.
 */
export function RequestAccessDialog({ open, onOpenChange }: RequestAccessDialogProps) {
  const ids = useId();
  const request = useRequestAccess();
  const [expanded, setExpanded] = useState<ConsentField | null>(null);
  const form = useForm<AccessRequestInput, unknown, AccessRequest>({
    resolver: zodResolver(accessRequestSchema),
    defaultValues: emptyAccessRequest,
  });
  const [termsAccepted, privacyAccepted] = useWatch({ control: form.control, name: ['termsAccepted', 'privacyAccepted'] });
  const canSubmit = termsAccepted === true && privacyAccepted === true;
  const errors = form.formState.errors;

  const reset = () => {
    form.reset(emptyAccessRequest);
    setExpanded(null);
    request.reset();
  };

  const changeOpen = (next: boolean) => {
    onOpenChange(next);
    if (!next) reset();
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      await request.mutateAsync(values);
    } catch (err) {
      // A lost request must not look sent (spec §8's 'Request failed'); the form keeps its values.
      console.error('Access request failed', err);
      toast({ variant: 'destructive', title: accessRequestMessages.failedTitle, description: accessRequestMessages.failedDescription });
      return;
    }
    toast({ title: accessRequestMessages.sentTitle, description: accessRequestMessages.sentDescription });
    reset();
  });

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="sm:max-w-lg" data-testid="request-access-dialog">
        <form noValidate onSubmit={submit} className="grid gap-6">
          <DialogHeader>
            <p className="text-xs font-medium uppercase tracking-[0.18em] text-crimson">By invitation</p>
            <DialogTitle>Request Private Access</DialogTitle>
            <DialogDescription>Tell us how to reach you and who you are in the hobby. Every request is reviewed by our team.</DialogDescription>
          </DialogHeader>

          <FormField control={form.control} name="phone" label="Phone number" id={`${ids}-phone`}>
            <PhoneField control={form.control} name="phone" autoFocus />
          </FormField>

          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              control={form.control}
              name="instagram"
              label="Instagram"
              id={`${ids}-instagram`}
              describedBy={`${ids}-either`}
              className="content-start"
            >
              {(control) => (
                <div className="relative">
                  <span className="pointer-events-none absolute inset-y-0 left-0 flex items-center pl-3 text-muted-foreground" aria-hidden="true">
                    @
                  </span>
                  <Input
                    {...control}
                    autoComplete="off"
                    autoCapitalize="none"
                    spellCheck={false}
                    placeholder="username"
                    className="pl-7"
                    {...form.register('instagram')}
                  />
                </div>
              )}
            </FormField>
            <FormField
              control={form.control}
              name="referral"
              label="Referral"
              id={`${ids}-referral`}
              describedBy={`${ids}-either`}
              className="content-start"
            >
              <Input autoComplete="off" placeholder="Who introduced you?" {...form.register('referral')} />
            </FormField>
            <p id={`${ids}-either`} className="-mt-2 text-xs text-muted-foreground sm:col-span-2">
              Give your Instagram username, a referral, or both.
            </p>
          </div>

          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Consents</legend>
            {consents.map((c) => {
              const message = errors[c.field]?.message;
              const checkboxId = `${ids}-${c.field}`;
              return (
                <Collapsible
                  key={c.field}
                  open={expanded === c.field}
                  onOpenChange={(o) => setExpanded(o ? c.field : null)}
                  className={cn('rounded-lg border bg-muted/30', message && 'border-destructive/60')}
                >
                  <div className="flex items-start gap-3 px-3 py-2.5">
                    <Controller
                      control={form.control}
                      name={c.field}
                      render={({ field }) => (
                        <Checkbox
                          id={checkboxId}
                          name={field.name}
                          ref={field.ref}
                          checked={field.value === true}
                          onCheckedChange={(v) => field.onChange(v === true)}
                          onBlur={field.onBlur}
                          className="mt-0.5"
                          aria-invalid={message ? true : undefined}
                          aria-describedby={message ? `${checkboxId}-error` : undefined}
                        />
                      )}
                    />
                    <label htmlFor={checkboxId} className="flex-1 cursor-pointer text-sm leading-snug">
                      {c.label}
                      {c.optional ? <span className="ml-1 text-muted-foreground">(optional)</span> : <span className="sr-only"> (required)</span>}
                    </label>
                    <CollapsibleTrigger
                      className="group -my-1 -mr-1 flex shrink-0 items-center gap-1 rounded-md px-2 py-1 text-xs text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
                      aria-label={`Details on ${c.topic}`}
                    >
                      Details
                      <ChevronDown className="size-3.5 transition-transform group-data-[state=open]:rotate-180" aria-hidden="true" />
                    </CollapsibleTrigger>
                  </div>
                  <CollapsibleContent>
                    <p className="px-3 pb-3 pl-10 text-xs leading-relaxed text-muted-foreground">{c.details}</p>
                  </CollapsibleContent>
                  {message && (
                    <p id={`${checkboxId}-error`} role="alert" className="px-3 pb-2.5 pl-10 text-sm text-destructive">
                      {message}
                    </p>
                  )}
                </Collapsible>
              );
            })}
          </fieldset>

          <div className="grid gap-3">
            <Button type="submit" size="lg" variant="crimson" disabled={!canSubmit || request.isPending} className="w-full tracking-[0.14em]">
              {request.isPending && <Spinner size="sm" label="Sending" />}
              REQUEST ACCESS
            </Button>
            <p className="text-center text-xs leading-relaxed text-muted-foreground">{accessRequestMessages.note}</p>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
