import { huntStatusLabels, sourceStatusLabels, type HuntStatus, type SourceStatus } from '#common/hunts.ts';
import type { StatusMap } from '#web/components/status-badge.tsx';

const tone = { pending: 'warning', active: 'success', fulfilled: 'neutral', closed: 'muted' } as const;
export const huntStatusMap: StatusMap<HuntStatus> = {
  pending: { label: huntStatusLabels.pending, tone: tone.pending },
  active: { label: huntStatusLabels.active, tone: tone.active },
  fulfilled: { label: huntStatusLabels.fulfilled, tone: tone.fulfilled },
  closed: { label: huntStatusLabels.closed, tone: tone.closed },
};
export const sourceStatusMap: StatusMap<SourceStatus> = {
  pending: { label: sourceStatusLabels.pending, tone: tone.pending },
  active: { label: sourceStatusLabels.active, tone: tone.active },
  fulfilled: { label: sourceStatusLabels.fulfilled, tone: tone.fulfilled },
  closed: { label: sourceStatusLabels.closed, tone: tone.closed },
};
