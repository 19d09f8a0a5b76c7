import { defineConfig } from 'vitest/config'

// Vite builds the browser app (src/app, sw) in later issues; Vitest runs the unit and route tests.
// Two projects: `node` for the server and the pure domain, `jsdom` for browser code.
export default defineConfig({
  test: {
    // The jsdom project has no tests until the app lands; an empty project must not fail the run.
    passWithNoTests: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/domain/**/*.test.ts', 'scripts/**/*.test.ts'],
          // Route tests open real databases; keep files in separate workers but not too many on two cores.
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'jsdom',
          environment: 'jsdom',
          include: ['src/app/**/*.test.{ts,tsx}', 'sw/**/*.test.ts'],
        },
      },
    ],
  },
})
