import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths()],
  build: { target: "es2022" },
  ssr: {
    // Server-only packages with native or wasm parts stay external and load from node_modules.
    external: ["@electric-sql/pglite", "@electric-sql/pglite-socket", "pg-boss", "@node-rs/argon2"],
  },
});
