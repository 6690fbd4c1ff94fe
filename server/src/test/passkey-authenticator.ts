import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/*
 * A software passkey for API tests: an ES256 key made with node:crypto, answers built as a
 * browser sends them (@simplewebauthn/browser's JSON), 'none' attestation, the CBOR written
 * here (only unsigned and negative integers, byte and text strings, and maps are needed).
 */

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) {
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(n, 1);
    return b;
  }
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;
export function cbor(v: Cbor): Buffer {
  if (typeof v === 'number') return v >= 0 ? head(0, v) : head(1, -1 - v);
  if (typeof v === 'string') {
    const b = Buffer.from(v, 'utf8');
    return Buffer.concat([head(3, b.length), b]);
  }
  if (v instanceof Uint8Array) return Buffer.concat([head(2, v.length), v]);
  const parts = [head(5, v.size)];
  for (const [k, val] of v) parts.push(cbor(k), cbor(val));
  return Buffer.concat(parts);
}

const b64u = (b: Uint8Array | string) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest();

/** Authenticator data flags. */
export const FLAGS = { up: 0x01, uv: 0x04, at: 0x40 } as const;

export interface CeremonyOverrides {
  origin?: string;
  challenge?: string;
  type?: string;
  flags?: number;
  rpId?: string;
}

/** One passkey on a software authenticator. */
export class SoftPasskey {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly cose: Buffer;
  counter = 0;

  constructor(
    readonly rpId = 'localhost',
    readonly origin = 'http://localhost:5000',
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.cose = cbor(
      new Map<number, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }

  get id(): string {
    return b64u(this.credentialId);
  }

  private clientData(type: string, challenge: string, o: CeremonyOverrides): Buffer {
    return Buffer.from(
      JSON.stringify({
        type: o.type ?? type,
        challenge: o.challenge ?? challenge,
        origin: o.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
  }

  private counterBytes(): Buffer {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(this.counter);
    return b;
  }

  /** The answer to `navigator.credentials.create()` with these options. */
  register(options: { challenge: string }, o: CeremonyOverrides = {}) {
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, o);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(o.rpId ?? this.rpId),
      Buffer.from([o.flags ?? FLAGS.up | FLAGS.uv | FLAGS.at]),
      this.counterBytes(),
      Buffer.alloc(16),
      idLength,
      this.credentialId,
      this.cose,
    ]);
    const attestationObject = cbor(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64u(clientDataJSON),
        attestationObject: b64u(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /**
   * The answer to `navigator.credentials.get()`: the counter goes up by one first, and
   * `userHandle` is the account's id as registration gave it.
   */
  assert(options: { challenge: string }, userId: string, o: CeremonyOverrides = {}) {
    this.counter += 1;
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, o);
    const authData = Buffer.concat([
      sha256(o.rpId ?? this.rpId),
      Buffer.from([o.flags ?? FLAGS.up | FLAGS.uv]),
      this.counterBytes(),
    ]);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      this.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64u(clientDataJSON),
        authenticatorData: b64u(authData),
        signature: b64u(signature),
        userHandle: b64u(userId),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
