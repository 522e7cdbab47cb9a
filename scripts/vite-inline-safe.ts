import { readFileSync } from 'node:fs';

/**
 * Which modules may be copied into more than one chunk when small common chunks are inlined
 * (decision 125). A copied module runs once per copy, so anything it holds exists once per copy:
 * a React context made in it would have a provider in one copy and readers in another, and a
 * store or cache would split in two. Only modules that hold nothing qualify: lucide icons, and
 * our own modules in which nothing at the top level can change or be shared by identity.
 */
const LUCIDE_ICON = /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;
const OURS = /[\\/]src[\\/](web|common)[\\/][^?]*\.tsx?$/;

/** Top-level state in a module of ours: a binding that can be reassigned, a context, a store, a collection, a lazy component. */
const HOLDS_STATE =
  /^(export\s+)?(let|var)\s|\bcreateContext\b|\bcreate\w*Store\b|^(export\s+)?const\s+[\w$]+(\s*:[^=]+)?\s*=\s*(new\s+\w+|lazy\b|preloadable\b)/m;

const cache = new Map<string, boolean>();

/** True when a module must stay single: it may hold state, or it is a package we have not read. */
export function mustNotCopy(id: string): boolean {
  const path = id.split('?')[0];
  if (LUCIDE_ICON.test(path)) return false;
  if (!OURS.test(path) || path.includes('/node_modules/')) return true;
  let verdict = cache.get(path);
  if (verdict === undefined) {
    try {
      verdict = HOLDS_STATE.test(readFileSync(path, 'utf8'));
    } catch {
      verdict = true;
    }
    cache.set(path, verdict);
  }
  return verdict;
}
