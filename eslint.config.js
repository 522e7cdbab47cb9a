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
// Dynamic import() is not seen by no-restricted-imports; esquery regexes cannot hold "/", hence ".".
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

export default tseslint.config(
  { ignores: ['dist/**', 'dist-server/**', 'bench/.cold-start/**', 'data/**', 'drizzle/**', 'node_modules/**', '.test-data/**', '.shots-*', 'screenshots/**', 'bench/.empty-app/**'] },
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
);
