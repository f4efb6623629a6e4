import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  randomBytes,
  verify,
  type ECDH,
} from 'node:crypto';

/**
 * What a browser's push service does with a message, written from the RFCs alone so that the
 * gateway's sending side (web-push) is checked by code that shares nothing with it:
 * RFC 8291 (message encryption for Web Push), RFC 8188 (aes128gcm) and RFC 8292 (VAPID).
 */

/** The browser's side of a subscription: the private key and auth secret it never shares. */
export interface SubscriptionKeys {
  ecdh: ECDH;
  /** The raw public point (65 bytes): `keys.p256dh`. */
  publicKey: Buffer;
  /** 16 random bytes: `keys.auth`. */
  auth: Buffer;
}

export function newSubscriptionKeys(): SubscriptionKeys {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  return { ecdh, publicKey, auth: randomBytes(16) };
}

/** HKDF-SHA256 (RFC 5869), for the at most 32 bytes Web Push ever derives. */
function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  const prk = createHmac('sha256', salt).update(ikm).digest();
  const okm = createHmac('sha256', prk)
    .update(Buffer.concat([info, Buffer.from([1])]))
    .digest();
  return okm.subarray(0, length);
}

const TAG_BYTES = 16;
const HEADER_BYTES = 21;

/** The content key and nonce of one message (RFC 8291 §3.4, RFC 8188 §2.2 and §2.3). */
function messageKeys(keys: SubscriptionKeys, salt: Buffer, senderPublicKey: Buffer) {
  const ecdhSecret = keys.ecdh.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.publicKey, senderPublicKey]);
  const ikm = hkdf(keys.auth, ecdhSecret, keyInfo, 32);
  return {
    cek: hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
    nonce: hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12),
  };
}

/** The nonce of record `seq`: the base nonce with the record's number XORed into its end. */
function recordNonce(nonce: Buffer, seq: number): Buffer {
  const iv = Buffer.from(nonce);
  iv.writeUInt32BE((iv.readUInt32BE(8) ^ seq) >>> 0, 8);
  return iv;
}

/**
 * Decrypts an aes128gcm body: header (salt, record size, the sender's public key as key id),
 * then records of `rs` bytes, each ending in its tag. Throws on any tampering or malformation.
 */
export function decryptAes128gcm(body: Buffer, keys: SubscriptionKeys): Buffer {
  if (body.length < HEADER_BYTES) throw new Error('body is shorter than the aes128gcm header');
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  if (idlen !== 65) throw new Error(`key id must be the sender's 65-byte key (got ${idlen})`);
  if (rs <= TAG_BYTES + 1) throw new Error(`record size ${rs} is too small`);
  const senderPublicKey = body.subarray(HEADER_BYTES, HEADER_BYTES + idlen);
  const { cek, nonce } = messageKeys(keys, salt, senderPublicKey);
  const content = body.subarray(HEADER_BYTES + idlen);
  if (content.length === 0) throw new Error('no records after the header');

  const plain: Buffer[] = [];
  for (let seq = 0, at = 0; at < content.length; seq++, at += rs) {
    const record = content.subarray(at, at + rs);
    const last = at + rs >= content.length;
    if (record.length <= TAG_BYTES) throw new Error(`record ${seq} is too short`);
    const decipher = createDecipheriv('aes-128-gcm', cek, recordNonce(nonce, seq));
    decipher.setAuthTag(record.subarray(record.length - TAG_BYTES));
    const padded = Buffer.concat([
      decipher.update(record.subarray(0, record.length - TAG_BYTES)),
      decipher.final(),
    ]);
    // Padding is zeros after a delimiter: 2 ends the last record, 1 any other.
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end--;
    if (end < 0 || padded[end] !== (last ? 2 : 1))
      throw new Error(`record ${seq} has no ${last ? 'final' : 'record'} padding delimiter`);
    plain.push(padded.subarray(0, end));
  }
  return Buffer.concat(plain);
}

export interface VapidClaims {
  /** The public key the JWT was checked against (`k`), base64url. */
  publicKey: string;
  subject: string;
}

/** 24 hours: the longest a VAPID token may live (RFC 8292 §2). */
const MAX_TOKEN_SECONDS = 24 * 60 * 60;

/**
 * Checks `Authorization: vapid t=<jwt>, k=<key>` for a push to `audience` (the endpoint's
 * origin): an ES256 signature by `k`, the right audience, an expiry in the next 24 hours and
 * a contact. Throws with the reason a push service would give.
 */
export function verifyVapid(authorization: string | undefined, audience: string): VapidClaims {
  const scheme = /^vapid\s+(.+)$/i.exec(authorization ?? '');
  if (!scheme) throw new Error('Authorization is not "vapid t=…, k=…"');
  const params = new Map<string, string>();
  for (const part of scheme[1]!.split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) params.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).trim());
  }
  const token = params.get('t');
  const k = params.get('k');
  if (!token || !k) throw new Error('Authorization lacks t or k');

  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not a P-256 public key');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });

  const parts = token.split('.');
  if (parts.length !== 3) throw new Error('t is not a JWT');
  const [head, body, signature] = parts as [string, string, string];
  const header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string };
  if (header.alg !== 'ES256') throw new Error(`JWT alg must be ES256 (got ${header.alg})`);
  // A JWS signature is r||s (64 bytes), not the DER node:crypto reads by default.
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('JWT signature does not verify with k');

  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as {
    aud?: unknown;
    exp?: unknown;
    sub?: unknown;
  };
  if (claims.aud !== audience) throw new Error(`aud ${String(claims.aud)} is not ${audience}`);
  const now = Math.floor(Date.now() / 1000);
  if (typeof claims.exp !== 'number' || claims.exp <= now) throw new Error('JWT has expired');
  if (claims.exp > now + MAX_TOKEN_SECONDS) throw new Error('exp is more than 24 hours away');
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub))
    throw new Error('sub must be a mailto: or https: URL');
  return { publicKey: k, subject: claims.sub };
}
