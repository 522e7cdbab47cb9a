// Reading a Chromium performance trace: the renderer's long tasks and the functions that took
// their time (bench/page-profile.ts prints them).

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown> };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url?: string; lineNumber?: number };
}

export interface TaskReport {
  /** Milliseconds after the HTML began parsing. */
  startMs: number;
  durationMs: number;
  /** The timeline events inside the task that took 2 ms or more (Layout, v8.evaluateModule …). */
  events: string[];
  /** The functions with the most self time in the task, biggest first. */
  functions: { name: string; selfMs: number }[];
}

const isTask = (e: TraceEvent) => e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask');
const fileOf = (url: unknown) => (typeof url === 'string' ? url.replace(/^.*\//, '') : '');

/** The page's renderer main thread: the CrRendererMain that spent the most time in tasks. */
function mainThread(events: TraceEvent[]) {
  const busy = new Map<string, number>();
  for (const e of events) if (isTask(e)) busy.set(`${e.pid}:${e.tid}`, (busy.get(`${e.pid}:${e.tid}`) ?? 0) + (e.dur ?? 0));
  const threads = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  threads.sort((a, b) => (busy.get(`${b.pid}:${b.tid}`) ?? 0) - (busy.get(`${a.pid}:${a.tid}`) ?? 0));
  if (!threads[0]) throw new Error('the trace has no renderer main thread');
  return { pid: threads[0].pid, tid: threads[0].tid };
}

/** CPU samples of the main thread: [timestamp µs, node], with every node seen. */
function samplesOf(events: TraceEvent[], pid: number, tid: number) {
  const profileIds = new Set(events.filter((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid).map((e) => e.id));
  const nodes = new Map<number, ProfileNode>();
  const samples: [number, number][] = [];
  const clock = new Map<string | undefined, number>();
  for (const e of events) {
    if (e.pid !== pid || !profileIds.has(e.id)) continue;
    const data = e.args?.data ?? {};
    if (e.name === 'Profile') clock.set(e.id, Number(data.startTime));
    if (e.name !== 'ProfileChunk') continue;
    const profile = (data.cpuProfile ?? {}) as { nodes?: ProfileNode[]; samples?: number[] };
    for (const n of profile.nodes ?? []) nodes.set(n.id, n);
    const deltas = (data.timeDeltas ?? []) as number[];
    let t = clock.get(e.id) ?? 0;
    (profile.samples ?? []).forEach((node, i) => {
      t += deltas[i] ?? 0;
      samples.push([t, node]);
    });
    clock.set(e.id, t);
  }
  samples.sort((a, b) => a[0] - b[0]);
  return { nodes, samples };
}

/** Every task of the page's main thread of at least `minMs`, with what ran in it. */
export function longTasks(events: TraceEvent[], minMs: number, top = 6): TaskReport[] {
  const { pid, tid } = mainThread(events);
  const onMain = events.filter((e) => e.pid === pid && e.tid === tid);
  const parse = onMain.filter((e) => e.name === 'ParseHTML').map((e) => e.ts);
  const t0 = parse.length ? Math.min(...parse) : Math.min(...onMain.map((e) => e.ts));
  const { nodes, samples } = samplesOf(events, pid, tid);
  const label = (n: ProfileNode) => {
    const file = fileOf(n.callFrame.url);
    return `${n.callFrame.functionName || '(anonymous)'}${file ? ` ${file}:${(n.callFrame.lineNumber ?? 0) + 1}` : ''}`;
  };
  return onMain
    .filter((e) => isTask(e) && (e.dur ?? 0) >= minMs * 1000)
    .map((task) => {
      const end = task.ts + (task.dur ?? 0);
      const self = new Map<string, number>();
      for (let i = 0; i < samples.length; i++) {
        const [ts, id] = samples[i];
        if (ts < task.ts || ts >= end) continue;
        const node = nodes.get(id);
        const next = samples[i + 1]?.[0] ?? ts;
        if (!node || ['(idle)', '(root)'].includes(node.callFrame.functionName)) continue;
        self.set(label(node), (self.get(label(node)) ?? 0) + Math.min(next, end) - ts);
      }
      const inner = onMain.filter((e) => e.ph === 'X' && e !== task && e.ts >= task.ts && e.ts < end && (e.dur ?? 0) >= 2000);
      return {
        startMs: (task.ts - t0) / 1000,
        durationMs: (task.dur ?? 0) / 1000,
        events: [
          ...new Set(
            inner.map((e) => {
              const d = e.args?.data ?? {};
              const what = [fileOf(d.url), typeof d.functionName === 'string' ? d.functionName : ''].filter(Boolean).join(' ');
              return what ? `${e.name} ${what}` : e.name;
            }),
          ),
        ].slice(0, top),
        functions: [...self]
          .sort((a, b) => b[1] - a[1])
          .slice(0, top)
          .map(([name, us]) => ({ name, selfMs: us / 1000 })),
      };
    });
}

/** What Lighthouse counts as blocking: each task's time beyond 50 ms. */
export const blockingMs = (tasks: TaskReport[]) => tasks.reduce((sum, t) => sum + Math.max(0, t.durationMs - 50), 0);
