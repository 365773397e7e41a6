// The tests mutation testing runs (`npm run mutation`, stryker.config.mjs): the unit project of
// vitest.config.ts. Mutants must execute in the vitest process to be switched on and counted;
// code run inside workerd (the workers project's Worker and Durable Objects) or in the end-to-end
// servers never sees them, so those projects are left out.
import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

const projects = (base.test?.projects ?? []) as { test?: { name?: string } }[];

export default defineConfig({
  test: { projects: projects.filter((project) => project.test?.name === 'unit') as never },
});
