// One calculator recompute (issue 4 budget: < 1 ms): `calculate` of the engine on the default
// inputs of every plan, and on the heaviest inputs in the bounds (35 years, every field at its
// maximum), after a warm-up. Run alone with `npx tsx bench/engine.ts`.
import { calculate, defaultInputs, getCalculatorBounds, PLAN_IDS, type TCalculatorInputs } from '@kc/domain';

export type TEngineBench = { label: string; iterations: number; meanMs: number; p99Ms: number };

function time(label: string, run: () => void, iterations: number): TEngineBench {
  for (let i = 0; i < 200; i++) run();
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const meanMs = samples.reduce((sum, value) => sum + value, 0) / samples.length;
  return { label, iterations, meanMs, p99Ms: samples[Math.floor(samples.length * 0.99)] ?? meanMs };
}

export function benchEngine(iterations = 2_000): TEngineBench[] {
  const baseYear = new Date().getUTCFullYear();
  const bounds = getCalculatorBounds(baseYear);
  const heaviest: TCalculatorInputs = {
    edadActual: 0,
    edadJubilacion: 35,
    anyoJubilacion: baseYear + 35,
    numAnyos: 35,
    capitalInicial: bounds.capitalInicial.max,
    aportacionMensual: 9_999.99,
    disponibleAlFinal: 0,
    bancoInteres: 19.99,
    fondoInversionInteres: 19.99,
    kcInteres: 19.99,
    esperanzaDeVida: 120,
  };
  const defaults = PLAN_IDS.map((planId) => ({ planId, inputs: defaultInputs(planId, baseYear) }));
  let next = 0;
  return [
    time(
      'calculate, each plan’s defaults',
      () => {
        const { planId, inputs } = defaults[next++ % defaults.length]!;
        calculate(inputs, planId);
      },
      iterations,
    ),
    time('calculate, 35 years, every field at its maximum', () => calculate(heaviest, 'sostenibilidad'), iterations),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of benchEngine()) {
    console.log(`${row.label.padEnd(48)} mean ${row.meanMs.toFixed(3)} ms, p99 ${row.p99Ms.toFixed(3)} ms`);
  }
}
