import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    /** The CSP nonce server.ts generated for this response. */
    cspNonce: string;
    /** The client's IP address as Express sees it (TRUST_PROXY applies), for per-address sign-in limits. */
    clientIp?: string;
  }
}
