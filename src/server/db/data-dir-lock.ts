import { randomUUID } from 'node:crypto';
import { readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';

interface Owner {
  host: string;
  pid: number;
  token: string;
}

export class DataDirLockedError extends Error {
  constructor(dir: string, owner?: Partial<Owner>) {
    super(
      `The embedded database in ${dir} is already in use by another process` +
        (owner?.pid ? ` (pid ${owner.pid} on ${owner.host})` : '') +
        `.\nStop the other server first, or start this one with a different DATA_DIR (or a DATABASE_URL).`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  /** False once another process has claimed the lock file. */
  held(): boolean;
  release(): void;
}

function readOwner(file: string): Partial<Owner> | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Partial<Owner>;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    return {}; // unreadable or half-written: treat as held
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * An exclusive lock on a data dir, held for as long as the owning process lives.
 * Unlike an mtime-based lock it is never judged stale while its owner is alive, so a process that
 * is only stopped (SIGSTOP, a debugger, a frozen VM) keeps it. A lock left by a dead process on
 * this host is taken over; one from another host is never taken over automatically.
 * `onLost` runs when the lock file stops naming this process.
 */
export function lockDataDir(dir: string, file: string, onLost: () => void, checkEveryMs = 1_000): DataDirLock {
  const me: Owner = { host: hostname(), pid: process.pid, token: randomUUID() };
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(me), { flag: 'wx', mode: 0o600 });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const owner = readOwner(file);
    if (owner === undefined) continue; // removed meanwhile: retry
    const deadHere = owner.host === me.host && typeof owner.pid === 'number' && !alive(owner.pid);
    if (!deadHere || attempt > 2) throw new DataDirLockedError(dir, owner);
    // Move the dead owner's file aside; only one contender's rename can succeed.
    const aside = `${file}.${me.token}`;
    try {
      renameSync(file, aside);
      unlinkSync(aside);
    } catch {
      /* another contender moved it first */
    }
  }

  const mine = () => readOwner(file)?.token === me.token;
  let lost = false;
  const timer = setInterval(() => {
    if (!lost && !mine()) {
      lost = true;
      clearInterval(timer);
      onLost();
    }
  }, checkEveryMs);
  timer.unref();
  return {
    held: () => !lost && mine(),
    release() {
      clearInterval(timer);
      if (mine()) unlinkSync(file);
    },
  };
}
