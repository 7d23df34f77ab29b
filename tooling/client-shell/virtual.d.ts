declare module 'virtual:marina/config' {
  import type { AppConfig } from '@marina/core/config/app-config.ts';

  const config: AppConfig;
  export default config;
}
declare module 'virtual:marina/brand.css';
