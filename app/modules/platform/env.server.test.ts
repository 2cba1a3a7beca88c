import { describe, expect, test } from "vitest";
import { EnvSchema } from "./env.server";

describe("environment", () => {
  test("defaults describe the embedded setup", () => {
    const env = EnvSchema.parse({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: "./data", WORKER_IN_PROCESS: true, RATE_LIMIT_MULTIPLIER: 1 });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  test("a DATABASE_URL that is not PostgreSQL is refused with a clear message", () => {
    const result = EnvSchema.safeParse({ DATABASE_URL: "mysql://localhost/voxlate" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("DATABASE_URL must start with postgres:// or postgresql://");
  });

  test("a short session secret is refused", () => {
    expect(EnvSchema.safeParse({ SESSION_SECRET: "short" }).success).toBe(false);
  });
});
