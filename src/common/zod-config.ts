// Zod probes for eval (new Function) to compile fast parsers; under our CSP (no 'unsafe-eval')
// that probe is reported as a violation on every page. Import this module before any schema use.
// Zod keeps its config on globalThis.__zod_globalConfig (zod/v4/core, `config()`); writing it
// there directly sets it without loading any zod into a visitor's first download.
// src/web/zod-config.test.ts proves the setting still reaches zod.
const g = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(g.__zod_globalConfig ??= {}).jitless = true;

export {};
