import { describe, expect, it } from 'vitest';
import { wrapLabel } from './charts.tsx';

describe('wrapLabel (the comparison chart’s bar labels)', () => {
  it('keeps a short label on one line', () => {
    expect(wrapLabel('Banco al 2,5 %', 17)).toEqual(['Banco al 2,5 %']);
    expect(wrapLabel('KC al 10 %', 17)).toEqual(['KC al 10 %']);
  });

  it('breaks a long label at spaces, no line longer than the limit unless one word is', () => {
    const lines = wrapLabel('Fondo de inversión al 6 %', 17);
    expect(lines).toEqual(['Fondo de', 'inversión al 6 %']);
    expect(lines.join(' ')).toBe('Fondo de inversión al 6 %');
    expect(wrapLabel('Investment fund at 6 %', 17)).toEqual(['Investment fund', 'at 6 %']);
    expect(wrapLabel('Supercalifragilistic', 10)).toEqual(['Supercalifragilistic']);
  });
});
