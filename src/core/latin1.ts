// Bytes as a string of one character a byte: how the TREC readers keep ids, so that they print back byte
// for byte and compare in strcmp's order.

/** The bytes of `[start, end)`, one character each (code points 0–255). */
export function latin1(bytes: Uint8Array, start: number, end: number): string {
  let text = '';
  for (let i = start; i < end; i += 4096) {
    text += String.fromCharCode.apply(null, bytes.subarray(i, Math.min(end, i + 4096)) as unknown as number[]);
  }
  return text;
}
