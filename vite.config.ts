import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths()],
  build: {
    target: "es2022",
    // Rollup splits shared code into one chunk per set of importers: the transcript page needed 55 files, most under
    // 3 KB, each a request and a module to link on a cold load. Merging chunks under 16 KB into their neighbours
    // (where that changes no module's side effects) halves that, and cut its time to interactive by a quarter
    // (bench/editor.ts, docs/performance.md).
    rollupOptions: { output: { experimentalMinChunkSize: 16_000 } },
  },
  ssr: {
    // Server-only packages with native or wasm parts stay external and load from node_modules.
    external: ["@electric-sql/pglite", "@electric-sql/pglite-socket", "pg-boss", "@node-rs/argon2"],
  },
});
