import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PAGE_CONFIG_ID, PAGE_SESSION_ID } from '#common/page-session.ts';
import { matchClientRoute, type LayoutKind, type RoutePreloads } from '#common/routes.ts';

const SIGNED_IN_LAYOUTS = new Set<LayoutKind>(['member', 'admin', 'manager']);

/**
 * JSON that is safe inside a <script> element: no "</script>", "<!--" or "]]>" can be formed, and
 * the two line separators JavaScript once treated as line ends are escaped too.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A script-safe JSON block with the given id, placed before </body>. */
export function withJsonBlock(html: string, id: string, value: unknown): string {
  const block = `<script type="application/json" id="${id}">${scriptSafeJson(value)}</script>\n  </body>`;
  // A function, so a "$&" in a value is not read as a replacement pattern.
  return html.replace('</body>', () => block);
}

/** The page with the public config's block (decision 150), or as it is when there is none. */
function withPageConfig(html: string, config: unknown): string {
  return config === undefined ? html : withJsonBlock(html, PAGE_CONFIG_ID, config);
}

/** Whether a path's page is one of the signed-in shells for someone with a session cookie. */
export function opensSignedIn(path: string): boolean {
  const route = matchClientRoute(path);
  if (!route || route.redirect) return false;
  return route.layout === 'public-or-member' || SIGNED_IN_LAYOUTS.has(route.layout);
}

/**
 * The app's index.html for a client path, with modulepreload links for the chunks that path's
 * layout and page will import (decision 111). The browser then fetches them beside the entry
 * instead of one import level at a time. A visitor gets no signed-in links, since those pages
 * only send them to sign in. Without the build's preload list the plain file is served.
 */
export function spaHtml(webDir: string) {
  const template = readFileSync(join(webDir, 'index.html'), 'utf8');
  const listFile = join(webDir, '.vite/route-preloads.json');
  const preloads: RoutePreloads | null = existsSync(listFile) ? (JSON.parse(readFileSync(listFile, 'utf8')) as RoutePreloads) : null;
  const cache = new Map<string, string>();

  /**
   * `session`: the signed-in user's /api/auth/me answer, put in the page as a JSON block so the
   * first render needs no round trip. The caller makes such a response uncacheable.
   * `publicConfig`: the /api/public-config answer, the same for everyone, put in every page so the
   * first render has it (decision 150). It is added per request: its support contact can change.
   */
  return function htmlFor(path: string, opts: { signedIn: boolean; session?: unknown; publicConfig?: unknown }): string {
    let html = withPageConfig(hinted(path, opts), opts.publicConfig);
    if (opts.session !== undefined) html = withJsonBlock(html, PAGE_SESSION_ID, opts.session);
    return html;
  };

  function hinted(path: string, opts: { signedIn: boolean }): string {
    const route = matchClientRoute(path);
    if (!route || !preloads || route.redirect) return template;
    const layout: LayoutKind = route.layout === 'public-or-member' ? (opts.signedIn ? 'member' : 'public') : route.layout;
    if (SIGNED_IN_LAYOUTS.has(layout) && !opts.signedIn) return template;
    const key = `${route.path} ${layout}`;
    let html = cache.get(key);
    if (html === undefined) {
      const files = [...new Set([...(preloads.layouts[layout] ?? []), ...(preloads.pages[route.path] ?? [])])];
      const links = files
        .map((f) =>
          f.endsWith('.css') ? `<link rel="preload" as="style" crossorigin href="${f}">` : `<link rel="modulepreload" crossorigin href="${f}">`,
        )
        .join('\n    ');
      // A signed-in page paints once the app's code has run with the user's data, in the fallback
      // font if the web fonts are not there yet (font-display: swap). Preloading the two fonts
      // (about 87 KB) with its HTML makes them share a slow link with that code (decision 125):
      // they load when the first text needs them instead. Public pages paint sooner and keep them.
      const base = SIGNED_IN_LAYOUTS.has(layout) ? template.replace(/<link rel="preload" as="font"[^>]*>\s*/g, '') : template;
      html = files.length ? base.replace('</head>', `  ${links}\n  </head>`) : base;
      cache.set(key, html);
    }
    return html;
  }
}
