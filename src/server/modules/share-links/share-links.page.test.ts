import { describe, expect, it } from 'vitest';
import { isBotUserAgent } from '#common/share-links.ts';
import { hourOf, referrerHost, sameToken, visitorHash } from './share-links.crypto.ts';
import { withShareMeta } from './share-links.page.ts';

const html = '<html><head>\n    <title>Private Collectors</title>\n  </head><body></body></html>';

describe('shared page meta tags', () => {
  it('adds Open Graph and Twitter tags, escaped, and replaces the title', () => {
    const out = withShareMeta(html, {
      title: '1986 Fleer "Air" <Jordan>',
      description: 'd',
      image: { url: 'https://x.test/api/shared/t/og.png?v=1&a=b', alt: 'PSA 10 1986 Fleer "Air" <Jordan>' },
      url: 'https://x.test/shared/t',
    });
    expect(out).toContain('<meta property="og:title" content="1986 Fleer &#34;Air&#34; &#60;Jordan&#62;" />');
    expect(out).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(out).toContain('<meta property="og:image" content="https://x.test/api/shared/t/og.png?v=1&#38;a=b" />');
    expect(out).toContain('<meta property="og:image:width" content="1200" />');
    expect(out).toContain('<meta property="og:image:height" content="630" />');
    expect(out).toContain('<meta property="og:image:type" content="image/png" />');
    expect(out).toContain('<meta property="og:image:alt" content="PSA 10 1986 Fleer &#34;Air&#34; &#60;Jordan&#62;" />');
    expect(out).toContain('<meta name="twitter:image" content="https://x.test/api/shared/t/og.png?v=1&#38;a=b" />');
    expect(out).toContain('<title>1986 Fleer &#34;Air&#34; &#60;Jordan&#62;</title>');
    expect(out).not.toContain('<Jordan>');
  });

  it('adds only noindex for a dead link, keeping the app title', () => {
    const out = withShareMeta(html, null);
    expect(out).not.toContain('og:');
    expect(out).toContain('<meta name="robots" content="noindex" />');
    expect(out).toContain('<title>Private Collectors</title>');
  });
});

describe('view helpers', () => {
  it('hashes a visitor per day, never echoing the address', () => {
    const day1 = new Date('2026-06-01T10:00:00Z');
    const a = visitorHash('s'.repeat(32), day1, '203.0.113.9', 'UA');
    expect(a).toBe(visitorHash('s'.repeat(32), new Date('2026-06-01T23:59:00Z'), '203.0.113.9', 'UA'));
    expect(a).not.toBe(visitorHash('s'.repeat(32), new Date('2026-06-02T00:00:00Z'), '203.0.113.9', 'UA'));
    expect(a).not.toBe(visitorHash('s'.repeat(32), day1, '203.0.113.10', 'UA'));
    expect(a).not.toContain('203');
    expect(hourOf(new Date('2026-06-01T10:59:59Z')).toISOString()).toBe('2026-06-01T10:00:00.000Z');
  });

  it('keeps another site as referrer host, drops our own and junk', () => {
    expect(referrerHost('https://www.instagram.com/p/1', 'https://cards.test')).toBe('instagram.com');
    expect(referrerHost('https://cards.test/registry', 'https://cards.test')).toBeNull();
    expect(referrerHost('javascript:alert(1)', 'https://cards.test')).toBeNull();
    expect(referrerHost('not a url', 'https://cards.test')).toBeNull();
  });

  it('compares tokens exactly and tells crawlers from browsers', () => {
    expect(sameToken('abc', 'abc')).toBe(true);
    expect(sameToken('abc', 'abd')).toBe(false);
    expect(isBotUserAgent('facebookexternalhit/1.1')).toBe(true);
    expect(isBotUserAgent('Mozilla/5.0 (compatible; Googlebot/2.1)')).toBe(true);
    expect(isBotUserAgent(null)).toBe(true);
    expect(isBotUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1')).toBe(false);
  });
});
