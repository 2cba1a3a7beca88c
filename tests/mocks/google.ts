import { http, HttpResponse } from "msw";
import { GOOGLE_ENDPOINTS } from "~/modules/accounts/google-auth.server";

export interface FakeGoogleAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
}

/**
 * Google's token and userinfo endpoints, answering with the documented shapes:
 * token: https://developers.google.com/identity/protocols/oauth2/web-server#exchange-authorization-code
 * userinfo: https://developers.google.com/identity/openid-connect/openid-connect#obtaininguserprofileinformation
 * Each authorization code maps to an account; the token exchange checks the grant like Google does.
 */
export function googleHandlers(accounts: Record<string, FakeGoogleAccount>, clientId: string, clientSecret: string) {
  const tokens = new Map<string, FakeGoogleAccount>();
  return [
    http.post(GOOGLE_ENDPOINTS.token, async ({ request }) => {
      const form = new URLSearchParams(await request.text());
      const basic = request.headers.get("Authorization");
      const credentials = basic?.startsWith("Basic ")
        ? Buffer.from(basic.slice(6), "base64").toString().split(":").map(decodeURIComponent)
        : [form.get("client_id"), form.get("client_secret")];
      const account = accounts[form.get("code") ?? ""];
      if (credentials[0] !== clientId || credentials[1] !== clientSecret) {
        return HttpResponse.json({ error: "invalid_client", error_description: "Unauthorized" }, { status: 401 });
      }
      if (form.get("grant_type") !== "authorization_code" || !account || !form.get("code_verifier")) {
        return HttpResponse.json({ error: "invalid_grant", error_description: "Bad Request" }, { status: 400 });
      }
      const accessToken = `ya29.${account.sub}.${Math.random().toString(36).slice(2)}`;
      tokens.set(accessToken, account);
      return HttpResponse.json({
        access_token: accessToken,
        expires_in: 3599,
        token_type: "Bearer",
        scope: "openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile",
        id_token: "eyJhbGciOiJSUzI1NiJ9.e30.signature",
      });
    }),
    http.get(GOOGLE_ENDPOINTS.userinfo, ({ request }) => {
      const account = tokens.get(request.headers.get("Authorization")?.replace(/^Bearer /, "") ?? "");
      if (!account)
        return HttpResponse.json(
          { error: "invalid_request", error_description: "Invalid Credentials" },
          { status: 401 },
        );
      return HttpResponse.json({ ...account, picture: "https://lh3.googleusercontent.com/a/default-user" });
    }),
  ];
}
