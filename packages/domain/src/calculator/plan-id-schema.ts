import { z } from 'zod';
import { PLAN_IDS } from './plan-ids.ts';

/** A plan id as a zod enum (request bodies); apart from plans.ts so the browser's calculator loads no zod. */
export const ZPlanId = z.enum(PLAN_IDS);
