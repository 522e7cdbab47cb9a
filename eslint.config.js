import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/**
 * Import boundaries (decision 017). A page feature imports itself, the foundation features,
 * components, lib, hooks and common; foundation features import each other but no page feature;
 * only src/web/app composes features. Generated from the folders, so a new feature is covered.
 */
const features = readdirSync(new URL('./src/web/features/', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const foundation = ['auth', 'phone', 'shell', 'public-config', 'notifications'];
// Regexes, not globs: a glob starting with "#" is a comment in gitignore syntax and never matches.
const serverImports = { regex: '^#server/|(^|/)server/', message: 'The web app never imports server code.' };
const webImports = { regex: '^#web/|(^|/)web/', message: 'Server and common code never import the web app.' };
const featureBoundary = (allowed) => {
  const others = features.filter((f) => !allowed.includes(f));
  const message = `A feature imports only itself${allowed.length > 1 ? ', the foundation features' : ''}, #web/components, #web/lib, #web/hooks and #common; compose features in src/web/app.`;
  return {
    patterns: [
      serverImports,
      { regex: `^#web/features/(?!(${allowed.join('|')})/)`, message },
      ...(others.length ? [{ regex: `(^|/)\\.\\./(${others.join('|')})/`, message }] : []),
      { regex: '^#web/app/', message: 'Features never import the app; the app imports them.' },
    ],
  };
};
// Dynamic import() is not seen by no-restricted-imports; esquery regexes cannot hold "/", hence "." (or [^a-z-]).
const dynamicBoundary = (allowed) => ({
  selector: `ImportExpression[source.value=/^#web.(app.|features.(?!(${allowed.join('|')}).))/]`,
  message: 'A feature never loads another page feature or the app; compose them in src/web/app.',
});
const boundaries = features.map((f) => {
  const allowed = foundation.includes(f) ? foundation : [f, ...foundation];
  return {
    files: [`src/web/features/${f}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', featureBoundary(allowed)],
      'no-restricted-syntax': ['error', dynamicBoundary(allowed)],
    },
  };
});

/**
 * Server module boundaries (decision 135). Another module is reached only through its index
 * (`#server/modules/<name>/index.ts`); a module's own files import each other directly. lib sits
 * below the modules and never imports one (its tests may, through the index). Generated from the
 * folders, so a new module is covered.
 */
const serverModules = readdirSync(new URL('./src/server/modules/', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const indexOnly = 'Import another server module only through its index, #server/modules/<name>/index.ts (decision 135).';
const belowModules = 'src/server/lib is below the modules and never imports one (decision 135).';
const serverBoundary = (own) => {
  const others = serverModules.filter((m) => m !== own);
  const notOwn = own ? `(?!${own}/)` : '';
  return {
    patterns: [
      webImports,
      { regex: `^#server/modules/${notOwn}[^/]+/(?!index\\.ts$)`, message: indexOnly },
      { regex: `^\\.\\.?/(.+/)?modules/${notOwn}[^/]+/(?!index\\.ts$)`, message: indexOnly },
      ...(own ? [{ regex: `(^|/)\\.\\./(${others.join('|')})/`, message: indexOnly }] : []),
    ],
  };
};
const serverDynamicBoundary = (own) => ({
  selector: `ImportExpression[source.value=/(^|[^a-z_])modules.${own ? `(?!${own}[^a-z-])` : ''}[a-z-]+[^a-z-](?!index.ts$)/]`,
  message: indexOnly,
});
const moduleBoundaries = serverModules.map((m) => ({
  files: [`src/server/modules/${m}/**/*.ts`],
  rules: {
    'no-restricted-imports': ['error', serverBoundary(m)],
    'no-restricted-syntax': ['error', serverDynamicBoundary(m)],
  },
}));

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-server/**',
      'bench/.cold-start/**',
      'data/**',
      'drizzle/**',
      'node_modules/**',
      '.test-data/**',
      '.shots-*',
      'screenshots/**',
      'bench/.empty-app/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Imports flow one way: web and server never import each other.
  {
    files: ['src/web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverImports] }] },
  },
  {
    files: ['src/web/{components,lib,hooks}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [serverImports, { regex: '^#web/(features|app)/', message: 'Shared code never imports a feature or the app.' }] },
      ],
    },
  },
  ...boundaries,
  {
    files: ['src/server/**/*.ts', 'src/common/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [webImports] }] },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', serverBoundary(null)],
      'no-restricted-syntax': ['error', serverDynamicBoundary(null)],
    },
  },
  ...moduleBoundaries,
  {
    files: ['src/server/lib/**/*.ts'],
    ignores: ['src/server/lib/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [webImports, { regex: '^#server/modules/|(^|/)modules/', message: belowModules }] }],
      'no-restricted-syntax': ['error', { selector: 'ImportExpression[source.value=/(^|[^a-z_])modules[^a-z_]/]', message: belowModules }],
    },
  },
);
