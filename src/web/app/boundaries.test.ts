// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const webDir = join(root, 'src/web');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? sourceFiles(join(dir, d.name)) : /\.tsx?$/.test(d.name) ? [join(dir, d.name)] : [],
  );
}

/** String literals (quoted or template) that begin with an /api path. */
export function apiLiterals(source: string): string[] {
  return [...source.matchAll(/(['"`])(\/api(?:\/|\1)[^'"`\n]*)/g)].map((m) => m[2]);
}

/** Where an /api path may be spelled: the features' api folders, the request helper, the unbuilt keys and tests. */
const mayNameApiPaths = (path: string) =>
  /^features\/[^/]+\/api\//.test(path) ||
  path === 'lib/api.ts' ||
  path === 'app/unbuilt-keys.ts' ||
  path.startsWith('test/') ||
  /\.test\.tsx?$/.test(path);

/** `useQuery(…)` calls whose options are not a query-options factory (`xQuery(…)`, or `{ ...xQuery(…), enabled }`). */
export function inlineQueries(source: string): string[] {
  return [...source.matchAll(/useQuery\((?!\s*(?:\w+Query\(|\{\s*\.\.\.\w+Query\())([^\n]{0,60})/g)].map((m) => m[1]!.trim());
}

describe('the web data layer', () => {
  it('tells a query built by its factory from one spelled inline', () => {
    expect(inlineQueries('useQuery(holdQuery(id)); useQuery({ ...meQuery(), enabled }); useQuery({ queryKey: k, queryFn })')).toEqual([
      '{ queryKey: k, queryFn })',
    ]);
  });

  it('builds every read from its query-options factory (decision 017)', () => {
    const found = sourceFiles(webDir)
      .map((file) => relative(webDir, file).split(sep).join('/'))
      .filter((path) => !/\.test\.tsx?$/.test(path) && !path.startsWith('test/'))
      .flatMap((path) => inlineQueries(readFileSync(join(webDir, path), 'utf8')).map((call) => `${path}: useQuery(${call}`));
    expect(found).toEqual([]);
  });

  it('finds /api literals of every quote style, and nothing else', () => {
    expect(apiLiterals(`queryKey: ['/api/user/profile'], x: "/api/x", y: \`/api/a/\${id}\`, z: '/apiary', c: 'ok'`)).toEqual([
      '/api/user/profile',
      '/api/x',
      '/api/a/${id}',
    ]);
  });

  it("spells no '/api/…' path outside features/*/api/ (and lib/api.ts, the unbuilt keys, tests)", () => {
    const found = sourceFiles(webDir)
      .map((file) => relative(webDir, file).split(sep).join('/'))
      .filter((path) => !mayNameApiPaths(path))
      .flatMap((path) => apiLiterals(readFileSync(join(webDir, path), 'utf8')).map((lit) => `${path}: ${lit}`));
    expect(found).toEqual([]);
  });
});

describe('import boundaries (eslint)', { timeout: 60_000 }, () => {
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: root });
  });
  const lint = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
    return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
  };
  const use = (spec: string) => `import { x } from '${spec}';\nexport const y = x;\n`;
  const boundary = /^no-restricted-(imports|syntax):/;

  it('refuses an import from another page feature, by alias or by relative path', async () => {
    expect(await lint('src/web/features/onboarding/x.tsx', use('#web/features/kyc/kyc-documents.tsx'))).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*compose features in src\/web\/app/),
    ]);
    expect(await lint('src/web/features/admin-dashboard/x.ts', use('../access-requests/access-request-status.tsx'))).toEqual([
      expect.stringMatching(boundary),
    ]);
    expect(await lint('src/web/features/onboarding/api/x.ts', use('../../kyc/api/keys.ts'))).toEqual([expect.stringMatching(boundary)]);
  });

  it('refuses a lazily loaded page feature', async () => {
    const code = "export const Banner = () => import('#web/features/onboarding/onboarding-banner.tsx');\n";
    expect(await lint('src/web/features/shell/x.ts', code)).toEqual([expect.stringMatching(/^no-restricted-syntax:/)]);
  });

  it('refuses foundation → page feature, feature → app, shared code → feature, and web ↔ server', async () => {
    expect(await lint('src/web/features/auth/x.ts', use('#web/features/kyc/api/keys.ts'))).toEqual([expect.stringMatching(boundary)]);
    expect(await lint('src/web/features/kyc/x.ts', use('#web/app/live-refresh.ts'))).toEqual([expect.stringMatching(boundary)]);
    expect(await lint('src/web/lib/x.ts', use('#web/features/auth/api/keys.ts'))).toEqual([expect.stringMatching(boundary)]);
    expect(await lint('src/web/components/x.tsx', use('#web/app/routes.tsx'))).toEqual([expect.stringMatching(boundary)]);
    expect(await lint('src/web/features/kyc/x.ts', use('#server/db/client.ts'))).toEqual([expect.stringMatching(boundary)]);
    expect(await lint('src/server/x.ts', use('#web/lib/api.ts'))).toEqual([expect.stringMatching(boundary)]);
  });

  it('allows a feature its own files, the foundation features, components, lib, hooks and common', async () => {
    const code = [
      "import { onboardingKeys } from './api/keys.ts';",
      "import { useKycUpload } from '../onboarding/kyc-upload.tsx';",
      "import { useCurrentUser } from '#web/features/auth/api/get-current-user.ts';",
      "import { formatPhoneForDisplay } from '#web/features/phone/phone-format.ts';",
      "import { PageHeader } from '#web/features/shell/page-header.tsx';",
      "import { Button } from '#web/components/ui/button.tsx';",
      "import { apiRequest } from '#web/lib/api.ts';",
      "import { toast } from '#web/hooks/use-toast.ts';",
      "import { onboardingStatuses } from '#common/onboarding.ts';",
      'export const all = [onboardingKeys, useKycUpload, useCurrentUser, formatPhoneForDisplay, PageHeader, Button, apiRequest, toast, onboardingStatuses];',
    ].join('\n');
    expect(await lint('src/web/features/onboarding/x.tsx', code)).toEqual([]);
  });

  it('lets the app compose any feature, lazily or not', async () => {
    const code = `${use('#web/features/kyc/kyc-documents.tsx')}export const P = () => import('#web/features/onboarding/onboarding-page.tsx');\n`;
    expect(await lint('src/web/app/x.tsx', code)).toEqual([]);
  });
});
