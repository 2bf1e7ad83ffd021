// Gates: a minimum mean per measure, as `rankeval eval --fail-under` and the `toMeetGates` matcher check them.

export interface Gate {
  readonly measure: string;
  readonly threshold: number;
}

export interface GateResult extends Gate {
  readonly value: number;
  /** The mean is at or above the threshold. */
  readonly passed: boolean;
}

export function checkGates(means: Readonly<Record<string, number>>, gates: readonly Gate[]): GateResult[] {
  return gates.map((gate) => {
    const value = means[gate.measure]!;
    return { ...gate, value, passed: value >= gate.threshold };
  });
}

/** `recall@5 = 0.8500, below 0.9`; every digit when 4 would make a failing mean look equal to its gate. */
export function gateText({ measure, threshold, value, passed }: GateResult): string {
  let shown = value.toFixed(4);
  if (Number(shown) >= threshold !== passed) shown = String(value);
  return `${measure} = ${shown}, ${passed ? 'at or above' : 'below'} ${threshold}`;
}
