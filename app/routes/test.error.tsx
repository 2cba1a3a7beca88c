import { getEnv } from "~/config/env.server";
import { getUserId } from "~/modules/platform/session.server";

// Exists only to prove the error page in end-to-end tests; a 404 unless ENABLE_TEST_ROUTES is on.
export async function loader({ request }: { request: Request }) {
  if (!getEnv().ENABLE_TEST_ROUTES) throw new Response("Not found", { status: 404 });
  // ?detail= puts words in the message, for the test that error reports drop what they must not carry.
  const detail = new URL(request.url).searchParams.get("detail");
  // Read first, so that an error report names the signed-in user whatever order the loaders finish in.
  await getUserId(request);
  throw new Error(`A deliberate error to exercise the error page${detail ? `: ${detail}` : ""}`);
}

export default function TestError() {
  return null;
}
