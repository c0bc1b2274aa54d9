/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import { runnerImport, type Plugin } from 'vite';

// The web's dictionaries in parts (docs/architecture.md, "Page weight"). packages/i18n keeps one dictionary per
// language (the server and the dictionary tests use them whole); the web build cuts each into parts, so that a page
// downloads the words of its screens only:
// - `public`: the keys the signed-out pages name (found in their sources, PUBLIC_SOURCES) and the public routes'
//   labels; loaded at start (English in the first download, another language's beside the public configuration);
// - one part per AREA (the keys of those dictionary files), loaded with the screens of that area;
// - `app`: every other key, loaded with any signed-in screen.
// The parts are virtual modules: `virtual:dictionary/<language>/<part>` (a default-exported object of keys) and
// `virtual:dictionary-parts` (the loaders of every part of every language, each its own chunk).

export const DICTIONARY_LANGUAGES = ['en', 'hi', 'ar', 'de'] as const;

/** Parts of the dictionary loaded with the screens that need them: the keys of these files of packages/i18n. */
export const DICTIONARY_AREAS = {
  collections: ['collections'],
  legal: ['legal-definition', 'legal-ui', 'workflow'],
  // the repossession and SARFAESI definitions' words (both apps of repoapp; their stage screens also load `legal`)
  repo: ['repo-definition', 'sarfaesi-definition', 'repo-ui'],
  money: ['receipts', 'settlements', 'payments'],
  daystart: ['daystart'],
  processes: ['processes'],
  marks: ['marks'],
  users: ['users'],
  reports: ['reports'],
  colluploads: ['colluploads'],
  field: ['field'],
  cmdcenter: ['cmdcenter'],
} as const;

export type DictionaryPart = 'public' | 'app' | keyof typeof DICTIONARY_AREAS;

const webRoot = path.resolve(import.meta.dirname, '..');
const localesDir = path.resolve(webRoot, '../../packages/i18n/src/locales');
const routeCatalogue = path.resolve(webRoot, '../../packages/domain/src/route-catalogue.ts');

/** Sources of what a signed-out visitor sees (files, or folders read whole): the keys they name are `public`. */
export const PUBLIC_SOURCES = [
  'src/main.tsx',
  'src/app',
  'src/features/auth',
  'src/features/shell/not-found-page.tsx',
  'src/components/page-frame.tsx',
  'src/components/page-skeleton.tsx',
  'src/components/language-switcher.tsx',
  'src/components/toast-container.tsx',
  'src/components/primary-button.tsx',
  'src/components/input-rules.ts',
  'src/components/form',
  'src/lib/http-client.ts',
  'src/lib/toast-store.ts',
  'src/lib/i18n',
];

const VIRTUAL_INDEX = 'virtual:dictionary-parts';
const VIRTUAL_PART = /^virtual:dictionary\/(en|hi|ar|de)\/(\w+)$/;

type Dictionary = Record<string, string>;
type Parts = Record<string, Record<string, Dictionary>>;

function sourceFiles(entry: string): string[] {
  const full = path.resolve(webRoot, entry);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [full];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .flatMap((item) => sourceFiles(path.join(entry, item.name)))
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
}

/** The quoted words of a source that could be keys (`'SignIn'`, `"Otp"`, `` `Close` ``). */
function quotedWords(source: string): Set<string> {
  return new Set([...source.matchAll(/['"`]([A-Z][A-Za-z0-9]*)['"`]/g)].map((match) => match[1]!));
}

/** Newest change of anything the parts are made from (dev server: parts are rebuilt when it moves). */
function sourcesStamp(): number {
  const files = [
    ...fs.readdirSync(localesDir).map((name) => path.join(localesDir, name)),
    routeCatalogue,
    ...PUBLIC_SOURCES.flatMap(sourceFiles),
  ];
  return Math.max(...files.map((file) => fs.statSync(file).mtimeMs));
}

async function importTs<T>(file: string): Promise<T> {
  const { module } = await runnerImport<T>(file, { configFile: false, logLevel: 'warn' });
  return module;
}

/** Every language's dictionary cut into its parts. */
export async function buildDictionaryParts(): Promise<Parts> {
  const dictionaries: Record<string, Dictionary> = {};
  for (const language of DICTIONARY_LANGUAGES) {
    const module = await importTs<Record<string, Dictionary>>(path.join(localesDir, `${language}.ts`));
    dictionaries[language] = module[language]!;
  }
  const english = dictionaries.en!;
  const isKey = (word: string) => Object.prototype.hasOwnProperty.call(english, word);
  // a count-bearing key is named by its base (t('X', { count })): all its plural forms go with it
  const withPlurals = (words: Iterable<string>) => {
    const keys = new Set<string>();
    for (const word of words) {
      if (isKey(word)) keys.add(word);
      for (const key of Object.keys(english))
        if (key.startsWith(`${word}_`) && /_(zero|one|two|few|many|other)$/.test(key)) keys.add(key);
    }
    return keys;
  };

  const partOf = new Map<string, DictionaryPart>();
  for (const [area, files] of Object.entries(DICTIONARY_AREAS) as [DictionaryPart, readonly string[]][]) {
    for (const file of files) {
      const module = await importTs<Record<string, Dictionary>>(path.join(localesDir, `${file}-en.ts`));
      for (const dictionary of Object.values(module)) {
        if (typeof dictionary === 'object' && dictionary)
          for (const key of Object.keys(dictionary)) partOf.set(key, area);
      }
    }
  }
  const { ROUTE_CATALOGUE } = await importTs<{
    ROUTE_CATALOGUE: { labelKey: string; access: string }[];
  }>(routeCatalogue);
  const publicWords = [
    ...PUBLIC_SOURCES.flatMap(sourceFiles).flatMap((file) => [...quotedWords(fs.readFileSync(file, 'utf8'))]),
    ...ROUTE_CATALOGUE.filter((route) => route.access !== 'signedIn').map((route) => route.labelKey),
  ];
  for (const key of withPlurals(publicWords)) partOf.set(key, 'public');

  const parts: Parts = {};
  for (const language of DICTIONARY_LANGUAGES) {
    const byPart: Record<string, Dictionary> = { public: {}, app: {} };
    for (const area of Object.keys(DICTIONARY_AREAS)) byPart[area] = {};
    for (const [key, text] of Object.entries(dictionaries[language]!)) {
      byPart[partOf.get(key) ?? 'app']![key] = text;
    }
    parts[language] = byPart;
  }
  return parts;
}

export function dictionaryParts(): Plugin {
  let cached: { stamp: number; parts: Promise<Parts> } | null = null;
  const parts = () => {
    const stamp = sourcesStamp();
    if (!cached || cached.stamp !== stamp) cached = { stamp, parts: buildDictionaryParts() };
    return cached.parts;
  };
  return {
    name: 'recovery-desk:dictionary-parts',
    // dev server: a dictionary edit re-cuts the parts and reloads the page
    configureServer(server) {
      server.watcher.add(localesDir);
      server.watcher.on('change', (file) => {
        if (!path.resolve(file).startsWith(localesDir)) return;
        for (const module of server.moduleGraph.idToModuleMap.values()) {
          if (module.id?.startsWith('\0virtual:dictionary')) server.moduleGraph.invalidateModule(module);
        }
        server.ws.send({ type: 'full-reload' });
      });
    },
    resolveId(id) {
      return id === VIRTUAL_INDEX || VIRTUAL_PART.test(id) ? `\0${id}` : null;
    },
    async load(id) {
      if (!id.startsWith('\0virtual:dictionary')) return null;
      const name = id.slice(1);
      if (name === VIRTUAL_INDEX) {
        const all = await parts();
        const loaders = DICTIONARY_LANGUAGES.map(
          (language) =>
            `  ${language}: {\n${Object.keys(all[language]!)
              // English's public part is in the first download (i18n.ts imports it)
              .filter((part) => language !== 'en' || part !== 'public')
              .map((part) => `    ${part}: () => import('virtual:dictionary/${language}/${part}'),`)
              .join('\n')}\n  },`,
        ).join('\n');
        return `export const DICTIONARY_PART_NAMES = ${JSON.stringify(Object.keys(all.en!))};\nexport const PART_LOADERS = {\n${loaders}\n};\n`;
      }
      const [, language, part] = VIRTUAL_PART.exec(name)!;
      const dictionary = (await parts())[language!]?.[part!];
      if (!dictionary) throw new Error(`no dictionary part ${language}/${part}`);
      return `export default ${JSON.stringify(dictionary)};\n`;
    },
  };
}
