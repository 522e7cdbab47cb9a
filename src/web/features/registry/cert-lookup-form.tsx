import { useId, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { cardMessages, certNumberSchema } from '#common/cards.ts';
import { FormField } from '#web/components/form-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { psaCertQuery } from './api/lookup-psa-cert.ts';
import type { ShownPsaCert } from './psa-cert-summary.tsx';

const CERT_MESSAGE = cardMessages.certDigits;

type Problem = { kind: 'invalid' | 'unconfigured' | 'not_found' | 'failed'; message: string };

/** What a failed lookup means for the member, in plain words. */
export function lookupProblem(err: unknown, certNumber: string): Problem {
  const status = err instanceof ApiError ? err.status : undefined;
  const said = errorMessage(err, 'The lookup failed');
  // PSA's own troubles (quota, a refused token, no answer) are 503 too, each with its own words.
  if (status === 503 && said === cardMessages.psaNotConfigured) return { kind: 'unconfigured', message: `${said}. ${cardMessages.enterByHand}` };
  if (status === 404)
    return { kind: 'not_found', message: `PSA has no certificate ${certNumber}. Check the number on the slab’s label, or enter the card by hand.` };
  if (status === 400) return { kind: 'invalid', message: errorMessage(err, CERT_MESSAGE) };
  return { kind: 'failed', message: `${/[.!?]$/.test(said) ? said : `${said}.`} ${cardMessages.enterByHand}` };
}

// The server's own rule for a certificate number (spaces and a '#' forgiven).
const lookupSchema = z.object({ cert: certNumberSchema });
type LookupInput = z.input<typeof lookupSchema>;
type LookupValues = z.output<typeof lookupSchema>;

/** A certificate number box that asks PSA; the result is announced to screen readers. */
export function CertLookupForm({
  onFound,
  onProblem,
  defaultValue = '',
  autoFocus = false,
}: {
  onFound: (cert: ShownPsaCert) => void;
  onProblem?: (p: Problem, certNumber: string) => void;
  defaultValue?: string;
  autoFocus?: boolean;
}) {
  const id = useId();
  const qc = useQueryClient();
  const form = useForm<LookupInput, unknown, LookupValues>({ resolver: zodResolver(lookupSchema), defaultValues: { cert: defaultValue } });
  const [busy, setBusy] = useState(false);
  // PSA's answers other than "not a number" (not found, not configured, failed): said in the status line.
  const [problem, setProblem] = useState<Problem | null>(null);

  const lookUp = form.handleSubmit(async ({ cert }) => {
    setProblem(null);
    setBusy(true);
    try {
      onFound(await qc.fetchQuery(psaCertQuery(cert)));
    } catch (err) {
      const p = lookupProblem(err, cert);
      if (p.kind === 'invalid') form.setError('cert', { message: p.message }, { shouldFocus: true });
      else setProblem(p);
      onProblem?.(p, cert);
    } finally {
      setBusy(false);
    }
  });

  return (
    <form onSubmit={(e) => void lookUp(e)} noValidate className="grid gap-2" role="search" aria-label="PSA certificate lookup">
      <FormField control={form.control} name="cert" label="PSA certificate number" id={`${id}-cert`} describedBy={`${id}-status`}>
        {(props) => (
          <div className="flex gap-2">
            <Input
              {...props}
              inputMode="numeric"
              autoComplete="off"
              maxLength={12}
              placeholder="e.g. 48213907"
              autoFocus={autoFocus}
              className="tabular"
              {...form.register('cert')}
            />
            <Button type="submit" variant="crimson" disabled={busy}>
              {busy ? <Spinner size="sm" label="Looking up" /> : <Search aria-hidden="true" />}
              Look up
            </Button>
          </div>
        )}
      </FormField>
      <div id={`${id}-status`} aria-live="polite" className="min-h-5 text-sm">
        {busy ? (
          <span className="text-muted-foreground">Asking PSA about certificate {form.getValues('cert').trim()}…</span>
        ) : problem ? (
          <span className={problem.kind === 'unconfigured' ? 'text-foreground' : 'text-destructive'} data-testid="lookup-problem">
            {problem.message}
          </span>
        ) : null}
      </div>
    </form>
  );
}
