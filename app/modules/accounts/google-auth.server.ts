import { Authenticator } from "remix-auth";
import { OAuth2Strategy } from "remix-auth-oauth2";
import { z } from "zod";
import { PUBLIC_USER_SELECT } from "./auth.server";
import { cookieDefaults } from "~/modules/platform/cookies.server";
import { db } from "~/modules/platform/database.server";
import { appOrigin, getEnv } from "~/config/env.server";
import { singleton } from "~/config/singleton.server";

/** Google's documented OAuth 2.0 and OpenID Connect endpoints. */
export const GOOGLE_ENDPOINTS = {
  authorization: "https://accounts.google.com/o/oauth2/v2/auth",
  token: "https://oauth2.googleapis.com/token",
  userinfo: "https://openidconnect.googleapis.com/v1/userinfo",
};

const GoogleProfileSchema = z.object({
  sub: z.string().min(1),
  email: z.email(),
  email_verified: z.boolean(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  name: z.string().optional(),
});
export type GoogleProfile = z.infer<typeof GoogleProfileSchema>;

export function isGoogleConfigured(): boolean {
  const env = getEnv();
  return Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
}

function authenticator(): Authenticator<GoogleProfile> {
  return singleton("google-authenticator", () => {
    const env = getEnv();
    const authenticator = new Authenticator<GoogleProfile>();
    const defaults = cookieDefaults();
    authenticator.use(
      new OAuth2Strategy<GoogleProfile>(
        {
          clientId: env.GOOGLE_CLIENT_ID!,
          clientSecret: env.GOOGLE_CLIENT_SECRET!,
          authorizationEndpoint: GOOGLE_ENDPOINTS.authorization,
          tokenEndpoint: GOOGLE_ENDPOINTS.token,
          redirectURI: `${appOrigin()}/api/auth/google/callback`,
          scopes: ["openid", "email", "profile"],
          // State and PKCE verifier, for the round trip to Google only.
          cookie: {
            name: "voxlate_oauth",
            path: "/api/auth",
            httpOnly: true,
            sameSite: "Lax",
            secure: defaults.secure || undefined,
            maxAge: 600,
          },
        },
        async ({ tokens }) => {
          const response = await fetch(GOOGLE_ENDPOINTS.userinfo, {
            headers: { Authorization: `Bearer ${tokens.accessToken()}` },
          });
          if (!response.ok) throw new Error(`Google did not return the profile (${response.status})`);
          return GoogleProfileSchema.parse(await response.json());
        },
      ),
      "google",
    );
    return authenticator;
  });
}

/** Removes the state cookie once the round trip is over. */
export function clearGoogleStateCookie(): string {
  return `voxlate_oauth=; Path=/api/auth; Max-Age=0; HttpOnly; SameSite=Lax${cookieDefaults().secure ? "; Secure" : ""}`;
}

/** Starts the flow (throws the redirect to Google) or, on the callback, returns Google's profile. */
export function authenticateWithGoogle(request: Request): Promise<GoogleProfile> {
  return authenticator().authenticate("google", request);
}

/**
 * Signs in the account with this Google id; else links the account with the same verified email;
 * else creates one, its email already verified by Google.
 */
export async function findOrCreateGoogleUser(
  profile: GoogleProfile,
): Promise<{ userId: string; email: string; isNew: boolean }> {
  if (!profile.email_verified) throw new Error("Your Google account's email address is not verified.");
  const database = await db();
  const email = profile.email.toLowerCase();
  const linked = await database.user.findUnique({
    where: { googleId: profile.sub },
    select: { id: true, email: true },
  });
  if (linked) return { userId: linked.id, email: linked.email, isNew: false };
  const byEmail = await database.user.findUnique({ where: { email }, select: { id: true, emailVerifiedAt: true } });
  if (byEmail) {
    await database.user.update({
      where: { id: byEmail.id },
      data: { googleId: profile.sub, emailVerifiedAt: byEmail.emailVerifiedAt ?? new Date() },
    });
    return { userId: byEmail.id, email, isNew: false };
  }
  const [firstName, ...rest] = (profile.name ?? email.split("@")[0]).split(" ");
  const user = await database.user.create({
    data: {
      email,
      googleId: profile.sub,
      firstName: profile.given_name ?? firstName,
      lastName: profile.family_name ?? (rest.join(" ") || "-"),
      emailVerifiedAt: new Date(),
    },
    select: PUBLIC_USER_SELECT,
  });
  return { userId: user.id, email, isNew: true };
}
