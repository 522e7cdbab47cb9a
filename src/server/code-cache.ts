// Runs the server's CommonJS bundle with a V8 code cache written once the server has started, so
// later starts deserialize the functions a start runs instead of compiling them (decision 151).
// Node's own compile cache keeps only what V8 compiles before a module runs, and nearly all of a
// server's functions compile lazily while it starts.
import { readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import * as vm from 'node:vm';

export type CacheState = 'accepted' | 'missing' | 'rejected';

export type CachedBundle = {
  /** What the bundle's entry exports. */
  exports: Record<string, unknown>;
  /** Whether V8 used a cache for this start: none yet, or one it refused (another Node, V8 flags). */
  cache: CacheState;
  /** The cache file; its name carries the bundle's size and modification time, so a rebuild starts a new one. */
  cacheFile: string;
  /** Writes the cache of what has compiled so far, unless V8 accepted one; returns whether it wrote. */
  saveCache(): boolean;
};

// Node 20 lacks the constant; the callback form resolves bare specifiers the same way from here.
const dynamicImport: vm.ScriptOptions['importModuleDynamically'] =
  (vm.constants as { USE_MAIN_CONTEXT_DEFAULT_LOADER?: number } | undefined)?.USE_MAIN_CONTEXT_DEFAULT_LOADER ??
  ((specifier: string) => import(specifier) as never);

export function runWithCodeCache(file: string): CachedBundle {
  const { size, mtimeMs } = statSync(file);
  const cacheFile = `${file}.${size}-${Math.trunc(mtimeMs)}.v8cache`;
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    // the first start of this build
  }
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${readFileSync(file, 'utf8')}\n})`;
  const script = new vm.Script(wrapped, { filename: file, cachedData, importModuleDynamically: dynamicImport });
  const cache: CacheState = !cachedData ? 'missing' : script.cachedDataRejected ? 'rejected' : 'accepted';
  const module = { exports: {} as Record<string, unknown> };
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, createRequire(file), module, file, dirname(file));
  return {
    exports: module.exports,
    cache,
    cacheFile,
    saveCache() {
      if (cache === 'accepted') return false;
      // Written beside and renamed: two servers starting at once never read half a file.
      const partial = `${cacheFile}.${process.pid}.partial`;
      try {
        writeFileSync(partial, script.createCachedData());
        renameSync(partial, cacheFile);
      } finally {
        rmSync(partial, { force: true });
      }
      return true;
    },
  };
}
