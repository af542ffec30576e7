import { describe, expect, it } from 'vitest';
import { marketReturnPath } from './return-path.ts';

describe('the way back from the appropriateness test', () => {
  it('goes back only to a market page of the app, never elsewhere', () => {
    expect(marketReturnPath('/market/ofertas/abc/comprar')).toBe('/market/ofertas/abc/comprar');
    expect(marketReturnPath(null)).toBeUndefined();
    expect(marketReturnPath('https://evil.example/market/')).toBeUndefined();
    expect(marketReturnPath('//evil.example/market/ofertas/x/comprar')).toBeUndefined();
    expect(marketReturnPath('/market/ofertas/x/comprar//')).toBeUndefined();
    expect(marketReturnPath('/market/no-such-page/x/y')).toBeUndefined();
    expect(marketReturnPath('/dashboard')).toBeUndefined();
  });
});
