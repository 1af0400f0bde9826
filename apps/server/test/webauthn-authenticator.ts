import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";
import { TEST_ORIGIN } from "./app";

/**
 * A software WebAuthn authenticator for route tests: ES256 keys, "none" attestation, the flags
 * and counter under the test's control. Browsers' ceremonies are driven by Playwright's virtual
 * authenticator instead; this one lets a test forge what a real device would never send.
 */

type Cbor = number | string | Uint8Array | Cbor[] | Map<Cbor, Cbor>;

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  const b = Buffer.alloc(3);
  b[0] = (major << 5) | 25;
  b.writeUInt16BE(n, 1);
  return b;
}

/** The CBOR subset a credential needs: small integers, byte and text strings, maps. */
function cbor(value: Cbor): Buffer {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") {
    const s = Buffer.from(value, "utf8");
    return Buffer.concat([head(3, s.length), s]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  const parts: Buffer[] = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const b64url = (b: Uint8Array) => Buffer.from(b).toString("base64url");
const sha256 = (b: Uint8Array | string) => createHash("sha256").update(b).digest();

export interface SoftCredential {
  id: string;
  privateKey: KeyObject;
  userHandle: string;
  counter: number;
}

export interface AssertOptions {
  userVerified?: boolean;
  /** The counter to sign (default: one more than the last). */
  counter?: number;
  origin?: string;
}

export class SoftAuthenticator {
  constructor(readonly rpId = "localhost") {}

  private authData(flags: number, counter: number, attested?: Buffer): Buffer {
    const c = Buffer.alloc(4);
    c.writeUInt32BE(counter);
    return Buffer.concat([sha256(this.rpId), Buffer.from([flags]), c, attested ?? Buffer.alloc(0)]);
  }

  /** navigator.credentials.create() over the server's registration options. */
  create(options: { challenge: string; user: { id: string } }): {
    credential: SoftCredential;
    response: unknown;
  } {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const jwk = publicKey.export({ format: "jwk" });
    const credId = randomBytes(16);
    const cose = cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? "", "base64url")],
        [-3, Buffer.from(jwk.y ?? "", "base64url")],
      ]),
    );
    const len = Buffer.alloc(2);
    len.writeUInt16BE(credId.length);
    const attested = Buffer.concat([Buffer.alloc(16), len, credId, cose]);
    const authData = this.authData(0x01 | 0x04 | 0x40, 0, attested);
    const clientDataJSON = Buffer.from(
      JSON.stringify({
        type: "webauthn.create",
        challenge: options.challenge,
        origin: TEST_ORIGIN,
      }),
    );
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]),
    );
    const id = b64url(credId);
    return {
      credential: { id, privateKey, userHandle: options.user.id, counter: 0 },
      response: {
        id,
        rawId: id,
        type: "public-key",
        response: {
          clientDataJSON: b64url(clientDataJSON),
          attestationObject: b64url(attestationObject),
          transports: ["internal"],
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      },
    };
  }

  /** navigator.credentials.get() for a challenge, signed by the credential. */
  assert(credential: SoftCredential, challenge: string, opts: AssertOptions = {}): unknown {
    const counter = opts.counter ?? credential.counter + 1;
    credential.counter = Math.max(credential.counter, counter);
    const flags = 0x01 | (opts.userVerified === false ? 0 : 0x04);
    const authData = this.authData(flags, counter);
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: "webauthn.get", challenge, origin: opts.origin ?? TEST_ORIGIN }),
    );
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), {
      key: credential.privateKey,
      dsaEncoding: "der",
    });
    return {
      id: credential.id,
      rawId: credential.id,
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }
}
