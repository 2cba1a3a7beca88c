// A real OpenID provider (oidc-provider) on a free local port, for the single sign-on tests (ADR 041-sso): discovery,
// the authorization endpoint, the token endpoint with PKCE, signed ID tokens and userinfo, as an identity provider
// serves them. Only the login page is replaced: /interaction/<uid> signs in whichever account the test chose
// (`signInAs`) and grants the scopes asked, so a test (or a browser) just follows the redirects.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export interface TestIdentity {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The accounts the provider knows, by subject; add to it freely. */
  accounts: Map<string, TestIdentity>;
  /** The subject the next login signs in as. */
  signInAs(subject: string): void;
  close(): Promise<void>;
}

export async function startOidcProvider({
  redirectUri,
  clientId = "voxlate-test",
  clientSecret = `secret-${crypto.randomUUID()}`,
  host = "localhost",
}: {
  redirectUri: string;
  clientId?: string;
  clientSecret?: string;
  host?: string;
}): Promise<TestOidcProvider> {
  const accounts = new Map<string, TestIdentity>();
  let nextSubject = "";
  let handle: http.RequestListener = (_request, response) => response.writeHead(503).end();
  const server = http.createServer((request, response) => handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://${host}:${(server.address() as AddressInfo).port}`;

  // A key of its own: a second provider's tokens do not verify with this one's keys.
  const { privateKey } = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: "jwk" }), kid: crypto.randomUUID(), alg: "RS256", use: "sig" };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    jwks: { keys: [signingKey as never] },
    cookies: { keys: [crypto.randomUUID()] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["given_name", "family_name"] },
    // The identity's claims in the ID token itself, as Keycloak, Okta and Entra ID put them.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    async findAccount(_ctx, subject) {
      const identity = accounts.get(subject);
      if (!identity) return undefined;
      return { accountId: subject, claims: async () => ({ sub: subject, ...identity }) };
    },
  });

  // What a refusal was about (the answer to the app says only "invalid_grant"), for whoever reads a failing test.
  provider.on("grant.error", (_ctx: unknown, error: { error_detail?: string }) =>
    console.info("[oidc-provider] grant refused:", error.error_detail),
  );
  const providerCallback = provider.callback();
  handle = (request, response) => {
    if (!request.url?.startsWith("/interaction/")) return providerCallback(request, response);
    void (async () => {
      const details = await provider.interactionDetails(request, response);
      const grant = new provider.Grant({ accountId: nextSubject, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(
        request,
        response,
        { login: { accountId: nextSubject }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    })().catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  };

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    signInAs(subject) {
      nextSubject = subject;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A cookie jar for one site, enough for following a provider's redirects with fetch. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(";");
      const equals = pair!.indexOf("=");
      const name = pair!.slice(0, equals).trim();
      const value = pair!.slice(equals + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/**
 * Follows the provider's redirects from an authorization URL, as a browser would, until it sends the browser back to
 * the app; returns that callback URL (code, state, iss). A page instead of a redirect is an error, with its text.
 */
export async function followToCallback(authorizationUrl: string, callbackPrefix: string): Promise<URL> {
  const jar = new CookieJar();
  let url = authorizationUrl;
  for (let hops = 0; hops < 10; hops++) {
    if (url.startsWith(callbackPrefix)) return new URL(url);
    const response = await fetch(url, { redirect: "manual", headers: { Cookie: jar.header() } });
    jar.store(response);
    const location = response.headers.get("Location");
    if (!location) throw new Error(`The provider answered ${response.status} at ${url}: ${await response.text()}`);
    url = new URL(location, url).href;
  }
  throw new Error("The provider redirected too many times.");
}
