import os from "node:os";
import { afterEach, describe, expect, test } from "vitest";
import { EnvSchema, internalOrigin, useOwnInternalPort } from "./env.server";
import { takeSingleton } from "./singleton.server";

afterEach(() => void takeSingleton("own-internal-port"));

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

  test("several web processes need PostgreSQL; auto means one per core", () => {
    expect(EnvSchema.parse({}).WEB_PROCESSES).toBe(1);
    const embedded = EnvSchema.safeParse({ WEB_PROCESSES: "2" });
    expect(embedded.success).toBe(false);
    expect(embedded.error?.issues[0]).toMatchObject({
      path: ["WEB_PROCESSES"],
      message: expect.stringContaining("needs DATABASE_URL"),
    });
    const postgres = { DATABASE_URL: "postgres://localhost/voxlate" };
    expect(EnvSchema.parse({ ...postgres, WEB_PROCESSES: "3" }).WEB_PROCESSES).toBe(3);
    expect(EnvSchema.parse({ ...postgres, WEB_PROCESSES: "auto" }).WEB_PROCESSES).toBe(os.availableParallelism());
    expect(EnvSchema.safeParse({ ...postgres, WEB_PROCESSES: "0" }).success).toBe(false);
    expect(EnvSchema.safeParse({ ...postgres, WEB_PROCESSES: "two" }).success).toBe(false);
  });

  test("one of several web processes names its own port in its internal address, on the same host", () => {
    const shared = new URL(internalOrigin());
    useOwnInternalPort(41234);
    expect(internalOrigin()).toBe(`${shared.protocol}//${shared.hostname}:41234`);
  });
});
