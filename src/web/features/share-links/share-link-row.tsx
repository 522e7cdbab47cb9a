import { Copy, Eye, Link2Off } from 'lucide-react';
import { formatDate } from '#web/lib/dates.ts';
import { shareLinkStatusLabels, shareMessages, type ShareLink, type ShareLinkStatus } from '#common/share-links.ts';
import { StatusBadge, statusMap } from '#web/components/status-badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/hooks/use-toast.ts';

export const shareStatuses = statusMap<ShareLinkStatus>(shareLinkStatusLabels, {
  active: 'success',
  expired: 'muted',
  revoked: 'destructive',
});

export async function copyLink(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: shareMessages.copied, description: shareMessages.copiedDescription });
  } catch {
    toast({ title: 'Copy failed', description: url, variant: 'destructive' });
  }
}

/** One of a card's links: its state, its views, and copy or revoke while it is active. */
export function ShareLinkRow({ link, onRevoke }: { link: ShareLink; onRevoke: (link: ShareLink) => void }) {
  const active = link.status === 'active';
  return (
    <li className="grid gap-3 rounded-xl border bg-card p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center" data-testid="share-link-row">
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-medium">{link.label || 'Untitled link'}</p>
          <StatusBadge status={link.status} map={shareStatuses} />
        </div>
        <p className="truncate font-mono text-xs text-muted-foreground">{link.url}</p>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <span className="inline-flex items-center gap-1 font-medium text-foreground">
            <Eye className="size-3.5" aria-hidden="true" />
            {link.views} {link.views === 1 ? 'view' : 'views'}
          </span>
          <span>{link.uniqueVisitors} unique</span>
          <span>Created {formatDate(link.createdAt)}</span>
          {link.revokedAt ? (
            <span>Revoked {formatDate(link.revokedAt)}</span>
          ) : (
            <span>{link.expiresAt ? `Expires ${formatDate(link.expiresAt)}` : 'No expiry'}</span>
          )}
        </p>
      </div>
      {active && (
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={() => void copyLink(link.url)}>
            <Copy aria-hidden="true" />
            Copy link
          </Button>
          <Button variant="outline" size="sm" className="text-destructive hover:text-destructive" onClick={() => onRevoke(link)}>
            <Link2Off aria-hidden="true" />
            Revoke
          </Button>
        </div>
      )}
    </li>
  );
}
