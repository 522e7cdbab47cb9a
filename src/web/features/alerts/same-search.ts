/** Two saved searches with the same filters, whatever their key order (jsonb keeps its own). */
export function sameSearch(a: Record<string, unknown> | null, b: Record<string, unknown>): boolean {
  const ka = Object.keys(a ?? {}).sort();
  const kb = Object.keys(b).sort();
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && String(a![k]) === String(b[k]));
}
