import { z } from 'zod';

/** Every role of the platform (decisions, "Tenancy and roles"). */
export const ROLES = [
  'ADMIN',
  'COMPANY_MANAGER',
  'GROUP_MANAGER',
  'TEAM_MANAGER',
  'ADVISOR',
  'AGENT',
  'SUPPLIER',
  'OWNER',
  'INVESTOR',
] as const;
export const ZRole = z.enum(ROLES);
export type TRole = z.infer<typeof ZRole>;

/** The roles a person can register with, one per sign-up route. */
export const SIGN_UP_ROLES = ['INVESTOR', 'AGENT', 'SUPPLIER', 'OWNER'] as const satisfies readonly TRole[];
export const ZSignUpRole = z.enum(SIGN_UP_ROLES);
export type TSignUpRole = z.infer<typeof ZSignUpRole>;

/** The last path segment of each sign-up route (/user/{slug}) and the role it registers. */
export const SIGN_UP_SLUG_ROLES = {
  'sign-up': 'INVESTOR',
  'sign-up-comercial': 'AGENT',
  'sign-up-minero': 'SUPPLIER',
  'sign-up-propietario': 'OWNER',
} as const satisfies Record<string, TSignUpRole>;
export type TSignUpSlug = keyof typeof SIGN_UP_SLUG_ROLES;
export const SIGN_UP_SLUGS = Object.keys(SIGN_UP_SLUG_ROLES) as TSignUpSlug[];

export function isRole(value: unknown): value is TRole {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function isSignUpRole(value: unknown): value is TSignUpRole {
  return typeof value === 'string' && (SIGN_UP_ROLES as readonly string[]).includes(value);
}

/** The role a sign-up route registers ('sign-up-minero' → SUPPLIER); undefined for any other slug. */
export function getSignUpRoleForSlug(slug: string): TSignUpRole | undefined {
  return Object.hasOwn(SIGN_UP_SLUG_ROLES, slug) ? SIGN_UP_SLUG_ROLES[slug as TSignUpSlug] : undefined;
}

/** The sign-up route slug of a role (OWNER → 'sign-up-propietario'). */
export function getSignUpSlugForRole(role: TSignUpRole): TSignUpSlug {
  const slug = SIGN_UP_SLUGS.find((s) => SIGN_UP_SLUG_ROLES[s] === role);
  if (!slug) throw new RangeError(`No sign-up route for role ${role}`);
  return slug;
}
