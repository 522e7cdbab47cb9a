import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's root folder (where package.json is), found by walking up from this module, so
 * paths hold both when running from src/ and from the bundled server in dist-server/.
 */
function findRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    const up = dirname(dir);
    if (up === dir) throw new Error('package.json not found above the server code');
    dir = up;
  }
}

export const projectRoot = findRoot();

/** DATA_DIR when unset: read by the config and, before the config loads, by the early database start. */
export const DEFAULT_DATA_DIR = './data';
export const fromRoot = (...parts: string[]) => join(projectRoot, ...parts);
