// The dictionary parts the build cuts (build/dictionary-parts.ts): virtual modules.
declare module 'virtual:dictionary-parts' {
  export type PartModule = { default: Record<string, string> };
  export const DICTIONARY_PART_NAMES: readonly string[];
  export const PART_LOADERS: Record<'en' | 'hi' | 'ar' | 'de', Record<string, () => Promise<PartModule>>>;
}

declare module 'virtual:dictionary/en/public' {
  const dictionary: Record<string, string>;
  export default dictionary;
}
