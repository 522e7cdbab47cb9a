import type { BuildOptions } from 'esbuild';

export function serverBuildOptions(entry: string, outdir: string, name: string): BuildOptions;

export function buildServer(outdir: string): Promise<void>;
