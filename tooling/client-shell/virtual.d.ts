declare module 'virtual:marina/config' {
  import type { RuntimeConfig } from '@marina/core/config/app-config.ts';

  const config: RuntimeConfig;
  export default config;
}
declare module 'virtual:marina/brand.css';
