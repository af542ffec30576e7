import { formatScaled, parseScaled } from '../ledger/decimal.ts';
import { HECTARE_SCALE, MONEY_SCALE, type TAsset, type TAssetFigures } from './schemas.ts';

const read = (text: string | null, scale: number): bigint => (text === null ? 0n : (parseScaled(text, scale) ?? 0n));

/**
 * The figures of a set of published assets (productoInversion), exact: sums of decimal strings
 * in BigInt minor units; the rented share is ⌊rented × 1000 ÷ homes⌋ tenths of a percent
 * (rounded down once, so 2 of 3 is '66.6', never shown above what it is).
 */
export function assetFigures(assets: readonly Pick<TAsset, 'kind' | 'valuation' | 'monthlyRent' | 'occupancy' | 'hectares' | 'treesPlanted'>[]): TAssetFigures {
  let homes = 0;
  let rented = 0;
  let plantations = 0;
  let trees = 0;
  let rent = 0n;
  let hectares = 0n;
  let homesValuation = 0n;
  let plantationsValuation = 0n;
  for (const asset of assets) {
    if (asset.kind === 'HOME') {
      homes += 1;
      homesValuation += read(asset.valuation, MONEY_SCALE);
      if (asset.occupancy === 'RENTED') {
        rented += 1;
        rent += read(asset.monthlyRent, MONEY_SCALE);
      }
    } else {
      plantations += 1;
      plantationsValuation += read(asset.valuation, MONEY_SCALE);
      hectares += read(asset.hectares, HECTARE_SCALE);
      trees += asset.treesPlanted ?? 0;
    }
  }
  return {
    homes,
    rentedHomes: rented,
    rentedPercent: homes === 0 ? null : formatScaled((BigInt(rented) * 1000n) / BigInt(homes), 1),
    monthlyRent: formatScaled(rent, MONEY_SCALE),
    plantations,
    hectares: formatScaled(hectares, HECTARE_SCALE),
    trees,
    homesValuation: formatScaled(homesValuation, MONEY_SCALE),
    plantationsValuation: formatScaled(plantationsValuation, MONEY_SCALE),
    totalValuation: formatScaled(homesValuation + plantationsValuation, MONEY_SCALE),
  };
}
