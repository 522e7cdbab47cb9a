let supported: boolean | undefined;

/**
 * Whether this system draws flag emoji (Windows and some Linux set-ups show two letters or
 * empty boxes instead). Checked once by drawing a flag and looking for colour.
 */
export function supportsFlagEmoji(): boolean {
  if (supported !== undefined) return supported;
  supported = true;
  try {
    if (typeof document === 'undefined' || /jsdom/i.test(navigator.userAgent)) return supported;
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 16;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) return supported;
    ctx.textBaseline = 'top';
    ctx.font = '14px sans-serif';
    ctx.fillText('\u{1F1FA}\u{1F1F8}', 0, 0);
    const data = ctx.getImageData(0, 0, 16, 16).data;
    let coloured = false;
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b, a] = [data[i], data[i + 1], data[i + 2], data[i + 3]];
      if (a > 0 && (Math.abs(r - g) > 30 || Math.abs(g - b) > 30 || Math.abs(r - b) > 30)) {
        coloured = true;
        break;
      }
    }
    supported = coloured;
  } catch {
    supported = true;
  }
  return supported;
}
