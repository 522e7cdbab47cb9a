import type { AdminAccessRequest } from '#common/access-request.ts';
import { Badge } from '#web/components/ui/badge.tsx';

/** The consents a request carries, in the dialog's order. */
export function consentsGiven(r: Pick<AdminAccessRequest, 'termsAccepted' | 'privacyAccepted' | 'marketingOptIn' | 'smsOptIn'>) {
  return [r.termsAccepted && 'Terms', r.privacyAccepted && 'Privacy', r.marketingOptIn && 'Marketing', r.smsOptIn && 'Account SMS'].filter(
    (c): c is string => Boolean(c),
  );
}

export function ConsentList({ request }: { request: AdminAccessRequest }) {
  const given = consentsGiven(request);
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Consents given">
      {given.map((c) => (
        <li key={c}>
          <Badge variant="outline" className="font-normal">
            {c}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
