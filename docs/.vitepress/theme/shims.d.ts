// Single-file components as TypeScript sees them (VitePress compiles them; tsc only needs their type).
declare module '*.vue' {
  import type { DefineComponent } from 'vue';
  const component: DefineComponent;
  export default component;
}
