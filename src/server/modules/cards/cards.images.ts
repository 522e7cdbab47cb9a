import { loadSharp } from '#server/lib/sharp.ts';
import { CARD_IMAGE_FULL_PX, CARD_IMAGE_THUMB_PX, type CardImageSide } from '#common/cards.ts';

export type CardImageType = 'image/jpeg' | 'image/png' | 'image/webp';

/** JPEG, PNG or WebP by their first bytes, whatever the name or the declared type say. */
export function sniffImageType(data: Buffer): CardImageType | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (data.length >= 12 && data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  return null;
}

export interface ResizedImage {
  full: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
}

/**
 * A display image (longest side 1600 px) and a thumbnail (400 px), both JPEG. The camera's
 * orientation is applied to the pixels and every piece of metadata (EXIF, GPS, ICC) is left out:
 * sharp writes none unless asked. Images are never enlarged. Throws when the bytes do not decode.
 */
export async function resizeCardImage(data: Buffer): Promise<ResizedImage> {
  // A decompression bomb stops at 50 megapixels rather than filling memory.
  const sharp = await loadSharp();
  const base = () => sharp(data, { limitInputPixels: 50_000_000, failOn: 'error' }).rotate();
  const resize = (px: number, quality: number) =>
    base()
      .resize({ width: px, height: px, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
  const [full, thumb] = await Promise.all([resize(CARD_IMAGE_FULL_PX, 85), resize(CARD_IMAGE_THUMB_PX, 80)]);
  return { full: full.data, thumb: thumb.data, width: full.info.width, height: full.info.height };
}

/** Storage keys of one side's images; the stamp makes every upload a new object (and a new URL). */
export function cardImageKeys(cardId: string, side: CardImageSide, stamp: number) {
  return { full: `cards/${cardId}/${side}-${stamp}-full.jpg`, thumb: `cards/${cardId}/${side}-${stamp}-thumb.jpg` };
}
