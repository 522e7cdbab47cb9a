import { z } from 'zod';

// Zod probes for eval (new Function) to compile fast parsers; under our CSP (no 'unsafe-eval')
// that probe is reported as a violation on every page. Import this module before any schema use.
z.config({ jitless: true });
