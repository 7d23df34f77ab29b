import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  // Absent in a file that runs in Node (`@vitest-environment node`: the marina folders' loader).
  if (typeof localStorage === 'undefined') return;
  localStorage.clear();
  sessionStorage.clear();
});
