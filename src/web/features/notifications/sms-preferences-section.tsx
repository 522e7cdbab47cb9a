import { useId, useState } from 'react';
import {
  memberNotificationKinds,
  notificationAreaLabels,
  notificationAreas,
  notificationKindInfo,
  notificationMessages,
  type MemberNotificationKind,
} from '#common/notifications.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useNotificationPreferences } from './api/get-notification-preferences.ts';
import { useSaveNotificationPreferences } from './api/save-notification-preferences.ts';

// Grouped by area, in the areas' order, so a long list reads as a few short ones.
const groups = notificationAreas
  .map((area) => ({ area, kinds: memberNotificationKinds.filter((k) => notificationKindInfo[k].area === area) }))
  .filter((g) => g.kinds.length > 0);

/**
 * /settings: per kind of notification, whether it also comes by text. Each switch saves at once.
 * `smsOptIn` is the profile's saved "Account text messages" choice: with it off nothing is texted.
 */
export function SmsPreferencesSection({ smsOptIn }: { smsOptIn?: boolean }) {
  const ids = useId();
  const prefs = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const [saved, setSaved] = useState('');
  const optedIn = smsOptIn ?? prefs.data?.smsOptIn ?? true;
  const stopped = prefs.data?.smsStopped ?? false;
  const blocked = !optedIn || stopped;

  const change = (kind: MemberNotificationKind, sms: boolean) => {
    setSaved('');
    save.mutate(
      { sms: { [kind]: sms } },
      {
        onSuccess: () => setSaved(`${notificationKindInfo[kind].label}: ${sms ? 'texts on' : 'texts off'}. Saved.`),
        onError: (err) => toast({ variant: 'destructive', title: 'Could not save', description: errorMessage(err, 'Please try again.') }),
      },
    );
  };

  return (
    <Card className="gap-2" aria-labelledby={`${ids}-title`}>
      <CardHeader>
        <CardTitle id={`${ids}-title`}>Notifications by text</CardTitle>
        <CardDescription>Every notification appears under the bell. Choose which ones also come to your phone.</CardDescription>
      </CardHeader>
      <CardContent>
        {blocked && prefs.data && (
          <p id={`${ids}-blocked`} className="mb-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {stopped ? notificationMessages.stoppedHint : notificationMessages.optedOutHint}
          </p>
        )}
        {prefs.isPending ? (
          <div className="grid gap-3 py-2" aria-busy="true">
            <span className="sr-only" role="status">
              Loading your text message choices
            </span>
            {memberNotificationKinds.slice(0, 5).map((k) => (
              <Skeleton key={k} className="h-10 w-full" />
            ))}
          </div>
        ) : prefs.isError ? (
          <div className="flex flex-wrap items-center gap-3 py-2 text-sm">
            <p role="alert">We couldn't load your text message choices.</p>
            <Button variant="outline" size="sm" onClick={() => void prefs.refetch()} disabled={prefs.isFetching}>
              Try again
            </Button>
          </div>
        ) : (
          <div className="grid gap-4">
            {groups.map(({ area, kinds }) => (
              <fieldset key={area} className="grid">
                <legend className="pt-2 text-sm font-medium text-muted-foreground">{notificationAreaLabels[area]}</legend>
                <div className="divide-y">
                  {kinds.map((kind) => {
                    const info = notificationKindInfo[kind];
                    return (
                      <div key={kind} className="flex items-start justify-between gap-4 py-4">
                        <div className="grid gap-1">
                          <Label htmlFor={`${ids}-${kind}`}>{info.label}</Label>
                          <p id={`${ids}-${kind}-help`} className="text-sm text-muted-foreground">
                            {info.description}
                          </p>
                        </div>
                        <Switch
                          id={`${ids}-${kind}`}
                          checked={prefs.data.sms[kind]}
                          disabled={blocked || save.isPending}
                          onCheckedChange={(v) => change(kind, v)}
                          aria-describedby={blocked ? `${ids}-${kind}-help ${ids}-blocked` : `${ids}-${kind}-help`}
                        />
                      </div>
                    );
                  })}
                </div>
              </fieldset>
            ))}
          </div>
        )}
        <p role="status" className="sr-only">
          {saved}
        </p>
      </CardContent>
    </Card>
  );
}
