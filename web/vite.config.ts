import { defineConfig } from "vite";

// The built client goes to dist/, which crates/server/build.rs embeds in
// the tolaria binary. `npm run dev` proxies the protocol to a running
// `tolaria serve` on port 8080.
export default defineConfig({
  esbuild: { jsx: "automatic", jsxImportSource: "preact" },
  build: { outDir: "dist", emptyOutDir: true, assetsInlineLimit: 0 },
  server: {
    proxy: {
      "/ws": { target: "ws://127.0.0.1:8080", ws: true },
      "/api": "http://127.0.0.1:8080",
    },
  },
  test: { environment: "jsdom", include: ["src/**/*.test.ts"] },
});
