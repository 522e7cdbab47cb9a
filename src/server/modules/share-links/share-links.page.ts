import type { FastifyPluginAsync } from 'fastify';
import { PAGE_SHARED_CARD_ID } from '#common/page-session.ts';
import { shareTokenSchema } from '#common/share-links.ts';
import { OG_HEIGHT, OG_WIDTH } from '#common/slab-image.ts';
import { spaHtml, withJsonBlock } from '#server/lib/spa-html.ts';
import { publicConfigForPage } from '#server/modules/public-config/index.ts';
import { byClientIp, limitHook } from '#server/plugins/rate-limit.ts';
import { SHARED_REQUESTS_PER_IP_PER_MINUTE } from './share-links.routes.ts';
import { sharedPage } from './share-links.service.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Open Graph and Twitter tags for a shared card, placed before </head> (title replaced). */
export function withShareMeta(
  html: string,
  meta: { title: string; description: string; image: { url: string; alt: string } | null; url: string } | null,
): string {
  const image = meta?.image;
  const tags = meta
    ? [
        ['og:type', 'website'],
        ['og:title', meta.title],
        ['og:description', meta.description],
        ['og:url', meta.url],
        ...(image
          ? [
              ['og:image', image.url],
              ['og:image:type', 'image/png'],
              ['og:image:width', String(OG_WIDTH)],
              ['og:image:height', String(OG_HEIGHT)],
              ['og:image:alt', image.alt],
            ]
          : []),
        ['twitter:card', image ? 'summary_large_image' : 'summary'],
        ['twitter:title', meta.title],
        ['twitter:description', meta.description],
        ...(image
          ? [
              ['twitter:image', image.url],
              ['twitter:image:alt', image.alt],
            ]
          : []),
      ]
    : [];
  const lines = tags.map(([k, v]) =>
    k.startsWith('og:') ? `<meta property="${k}" content="${escapeHtml(v)}" />` : `<meta name="${k}" content="${escapeHtml(v)}" />`,
  );
  lines.push('<meta name="robots" content="noindex" />');
  let out = html.replace('</head>', `    ${lines.join('\n    ')}\n  </head>`);
  if (meta) out = out.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(meta.title)}</title>`);
  return out;
}

/**
 * GET /shared/{token}: the app's index.html with the card's preview tags, so a pasted link
 * unfurls, and the page's chunks hinted as on every other page (decision 111). The card itself
 * comes in the page as the API shows it (decision 152), so its title is painted without waiting
 * for the API. No view is recorded here (preview fetchers would count); the page's API call does.
 */
export const sharedPageRoute: FastifyPluginAsync<{ webDir: string }> = async (app, opts) => {
  const ctx = app.ctx;
  const limit = limitHook(app, [{ name: 'shared-page:ip', max: SHARED_REQUESTS_PER_IP_PER_MINUTE, windowMs: 60_000, key: byClientIp }]);
  let htmlFor: ReturnType<typeof spaHtml> | null = null;
  app.get<{ Params: { token: string } }>('/shared/:token', { onRequest: limit }, async (req, reply) => {
    htmlFor ??= spaHtml(opts.webDir);
    const parsed = shareTokenSchema.safeParse(req.params.token);
    const configRead = publicConfigForPage(ctx);
    const page = parsed.success ? await sharedPage(ctx, { token: parsed.data }) : null;
    const config = await configRead;
    const url = `${ctx.config.appOrigin.replace(/\/+$/, '')}/shared/${parsed.success ? parsed.data : ''}`;
    let html = withShareMeta(htmlFor(`/shared/${req.params.token}`, { signedIn: false, publicConfig: config }), page && { ...page.preview, url });
    // Without the owner's first name, even when shown: the HTML is what preview fetchers read, and
    // the name comes with the page's API call.
    if (page) html = withJsonBlock(html, PAGE_SHARED_CARD_ID, { token: parsed.data, card: { ...page.card, ownerFirstName: null } });
    // An unknown, revoked or expired token is not found: the page still renders (it says the link
    // is not available), but crawlers and link checkers get the status.
    return reply
      .status(page ? 200 : 404)
      .header('Cache-Control', 'no-store')
      .header('Referrer-Policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(html);
  });
};
