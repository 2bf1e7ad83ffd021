// C's printf("%.Nf") exactly, so that every digit rankeval prints for trec_eval agrees with it.

const TEN = 10n;

/**
 * printf("%.Nf", x): the exact binary value rounded half to even (toFixed rounds exact ties away from
 * zero: 0.03125 → "0.0313" where C prints "0.0312"). NaN prints as x86-64 C prints the NaN of 0/0, "-nan".
 */
export function fixed(x: number, decimals: number): string {
  if (Number.isNaN(x)) return '-nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  const negative = x < 0 || Object.is(x, -0);
  const [mantissa, exponent] = decompose(Math.abs(x));
  const scale = TEN ** BigInt(decimals);
  let scaled: bigint; // round(|x| · 10^decimals), half to even
  if (exponent >= 0) scaled = (mantissa * scale) << BigInt(exponent);
  else {
    const shift = BigInt(-exponent);
    const numerator = mantissa * scale;
    const floor = numerator >> shift;
    const remainder = numerator - (floor << shift);
    const half = 1n << (shift - 1n);
    scaled = remainder > half || (remainder === half && (floor & 1n) === 1n) ? floor + 1n : floor;
  }
  const digits = scaled.toString().padStart(decimals + 1, '0');
  const body = decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
  return negative ? `-${body}` : body;
}

/** |x| = mantissa · 2^exponent exactly. */
function decompose(x: number): [bigint, number] {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const biased = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  return biased === 0 ? [fraction, -1074] : [fraction | (1n << 52n), biased - 1075];
}
