// Settlement with its ledger entries (decision 132) against settlement as it was before the
// ledger: the same probe (bench/settlement-probe.ts) runs in this tree and in a worktree of the
// commit before the ledger landed, alternating, on PGlite and (with DATABASE_URL or
// TEST_DATABASE_URL) on PostgreSQL. Goal: p50 and mean within 1.5× of before.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fmt, isMain, postgresUrlFromEnv, repoRoot, spawnTs, stats } from './support.ts';

/** The last commit before the ledger (decision 132): settlement wrote no journal entries. */
export const BEFORE_LEDGER = '5d28d6f5566e36ccea7730de18051e42a62a08a9';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

function worktreeBefore(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'settlement-before-'));
  execFileSync('git', ['-C', repoRoot, 'worktree', 'add', '--detach', '--force', dir, BEFORE_LEDGER], { stdio: 'ignore' });
  symlinkSync(join(repoRoot, 'node_modules'), join(dir, 'node_modules'));
  copyFileSync(join(repoRoot, 'bench', 'settlement-probe.ts'), join(dir, 'bench', 'settlement-probe.ts'));
  return {
    dir,
    remove() {
      execFileSync('git', ['-C', repoRoot, 'worktree', 'remove', '--force', dir], { stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function probe(cwd: string, env: Record<string, string | undefined>): Promise<number[]> {
  try {
    return await probeOnce(cwd, env);
  } catch (err) {
    // Seen once under heavy load: a child that exits 1 with no output. One retry, said aloud.
    console.log(`settlement: ${(err as Error).message.slice(0, 600)}; retrying once`);
    return probeOnce(cwd, env);
  }
}

async function probeOnce(cwd: string, env: Record<string, string | undefined>): Promise<number[]> {
  const child = spawnTs(join(cwd, 'bench', 'settlement-probe.ts'), env, { cwd, ipc: false });
  // 'close', not 'exit': the output is read to its end.
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  const line = child
    .output()
    .trim()
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('{"samples"'));
  if (code !== 0 || !line)
    throw new Error(`probe in ${cwd} failed (${code}, ${child.signalCode ?? 'no signal'}): ${child.output().slice(-1500) || 'no output'}`);
  return (JSON.parse(line) as { samples: number[] }).samples;
}

export async function runSettlement() {
  try {
    execFileSync('git', ['-C', repoRoot, 'cat-file', '-e', `${BEFORE_LEDGER}^{commit}`], { stdio: 'ignore' });
  } catch {
    throw new Error(`commit ${BEFORE_LEDGER.slice(0, 7)} (before the ledger) is not in this clone`);
  }
  const before = worktreeBefore();
  const engines: [string, Record<string, string | undefined>][] = [['PGlite', {}]];
  const url = postgresUrlFromEnv();
  if (url) engines.push(['PostgreSQL', { SETTLEMENT_PG_URL: url }]);
  const out: Record<string, unknown> = {};
  try {
    for (const [engine, env] of engines) {
      const ratios: number[] = [];
      const rounds: { ours: ReturnType<typeof stats> & { mean: number }; before: ReturnType<typeof stats> & { mean: number } }[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        // Alternate which side goes first, so drift in the machine's load falls on both.
        const order = r % 2 === 0 ? (['ours', 'before'] as const) : (['before', 'ours'] as const);
        const got: Record<string, number[]> = {};
        for (const side of order) got[side] = await probe(side === 'ours' ? repoRoot : before.dir, env);
        const summary = (s: number[]) => ({ ...stats(s), mean: s.reduce((a, b) => a + b, 0) / s.length });
        const round = { ours: summary(got.ours!), before: summary(got.before!) };
        rounds.push(round);
        ratios.push(round.ours.p50 / round.before.p50);
        console.log(
          `settlement ${engine} round ${r + 1}: ours p50 ${fmt(round.ours.p50)} ms, mean ${fmt(round.ours.mean)} ms, p99 ${fmt(round.ours.p99)} ms · before the ledger p50 ${fmt(round.before.p50)} ms, mean ${fmt(round.before.mean)} ms, p99 ${fmt(round.before.p99)} ms · ratio p50 ${fmt(round.ours.p50 / round.before.p50)}×`,
        );
      }
      const median = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)]!;
      console.log(`settlement ${engine}: median p50 ratio ${fmt(median)}× (goal ≤ 1.5×)`);
      out[engine] = { rounds, medianP50Ratio: median, goal: 1.5, met: median <= 1.5 };
    }
  } finally {
    before.remove();
  }
  return out;
}

if (isMain(import.meta.url)) {
  await runSettlement();
  process.exit(0);
}
