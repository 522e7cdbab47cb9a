import { desc, eq } from 'drizzle-orm';
import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import type { LegalPage, LegalSlug } from '#common/legal.ts';
import type { Db } from '../../db/client.ts';
import { legalPages } from '../../db/schema/platform.ts';
import { notFound } from '../../errors.ts';

/** Markdown to HTML that is safe to inject: no scripts, no event handlers, no foreign schemes. */
export function renderMarkdown(markdown: string): string {
  const raw = marked.parse(markdown, { async: false, gfm: true });
  return sanitizeHtml(raw, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'h1', 'h2'],
    allowedAttributes: { a: ['href', 'title'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: /^https?:/i.test(attribs.href ?? '')
          ? { ...attribs, rel: 'noopener noreferrer', target: '_blank' }
          : attribs,
      }),
    },
  });
}

export async function getLegalPage(db: Db, slug: LegalSlug): Promise<LegalPage> {
  const [row] = await db
    .select()
    .from(legalPages)
    .where(eq(legalPages.slug, slug))
    .orderBy(desc(legalPages.version))
    .limit(1);
  if (!row) throw notFound('This page has not been published yet');
  return {
    slug: row.slug,
    title: row.title,
    version: row.version,
    html: renderMarkdown(row.markdown),
    updatedAt: row.createdAt.toISOString(),
  };
}
