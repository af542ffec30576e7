import { expect, test } from 'vitest';
import {
  calculate,
  calculateSustainability,
  defaultInputs,
  EUROS_PER_PAULOWNIA_TREE,
  PLAN_IDS,
  TREES_PER_FAMILY_MEMBER,
} from '../../src/index.ts';

test('the catalogue figures', () => {
  expect(TREES_PER_FAMILY_MEMBER).toBe(19);
  expect(EUROS_PER_PAULOWNIA_TREE).toBe(50);
});

test('the sustainability plan counts the trees its contributions fund, and whom they offset', () => {
  const result = calculate(defaultInputs('sostenibilidad', 2020), 'sostenibilidad');
  // 16200 € contributed at 50 € a tree: 324 trees; at 19 trees a person: 17 people.
  expect(result.totalAportado).toBe(16_200);
  expect(result.sustainability).toEqual({ treesFunded: 324, familyMembersCo2Neutral: 17 });
});

test('only whole trees and whole people count', () => {
  expect(calculateSustainability(0)).toEqual({ treesFunded: 0, familyMembersCo2Neutral: 0 });
  expect(calculateSustainability(49)).toEqual({ treesFunded: 0, familyMembersCo2Neutral: 0 });
  expect(calculateSustainability(50)).toEqual({ treesFunded: 1, familyMembersCo2Neutral: 0 });
  expect(calculateSustainability(19 * 50 - 1)).toEqual({ treesFunded: 18, familyMembersCo2Neutral: 0 });
  expect(calculateSustainability(19 * 50)).toEqual({ treesFunded: 19, familyMembersCo2Neutral: 1 });
});

test('the other plans have no sustainability figures', () => {
  for (const planId of PLAN_IDS.filter((id) => id !== 'sostenibilidad')) {
    expect(calculate(defaultInputs(planId, 2020), planId).sustainability).toBeNull();
  }
});
