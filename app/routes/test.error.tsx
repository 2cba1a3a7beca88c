import { getEnv } from "~/config/env.server";

// Exists only to prove the error page in end-to-end tests; a 404 unless ENABLE_TEST_ROUTES is on.
export async function loader() {
  if (!getEnv().ENABLE_TEST_ROUTES) throw new Response("Not found", { status: 404 });
  throw new Error("A deliberate error to exercise the error page");
}

export default function TestError() {
  return null;
}
