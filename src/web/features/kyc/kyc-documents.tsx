import { LoadError } from '#web/components/load-error.tsx';
import { useId, useRef } from 'react';
import { StatusBadge } from '#web/components/status-badge.tsx';
import { Download, FileText, Upload } from 'lucide-react';
import {
  KYC_ACCEPT,
  KYC_MAX_BYTES,
  kycDocumentHints,
  kycDocumentLabels,
  kycDocumentTypes,
  kycMessages,
  latestByType,
  type KycDocument,
  type KycDocumentType,
  kycRejectionText,
} from '#common/kyc.ts';
import { formatDate } from '#web/lib/dates.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { cn } from '#web/lib/utils.ts';
import { useMyKycDocuments } from './api/get-my-kyc-documents.ts';
import { useMyKycStatus } from './api/get-my-kyc-status.ts';
import { kycFileUrl } from './api/kyc-file-url.ts';
import { useUploadKycDocument } from './api/upload-kyc-document.ts';
import { kycDocumentStatuses, kycStatuses } from './kyc-status-badge.tsx';

const sizeText = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`);

function DocumentRow({
  type,
  latest,
  optional,
  onUploaded,
}: {
  type: KycDocumentType;
  latest?: KycDocument;
  optional?: boolean;
  onUploaded?: () => unknown;
}) {
  const ids = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadKycDocument({ onSettled: onUploaded });
  const uploading = upload.isPending && upload.variables?.type === type;

  const onFile = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (file.size > KYC_MAX_BYTES) {
      toast({ variant: 'destructive', title: 'File too large', description: kycMessages.tooLarge });
      return;
    }
    try {
      await upload.mutateAsync({ type, file });
      toast({ title: 'Document uploaded', description: `${kycDocumentLabels[type]} received. We'll review it shortly.` });
    } catch (err) {
      toast({ variant: 'destructive', title: 'Upload failed', description: errorMessage(err, kycMessages.badType) });
    }
  };

  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:gap-4" data-testid={`kyc-row-${type}`}>
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
          <FileText className="size-4" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            <span id={`${ids}-label`}>{kycDocumentLabels[type]}</span>
            {optional && <span className="text-xs font-normal text-muted-foreground">Optional</span>}
            {latest && <StatusBadge status={latest.status} map={kycDocumentStatuses} />}
          </p>
          <p className="text-sm text-muted-foreground">{kycDocumentHints[type]}</p>
          {latest && (
            <p className="mt-1 text-xs text-muted-foreground">
              Uploaded {formatDate(latest.createdAt)} · {sizeText(latest.sizeBytes)}
            </p>
          )}
          {latest?.status === 'rejected' && latest.note && (
            <p className="mt-1 text-sm text-destructive" role="note">
              {kycRejectionText(latest.note)}
            </p>
          )}
        </div>
      </div>
      <div className="flex shrink-0 gap-2 sm:justify-end">
        {latest && (
          <Button asChild variant="ghost" size="sm">
            <a href={kycFileUrl(latest.id)} download aria-label={`Download ${kycDocumentLabels[type]}`}>
              <Download aria-hidden="true" />
              <span className="sm:sr-only">Download</span>
            </a>
          </Button>
        )}
        <input
          ref={input}
          id={`${ids}-file`}
          type="file"
          accept={KYC_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-labelledby={`${ids}-label`}
          data-testid={`kyc-file-${type}`}
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
        <Button
          type="button"
          variant={latest ? 'outline' : 'default'}
          size="sm"
          className="flex-1 sm:flex-none"
          disabled={upload.isPending}
          onClick={() => input.current?.click()}
          aria-label={`${latest ? 'Replace' : 'Upload'} ${kycDocumentLabels[type]}`}
        >
          {uploading ? <Spinner size="sm" label="Uploading" /> : <Upload aria-hidden="true" />}
          {latest ? 'Replace' : 'Upload'}
        </Button>
      </div>
    </li>
  );
}

/**
 * The member's identity documents, one row per type, with upload and review status. `onUploaded`
 * runs after each upload settles, for a screen that embeds the list and reads what uploads change.
 */
export function KycDocumentList({
  types = kycDocumentTypes,
  optional = ['proof_of_address'],
  onUploaded,
}: {
  types?: readonly KycDocumentType[];
  optional?: readonly KycDocumentType[];
  onUploaded?: () => unknown;
}) {
  const docs = useMyKycDocuments();
  if (docs.isPending) return <Skeleton className="h-48 w-full rounded-xl" />;
  // A failed load must not look like "nothing uploaded yet".
  if (docs.isError)
    return (
      <LoadError
        title="We couldn't load your documents"
        onRetry={() => void docs.refetch()}
        retrying={docs.isFetching}
        className="max-w-none shadow-none"
      />
    );
  const latest = latestByType(docs.data?.documents ?? []);
  return (
    <ul className={cn('divide-y')}>
      {types.map((t) => (
        <DocumentRow key={t} type={t} latest={latest.get(t)} optional={optional.includes(t)} onUploaded={onUploaded} />
      ))}
    </ul>
  );
}

/** Settings: the KYC documents section. */
export function KycSettingsSection() {
  const status = useMyKycStatus();
  return (
    <Card>
      <CardHeader className="flex flex-row items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle>Identity documents</CardTitle>
          <CardDescription>JPEG, PNG or PDF, up to 10 MB each. Only you and our compliance team can see them.</CardDescription>
        </div>
        {status.data && <StatusBadge status={status.data.status} map={kycStatuses} />}
      </CardHeader>
      <CardContent>
        <KycDocumentList />
      </CardContent>
    </Card>
  );
}
