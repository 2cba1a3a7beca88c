// The little of oidc-provider 9 (which ships no types) that tests/oidc-provider.ts uses.
declare module "oidc-provider" {
  import type http from "node:http";

  interface Interaction {
    uid: string;
    params: Record<string, unknown>;
  }
  interface Account {
    accountId: string;
    claims: (use: string, scope: string) => Promise<Record<string, unknown>>;
  }
  class Grant {
    constructor(options: { accountId: string; clientId: string });
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }
  export default class Provider {
    constructor(
      issuer: string,
      configuration: Record<string, unknown> & {
        interactions?: { url: (ctx: unknown, interaction: Interaction) => string };
        findAccount?: (ctx: unknown, subject: string) => Promise<Account | undefined>;
      },
    );
    Grant: typeof Grant;
    callback(): http.RequestListener;
    on(event: string, listener: (...args: never[]) => void): this;
    interactionDetails(request: http.IncomingMessage, response: http.ServerResponse): Promise<Interaction>;
    interactionFinished(
      request: http.IncomingMessage,
      response: http.ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
  }
}
