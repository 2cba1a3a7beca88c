import { afterAll, afterEach, beforeAll } from "vitest";
import { isLocalAddress, mockServer } from "../mocks/server";

beforeAll(() =>
  mockServer.listen({
    // A request to the outside world that no handler answers is a test bug: fail loudly.
    onUnhandledRequest(request, print) {
      if (!isLocalAddress(new URL(request.url))) print.error();
    },
  }),
);
afterEach(() => mockServer.resetHandlers());
afterAll(() => mockServer.close());
