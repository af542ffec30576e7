/** The calculators' base year in tests (decisions.md: 2020 reproduces the specification). */
export const TEST_BASE_YEAR = 2020;
export const COMPANY = '1';
export const OTHER_COMPANY = '2';
