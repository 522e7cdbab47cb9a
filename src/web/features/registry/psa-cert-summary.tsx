import { cardMessages, sportFromPsaCategory, sportLabels, type PsaCert } from '#common/cards.ts';
import { titleCase } from '#common/title-case.ts';
import { Badge } from '#web/components/ui/badge.tsx';

/** PSA's answer as a look-up returns it: `demo` when it is the demo's sample data, not PSA's. */
export type ShownPsaCert = PsaCert & { demo?: boolean };

const nf = new Intl.NumberFormat('en-US');
const num = (n: number | null) => (n === null ? '—' : nf.format(n));

/**
 * PSA's answer for a certificate: its grade and how many PSA has graded the same or higher, then
 * (unless `compact`, where a form beside it shows them) the card's details and a link to PSA.
 */
export function PsaCertSummary({ cert, compact = false }: { cert: ShownPsaCert; compact?: boolean }) {
  const rows: [string, string | null][] = [
    ['Certificate', cert.certNumber],
    ['Year', cert.year],
    ['Set', titleCase(cert.brand)],
    ['Player', titleCase(cert.subject)],
    ['Card number', cert.cardNumber],
    ['Variety', titleCase(cert.variety)],
    ['Sport', cert.category ? sportLabels[sportFromPsaCategory(cert.category)] : null],
    ['Label', cert.labelType],
  ];
  const details = (
    <>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-4">
        {rows
          .filter(([, v]) => v)
          .map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className="break-words font-medium">{value}</dd>
            </div>
          ))}
      </dl>
      <a
        href={`https://www.psacard.com/cert/${encodeURIComponent(cert.certNumber)}`}
        target="_blank"
        rel="noreferrer noopener"
        className="justify-self-start text-sm underline underline-offset-4 hover:text-crimson"
      >
        View certificate on PSA’s site<span className="sr-only"> (opens in a new tab)</span>
      </a>
    </>
  );
  return (
    <div className="grid gap-4" data-testid="psa-cert">
      {cert.demo && (
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground" data-testid="psa-demo-cert">
          <Badge variant="warning">Demo certificate</Badge>
          {cardMessages.psaDemoCertNote}
        </p>
      )}
      <div className="flex flex-wrap items-end justify-between gap-3 rounded-lg bg-muted px-4 py-3">
        <div>
          <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">PSA grade</p>
          <p className="font-display text-2xl font-medium">{cert.grade ?? '—'}</p>
          {cert.gradeDescription && cert.gradeDescription !== cert.grade && <p className="text-xs text-muted-foreground">{cert.gradeDescription}</p>}
        </div>
        <dl className="flex gap-6 text-right">
          <div>
            <dt className="text-xs text-muted-foreground">Population</dt>
            <dd className="tabular text-lg font-medium">{num(cert.totalPopulation)}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Graded higher</dt>
            <dd className="tabular text-lg font-medium">{num(cert.populationHigher)}</dd>
          </div>
        </dl>
      </div>
      {!compact && details}
    </div>
  );
}
