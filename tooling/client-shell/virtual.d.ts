declare module 'virtual:marina/config' {
  const config: import('@marina/core/config/app-config.ts').AppConfig;
  export default config;
}
declare module 'virtual:marina/brand.css';
