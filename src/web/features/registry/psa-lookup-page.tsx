import { useState } from 'react';
import { titleCase } from '#common/title-case.ts';
import { Link, useLocation } from 'wouter';
import { ArrowLeft, PenLine, Plus } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { AddCardDialog } from './add-card-dialog.tsx';
import { CertLookupForm } from './cert-lookup-form.tsx';
import { PsaCertSummary, type ShownPsaCert } from './psa-cert-summary.tsx';

/** /registry/psa-lookup: PSA's record and population for a certificate, and "Add to registry". */
export default function PsaLookupPage() {
  const [cert, setCert] = useState<ShownPsaCert | null>(null);
  const [adding, setAdding] = useState(false);
  const [missed, setMissed] = useState<string | null>(null);
  const [byHand, setByHand] = useState(false);
  const [, navigate] = useLocation();

  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-8 sm:px-6 lg:py-10">
      <Link href="/registry" className="inline-flex items-center gap-1.5 justify-self-start text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden="true" />
        Registry
      </Link>
      <PageHeader
        eyebrow="Registry"
        title="PSA lookup"
        description="See what PSA records for a certificate: the card, its grade and how many PSA has graded as high or higher."
      />
      <Card>
        <CardContent className="grid gap-2">
          <CertLookupForm autoFocus onFound={setCert} onProblem={(_p, n) => (setCert(null), setMissed(n))} />
          {missed !== null && !cert && (
            <Button variant="outline" className="justify-self-start" onClick={() => setByHand(true)}>
              <PenLine aria-hidden="true" />
              Enter the card by hand
            </Button>
          )}
        </CardContent>
      </Card>
      {cert && (
        <Card aria-live="polite">
          <CardHeader>
            <CardTitle className="font-display text-2xl font-medium">
              {[cert.year, titleCase(cert.brand), titleCase(cert.subject)].filter(Boolean).join(' ')}
            </CardTitle>
          </CardHeader>
          <CardContent>
            <PsaCertSummary cert={cert} />
          </CardContent>
          <CardFooter>
            <Button variant="crimson" onClick={() => setAdding(true)}>
              <Plus aria-hidden="true" />
              Add to registry
            </Button>
          </CardFooter>
        </Card>
      )}
      {cert && (
        <AddCardDialog
          key={cert.certNumber}
          open={adding}
          onOpenChange={setAdding}
          fromCert={cert}
          onAdded={(card) => navigate(`/registry/${card.id}`)}
        />
      )}
      {missed !== null && (
        <AddCardDialog
          key={`hand-${missed}`}
          open={byHand}
          onOpenChange={setByHand}
          byHand={missed}
          onAdded={(card) => navigate(`/registry/${card.id}`)}
        />
      )}
    </div>
  );
}
