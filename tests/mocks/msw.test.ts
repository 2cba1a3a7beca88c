import { http, HttpResponse } from "msw";
import { expect, test } from "vitest";
import { mockServer } from "./server";

test("outbound HTTP to a service with no handler fails instead of reaching the network", async () => {
  await expect(fetch("https://api.openai.com/v1/models")).rejects.toThrow();
});

test("a handler answers with the provider's documented shape", async () => {
  mockServer.use(http.get("https://api.openai.com/v1/models", () => HttpResponse.json({ object: "list", data: [] })));
  const response = await fetch("https://api.openai.com/v1/models");
  expect(await response.json()).toEqual({ object: "list", data: [] });
});
