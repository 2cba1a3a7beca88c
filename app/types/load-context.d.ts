import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    /** The CSP nonce server.ts generated for this response. */
    cspNonce: string;
  }
}
