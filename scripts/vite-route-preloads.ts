import { resolve } from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { clientRoutes, type LayoutKind, type RoutePreloads } from '../src/common/routes.ts';

/**
 * Writes `.vite/route-preloads.json` into the build: for each client route, the chunks its layout
 * and page need (each with its static imports), so the server can list them as modulepreload
 * links in the HTML it answers with. Without them a signed-in page loads as a chain (entry, then
 * layout, then the signed-in route table, then the page, then its imports), one round trip each.
 *
 * Pages are read from the route tables' `import()` calls, so there is no second list to keep; the
 * build fails when a route of #common/routes.ts has no page found, so the two cannot drift.
 */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

type OutputChunk = Rollup.OutputChunk;

const webRoot = resolve(import.meta.dirname, '../src/web');
const layoutModules: Partial<Record<LayoutKind, string>> = {
  member: 'features/shell/member-layout.tsx',
  admin: 'features/shell/admin-layout.tsx',
  manager: 'features/shell/manager-layout.tsx',
  focused: 'features/shell/focused-layout.tsx',
};
const SIGNED_IN_TABLE = 'app/signed-in/routes.ts';
const PUBLIC_TABLE = 'app/routes.tsx';

export function routePreloads(): Plugin {
  const pageModule = new Map<string, string>(); // route pattern → resolved module id
  const signedInPaths = new Set<string>();
  let signedInTableId = '';
  let appBuild = true;
  return {
    name: 'route-preloads',
    apply: 'build',
    // Only the app's own build has route tables; the bench's empty-app baseline shares this config.
    configResolved(config) {
      appBuild = resolve(config.root) === webRoot;
    },
    enforce: 'pre', // reads the route tables as written, before TypeScript and JSX are compiled away
    async transform(code, id) {
      const file = id.split('?')[0];
      if (file === resolve(webRoot, SIGNED_IN_TABLE)) {
        signedInTableId = file;
        // '/dashboard': () => import('../dashboard-route.tsx'),
        for (const [, path, spec] of code.matchAll(/'(\/[^']*)':\s*\(\)\s*=>\s*import\('([^']+)'\)/g)) {
          const target = await this.resolve(spec, file);
          if (target) pageModule.set(path, target.id);
          signedInPaths.add(path);
        }
      } else if (file === resolve(webRoot, PUBLIC_TABLE)) {
        // const LandingPage = page(() => import('./landing-route.tsx')…  and  '/': LandingPage,
        const byName = new Map<string, string>();
        for (const [, name, spec] of code.matchAll(/const (\w+) = page\(\(\) => import\('([^']+)'\)/g)) {
          const target = await this.resolve(spec, file);
          if (target) byName.set(name, target.id);
        }
        for (const [, path, name] of code.matchAll(/'(\/[^']*)':\s*(\w+),/g)) {
          const target = byName.get(name);
          if (target) pageModule.set(path, target);
        }
      }
    },
    generateBundle(_options, bundle) {
      if (!appBuild) return;
      const chunks = Object.values(bundle).filter((o): o is OutputChunk => o.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const byModule = new Map<string, OutputChunk>();
      for (const c of chunks) if (c.facadeModuleId) byModule.set(c.facadeModuleId.split('?')[0], c);
      const entry = chunks.find((c) => c.isEntry);
      // The entry and its static imports are already in the HTML (Vite's own modulepreloads).
      const inHtml = new Set<string>();
      const closure = (start: OutputChunk, into: Set<string>) => {
        const visit = (c: OutputChunk) => {
          if (into.has(c.fileName)) return;
          into.add(c.fileName);
          for (const css of (c as OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ?? []) into.add(css);
          for (const f of c.imports) {
            const dep = byFile.get(f);
            if (dep) visit(dep);
          }
        };
        visit(start);
        return into;
      };
      if (entry) closure(entry, inHtml);
      const filesOf = (moduleId: string, what: string) => {
        // A module imported both statically and dynamically has no chunk of its own: take the one holding it.
        const chunk = byModule.get(moduleId) ?? chunks.find((c) => c.moduleIds.includes(moduleId));
        if (!chunk) throw new Error(`route-preloads: no chunk for ${what} (${moduleId})`);
        return [...closure(chunk, new Set())].filter((f) => !inHtml.has(f)).map((f) => `/${f}`);
      };

      const missing = clientRoutes.filter((r) => !('redirect' in r) && !pageModule.has(r.path)).map((r) => r.path);
      if (missing.length) throw new Error(`route-preloads: no page module found for ${missing.join(', ')}`);
      const table = signedInTableId ? filesOf(signedInTableId, 'the signed-in route table') : [];
      const result: RoutePreloads = {
        layouts: Object.fromEntries(Object.entries(layoutModules).map(([kind, rel]) => [kind, filesOf(resolve(webRoot, rel), `the ${kind} layout`)])),
        pages: Object.fromEntries(
          [...pageModule].map(([path, id]) => [path, [...new Set([...(signedInPaths.has(path) ? table : []), ...filesOf(id, path)])]]),
        ),
      };
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(result) });
    },
  };
}
