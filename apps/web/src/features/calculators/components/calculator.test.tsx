import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import {
  calculate,
  defaultInputs,
  formatMoney,
  onTargetChange,
  PLAN_IDS,
  PLANS,
  type TCalculatorField,
  type TPlanId,
} from '@kc/domain';
import { i18n } from '../../../lib/i18n.ts';
import { HIRE_DRAFT_KEY } from '../../../lib/hire-draft.ts';
import { Calculator } from './calculator.tsx';

const BASE = 2026;
/** formatMoney's text as Testing Library normalises it (the no-break space becomes a space). */
const money = (amount: number) => formatMoney(amount).replace(/\s/g, ' ');

function renderCalculator(planId: TPlanId, options: { autoCalculate?: boolean } = {}) {
  const router = createMemoryRouter(
    [
      {
        path: '/home/calculadoras/:id',
        element: (
          <Calculator
            planId={planId}
            baseYear={BASE}
            initial={{ values: defaultInputs(planId, BASE), invalid: [], autoCalculate: options.autoCalculate ?? false }}
            language="es"
          />
        ),
      },
      { path: '/inversor/contratar', element: <h1>Contratar</h1> },
    ],
    { initialEntries: [`/home/calculadoras/${planId}`] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return router;
}

const input = (name: TCalculatorField) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`);

async function retype(name: TCalculatorField, text: string) {
  const box = input(name)!;
  await userEvent.clear(box);
  if (text) await userEvent.type(box, text);
  fireEvent.blur(box);
}

afterEach(() => window.localStorage.clear());

describe('Calculator: visibility', () => {
  it.each(PLAN_IDS)('%s renders exactly the plan’s fields, named as the specification', (planId) => {
    renderCalculator(planId);
    const names = [...document.querySelectorAll<HTMLInputElement>('form input[name]')].map((box) => box.name);
    expect(names).toEqual(PLANS[planId].visibleFields);
    expect(input('bancoInteres')).not.toBeNull();
    const defaults = defaultInputs(planId, BASE);
    for (const field of PLANS[planId].visibleFields) {
      expect(input(field)!.value).toBe(String(defaults[field]).replace('.', ','));
    }
  });

  it('hides the ages but not the year for emprendedor, the year for personalizado, the contribution for padrinazgo', () => {
    renderCalculator('emprendedor');
    expect(input('edadActual')).toBeNull();
    expect(input('anyoJubilacion')).not.toBeNull();
    screen.getByLabelText('Año final del plan');
    document.body.innerHTML = '';
    renderCalculator('personalizado');
    expect(input('anyoJubilacion')).toBeNull();
    document.body.innerHTML = '';
    renderCalculator('padrinazgo');
    expect(input('aportacionMensual')).toBeNull();
    expect(input('capitalInicial')!.readOnly).toBe(true);
    expect(input('capitalInicial')!.value).toBe('6000');
    expect(input('disponibleAlFinal')!.readOnly).toBe(true);
  });

  it('fixes the initial capital of fideicomiso (read-only, 10000)', () => {
    renderCalculator('fideicomiso');
    expect(input('capitalInicial')!.readOnly).toBe(true);
    expect(input('capitalInicial')!.value).toBe('10000');
    expect(screen.getAllByText('Valor fijo de este plan').length).toBeGreaterThan(0);
  });
});

describe('Calculator: linked fields', () => {
  it('a new retirement age sets the years and the year', async () => {
    renderCalculator('jubilacion');
    await retype('edadJubilacion', '70');
    expect(input('numAnyos')!.value).toBe('30');
    expect(input('anyoJubilacion')!.value).toBe(String(BASE + 30));
  });

  it('a new year sets the years and the retirement age; new years set the year', async () => {
    renderCalculator('sostenibilidad');
    await retype('anyoJubilacion', String(BASE + 20));
    expect(input('numAnyos')!.value).toBe('20');
    expect(input('edadJubilacion')!.value).toBe('60');
    await retype('numAnyos', '10');
    expect(input('anyoJubilacion')!.value).toBe(String(BASE + 10));
    expect(input('edadJubilacion')!.value).toBe('50');
  });

  it('the contribution sets the amount at the end, and the amount at the end sets the contribution', async () => {
    renderCalculator('emprendedor');
    await retype('aportacionMensual', '100');
    const inputs = { ...defaultInputs('emprendedor', BASE), aportacionMensual: 100 };
    expect(input('disponibleAlFinal')!.value).toBe(String(calculate(inputs, 'emprendedor').resultadoKc));
    await retype('disponibleAlFinal', '50000');
    const expected = onTargetChange({ ...inputs, disponibleAlFinal: 50_000 }, BASE, 'emprendedor').aportacionMensual;
    expect(input('aportacionMensual')!.value).toBe(String(expected));
  });

  it('reads a decimal comma', async () => {
    renderCalculator('personalizado');
    await retype('bancoInteres', '2,5');
    expect(input('bancoInteres')!.getAttribute('aria-invalid')).not.toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Calcular' }));
    expect(await screen.findByText('Banco al 2,5 %', { selector: 'tspan' })).toBeTruthy();
  });
});

describe('Calculator: native inputs', () => {
  const slider = (label: string) => screen.getByRole('slider', { name: `${label}: control deslizante` });

  it('each box has its visible label, and its hint is tied to it', () => {
    renderCalculator('jubilacion');
    const box = screen.getByRole('textbox', { name: 'Interés bancario anual (%)' });
    expect(box).toBe(input('bancoInteres'));
    expect(box.getAttribute('inputmode')).toBe('decimal');
    const hint = document.getElementById(box.getAttribute('aria-describedby')!.split(' ')[0]!)!;
    expect(hint.textContent).toMatch(/0.*20/);
  });

  it('a slider writes its value into the box (decimal comma) and moves the linked fields', () => {
    renderCalculator('jubilacion');
    fireEvent.change(slider('Interés bancario anual (%)'), { target: { value: '2.5' } });
    expect(input('bancoInteres')!.value).toBe('2,5');
    fireEvent.change(slider('Edad de jubilación'), { target: { value: '70' } });
    expect(input('edadJubilacion')!.value).toBe('70');
    expect(input('numAnyos')!.value).toBe('30');
    expect((slider('Años de ahorro') as HTMLInputElement).value).toBe('30');
  });

  it('fixed fields have no slider', () => {
    renderCalculator('padrinazgo');
    expect(screen.queryByRole('slider', { name: /^Capital inicial/ })).toBeNull();
    expect(screen.getAllByRole('slider')).toHaveLength(PLANS.padrinazgo.visibleFields.length - PLANS.padrinazgo.readOnlyFields.length);
  });

  it('the error is described by the box once touched, and goes when corrected', async () => {
    renderCalculator('jubilacion');
    const box = input('bancoInteres')!;
    await userEvent.clear(box);
    await userEvent.type(box, '25');
    expect(box.getAttribute('aria-invalid')).toBeNull();
    fireEvent.blur(box);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    const described = box.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)!.textContent);
    expect(described).toContain('Debe estar entre 0 y 20');
    await retype('bancoInteres', '4');
    expect(box.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Debe estar entre 0 y 20')).toBeNull();
  });

  it('a warning waits for the field to be touched, then is described by the box', async () => {
    renderCalculator('jubilacion');
    const box = input('edadJubilacion')!;
    await userEvent.clear(box);
    await userEvent.type(box, '90');
    expect(screen.queryByText(/las rentas mensuales son 0/)).toBeNull();
    fireEvent.blur(box);
    const warning = screen.getByText(/las rentas mensuales son 0/);
    expect(box.getAttribute('aria-describedby')!.split(' ')).toContain(warning.id);
    expect(box.getAttribute('aria-invalid')).toBeNull();
  });
});

describe('Calculator: errors and results', () => {
  it('shows an error only once touched, lists it as field: message and blocks Calcular', async () => {
    renderCalculator('jubilacion');
    const box = input('edadActual')!;
    await userEvent.clear(box);
    await userEvent.type(box, '130');
    expect(screen.queryByText(/Edad actual: /)).toBeNull();
    fireEvent.blur(box);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Edad actual: Debe estar entre 0 y 120')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Calcular' }));
    expect(screen.queryByRole('heading', { name: 'Resultados' })).toBeNull();
  });

  it('an empty field is required; a word is not a number', async () => {
    renderCalculator('emprendedor');
    await retype('capitalInicial', '');
    await retype('bancoInteres', 'abc');
    expect(screen.getByText(/^Capital inicial \(€\): Requerido/)).toBeTruthy();
    expect(screen.getByText(/^Interés bancario anual \(%\): /)).toBeTruthy();
  });

  it('warns in yellow when the retirement age reaches the life expectancy', async () => {
    renderCalculator('jubilacion');
    await retype('edadJubilacion', '90');
    expect(screen.getByText(/las rentas mensuales son 0/).className).toContain('kc-calc-warning');
  });

  it('Calcular shows the engine’s figures, and they follow the fields afterwards', async () => {
    renderCalculator('jubilacion');
    await userEvent.click(screen.getByRole('button', { name: 'Calcular' }));
    const expected = calculate(defaultInputs('jubilacion', BASE), 'jubilacion');
    expect(within(screen.getByTestId('result-totalAportado')).getByText(money(expected.totalAportado))).toBeTruthy();
    expect(within(screen.getByTestId('result-rentaMensualKc')).getByText(money(expected.rentaMensualKc))).toBeTruthy();
    await retype('aportacionMensual', '200');
    const next = calculate({ ...defaultInputs('jubilacion', BASE), aportacionMensual: 200 }, 'jubilacion');
    expect(
      await within(screen.getByTestId('result-totalAportado')).findByText(money(next.totalAportado)),
    ).toBeTruthy();
  });

  it('shows the trees and family members for sostenibilidad only', async () => {
    renderCalculator('sostenibilidad', { autoCalculate: true });
    const expected = calculate(defaultInputs('sostenibilidad', BASE), 'sostenibilidad').sustainability!;
    expect(within(screen.getByTestId('result-treesFunded')).getByText(String(expected.treesFunded))).toBeTruthy();
    expect(screen.getByTestId('result-familyMembersCo2Neutral')).toBeTruthy();
    document.body.innerHTML = '';
    renderCalculator('emprendedor', { autoCalculate: true });
    expect(screen.queryByTestId('result-treesFunded')).toBeNull();
    expect(screen.queryByTestId('result-rentaMensualKc')).toBeNull();
  });

  it('Contratar stores the hire draft and goes to the hiring route', async () => {
    const router = renderCalculator('padrinazgo', { autoCalculate: true });
    await userEvent.click(screen.getByRole('button', { name: 'Contratar' }));
    expect(router.state.location.pathname).toBe('/inversor/contratar');
    const draft = JSON.parse(window.localStorage.getItem(HIRE_DRAFT_KEY)!);
    expect(draft.calcId).toBe('padrinazgo');
    expect(draft.values.capitalInicial).toBe(6000);
    const years = new Date(draft.fechaFin).getUTCFullYear() - new Date(draft.fechaInicio).getUTCFullYear();
    expect(years).toBe(draft.values.numAnyos);
  });

  it('writes the calculated inputs to the address', async () => {
    const router = renderCalculator('personalizado');
    await userEvent.click(screen.getByRole('button', { name: 'Calcular' }));
    await act(async () => {});
    const query = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(query)).toEqual({
      numAnyos: '27',
      capitalInicial: '0',
      aportacionMensual: '50',
      disponibleAlFinal: String(defaultInputs('personalizado', BASE).disponibleAlFinal),
      bancoInteres: '3',
    });
  });
});
