import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeUtf8, keccak256, keccak256Hex, toHex } from '../../src/accounts/keccak.ts';
import {
  checkEthereumAddress,
  isEthereumAddressFormat,
  isValidEthereumAddress,
  toChecksumAddress,
} from '../../src/accounts/ethereum.ts';

describe('keccak256', () => {
  it('matches the published vectors', () => {
    expect(keccak256Hex('')).toBe('c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470');
    expect(keccak256Hex('abc')).toBe('4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45');
    expect(keccak256Hex('The quick brown fox jumps over the lazy dog')).toBe(
      '4d741b6f1eb29cb2a9b9911c82f56fa8d73b04959d3d9d222895df6c0b28aa15',
    );
  });

  // Inputs around the 136-byte rate (one block, exactly one block, two blocks, several). The
  // implementation was checked against Node's SHA3-256 with the padding byte swapped.
  it.each([
    [135, '34367dc248bbd832f4e3e69dfaac2f92638bd0bbd18f2912ba4ef454919cf446'],
    [136, 'a6c4d403279fe3e0af03729caada8374b5ca54d8065329a3ebcaeb4b60aa386e'],
    [137, 'd869f639c7046b4929fc92a4d988a8b22c55fbadb802c0c66ebcd484f1915f39'],
    [272, 'cf7fcd4f705ee749930d19ca84561a9bf62516bd90a471545fa2f49fdc7e63c8'],
    [1000, 'b6a4ac1f51884d71f30fa397a5e155de3099e11fc0edef5d08b646e621e19de9'],
  ])('hashes %i bytes of "a"', (length, hex) => {
    expect(keccak256Hex(new Uint8Array(length).fill(0x61))).toBe(hex);
    expect(keccak256Hex('a'.repeat(length))).toBe(hex);
  });

  it('returns 32 bytes', () => {
    expect(keccak256('x')).toHaveLength(32);
    expect(toHex(keccak256('abc'))).toBe(keccak256Hex('abc'));
  });

  it('encodes strings as UTF-8', () => {
    expect(toHex(encodeUtf8('aé€𝄞'))).toBe('61c3a9e282acf09d849e');
    expect(toHex(encodeUtf8('\uD800'))).toBe('efbfbd');
    expect(keccak256Hex('ñ')).toBe(keccak256Hex(Uint8Array.from([0xc3, 0xb1])));
  });

  it('property: a string and its UTF-8 bytes hash the same', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
        expect(keccak256Hex(text)).toBe(keccak256Hex(encodeUtf8(text)));
      }),
      { numRuns: 50 },
    );
  });
});

describe('Ethereum addresses (EIP-55)', () => {
  const checksummed = [
    '0x52908400098527886E0F7030069857D2E4169EE7',
    '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
    '0xde709f2102306220921060314715629080e2fb77',
    '0x27b1fdb04752bbc536007a920d24acb045561c26',
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ];

  it.each(checksummed)('%s is its own checksum form and valid', (address) => {
    expect(toChecksumAddress(address.toLowerCase())).toBe(address);
    expect(toChecksumAddress(`0x${address.slice(2).toUpperCase()}`)).toBe(address);
    expect(checkEthereumAddress(address)).toBe('valid');
    expect(isValidEthereumAddress(address)).toBe(true);
  });

  it('accepts all-lowercase and all-uppercase addresses without a checksum', () => {
    expect(checkEthereumAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe('valid');
    expect(checkEthereumAddress('0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED')).toBe('valid');
  });

  it('refuses a mixed-case address whose checksum is wrong', () => {
    expect(checkEthereumAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe('invalidChecksum');
    expect(checkEthereumAddress('0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe('invalidChecksum');
    expect(checkEthereumAddress('0xFB6916095ca1df60bB79Ce92cE3Ea74c37c5d359')).toBe('invalidChecksum');
    expect(isValidEthereumAddress('0xdbf03B407c01E7cD3CBea99509d93f8DDDC8C6FB')).toBe(false);
  });

  it('refuses anything that is not 0x and 40 hex digits', () => {
    for (const bad of [
      '',
      '0x',
      '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0X5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe',
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed0',
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg',
      ' 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    ]) {
      expect(checkEthereumAddress(bad)).toBe('invalidFormat');
      expect(isEthereumAddressFormat(bad)).toBe(false);
    }
    expect(() => toChecksumAddress('0x123')).toThrow(RangeError);
  });

  const hex40 = fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 40, maxLength: 40 });

  it('property: the checksum form of any address is valid and stable', () => {
    fc.assert(
      fc.property(hex40, (body) => {
        const address = toChecksumAddress(`0x${body}`);
        expect(address.toLowerCase()).toBe(`0x${body}`);
        expect(checkEthereumAddress(address)).toBe('valid');
        expect(toChecksumAddress(address)).toBe(address);
      }),
      { numRuns: 200 },
    );
  });

  it('property: flipping the case of one letter breaks the checksum (unless no mixed case is left)', () => {
    fc.assert(
      fc.property(hex40, fc.nat(), (body, pick) => {
        const address = toChecksumAddress(`0x${body}`);
        const letters = [...address.slice(2)].flatMap((c, i) => (/[a-f]/i.test(c) ? [i + 2] : []));
        fc.pre(letters.length > 0);
        const at = letters[pick % letters.length] ?? 2;
        const c = address.charAt(at);
        const flipped = address.slice(0, at) + (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) + address.slice(at + 1);
        const rest = flipped.slice(2);
        const mixed = rest !== rest.toLowerCase() && rest !== rest.toUpperCase();
        expect(checkEthereumAddress(flipped)).toBe(mixed ? 'invalidChecksum' : 'valid');
      }),
      { numRuns: 200 },
    );
  });
});
