import { afterEach, beforeEach, expect, test, vi } from "vitest";

// The environment is read once per module instance, so each case loads the module afresh.
async function load(env: Record<string, string>) {
  vi.resetModules();
  for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
  return import("./index.server");
}

beforeEach(() => vi.unstubAllEnvs());
afterEach(() => vi.unstubAllEnvs());

test("configuredMailTransport: SMTP_URL, else SES_REGION, else the outbox; made once", async () => {
  let module = await load({ SMTP_URL: "smtp://127.0.0.1:2525", SES_REGION: "eu-west-1" });
  expect(module.configuredMailTransport().name).toBe("smtp");
  expect(module.configuredMailTransport()).toBe(module.configuredMailTransport());

  module = await load({ SMTP_URL: "", SES_REGION: "eu-west-1" });
  expect(module.configuredMailTransport().name).toBe("ses");

  module = await load({ SMTP_URL: "", SES_REGION: "" });
  expect(module.configuredMailTransport().name).toBe("outbox");
});
