import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { inviteClientSchema, type InviteClientInput, type TierId } from '#common/onboarding.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { PhoneField } from '#web/features/phone/phone-field.tsx';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { useInviteClient } from './api/invite-client.ts';

const tierNames: Record<TierId, string> = { collector: 'Collector', investor: 'Investor', private: 'Private' };

/** Invite a client by text message, with an optional suggested tier. */
export function InviteDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const ids = useId();
  const invite = useInviteClient();
  const form = useForm<InviteClientInput>({
    resolver: zodResolver(inviteClientSchema) as never,
    defaultValues: { phone: '', name: '', tier: undefined },
  });
  const { errors } = form.formState;
  const close = (o: boolean) => {
    onOpenChange(o);
    if (!o) form.reset();
  };
  const submit = form.handleSubmit(async (values) => {
    try {
      const res = await invite.mutateAsync(values);
      toast({
        title: 'Invitation sent',
        description: res.sms.sent
          ? `${values.name} will receive a text with a link to start.`
          : `Client added, but ${res.sms.reason?.toLowerCase() ?? 'the text was not sent'}.`,
        variant: res.sms.sent ? 'default' : 'destructive',
      });
      close(false);
    } catch (err) {
      const fe = err instanceof ApiError ? (err.body as { fieldErrors?: Record<string, string[]> })?.fieldErrors : undefined;
      if (fe?.phone) form.setError('phone', { message: fe.phone[0] });
      else if (fe?.name) form.setError('name', { message: fe.name[0] });
      else toast({ variant: 'destructive', title: 'Could not invite', description: errorMessage(err, 'Please try again.') });
    }
  });
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Invite client</DialogTitle>
          <DialogDescription>We'll text them a link to /onboarding. They sign in with this phone number.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-5">
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-name`}>Client name</Label>
            <Input id={`${ids}-name`} autoComplete="off" aria-invalid={errors.name ? true : undefined} {...form.register('name')} />
            {errors.name && (
              <p role="alert" className="text-sm text-destructive">
                {errors.name.message}
              </p>
            )}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-phone`}>Phone number</Label>
            <PhoneField control={form.control} name="phone" id={`${ids}-phone`} defaultCountry="US" aria-invalid={errors.phone ? true : undefined} />
            {errors.phone && (
              <p role="alert" className="text-sm text-destructive">
                {errors.phone.message}
              </p>
            )}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-tier`}>
              Suggested tier <span className="font-normal text-muted-foreground">(optional)</span>
            </Label>
            <Controller
              control={form.control}
              name="tier"
              render={({ field }) => (
                <Select value={field.value ?? ''} onValueChange={(v) => field.onChange(v || undefined)}>
                  <SelectTrigger id={`${ids}-tier`}>
                    <SelectValue placeholder="No suggestion" />
                  </SelectTrigger>
                  <SelectContent>
                    {(Object.keys(tierNames) as TierId[]).map((t) => (
                      <SelectItem key={t} value={t}>
                        {tierNames[t]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="crimson" disabled={invite.isPending}>
              {invite.isPending ? <Spinner size="sm" label="Sending" /> : <Send aria-hidden="true" />}
              Send invitation
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
