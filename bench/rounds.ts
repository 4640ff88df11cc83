/**
 * Paired timings over rounds that alternate which side runs first (A B, B A, A B …), so neither
 * side always gets the warmer machine, with the medians of each side. The sweep and batch pools
 * were measured 1 worker always before 2, once each.
 */
export const ROUNDS = Math.max(3, Number(process.env.BENCH_ROUNDS ?? 3));

export const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export async function alternate<T>(
  rounds: number,
  a: () => Promise<T> | T,
  b: () => Promise<T> | T,
): Promise<{ a: T[]; b: T[] }> {
  const out = { a: [] as T[], b: [] as T[] };
  for (let r = 0; r < rounds; r++) {
    if (r % 2 === 0) {
      out.a.push(await a());
      out.b.push(await b());
    } else {
      out.b.push(await b());
      out.a.push(await a());
    }
  }
  return out;
}
