// sharp loads libvips (a native library) when imported; the server loads it on the first image
// it handles instead of at every start.
const importSharp = () => import('sharp');
let sharp: ReturnType<typeof importSharp> | undefined;

/** The sharp function, imported once on first use. */
export const loadSharp = async () => (await (sharp ??= importSharp())).default;
