import { describe, expect, it } from 'vitest';
import { isValidEthereumAddress, toChecksumAddress } from '@kc/domain';
import { addressOfMnemonic, createWallet } from './wallet.ts';

describe('browser wallet', () => {
  it('derives the standard first account of a known phrase (BIP-39/44)', () => {
    expect(addressOfMnemonic('test test test test test test test test test test test junk')).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
  });

  it('creates a 12-word phrase and a checksummed address that belongs to it', () => {
    const wallet = createWallet();
    expect(wallet.mnemonic.split(' ')).toHaveLength(12);
    expect(isValidEthereumAddress(wallet.address)).toBe(true);
    expect(toChecksumAddress(wallet.address)).toBe(wallet.address);
    expect(addressOfMnemonic(wallet.mnemonic)).toBe(wallet.address);
    expect(createWallet().mnemonic).not.toBe(wallet.mnemonic);
  });
});
