import { data } from "react-router";
import type { Route } from "./+types/google";
import { authenticateWithGoogle, isGoogleConfigured } from "~/modules/accounts/google-auth.server";

// GET /api/auth/google: sends the browser to Google's sign-in page.
export async function loader({ request }: Route.LoaderArgs) {
  if (!isGoogleConfigured())
    return data({ error: "Google sign-in is not configured on this server." }, { status: 404 });
  await authenticateWithGoogle(request); // Throws the redirect to Google.
  return data({ error: "Google sign-in could not start." }, { status: 500 });
}
