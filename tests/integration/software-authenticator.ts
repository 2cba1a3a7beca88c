// A passkey authenticator in software, for tests (ADR 039): an EC P-256 key, attestation "none", assertions signed as
// a real device signs them. Every part a browser or device would fill in can be set wrong on purpose: the origin in the
// client data, the rpID whose hash starts the authenticator data, the user-verified flag, the use counter.
import crypto from "node:crypto";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { isoCBOR } from "@simplewebauthn/server/helpers";

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED = 0x40;

const sha256 = (data: crypto.BinaryLike) => crypto.createHash("sha256").update(data).digest();

export interface CeremonyOverrides {
  origin?: string;
  rpId?: string;
  userVerified?: boolean;
  /** The use counter to sign; by default one more than the last. */
  counter?: number;
}

export class SoftwareAuthenticator {
  readonly credentialId = crypto.randomBytes(16);
  private readonly keys = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });
  counter = 0;

  constructor(
    private readonly defaults: { origin: string; rpId: string; userVerified?: boolean } = {
      origin: "http://localhost:3000",
      rpId: "localhost",
    },
  ) {}

  get id() {
    return this.credentialId.toString("base64url");
  }

  private cosePublicKey(): Uint8Array {
    const jwk = this.keys.publicKey.export({ format: "jwk" });
    // kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y.
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(jwk.x!, "base64url"))],
        [-3, new Uint8Array(Buffer.from(jwk.y!, "base64url"))],
      ]),
    );
  }

  private authenticatorData(rpId: string, userVerified: boolean, counter: number, attested: boolean): Buffer {
    const flags = FLAG_USER_PRESENT | (userVerified ? FLAG_USER_VERIFIED : 0) | (attested ? FLAG_ATTESTED : 0);
    const counterBytes = Buffer.alloc(4);
    counterBytes.writeUInt32BE(counter);
    const parts = [sha256(rpId), Buffer.from([flags]), counterBytes];
    if (attested) {
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(this.credentialId.length);
      parts.push(Buffer.alloc(16), idLength, this.credentialId, Buffer.from(this.cosePublicKey()));
    }
    return Buffer.concat(parts);
  }

  private clientData(type: "webauthn.create" | "webauthn.get", challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create()'s answer to these options' challenge. */
  register(challenge: string, overrides: CeremonyOverrides = {}): RegistrationResponseJSON {
    const { origin, rpId, userVerified } = this.resolve(overrides);
    const authData = this.authenticatorData(rpId, userVerified, overrides.counter ?? 0, true);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", new Uint8Array(authData)],
      ]) as never,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: {
        clientDataJSON: this.clientData("webauthn.create", challenge, origin).toString("base64url"),
        attestationObject: Buffer.from(attestationObject).toString("base64url"),
        transports: ["internal"],
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  /** navigator.credentials.get()'s answer, signed with the key; the counter goes up unless told otherwise. */
  assert(challenge: string, userId: string, overrides: CeremonyOverrides = {}): AuthenticationResponseJSON {
    const { origin, rpId, userVerified } = this.resolve(overrides);
    const counter = overrides.counter ?? ++this.counter;
    const authData = this.authenticatorData(rpId, userVerified, counter, false);
    const clientData = this.clientData("webauthn.get", challenge, origin);
    const signature = crypto.sign("sha256", Buffer.concat([authData, sha256(clientData)]), this.keys.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: {
        clientDataJSON: clientData.toString("base64url"),
        authenticatorData: authData.toString("base64url"),
        signature: signature.toString("base64url"),
        userHandle: Buffer.from(userId).toString("base64url"),
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  private resolve(overrides: CeremonyOverrides) {
    return {
      origin: overrides.origin ?? this.defaults.origin,
      rpId: overrides.rpId ?? this.defaults.rpId,
      userVerified: overrides.userVerified ?? this.defaults.userVerified ?? true,
    };
  }
}
