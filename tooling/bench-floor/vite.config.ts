import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The floor page (`main.tsx`): React and react-router as Vite builds them for production, nothing else. */
export default defineConfig({
  root: import.meta.dirname,
  logLevel: 'warn',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
});
