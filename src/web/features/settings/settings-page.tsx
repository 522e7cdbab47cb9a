import { useId, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { LoadError } from '#web/components/load-error.tsx';
import { z } from 'zod';
import { LogOut } from 'lucide-react';
import { emailSchema, nameSchema, type Profile } from '#common/auth.ts';
import { formatDate } from '#web/lib/dates.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/form-field.tsx';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { useLogout } from '#web/features/auth/api/logout.ts';
import { formatPhoneForDisplay } from '#web/features/phone/phone-format.ts';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { useProfile } from '#web/features/auth/api/get-profile.ts';
import { useUpdateProfile } from '#web/features/auth/api/update-profile.ts';
import { SmsPreferencesSection } from '#web/features/notifications/sms-preferences-section.tsx';
import { usePublicConfig } from '#web/features/public-config/api/get-public-config.ts';

const settingsSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  marketingOptIn: z.boolean(),
  smsOptIn: z.boolean(),
});
type SettingsInput = z.input<typeof settingsSchema>;
type SettingsValues = z.output<typeof settingsSchema>;

function toForm(p: Profile): SettingsInput {
  return { name: p.name ?? '', email: p.email ?? '', marketingOptIn: p.marketingOptIn, smsOptIn: p.smsOptIn };
}

function ProfileForm({ profile }: { profile: Profile }) {
  const ids = useId();
  const update = useUpdateProfile();
  const form = useForm<SettingsInput, unknown, SettingsValues>({
    resolver: zodResolver(settingsSchema),
    defaultValues: toForm(profile),
  });
  const { isDirty } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      form.reset(saved && typeof saved === 'object' && 'id' in saved ? toForm(saved) : values);
      toast({ title: 'Profile Updated', description: 'Your settings have been saved.' });
    } catch (err) {
      const fieldErrors = err instanceof ApiError ? (err.body as { fieldErrors?: Record<string, unknown> })?.fieldErrors : undefined;
      let mapped = false;
      for (const key of ['name', 'email'] as const) {
        const msg = fieldErrors?.[key];
        const text = Array.isArray(msg) ? msg[0] : msg;
        if (typeof text === 'string') {
          form.setError(key, { message: text });
          mapped = true;
        }
      }
      if (!mapped) {
        toast({ variant: 'destructive', title: 'Could not save', description: errorMessage(err, 'Please try again.') });
      }
    }
  });

  const switchRow = (name: 'smsOptIn' | 'marketingOptIn', title: string, help: string) => (
    <div className="flex items-start justify-between gap-4 py-4">
      <div className="grid gap-1">
        <Label htmlFor={`${ids}-${name}`}>{title}</Label>
        <p id={`${ids}-${name}-help`} className="text-sm text-muted-foreground">
          {help}
        </p>
      </div>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <Switch
            id={`${ids}-${name}`}
            checked={field.value}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            aria-describedby={`${ids}-${name}-help`}
          />
        )}
      />
    </div>
  );

  return (
    <form noValidate onSubmit={submit} className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Profile</CardTitle>
          <CardDescription>How we address you and where we send receipts.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <FormField control={form.control} name="name" label="Name" id={`${ids}-name`}>
            <Input autoComplete="name" {...form.register('name')} />
          </FormField>
          <FormField control={form.control} name="email" label="Email" id={`${ids}-email`}>
            <Input type="email" autoComplete="email" placeholder="you@example.com" {...form.register('email')} />
          </FormField>
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-phone`}>Phone</Label>
            <Input
              id={`${ids}-phone`}
              readOnly
              value={formatPhoneForDisplay(profile.phone)}
              aria-describedby={`${ids}-phone-help`}
              className="tabular bg-muted/60 text-muted-foreground"
            />
            <p id={`${ids}-phone-help`} className="text-xs text-muted-foreground">
              Your phone number is how you sign in. To change it, contact the team.
            </p>
          </div>
        </CardContent>
      </Card>

      <Card className="gap-2">
        <CardHeader>
          <CardTitle>Messages</CardTitle>
          <CardDescription>Choose what we may send you. You can change this at any time.</CardDescription>
        </CardHeader>
        <CardContent className="divide-y">
          {switchRow('smsOptIn', 'Account text messages', 'Texts about your cards, loans and requests.')}
          {switchRow('marketingOptIn', 'Member news and offers', 'Occasional news about drops, the index and events.')}
        </CardContent>
      </Card>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
        <Button type="button" variant="ghost" disabled={!isDirty || update.isPending} onClick={() => form.reset(toForm(profile))}>
          Discard changes
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending && <Spinner size="sm" label="Saving" />}
          {update.isPending ? 'Saving…' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}

function SettingsSkeleton() {
  return (
    <div className="grid gap-6" aria-busy="true">
      <span className="sr-only" role="status">
        Loading your settings
      </span>
      <Skeleton className="h-72 w-full rounded-xl" />
      <Skeleton className="h-48 w-full rounded-xl" />
    </div>
  );
}

/** The support contact an admin set, once the public configuration has answered. */
function SupportCard() {
  const { data } = usePublicConfig();
  const support = data?.support;
  if (!support || (!support.email && !support.phone)) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Need help?</CardTitle>
        <CardDescription>{support.hours || 'Write or call the team.'}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2 text-sm">
        {support.email && (
          <a className="w-fit font-medium text-crimson underline-offset-4 hover:underline" href={`mailto:${support.email}`}>
            {support.email}
          </a>
        )}
        {support.phone && (
          <a
            className="tabular w-fit font-medium text-crimson underline-offset-4 hover:underline"
            href={`tel:${support.phone.replace(/[^\d+]/g, '')}`}
          >
            {support.phone}
          </a>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * `documents`: the identity documents section, composed in by the app from the KYC feature;
 * `manager`: the member's portfolio manager, from the onboarding feature.
 */
export default function SettingsPage({ documents, manager }: { documents?: ReactNode; manager?: ReactNode }) {
  const profile = useProfile();
  const logout = useLogout();
  return (
    <div className="mx-auto grid max-w-3xl gap-8 px-4 py-8 sm:px-6 sm:py-12">
      <PageHeader
        eyebrow="Account"
        title="Settings"
        description={profile.data ? `Member since ${formatDate(profile.data.createdAt)}.` : 'Your profile and message preferences.'}
      />
      {profile.isPending ? (
        <SettingsSkeleton />
      ) : profile.isError ? (
        <LoadError
          title="We couldn't load your settings"
          onRetry={() => void profile.refetch()}
          retrying={profile.isFetching}
          className="mx-0 max-w-none"
        />
      ) : (
        <ProfileForm key={profile.data.id} profile={profile.data} />
      )}

      {profile.data && <SmsPreferencesSection smsOptIn={profile.data.smsOptIn} />}

      {documents}

      {manager}

      <SupportCard />

      <Card>
        <CardHeader>
          <CardTitle>Sign out</CardTitle>
          <CardDescription>End your session on this device.</CardDescription>
        </CardHeader>
        <CardFooter>
          <Button variant="outline" onClick={() => logout.mutate()} disabled={logout.isPending}>
            {logout.isPending ? <Spinner size="sm" label="Logging out" /> : <LogOut aria-hidden="true" />}
            Log out
          </Button>
        </CardFooter>
      </Card>
    </div>
  );
}
