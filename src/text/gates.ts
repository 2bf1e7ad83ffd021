// Gates: a bound on a measure's mean, as `rankeval eval --fail-under`/`--fail-over` and the `toMeetGates`
// matcher check them.

export interface Gate {
  readonly measure: string;
  readonly threshold: number;
  /** `min` (default): the mean must be at or above the threshold; `max`: at or below it (miss@k, tokens@k). */
  readonly bound?: 'min' | 'max';
}

export interface GateResult extends Gate {
  readonly value: number;
  /** The mean is on the threshold's side the bound asks for, or on it. */
  readonly passed: boolean;
}

const meets = (value: number, { threshold, bound }: Gate): boolean => (bound === 'max' ? value <= threshold : value >= threshold);

export function checkGates(means: Readonly<Record<string, number>>, gates: readonly Gate[]): GateResult[] {
  return gates.map((gate) => {
    const value = means[gate.measure]!;
    return { ...gate, value, passed: meets(value, gate) };
  });
}

/** `recall@5 = 0.8500, below 0.9`; every digit when 4 would make a failing mean look equal to its gate. */
export function gateText(gate: GateResult): string {
  const { measure, threshold, value, passed, bound } = gate;
  let shown = value.toFixed(4);
  if (meets(Number(shown), gate) !== passed) shown = String(value);
  const side = bound === 'max' ? (passed ? 'at or below' : 'above') : passed ? 'at or above' : 'below';
  return `${measure} = ${shown}, ${side} ${threshold}`;
}
