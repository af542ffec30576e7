import fc from 'fast-check';
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { ZAssetInput, assetFigures, canTransition, isScaledAmount, type TAsset } from '../../src/assets/index.ts';
import { decodeMessage } from '../../src/i18n/message-key.ts';
import { translateMessage } from '../../src/i18n/catalogue.ts';

// decimal.js keeps 20 significant digits by default: the exact reference needs more for large amounts.
Decimal.set({ precision: 60 });

const home = {
  kind: 'HOME',
  title: 'Piso en Ruzafa',
  description: 'Piso exterior de tres dormitorios en Ruzafa, alquilado.',
  address: 'Calle de Sueca, 42',
  city: 'Valencia',
  province: 'Valencia',
  country: 'España',
  builtArea: '84.50',
  rooms: 3,
  bathrooms: 2,
  acquisitionDate: '2019-03-14',
  acquisitionPrice: '198000.00',
  valuation: '236500.00',
  valuationDate: '2025-06-30',
  monthlyRent: '1150.00',
  occupancy: 'RENTED',
  energyRating: 'D',
  photos: [{ url: '/web/img/assets/vivienda-valencia.svg', altEs: 'Fachada', altEn: 'Front', caption: '' }],
};
const plantation = {
  ...home,
  kind: 'PLANTATION',
  address: null,
  builtArea: '',
  rooms: undefined,
  location: 'Parcela 112, polígono 14',
  hectares: '12.5',
  treesPlanted: 8750,
  plantingDate: '2020-04-15',
  expectedHarvestYear: 2027,
  expectedTimberVolume: '3150',
  certification: 'PEFC',
};

const issues = (value: unknown) => {
  const result = ZAssetInput.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join('.'), key: decodeMessage(i.message).key }));
};

describe('the asset schema', () => {
  it('accepts a complete home and a complete plantation (the other kind’s fields ignored)', () => {
    expect(issues(home)).toEqual([]);
    expect(issues(plantation)).toEqual([]);
  });

  it('requires the fields of the asset’s kind, each on its own field with a translated message', () => {
    expect(issues({ ...home, address: undefined, energyRating: 'Z', rooms: -1 })).toEqual([
      { path: 'address', key: 'assets.errors.text' },
      { path: 'rooms', key: 'assets.errors.count' },
      { path: 'energyRating', key: 'assets.errors.energyRating' },
    ]);
    expect(issues({ ...plantation, hectares: '0', treesPlanted: 1.5 }).map((i) => i.path)).toEqual(['hectares', 'treesPlanted']);
    const [first] = ZAssetInput.safeParse({ ...plantation, hectares: '0' }).error!.issues;
    expect(translateMessage('es', first!.message)).toBe('Indique las hectáreas, mayor que cero, con cuatro decimales como máximo (por ejemplo, 12.5000)');
    expect(translateMessage('en', first!.message)).toBe('Enter the hectares, above zero, with at most four decimals (for example, 12.5000)');
  });

  it('checks across fields: a vacant home has no rent, a valuation is not older than the purchase, harvest after planting', () => {
    expect(issues({ ...home, occupancy: 'VACANT' })).toEqual([{ path: 'monthlyRent', key: 'assets.errors.rentWhenVacant' }]);
    expect(issues({ ...home, occupancy: 'VACANT', monthlyRent: '0' })).toEqual([]);
    expect(issues({ ...home, valuationDate: '2019-03-13' })).toEqual([{ path: 'valuationDate', key: 'assets.errors.valuationBeforeAcquisition' }]);
    expect(issues({ ...plantation, expectedHarvestYear: 2019 })).toEqual([{ path: 'expectedHarvestYear', key: 'assets.errors.harvestYear' }]);
  });

  it('takes amounts only as decimal strings at their scale, never a JS number or a rounded value', () => {
    expect(issues({ ...home, acquisitionPrice: 198000 }).map((i) => i.path)).toEqual(['acquisitionPrice']);
    expect(isScaledAmount('10.005', 2)).toBe(false);
    expect(isScaledAmount('10.50', 2)).toBe(true);
    expect(isScaledAmount('0', 2)).toBe(false);
    expect(isScaledAmount('0', 2, true)).toBe(true);
    expect(isScaledAmount('100000000.01', 2)).toBe(false);
    expect(isScaledAmount('1e3', 2)).toBe(false);
  });

  it('takes photos from this site only, with alt text in both languages', () => {
    for (const url of ['javascript:alert(1)', 'http://example.org/a.jpg', '//evil.example/a.jpg', '/a b.jpg', '', 'https://cdn.example.org/p/1.jpg']) {
      expect(issues({ ...home, photos: [{ ...home.photos[0], url }] }), url).toEqual([{ path: 'photos.0.url', key: 'assets.errors.photoUrl' }]);
    }
    expect(issues({ ...home, photos: [{ ...home.photos[0], url: '/web/img/assets/vivienda-sevilla.svg' }] })).toEqual([]);
    expect(issues({ ...home, photos: [{ ...home.photos[0], altEn: '' }] })).toEqual([{ path: 'photos.0.altEn', key: 'assets.errors.text' }]);
    expect(issues({ ...home, photos: Array.from({ length: 13 }, () => home.photos[0]) })).toEqual([{ path: 'photos', key: 'assets.errors.photos' }]);
  });

  it('moves DRAFT → PUBLISHED ⇄ WITHDRAWN only', () => {
    expect(canTransition('DRAFT', 'publish')).toBe(true);
    expect(canTransition('WITHDRAWN', 'publish')).toBe(true);
    expect(canTransition('PUBLISHED', 'publish')).toBe(false);
    expect(canTransition('PUBLISHED', 'withdraw')).toBe(true);
    expect(canTransition('DRAFT', 'withdraw')).toBe(false);
    expect(canTransition('WITHDRAWN', 'withdraw')).toBe(false);
  });
});

type TFigureAsset = Pick<TAsset, 'kind' | 'valuation' | 'monthlyRent' | 'occupancy' | 'hectares' | 'treesPlanted'>;
const cents = fc.bigInt({ min: 1n, max: 10_000_000_000n });
const fmt = (value: bigint, scale: number) => new Decimal(value.toString()).div(new Decimal(10).pow(scale)).toFixed(scale);
const assetArb: fc.Arbitrary<TFigureAsset> = fc.oneof(
  fc.record({
    kind: fc.constant('HOME' as const),
    valuation: cents.map((v) => fmt(v, 2)),
    monthlyRent: fc.bigInt({ min: 0n, max: 1_000_000n }).map((v) => fmt(v, 2)),
    occupancy: fc.constantFrom('RENTED' as const, 'VACANT' as const),
    hectares: fc.constant(null),
    treesPlanted: fc.constant(null),
  }),
  fc.record({
    kind: fc.constant('PLANTATION' as const),
    valuation: cents.map((v) => fmt(v, 2)),
    monthlyRent: fc.constant(null),
    occupancy: fc.constant(null),
    hectares: fc.bigInt({ min: 1n, max: 100_000_000n }).map((v) => fmt(v, 4)),
    treesPlanted: fc.integer({ min: 1, max: 10_000_000 }),
  }),
);

describe('the figures of the published assets (productoInversion)', () => {
  it('adds exactly: totals equal decimal.js sums, total valuation = homes + plantations, rented % rounded down', () => {
    fc.assert(
      fc.property(fc.array(assetArb, { maxLength: 40 }), (assets) => {
        const f = assetFigures(assets);
        const homes = assets.filter((a) => a.kind === 'HOME');
        const plantations = assets.filter((a) => a.kind === 'PLANTATION');
        const rented = homes.filter((a) => a.occupancy === 'RENTED');
        const sum = (xs: (string | null)[], scale: number) => xs.reduce((acc, x) => acc.plus(x ?? '0'), new Decimal(0)).toFixed(scale);
        expect(f.homes).toBe(homes.length);
        expect(f.rentedHomes).toBe(rented.length);
        expect(f.plantations).toBe(plantations.length);
        expect(f.homesValuation).toBe(sum(homes.map((a) => a.valuation), 2));
        expect(f.plantationsValuation).toBe(sum(plantations.map((a) => a.valuation), 2));
        expect(f.totalValuation).toBe(sum(assets.map((a) => a.valuation), 2));
        expect(f.monthlyRent).toBe(sum(rented.map((a) => a.monthlyRent), 2));
        expect(f.hectares).toBe(sum(plantations.map((a) => a.hectares), 4));
        expect(f.trees).toBe(plantations.reduce((acc, a) => acc + (a.treesPlanted ?? 0), 0));
        if (homes.length === 0) expect(f.rentedPercent).toBeNull();
        else {
          const exact = new Decimal(rented.length).times(100).div(homes.length);
          const shown = new Decimal(f.rentedPercent!);
          expect(shown.lte(exact)).toBe(true);
          expect(exact.minus(shown).lt('0.1')).toBe(true);
        }
      }),
    );
  });

  it('says 66.6 % for two rented homes of three, and nothing for no homes', () => {
    const h = (occupancy: 'RENTED' | 'VACANT') => ({ kind: 'HOME' as const, valuation: '1.00', monthlyRent: '0.00', occupancy, hectares: null, treesPlanted: null });
    expect(assetFigures([h('RENTED'), h('RENTED'), h('VACANT')]).rentedPercent).toBe('66.6');
    expect(assetFigures([h('RENTED')]).rentedPercent).toBe('100.0');
    expect(assetFigures([]).rentedPercent).toBeNull();
    expect(assetFigures([]).totalValuation).toBe('0.00');
  });
});

describe('uploaded photos', () => {
  it('recognises JPEG, PNG and WebP by their first bytes and nothing else', async () => {
    const { sniffImageType, ZAssetImageUpload } = await import('../../src/assets/index.ts');
    const bytes = (...values: number[]) => new Uint8Array(values);
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(sniffImageType(new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe('image/webp');
    expect(sniffImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(sniffImageType(bytes(0xff, 0xd8))).toBeNull();
    expect(ZAssetImageUpload.safeParse({ data: 'iVBORw0K' }).success).toBe(true);
    expect(ZAssetImageUpload.safeParse({ data: 'iVBOR w0K' }).success).toBe(false);
    expect(ZAssetImageUpload.safeParse({ data: 'abc' }).success).toBe(false);
  });
});
