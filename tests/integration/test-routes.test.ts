import { expect, test } from "vitest";
import { appHandler } from "./app-handler";

// The /_test/* routes serve the end-to-end suite, which turns them on with ENABLE_TEST_ROUTES=true. Without the flag,
// as in production, they are not there.
test("without ENABLE_TEST_ROUTES, /_test/error is a 404", async () => {
  expect(process.env.ENABLE_TEST_ROUTES).toBeUndefined();
  const handle = await appHandler();
  const response = await handle("/_test/error");
  expect(response.status).toBe(404);
});
