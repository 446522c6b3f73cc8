/** markdown-it-deflist ships no types; it is a markdown-it plugin like any other. */
declare module 'markdown-it-deflist' {
  import type { PluginSimple } from 'markdown-it';
  const deflist: PluginSimple;
  export default deflist;
}
