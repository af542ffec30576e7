import { HDKey } from '@scure/bip32';
import { generateMnemonic, mnemonicToSeedSync } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english';
import { secp256k1 } from '@noble/curves/secp256k1';
import { keccak256Hex, toChecksumAddress } from '@kc/domain';

/**
 * A new Ethereum wallet, made in the browser with audited libraries (@scure/bip39,
 * @scure/bip32, @noble/curves): a 12-word BIP-39 recovery phrase and the address of its first
 * account (BIP-44 path m/44'/60'/0'/0/0). Only the address ever leaves the browser. Loaded
 * lazily, so no other page carries these libraries.
 */
export function createWallet(): { mnemonic: string; address: string } {
  const mnemonic = generateMnemonic(wordlist, 128);
  return { mnemonic, address: addressOfMnemonic(mnemonic) };
}

export function addressOfMnemonic(mnemonic: string): string {
  const key = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic)).derive("m/44'/60'/0'/0/0");
  if (!key.privateKey) throw new Error('No private key');
  const uncompressed = secp256k1.getPublicKey(key.privateKey, false).slice(1);
  const hash = keccak256Hex(uncompressed);
  return toChecksumAddress(`0x${hash.slice(-40)}`);
}
