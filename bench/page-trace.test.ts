import { describe, expect, it } from 'vitest';
import { blockingMs, longTasks, type TraceEvent } from './page-trace.ts';

const renderer = { pid: 10, tid: 1 };
const other = { pid: 20, tid: 1 };
const x = (at: { pid: number; tid: number }, name: string, ts: number, dur: number, data?: Record<string, unknown>): TraceEvent => ({
  ...at,
  name,
  ph: 'X',
  ts,
  dur,
  args: data ? { data } : {},
});
const frame = (id: number, functionName: string, parent?: number, url = 'http://x/assets/web.js') => ({
  id,
  parent,
  callFrame: { functionName, url, lineNumber: id * 10 },
});

const chunk = (cpuProfile: Record<string, unknown>, timeDeltas: number[]): TraceEvent => ({
  pid: 10,
  tid: 7,
  name: 'ProfileChunk',
  ph: 'P',
  ts: 0,
  id: '0x1',
  args: { data: { cpuProfile, timeDeltas } },
});

// Times in µs. The page's renderer parses its HTML at 1,000 µs; an idle about:blank renderer runs
// one short task; the profiler samples every 1 ms.
const events: TraceEvent[] = [
  { ...renderer, name: 'thread_name', ph: 'M', ts: 0, args: { name: 'CrRendererMain' } },
  { ...other, name: 'thread_name', ph: 'M', ts: 0, args: { name: 'CrRendererMain' } },
  x(other, 'RunTask', 0, 5_000),
  x(renderer, 'ParseHTML', 1_000, 4_000),
  x(renderer, 'RunTask', 1_000, 4_000),
  x(renderer, 'RunTask', 10_000, 80_000),
  x(renderer, 'Layout', 70_000, 15_000),
  x(renderer, 'v8.evaluateModule', 10_000, 50_000, { url: 'http://x/assets/schemas.js' }),
  x(renderer, 'RunTask', 100_000, 30_000),
  { ...renderer, name: 'Profile', ph: 'P', ts: 0, id: '0x1', args: { data: { startTime: 10_000 } } },
  // The samples arrive in chunks, from the profiler's own thread of the same process.
  chunk({ nodes: [frame(1, '(root)', undefined, ''), frame(2, 'buildSchemas', 1), frame(3, 'render', 1)], samples: [2, 2, 2] }, [0, 1_000, 1_000]),
  chunk({ samples: [3, 3, 1] }, [1_000, 1_000, 88_000]),
];

describe('longTasks', () => {
  it("finds the page's renderer and its tasks over the threshold, timed from the HTML's parse", () => {
    const tasks = longTasks(events, 20);
    expect(tasks.map((t) => [t.startMs, t.durationMs])).toEqual([
      [9, 80],
      [99, 30],
    ]);
  });

  it('names the timeline events and the functions inside a task', () => {
    const [task] = longTasks(events, 50);
    expect(task.events).toEqual(['Layout', 'v8.evaluateModule schemas.js']);
    // Samples at 10, 11, 12 ms (buildSchemas) and 13, 14 ms (render), each lasting until the next
    // sample or the task's end (90 ms); the (root) sample at 102 ms is no function's time.
    expect(task.functions).toEqual([
      { name: 'render web.js:31', selfMs: 77 },
      { name: 'buildSchemas web.js:21', selfMs: 3 },
    ]);
  });

  it('counts blocking time as Lighthouse does: the part of each task beyond 50 ms', () => {
    expect(blockingMs(longTasks(events, 20))).toBe(30);
  });
});
