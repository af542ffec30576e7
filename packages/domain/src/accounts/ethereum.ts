import { keccak256Hex } from './keccak.ts';

/**
 * Ethereum addresses (decisions, "Payment data"): 0x and 40 hex digits; when the letters are
 * mixed-case the EIP-55 checksum must hold. All-lowercase and all-uppercase addresses carry no
 * checksum and are accepted as they are.
 */
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export type TEthereumAddressCheck = 'valid' | 'invalidFormat' | 'invalidChecksum';

/** The shape only: 0x followed by 40 hex digits in any case. */
export function isEthereumAddressFormat(address: string): boolean {
  return ADDRESS.test(address);
}

/** The EIP-55 form: each letter uppercase when the matching nibble of keccak256(lowercase hex) is 8 or more. */
export function toChecksumAddress(address: string): string {
  if (!ADDRESS.test(address)) throw new RangeError(`Not an Ethereum address: ${address}`);
  const body = address.slice(2).toLowerCase();
  const hash = keccak256Hex(body);
  let out = '0x';
  for (let i = 0; i < body.length; i++) {
    const char = body.charAt(i);
    out += parseInt(hash.charAt(i), 16) >= 8 ? char.toUpperCase() : char;
  }
  return out;
}

export function checkEthereumAddress(address: string): TEthereumAddressCheck {
  if (!ADDRESS.test(address)) return 'invalidFormat';
  const body = address.slice(2);
  const isMixedCase = body !== body.toLowerCase() && body !== body.toUpperCase();
  if (isMixedCase && toChecksumAddress(address) !== address) return 'invalidChecksum';
  return 'valid';
}

export function isValidEthereumAddress(address: string): boolean {
  return checkEthereumAddress(address) === 'valid';
}
