import {
  cloneElement,
  createContext,
  createElement,
  Fragment,
  isValidElement,
  useContext,
  useMemo,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
} from 'react';
import type { Translations, TranslateOptions, FixedT } from './translations.ts';

// What the web uses of react-i18next, on the app's own translations (./translations.ts), without i18next: the build
// and the tests resolve 'react-i18next' to this module (apps/web/vite.config.ts, vitest.config.ts), so every screen
// keeps `import { useTranslation } from 'react-i18next'` and i18next's types (typed keys). Exports: useTranslation,
// I18nextProvider, I18nContext, initReactI18next, getI18n, Trans (its `<name>…</name>` / `<0>…</0>` form).

let defaultInstance: Translations | undefined;

/** react-i18next's plugin: `instance.use(initReactI18next)` makes it the instance of `useTranslation`. */
export const initReactI18next = {
  type: '3rdParty' as const,
  init(instance: Translations): void {
    defaultInstance = instance;
  },
};

export function getI18n(): Translations | undefined {
  return defaultInstance;
}

export const I18nContext = createContext<{ i18n: Translations } | null>(null);

export function I18nextProvider({ i18n, children }: { i18n: Translations; children?: ReactNode }) {
  const value = useMemo(() => ({ i18n }), [i18n]);
  return createElement(I18nContext.Provider, { value }, children);
}

type UseTranslationResult = [FixedT, Translations, boolean] & { t: FixedT; i18n: Translations; ready: boolean };

const noSubscription = () => () => undefined;

/**
 * `const { t, i18n } = useTranslation()`: `t` of the current language; the component re-renders (with a new `t`)
 * when the language changes or dictionary words are added, as react-i18next does with `bindI18nStore: 'added'`.
 */
export function useTranslation(_namespace?: unknown, props?: { i18n?: Translations }): UseTranslationResult {
  const fromContext = useContext(I18nContext)?.i18n;
  const i18n = props?.i18n ?? fromContext ?? defaultInstance;
  if (!i18n) throw new Error('useTranslation: no translations instance (initReactI18next or I18nextProvider)');
  const { t } = useSyncExternalStore(i18n.subscribe ?? noSubscription, i18n.getSnapshot, i18n.getSnapshot);
  return useMemo(() => {
    const result = [t, i18n, true] as UseTranslationResult;
    result.t = t;
    result.i18n = i18n;
    result.ready = true;
    return result;
  }, [t, i18n]);
}

type TransProps = {
  i18nKey?: string;
  values?: Record<string, unknown>;
  count?: number;
  components?: readonly ReactElement[] | Record<string, ReactElement>;
  defaults?: string;
  t?: FixedT;
  children?: ReactNode;
};

const TAG = /<(\w+)>(.*?)<\/\1>|<(\w+)\s*\/>/gs;

/** A dictionary text whose `<name>words</name>` (or `<0>words</0>`) parts become the given components. */
export function Trans({ i18nKey, values, count, components, defaults, t: givenT, children }: TransProps) {
  const { t: hookT } = useTranslation();
  const t = givenT ?? hookT;
  const options: TranslateOptions = { ...values, ...(count === undefined ? {} : { count }) };
  if (defaults !== undefined) options.defaultValue = defaults;
  const text = i18nKey ? t(i18nKey, options) : typeof children === 'string' ? children : '';
  const lookup = (name: string): ReactElement | undefined =>
    Array.isArray(components)
      ? (components as readonly ReactElement[])[Number(name)]
      : (components as Record<string, ReactElement> | undefined)?.[name];
  const parts: ReactNode[] = [];
  let last = 0;
  let index = 0;
  for (const match of text.matchAll(TAG)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    const name = match[1] ?? match[3]!;
    const component = lookup(name);
    const inner = match[2];
    if (component && isValidElement(component)) {
      parts.push(cloneElement(component, { key: index++ }, ...(inner === undefined ? [] : [inner])));
    } else {
      parts.push(inner ?? '');
    }
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return createElement(Fragment, null, ...parts);
}
