// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const webDir = fileURLToPath(new URL('..', import.meta.url));

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? tsxFiles(join(dir, d.name)) : /\.tsx$/.test(d.name) && !/\.test\.tsx$/.test(d.name) ? [join(dir, d.name)] : [],
  );
}

/** A file that renders a `<form` and does not build it with react-hook-form. */
export const formWithoutUseForm = (source: string) => /<form[\s>]/.test(source) && !/\buseForm\b/.test(source);

/** Files (under src/web) whose `<form` may stay without `useForm`, and why. */
const allowlist: Record<string, string> = {
  'features/admin-audit/admin-audit-page.tsx':
    'A filter bar (role=search): each control writes its filter to the URL as it changes; nothing is submitted, so there is nothing to validate.',
  'features/admin-ledger/admin-ledger-page.tsx':
    'A filter bar (role=search): each control writes its filter to the URL as it changes; nothing is submitted, so there is nothing to validate.',
  'features/admin-settings/section-card.tsx':
    'The shell of every settings section: each section builds its form with useForm and zod, and hands it to this card to render and save.',
};

describe('forms (issue 32)', () => {
  it('tells a hand-rolled form from one built with useForm', () => {
    expect(formWithoutUseForm('<form onSubmit={submit}>')).toBe(true);
    expect(formWithoutUseForm('<form\n  noValidate')).toBe(true);
    expect(formWithoutUseForm('const form = useForm<V>(); <form onSubmit={submit}>')).toBe(false);
    expect(formWithoutUseForm('<formatted-value />')).toBe(false);
  });

  it('builds every form with react-hook-form, except the allowlist, which holds no stale entry', () => {
    const offending = tsxFiles(webDir)
      .map((file) => relative(webDir, file).split(sep).join('/'))
      .filter((path) => formWithoutUseForm(readFileSync(join(webDir, path), 'utf8')));
    expect(offending.filter((path) => !(path in allowlist))).toEqual([]);
    expect(Object.keys(allowlist).filter((path) => !offending.includes(path))).toEqual([]);
  });
});
