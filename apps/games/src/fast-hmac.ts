import { createHash } from 'node:crypto';

/**
 * HMAC-SHA256 for the simulator's hot loop: the key is fixed for a whole run, so the states after the
 * key's inner and outer pad blocks are computed once and each message costs two or three SHA-256
 * compressions into preallocated arrays, with no allocation. node:crypto's createHmac costs ~5 us a
 * call on this machine (an object per call), too slow for 10 million spins; the engine and the verify
 * route use node:crypto (fair.ts), and fast-hmac.test.ts checks this one against it.
 */

const K = Uint32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);
const H0 = Uint32Array.from([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);

/** One SHA-256 compression of the 16 words w[0..15] into state (w is used as the 64-word schedule). */
function compress(state: Uint32Array, w: Uint32Array): void {
  for (let t = 16; t < 64; t++) {
    const a = w[t - 15]!;
    const b = w[t - 2]!;
    const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
    const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
    w[t] = (w[t - 16]! + s0 + w[t - 7]! + s1) | 0;
  }
  let a = state[0]!,
    b = state[1]!,
    c = state[2]!,
    d = state[3]!;
  let e = state[4]!,
    f = state[5]!,
    g = state[6]!,
    h = state[7]!;
  for (let t = 0; t < 64; t++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const ch = (e & f) ^ (~e & g);
    const t1 = (h + S1 + ch + K[t]! + w[t]!) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const maj = (a & b) ^ (a & c) ^ (b & c);
    const t2 = (S0 + maj) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  state[0] = (state[0]! + a) | 0;
  state[1] = (state[1]! + b) | 0;
  state[2] = (state[2]! + c) | 0;
  state[3] = (state[3]! + d) | 0;
  state[4] = (state[4]! + e) | 0;
  state[5] = (state[5]! + f) | 0;
  state[6] = (state[6]! + g) | 0;
  state[7] = (state[7]! + h) | 0;
}

export type FastHmac = {
  /** HMAC of message[0..length) into out (8 big-endian words: out[i] / 2^32 is float i of the round). */
  digest(message: Uint8Array, length: number, out: Uint32Array): void;
};

export function createFastHmac(key: string): FastHmac {
  let keyBytes: Uint8Array = Buffer.from(key, 'utf8');
  if (keyBytes.length > 64) keyBytes = createHash('sha256').update(keyBytes).digest();
  const w = new Uint32Array(64);
  const padState = (pad: number) => {
    const state = Uint32Array.from(H0);
    for (let i = 0; i < 16; i++) {
      let word = 0;
      for (let j = 0; j < 4; j++) word = (word << 8) | ((keyBytes[i * 4 + j] ?? 0) ^ pad);
      w[i] = word;
    }
    compress(state, w);
    return state;
  };
  const inner = padState(0x36);
  const outer = padState(0x5c);
  const state = new Uint32Array(8);
  const block = new Uint8Array(128 * 4);
  return {
    digest(message, length, out) {
      // Inner hash: the message after the ipad block (64 bytes already hashed), padded.
      const total = length + 9;
      const blocks = Math.ceil(total / 64);
      block.fill(0, 0, blocks * 64);
      block.set(message.subarray(0, length));
      block[length] = 0x80;
      const bits = (64 + length) * 8;
      const end = blocks * 64;
      block[end - 4] = (bits >>> 24) & 0xff;
      block[end - 3] = (bits >>> 16) & 0xff;
      block[end - 2] = (bits >>> 8) & 0xff;
      block[end - 1] = bits & 0xff;
      state.set(inner);
      for (let b = 0; b < blocks; b++) {
        const o = b * 64;
        for (let i = 0; i < 16; i++) {
          const p = o + i * 4;
          w[i] = (block[p]! << 24) | (block[p + 1]! << 16) | (block[p + 2]! << 8) | block[p + 3]!;
        }
        compress(state, w);
      }
      // Outer hash: the 32-byte inner hash after the opad block: one padded block.
      for (let i = 0; i < 8; i++) w[i] = state[i]!;
      w[8] = 0x80000000;
      for (let i = 9; i < 15; i++) w[i] = 0;
      w[15] = (64 + 32) * 8;
      state.set(outer);
      compress(state, w);
      for (let i = 0; i < 8; i++) out[i] = state[i]!;
    },
  };
}
