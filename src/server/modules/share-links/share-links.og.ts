import { createHash } from 'node:crypto';
import type sharpType from 'sharp';
import { loadSharp } from '#server/lib/sharp.ts';
import { OG_SLAB_BOX, ogSvg, slabLabel, type SlabFacts } from '#common/slab-image.ts';

type Overlay = NonNullable<Parameters<ReturnType<typeof sharpType>['composite']>[0]>[number];

/** Bump when the drawing changes: the tag, and so every preview URL and ETag, changes with it. */
const OG_DRAWING_VERSION = 1;
/** The name under the preview: the app's <title> (src/web/index.html). */
const SITE_NAME = 'Private Collectors';
/** Rendered previews kept in memory, newest last; keyed by tag, so links to one card share one. */
const CACHE_MAX = 64;

/** What a shared link's preview is drawn from: the facts the shared page shows, and its photo. */
export interface OgSource {
  facts: SlabFacts;
  photo: { key: string; at: Date } | null;
}

/** Changes whenever what the image shows changes (a fact, the photo, the drawing). */
export function ogTag(source: OgSource): string {
  const { facts: f, photo } = source;
  const parts = [
    OG_DRAWING_VERSION,
    f.grader,
    f.grade,
    f.year,
    f.brand,
    f.subject,
    f.cardNumber,
    f.variety,
    f.certNumber,
    photo?.key,
    photo?.at.getTime(),
  ];
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 22);
}

export const ogAlt = (facts: SlabFacts) => slabLabel(facts);

/** The 1200×630 PNG: the drawn slab, or the photo fitted into the slab's place, beside the card's facts. */
export async function renderOgPng(facts: SlabFacts, photo: Buffer | null): Promise<Buffer> {
  const sharp = await loadSharp();
  const box = OG_SLAB_BOX;
  let layer: Overlay | null = null;
  if (photo) {
    const fitted = await sharp(photo, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ width: box.width, height: box.height, fit: 'inside' })
      .toBuffer({ resolveWithObject: true })
      .catch(() => null);
    if (fitted) {
      const { width, height } = fitted.info;
      const corners = Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" rx="14"/></svg>`,
      );
      const rounded = await sharp(fitted.data)
        .ensureAlpha()
        .composite([{ input: corners, blend: 'dest-in' }])
        .png()
        .toBuffer();
      layer = {
        input: rounded,
        left: box.left + Math.floor((box.width - width) / 2),
        top: box.top + Math.floor((box.height - height) / 2),
      };
    }
  }
  const svg = ogSvg(facts, { photo: layer !== null, siteName: SITE_NAME });
  return sharp(Buffer.from(svg))
    .composite(layer ? [layer] : [])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

const cache = new Map<string, Buffer>();

/** The rendered preview for a tag, drawn once per instance while it stays among the recent ones. */
export async function cachedOgPng(tag: string, render: () => Promise<Buffer>): Promise<Buffer> {
  const hit = cache.get(tag);
  if (hit) {
    cache.delete(tag);
    cache.set(tag, hit);
    return hit;
  }
  const png = await render();
  cache.set(tag, png);
  if (cache.size > CACHE_MAX) cache.delete(cache.keys().next().value!);
  return png;
}
