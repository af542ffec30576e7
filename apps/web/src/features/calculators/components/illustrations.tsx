import type { TIncomeStatusImage, TPlanId, TStatusImageKey } from '@kc/domain';
import type { ReactNode } from 'react';

/**
 * Small inline SVG illustrations: one per plan (its card and its status image) and one per
 * monthly-income band (a stack of coins that grows with the band). Inline, so they are in the
 * prerendered HTML and cost no request; sized by width/height so nothing shifts.
 */
const GREEN = '#1f6b3a';
const LIGHT = '#e9f8ef';
const GOLD = '#e8a317';
const DARK = '#343a40';

/**
 * The engine's income bands, lowest first (INCOME_STATUS_IMAGES in @kc/domain; repeated here as
 * a type-checked list so the calculators list page, which shows only plan images, does not load
 * the engine). A test checks both lists are equal.
 */
export const INCOME_BANDS: readonly TIncomeStatusImage[] = [
  'income-under-1000',
  'income-under-2000',
  'income-under-3000',
  'income-under-4000',
  'income-under-5000',
  'income-from-5000',
];

const PLAN_ART: Record<TPlanId, ReactNode> = {
  // A sun over a bench.
  jubilacion: (
    <>
      <circle cx="84" cy="26" r="12" fill={GOLD} />
      <rect x="24" y="50" width="56" height="6" rx="2" fill={GREEN} />
      <rect x="28" y="56" width="4" height="12" fill={DARK} />
      <rect x="72" y="56" width="4" height="12" fill={DARK} />
      <rect x="24" y="38" width="56" height="5" rx="2" fill={GREEN} />
    </>
  ),
  // A graduation cap.
  fideicomiso: (
    <>
      <path d="M60 18 L100 34 L60 50 L20 34 Z" fill={GREEN} />
      <path d="M38 42 V58 C38 66 82 66 82 58 V42 L60 51 Z" fill={DARK} />
      <rect x="96" y="34" width="3" height="20" fill={GOLD} />
      <circle cx="97.5" cy="56" r="3.5" fill={GOLD} />
    </>
  ),
  // A big and a small hand around a heart.
  padrinazgo: (
    <>
      <path d="M60 66 C36 50 30 40 36 31 C42 23 54 25 60 34 C66 25 78 23 84 31 C90 40 84 50 60 66 Z" fill={GREEN} />
      <circle cx="60" cy="40" r="6" fill={GOLD} />
    </>
  ),
  // A coin kept whole, with interest dripping from it.
  cerocupones: (
    <>
      <circle cx="52" cy="38" r="22" fill={GOLD} />
      <circle cx="52" cy="38" r="15" fill="none" stroke={DARK} strokeWidth="3" />
      <circle cx="88" cy="52" r="7" fill={GREEN} />
      <circle cx="98" cy="66" r="5" fill={GREEN} />
    </>
  ),
  // A rocket.
  emprendedor: (
    <>
      <path d="M60 12 C74 24 76 44 70 58 H50 C44 44 46 24 60 12 Z" fill={GREEN} />
      <circle cx="60" cy="34" r="6" fill={LIGHT} />
      <path d="M50 50 L40 62 L50 60 Z M70 50 L80 62 L70 60 Z" fill={DARK} />
      <path d="M54 60 L60 72 L66 60 Z" fill={GOLD} />
    </>
  ),
  // A paulownia tree.
  sostenibilidad: (
    <>
      <circle cx="60" cy="30" r="18" fill={GREEN} />
      <circle cx="45" cy="40" r="12" fill={GREEN} />
      <circle cx="75" cy="40" r="12" fill={GREEN} />
      <rect x="57" y="44" width="6" height="26" fill={DARK} />
      <rect x="30" y="68" width="60" height="4" rx="2" fill={GOLD} />
    </>
  ),
  // Three sliders.
  personalizado: (
    <>
      {[24, 40, 56].map((y, index) => (
        <g key={y}>
          <rect x="22" y={y - 2} width="76" height="4" rx="2" fill={DARK} />
          <circle cx={[40, 78, 56][index]} cy={y} r="7" fill={index === 1 ? GOLD : GREEN} />
        </g>
      ))}
    </>
  ),
};

function Frame({ label, width, height, children }: { label: string; width: number; height: number; children: ReactNode }) {
  return (
    <svg viewBox="0 0 120 80" width={width} height={height} role="img" aria-label={label} focusable="false">
      <rect width="120" height="80" rx="10" fill={LIGHT} />
      {children}
    </svg>
  );
}

export function PlanIllustration({ planId, label, width = 120, height = 80 }: { planId: TPlanId; label: string; width?: number; height?: number }) {
  return (
    <Frame label={label} width={width} height={height}>
      {PLAN_ART[planId]}
    </Frame>
  );
}

/** The status image of a result: the plan's own image, or coins for the income band. */
export function StatusImage({ imageKey, label }: { imageKey: TStatusImageKey; label: string }) {
  const band = (INCOME_BANDS as readonly string[]).indexOf(imageKey);
  if (band < 0) {
    const planId = imageKey.replace(/^plan-/, '') as TPlanId;
    return (
      <span data-status-image={imageKey}>
        <PlanIllustration planId={planId} label={label} width={150} height={100} />
      </span>
    );
  }
  const coins = band + 1;
  return (
    <span data-status-image={imageKey}>
      <Frame label={label} width={150} height={100}>
        {Array.from({ length: coins }, (_, index) => (
          <ellipse key={index} cx="60" cy={68 - index * 9} rx="24" ry="6" fill={GOLD} stroke={DARK} strokeWidth="1.5" />
        ))}
        {band === INCOME_BANDS.length - 1 && <circle cx="96" cy="20" r="8" fill={GREEN} />}
      </Frame>
    </span>
  );
}
