import { interpolate, type Params } from '@recovery-desk/i18n/interpolate.ts';

// The web's translations: the part of i18next's instance the app uses, without i18next (≈ 18 KB of the first
// download with react-i18next; docs/architecture.md, "Page weight"). One namespace (`translation`), flat keys, a
// fallback language, i18next's plural keys (`X_one`, `X_other`, … by Intl.PluralRules; `X_zero` first for a count
// of 0) and its `{{name}}` interpolation (packages/i18n/src/interpolate.ts, shared with the server's translator).
// The screens keep importing `useTranslation` from 'react-i18next': the build and the tests resolve that name to
// ./react-i18next.tsx, and the types stay i18next's (typed keys, lib/i18n/i18next.d.ts).

export type TranslateOptions = Record<string, unknown> & { count?: unknown; lng?: string };

/** A `t` bound to a language (`lng` as i18next's fixed `t` carries it; null follows the current language). */
export type FixedT = ((key: string | readonly string[], options?: TranslateOptions | string) => string) & {
  lng: string | null;
};

type Listener = (...args: unknown[]) => void;

export type TranslationsOptions = {
  /** the language at start */
  lng: string;
  /** where a key missing from the language is looked up */
  fallbackLng: string;
  /** the dictionary texts already in, per language */
  resources?: Record<string, { translation: Record<string, string> }>;
  /** called when no language holds a key (i18next's `saveMissing` + `missingKeyHandler`) */
  missingKeyHandler?: (languages: readonly string[], namespace: string, key: string) => void;
};

/** What `useTranslation` re-renders on: a new one each time the language changes or words are added. */
export type TranslationsSnapshot = { revision: number; language: string; t: FixedT };

export class Translations {
  language: string;
  languages: readonly string[];
  readonly isInitialized = true;
  readonly options: { fallbackLng: string; defaultNS: string };
  private readonly bundles = new Map<string, Record<string, string>>();
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly missingKeyHandler: TranslationsOptions['missingKeyHandler'];
  private readonly pluralRules = new Map<string, Intl.PluralRules>();
  private snapshot: TranslationsSnapshot;
  private readonly subscribers = new Set<() => void>();

  constructor(options: TranslationsOptions) {
    this.language = options.lng;
    this.languages = this.hierarchy(options.lng, options.fallbackLng);
    this.options = { fallbackLng: options.fallbackLng, defaultNS: 'translation' };
    this.missingKeyHandler = options.missingKeyHandler;
    for (const [language, resource] of Object.entries(options.resources ?? {}))
      this.bundles.set(language, { ...resource.translation });
    this.snapshot = { revision: 0, language: this.language, t: this.getFixedT(this.language) };
  }

  private hierarchy(language: string, fallback = this.options.fallbackLng): readonly string[] {
    return language === fallback ? [language] : [language, fallback];
  }

  get resolvedLanguage(): string {
    return this.language;
  }

  private pluralSuffix(language: string, count: number): string {
    let rules = this.pluralRules.get(language);
    if (!rules) {
      rules = new Intl.PluralRules(language);
      this.pluralRules.set(language, rules);
    }
    return `_${rules.select(count)}`;
  }

  /** The text of a key in a language or its fallback, as i18next resolves it; undefined when none holds it. */
  private resolve(key: string, options: TranslateOptions, language: string): string | undefined {
    const count = options.count;
    const isPlural = count !== undefined && typeof count !== 'string';
    for (const code of this.hierarchy(language)) {
      const bundle = this.bundles.get(code);
      if (!bundle) continue;
      const candidates: string[] = [];
      if (isPlural) {
        if (count === 0) candidates.push(`${key}_zero`);
        candidates.push(key + this.pluralSuffix(code, Number(count)));
      }
      candidates.push(key);
      for (const candidate of candidates) {
        if (Object.prototype.hasOwnProperty.call(bundle, candidate)) return bundle[candidate];
      }
    }
    return undefined;
  }

  private translate(
    keys: string | readonly string[],
    given: TranslateOptions | string | undefined,
    language: string,
  ): string {
    const options: TranslateOptions =
      typeof given === 'string' ? { defaultValue: given } : given === undefined || given === null ? {} : given;
    const lng = typeof options.lng === 'string' ? options.lng : language;
    const list = typeof keys === 'string' ? [keys] : keys;
    for (const key of list) {
      const text = this.resolve(key, options, lng);
      if (text !== undefined) return interpolate(text, options as Params);
    }
    const last = list[list.length - 1] ?? '';
    this.missingKeyHandler?.(this.hierarchy(lng), 'translation', last);
    const fallback = typeof options.defaultValue === 'string' ? options.defaultValue : last;
    return interpolate(fallback, options as Params);
  }

  /** Translates in the current language (a bound function: it may be passed around as `i18n.t`). */
  readonly t = (key: string | readonly string[], options?: TranslateOptions | string): string =>
    this.translate(key, options, this.language);

  /** A `t` of one language (null: the current one at each call). */
  getFixedT(language: string | null | undefined): FixedT {
    const lng = language ?? null;
    const fixed = ((key: string | readonly string[], options?: TranslateOptions | string) =>
      this.translate(key, options, lng ?? this.language)) as FixedT;
    fixed.lng = lng;
    return fixed;
  }

  exists(key: string, options: TranslateOptions = {}): boolean {
    return this.resolve(key, options, typeof options.lng === 'string' ? options.lng : this.language) !== undefined;
  }

  addResourceBundle(
    language: string,
    _namespace: string,
    resources: Record<string, string>,
    _deep?: boolean,
    overwrite = false,
  ): this {
    const bundle = this.bundles.get(language) ?? {};
    this.bundles.set(language, overwrite ? { ...bundle, ...resources } : { ...resources, ...bundle });
    this.emit('added', language, 'translation');
    this.changed();
    return this;
  }

  getResourceBundle(language: string, _namespace?: string): Record<string, string> | undefined {
    return this.bundles.get(language);
  }

  hasResourceBundle(language: string, _namespace?: string): boolean {
    return this.bundles.has(language);
  }

  async changeLanguage(language: string): Promise<FixedT> {
    if (language !== this.language) {
      this.language = language;
      this.languages = this.hierarchy(language);
      this.emit('languageChanged', language);
      this.changed();
    }
    return this.getFixedT(language);
  }

  on(event: string, listener: Listener): this {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener);
    return this;
  }

  off(event: string, listener?: Listener): this {
    if (listener) this.listeners.get(event)?.delete(listener);
    else this.listeners.delete(event);
    return this;
  }

  emit(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }

  /** react-i18next's `use(initReactI18next)`: the React binding reads this instance (see ./react-i18next.tsx). */
  use(plugin: { init?: (instance: Translations) => void }): this {
    plugin.init?.(this);
    return this;
  }

  private changed(): void {
    this.snapshot = {
      revision: this.snapshot.revision + 1,
      language: this.language,
      t: this.getFixedT(this.language),
    };
    for (const subscriber of [...this.subscribers]) subscriber();
  }

  /** For React's useSyncExternalStore: the current language's `t`, new when the language or the words change. */
  readonly getSnapshot = (): TranslationsSnapshot => this.snapshot;

  readonly subscribe = (subscriber: () => void): (() => void) => {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  };
}
