/**
 * Keccak-256 as Ethereum uses it (the original Keccak padding 0x01, not SHA3-256's 0x06),
 * pure TypeScript with no dependency. Lanes are held as pairs of 32-bit words (low, high).
 */
const RATE_BYTES = 136; // 1600 − 2 × 256 bits
const OUTPUT_BYTES = 32;

const ROUND_CONSTANTS: readonly (readonly [lo: number, hi: number])[] = [
  '0000000000000001', '0000000000008082', '800000000000808a', '8000000080008000',
  '000000000000808b', '0000000080000001', '8000000080008081', '8000000000008009',
  '000000000000008a', '0000000000000088', '0000000080008009', '000000008000000a',
  '000000008000808b', '800000000000008b', '8000000000008089', '8000000000008003',
  '8000000000008002', '8000000000000080', '000000000000800a', '800000008000000a',
  '8000000080008081', '8000000000008080', '0000000080000001', '8000000080008008',
].map((hex) => [parseInt(hex.slice(8), 16), parseInt(hex.slice(0, 8), 16)] as const);

/** Rotation offsets of lane x + 5y (rho). */
const ROTATIONS = [0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14];
/** Destination lane of lane x + 5y (pi: B[y][2x + 3y] = A[x][y]). */
const PI_TARGET = ROTATIONS.map((_, i) => {
  const x = i % 5;
  const y = Math.floor(i / 5);
  return y + 5 * ((2 * x + 3 * y) % 5);
});

/** The Keccak-f[1600] permutation over 25 lanes stored as lo = state[2i], hi = state[2i + 1]. */
function permute(state: Uint32Array): void {
  const cLo = new Uint32Array(5);
  const cHi = new Uint32Array(5);
  const bLo = new Uint32Array(25);
  const bHi = new Uint32Array(25);
  for (const [rcLo, rcHi] of ROUND_CONSTANTS) {
    // theta
    for (let x = 0; x < 5; x++) {
      cLo[x] = state[2 * x]! ^ state[2 * x + 10]! ^ state[2 * x + 20]! ^ state[2 * x + 30]! ^ state[2 * x + 40]!;
      cHi[x] = state[2 * x + 1]! ^ state[2 * x + 11]! ^ state[2 * x + 21]! ^ state[2 * x + 31]! ^ state[2 * x + 41]!;
    }
    for (let x = 0; x < 5; x++) {
      const nLo = cLo[(x + 1) % 5]!;
      const nHi = cHi[(x + 1) % 5]!;
      const dLo = cLo[(x + 4) % 5]! ^ ((nLo << 1) | (nHi >>> 31));
      const dHi = cHi[(x + 4) % 5]! ^ ((nHi << 1) | (nLo >>> 31));
      for (let y = 0; y < 25; y += 5) {
        const i = 2 * (x + y);
        state[i] = state[i]! ^ dLo;
        state[i + 1] = state[i + 1]! ^ dHi;
      }
    }
    // rho and pi
    for (let i = 0; i < 25; i++) {
      const lo = state[2 * i]!;
      const hi = state[2 * i + 1]!;
      const n = ROTATIONS[i]!;
      const target = PI_TARGET[i]!;
      if (n === 0) {
        bLo[target] = lo;
        bHi[target] = hi;
      } else if (n < 32) {
        bLo[target] = (lo << n) | (hi >>> (32 - n));
        bHi[target] = (hi << n) | (lo >>> (32 - n));
      } else if (n === 32) {
        bLo[target] = hi;
        bHi[target] = lo;
      } else {
        const m = n - 32;
        bLo[target] = (hi << m) | (lo >>> (32 - m));
        bHi[target] = (lo << m) | (hi >>> (32 - m));
      }
    }
    // chi
    for (let y = 0; y < 25; y += 5) {
      for (let x = 0; x < 5; x++) {
        const i = x + y;
        const i1 = ((x + 1) % 5) + y;
        const i2 = ((x + 2) % 5) + y;
        state[2 * i] = bLo[i]! ^ (~bLo[i1]! & bLo[i2]!);
        state[2 * i + 1] = bHi[i]! ^ (~bHi[i1]! & bHi[i2]!);
      }
    }
    // iota
    state[0] = state[0]! ^ rcLo;
    state[1] = state[1]! ^ rcHi;
  }
}

/** XORs one byte into the state at byte offset `k` of the rate (lanes are little-endian). */
function xorByte(state: Uint32Array, k: number, byte: number): void {
  const lane = k >>> 3;
  const word = 2 * lane + ((k & 7) >= 4 ? 1 : 0);
  state[word] = state[word]! ^ (byte << (8 * (k & 3)));
}

/** UTF-8 bytes of a string (a lone surrogate becomes U+FFFD, as TextEncoder does). */
export function encodeUtf8(text: string): Uint8Array {
  const bytes: number[] = [];
  for (const char of text) {
    let cp = char.codePointAt(0) ?? 0xfffd;
    if (cp >= 0xd800 && cp <= 0xdfff) cp = 0xfffd;
    if (cp < 0x80) bytes.push(cp);
    else if (cp < 0x800) bytes.push(0xc0 | (cp >> 6), 0x80 | (cp & 63));
    else if (cp < 0x10000) bytes.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
    else bytes.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
  }
  return Uint8Array.from(bytes);
}

/** Keccak-256 of bytes, or of a string's UTF-8 bytes. */
export function keccak256(input: Uint8Array | string): Uint8Array {
  const data = typeof input === 'string' ? encodeUtf8(input) : input;
  const state = new Uint32Array(50);
  let offset = 0;
  for (; offset + RATE_BYTES <= data.length; offset += RATE_BYTES) {
    for (let k = 0; k < RATE_BYTES; k++) xorByte(state, k, data[offset + k]!);
    permute(state);
  }
  const rest = data.length - offset;
  for (let k = 0; k < rest; k++) xorByte(state, k, data[offset + k]!);
  xorByte(state, rest, 0x01);
  xorByte(state, RATE_BYTES - 1, 0x80);
  permute(state);
  const out = new Uint8Array(OUTPUT_BYTES);
  for (let k = 0; k < OUTPUT_BYTES; k++) {
    const word = state[2 * (k >>> 3) + ((k & 7) >= 4 ? 1 : 0)]!;
    out[k] = (word >>> (8 * (k & 3))) & 0xff;
  }
  return out;
}

export function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** Keccak-256 as 64 lowercase hex characters (no 0x). */
export function keccak256Hex(input: Uint8Array | string): string {
  return toHex(keccak256(input));
}
