import { useEffect, useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { ExternalLink } from 'lucide-react';
import { legalDraftInputSchema, legalSlugs, type LegalDocument, type LegalSlug, type LegalVersionSummary } from '#common/legal.ts';
import { formatDate } from '#web/lib/dates.ts';
import { PageQuery } from '#web/components/page-query.tsx';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { useDebouncedValue } from '#web/hooks/use-debounced-value.ts';
import { toast } from '#web/hooks/use-toast.ts';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { cn } from '#web/lib/utils.ts';
import { useLegalDocument } from './api/get-legal-document.ts';
import { useLegalVersion } from './api/get-legal-version.ts';
import { useDiscardLegalDraft } from './api/discard-legal-draft.ts';
import { useLegalPreview } from './api/preview-legal.ts';
import { usePublishLegalPage } from './api/publish-legal-page.ts';
import { useSaveLegalDraft } from './api/save-legal-draft.ts';
import { LegalDiffView } from './legal-diff-view.tsx';
import { PublishDialog } from './publish-dialog.tsx';
import { formatEffective, legalLabels, stripLeadingH1 } from './legal-page.tsx';

export const publicPath = (slug: LegalSlug) => `/${slug}`;

type FieldErrors = Partial<Record<'title' | 'markdown', string>>;

export function serverFieldErrors(err: unknown): Record<string, string> {
  const fields = err instanceof ApiError ? ((err.body as { fieldErrors?: Record<string, string[]> } | undefined)?.fieldErrors ?? {}) : {};
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0] ?? '']));
}

/** The rendered preview, framed like the public page (its title in the header, not the body). */
function Preview({ title, markdown }: { title: string; markdown: string }) {
  const debounced = useDebouncedValue(markdown, 300);
  const preview = useLegalPreview(debounced);
  return (
    <section aria-label="Preview" className="min-w-0 overflow-hidden rounded-xl border bg-white">
      <div className="flex items-center justify-between border-b bg-zinc-50 px-4 py-2 text-xs font-medium uppercase tracking-wider text-muted-foreground">
        <span>Preview</span>
        {preview.isFetching && <Spinner size="sm" label="Updating preview" />}
      </div>
      <div className="max-h-[70vh] overflow-y-auto px-5 py-6">
        <h2 className="font-display text-3xl leading-tight tracking-tight">{title || 'Untitled'}</h2>
        {preview.isError && !preview.data ? (
          <p role="alert" className="mt-6 text-sm text-destructive">
            The preview could not be rendered. {errorMessage(preview.error, '')}
          </p>
        ) : preview.data ? (
          <article className="prose-legal mt-6" dangerouslySetInnerHTML={{ __html: stripLeadingH1(preview.data.html) }} />
        ) : (
          <div className="mt-6 grid gap-3" aria-busy="true">
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-[90%]" />
            <Skeleton className="h-4 w-[70%]" />
          </div>
        )}
      </div>
    </section>
  );
}

function Editor({ slug, doc, inForce }: { slug: LegalSlug; doc: LegalDocument; inForce: { title: string; markdown: string } | null }) {
  const id = useId();
  const start = doc.draft ?? inForce ?? { title: legalLabels[slug], markdown: '' };
  const [title, setTitle] = useState(start.title);
  const [markdown, setMarkdown] = useState(start.markdown);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [publishing, setPublishing] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const save = useSaveLegalDraft(slug);
  const discard = useDiscardLegalDraft(slug);
  const publish = usePublishLegalPage(slug);
  const saved = doc.draft ?? inForce;
  const dirty = title !== (saved?.title ?? start.title) || markdown !== (saved?.markdown ?? start.markdown);
  const latest = doc.versions[0];

  function validate(): boolean {
    const parsed = legalDraftInputSchema.safeParse({ title, markdown });
    if (parsed.success) {
      setErrors({});
      return true;
    }
    const next: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const k = issue.path[0] as keyof FieldErrors;
      next[k] ??= issue.message;
    }
    setErrors(next);
    return false;
  }

  async function onSave() {
    if (!validate()) return;
    try {
      await save.mutateAsync({ title, markdown });
      toast({ title: 'Draft saved', description: 'The public page is unchanged until you publish.' });
    } catch (err) {
      setErrors(serverFieldErrors(err));
      toast({ variant: 'destructive', title: 'The draft could not be saved', description: errorMessage(err, 'Please try again.') });
    }
  }

  async function onDiscard() {
    try {
      await discard.mutateAsync();
      const back = inForce ?? { title: legalLabels[slug], markdown: '' };
      setTitle(back.title);
      setMarkdown(back.markdown);
      setErrors({});
      setDiscarding(false);
      toast({ title: 'Draft discarded' });
    } catch (err) {
      toast({ variant: 'destructive', title: 'The draft could not be discarded', description: errorMessage(err, 'Please try again.') });
    }
  }

  return (
    <div className="grid gap-4">
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <div className="grid min-w-0 content-start gap-4">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-title`}>Title</Label>
            <Input
              id={`${id}-title`}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              aria-invalid={errors.title ? true : undefined}
              aria-describedby={errors.title ? `${id}-title-error` : undefined}
            />
            {errors.title && (
              <p id={`${id}-title-error`} className="text-sm text-destructive">
                {errors.title}
              </p>
            )}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-markdown`}>Text (Markdown)</Label>
            <Textarea
              id={`${id}-markdown`}
              value={markdown}
              onChange={(e) => setMarkdown(e.target.value)}
              rows={22}
              spellCheck
              className="min-h-[50vh] font-mono text-[13px] leading-relaxed"
              aria-invalid={errors.markdown ? true : undefined}
              aria-describedby={`${id}-markdown-hint${errors.markdown ? ` ${id}-markdown-error` : ''}`}
            />
            <p id={`${id}-markdown-hint`} className="text-xs text-muted-foreground">
              Headings with #, lists with -, links as [text](https://…). Scripts and styles are removed, exactly as on the public page.
            </p>
            {errors.markdown && (
              <p id={`${id}-markdown-error`} className="text-sm text-destructive">
                {errors.markdown}
              </p>
            )}
          </div>
        </div>
        <Preview title={title} markdown={markdown} />
      </div>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {dirty
            ? 'Unsaved changes.'
            : doc.draft
              ? `Draft saved ${formatDate(doc.draft.updatedAt)}${doc.draft.updatedBy ? ` by ${doc.draft.updatedBy}` : ''}.`
              : latest
                ? `Showing version ${latest.version}, as published.`
                : 'Nothing published yet.'}
        </p>
        <div className="flex flex-wrap gap-2">
          {doc.draft && (
            <Button type="button" variant="outline" onClick={() => setDiscarding(true)} disabled={discard.isPending}>
              Discard draft
            </Button>
          )}
          <Button type="button" variant="outline" onClick={() => void onSave()} disabled={save.isPending || !dirty}>
            {save.isPending && <Spinner />}
            Save draft
          </Button>
          <Button type="button" variant="crimson" onClick={() => validate() && setPublishing(true)}>
            Publish…
          </Button>
        </div>
      </div>

      <PublishDialog
        open={publishing}
        slug={slug}
        nextVersion={(latest?.version ?? 0) + 1}
        pending={publish.isPending}
        onClose={() => setPublishing(false)}
        onPublish={async (values) => {
          try {
            const v = await publish.mutateAsync({ title, markdown, ...values });
            setPublishing(false);
            toast({
              title: `Version ${v.version} published`,
              description: v.scheduled
                ? `It takes effect on ${formatEffective(v.effectiveAt)}.`
                : slug === 'terms'
                  ? 'Members are asked to accept it at their next sign-in.'
                  : 'The public page shows it now.',
            });
            return {};
          } catch (err) {
            const fields = serverFieldErrors(err);
            const { title: t, markdown: m, ...rest } = fields;
            if (t || m) {
              setErrors({ title: t, markdown: m });
              setPublishing(false);
            }
            toast({ variant: 'destructive', title: 'Not published', description: errorMessage(err, 'Please try again.') });
            return rest;
          }
        }}
      />
      <ConfirmDialog
        open={discarding}
        onClose={() => setDiscarding(false)}
        onConfirm={() => void onDiscard()}
        title="Discard this draft?"
        description="The draft is deleted; the published version stays as it is."
        confirmLabel="Discard draft"
        destructive
        pending={discard.isPending}
      />
    </div>
  );
}

function statusBadge(v: LegalVersionSummary) {
  if (v.current) return <Badge variant="success">In force</Badge>;
  if (v.scheduled) return <Badge variant="warning">Scheduled</Badge>;
  return <Badge variant="outline">Earlier</Badge>;
}

function History({ slug, versions }: { slug: LegalSlug; versions: LegalVersionSummary[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>History</CardTitle>
        <CardDescription>Every published version, newest first. A version never changes once published.</CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-3">
          {versions.map((v) => (
            <li key={v.version} className="grid min-w-0 gap-1 rounded-lg border p-3 sm:grid-cols-[6rem_1fr_auto] sm:items-center sm:gap-4">
              <span className="font-medium tabular">Version {v.version}</span>
              <div className="min-w-0 text-sm">
                <p className="truncate">{v.summary ?? v.title}</p>
                <p className="text-muted-foreground">
                  {v.scheduled ? 'Takes effect' : 'In force from'} {formatEffective(v.effectiveAt)} · published {formatDate(v.publishedAt)}
                  {v.publishedBy ? ` by ${v.publishedBy}` : ''}
                </p>
              </div>
              <div>{statusBadge(v)}</div>
            </li>
          ))}
        </ol>
        {versions.length > 1 ? (
          <LegalDiffView slug={slug} versions={versions} />
        ) : (
          <p className="mt-4 text-sm text-muted-foreground">Publish a second version to compare versions.</p>
        )}
      </CardContent>
    </Card>
  );
}

function Document({ slug }: { slug: LegalSlug }) {
  const doc = useLegalDocument(slug);
  const inForceNo = doc.data?.versions.find((v) => v.current)?.version ?? doc.data?.versions[0]?.version ?? null;
  // The editor starts from the draft, else the newest published text.
  const newest = useLegalVersion(slug, doc.data && !doc.data.draft ? (doc.data.versions[0]?.version ?? null) : null);
  const waiting = doc.data && !doc.data.draft && doc.data.versions.length > 0 && !newest.data;
  const query = waiting ? { ...newest, isPending: !newest.isError, isError: newest.isError } : doc;
  const inForce = useMemo(() => (newest.data ? { title: newest.data.title, markdown: newest.data.markdown } : null), [newest.data]);
  return (
    <PageQuery
      query={query as typeof doc}
      loadingLabel="Loading the document"
      errorTitle="We couldn't load this document"
      skeletons={['h-10', 'h-[28rem]', 'h-40']}
    >
      {() => {
        const d = doc.data!;
        const current = d.versions.find((v) => v.current);
        const scheduled = d.versions.filter((v) => v.scheduled);
        return (
          <div className="grid gap-6">
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
              {current ? (
                <span>
                  Version {current.version} in force since {formatEffective(current.effectiveAt)}
                </span>
              ) : (
                <span>Not published yet</span>
              )}
              {scheduled.map((s) => (
                <Badge key={s.version} variant="warning">
                  Version {s.version} from {formatEffective(s.effectiveAt)}
                </Badge>
              ))}
              {slug === 'terms' && d.pendingAcceptances > 0 && (
                <span className="text-muted-foreground">
                  {d.pendingAcceptances} {d.pendingAcceptances === 1 ? 'member has' : 'members have'} yet to accept version {inForceNo}
                </span>
              )}
              <a href={publicPath(slug)} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 underline underline-offset-4">
                Public page
                <ExternalLink className="size-3.5" aria-hidden="true" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </div>
            <Editor key={`${slug}:${d.draft?.updatedAt ?? 'none'}:${d.versions[0]?.version ?? 0}`} slug={slug} doc={d} inForce={inForce} />
            {d.versions.length > 0 && <History slug={slug} versions={d.versions} />}
          </div>
        );
      }}
    </PageQuery>
  );
}

/** /admin/legal-pages: edit, preview, publish and compare the Terms of Use, Privacy and Cookie policies. */
export default function AdminLegalPagesPage() {
  const [params] = useSearchParams();
  const raw = params.get('doc');
  const slug: LegalSlug = legalSlugs.includes(raw as LegalSlug) ? (raw as LegalSlug) : 'terms';
  useEffect(() => {
    document.title = 'Legal Pages';
  }, []);
  return (
    <div className="mx-auto grid w-full max-w-7xl min-w-0 gap-6 px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <PageHeader
        eyebrow="Admin"
        title="Legal Pages"
        description="Edit a draft beside a preview rendered exactly as the public page, then publish it as a new version with the date it takes effect. New Terms of Use are put to every member at their next sign-in."
      />
      <nav aria-label="Documents" className="min-w-0 overflow-x-auto">
        <ul className="inline-flex gap-1 rounded-lg bg-muted p-1">
          {legalSlugs.map((s) => (
            <li key={s}>
              <Link
                href={`/admin/legal-pages?doc=${s}`}
                replace
                aria-current={s === slug ? 'page' : undefined}
                className={cn(
                  'inline-flex h-9 items-center whitespace-nowrap rounded-md px-3 text-sm font-medium transition-colors',
                  s === slug ? 'bg-background text-foreground shadow-xs' : 'text-muted-foreground hover:text-foreground',
                )}
              >
                {legalLabels[s]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Document key={slug} slug={slug} />
    </div>
  );
}
