import { BOUNCE_CHEQUE_SECTIONS } from '@recovery-desk/domain/legal/bounce-cheque.ts';
import { DEFAULT_LEGAL_POOL_RULE, poolIneligibility } from '@recovery-desk/domain/legal/pool-rule.ts';
import { CASE_TABS } from '@recovery-desk/domain/workflow/contracts.ts';
import { CASE_STATUSES, WORKFLOW_EFFECTS, type WorkflowDefinition } from '@recovery-desk/domain/workflow/definition.ts';
import { ROUTE_CATALOGUE } from '@recovery-desk/domain/route-catalogue.ts';
import { close, recommend, submit } from '@recovery-desk/domain/workflow/definitions/builders.ts';
import { BUILT_IN_DEFINITIONS } from '@recovery-desk/domain/workflow/definitions/catalogue.ts';
import { LEGAL_DEFINITION } from '@recovery-desk/domain/workflow/definitions/legal.ts';
import { REPOSSESSION_DEFINITION } from '@recovery-desk/domain/workflow/definitions/repossession.ts';
import { SARFAESI_DEFINITION } from '@recovery-desk/domain/workflow/definitions/sarfaesi.ts';
import type { RefusalCode } from '@recovery-desk/domain/workflow/transition.ts';
import { describe, expect, it } from 'vitest';
import { translator } from './translator.ts';
import { DICTIONARIES, LANGUAGES, type Language } from './languages.ts';
import { legalDefinitionAr } from './locales/legal-definition-ar.ts';
import { legalDefinitionDe } from './locales/legal-definition-de.ts';
import { legalDefinitionEn } from './locales/legal-definition-en.ts';
import { legalDefinitionHi } from './locales/legal-definition-hi.ts';
import { repoDefinitionAr } from './locales/repo-definition-ar.ts';
import { repoDefinitionDe } from './locales/repo-definition-de.ts';
import { RETIRED_REPO_DEFINITION_KEYS, repoDefinitionEn } from './locales/repo-definition-en.ts';
import { repoDefinitionHi } from './locales/repo-definition-hi.ts';
import { sarfaesiDefinitionAr } from './locales/sarfaesi-definition-ar.ts';
import { sarfaesiDefinitionDe } from './locales/sarfaesi-definition-de.ts';
import { sarfaesiDefinitionEn } from './locales/sarfaesi-definition-en.ts';
import { sarfaesiDefinitionHi } from './locales/sarfaesi-definition-hi.ts';

/** Every labelKey a workflow definition holds, each with where it is used. */
function definitionLabelKeys(definition: WorkflowDefinition): Map<string, string> {
  const keys = new Map<string, string>();
  const note = (key: string, where: string) => {
    if (!keys.has(key)) keys.set(key, where);
  };
  note(definition.labelKey, 'definition');
  for (const column of definition.columns) note(column.labelKey, `column ${column.key}`);
  for (const stage of definition.stages) {
    note(stage.labelKey, `stage ${stage.code}`);
    const fields = [...stage.fields, ...stage.actions.flatMap((action) => action.fields)];
    for (const field of fields) {
      note(field.labelKey, `field ${field.name}`);
      for (const option of field.options ?? []) note(option.labelKey, `option ${field.name}=${option.value}`);
    }
    for (const document of stage.documents) note(document.labelKey, `document ${document.code}`);
    for (const action of stage.actions) note(action.labelKey, `action ${stage.code}.${action.name}`);
  }
  for (const rule of definition.dateRules) note(rule.labelKey, `date rule ${rule.name}`);
  return keys;
}

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);
const constantToPascal = (code: string) =>
  code
    .toLowerCase()
    .split('_')
    .map((part) => pascal(part))
    .join('');

// Every refusal code of the engine; the Record makes the compiler flag a code added to transition.ts.
const REFUSAL_CODES: Record<RefusalCode, true> = {
  DEFINITION_MISMATCH: true,
  DEFINITION_NOT_ACTIVE: true,
  CASE_CLOSED: true,
  WRONG_STAGE: true,
  ACTION_NOT_ALLOWED: true,
  MISSING_AUTHORITY: true,
  MAKER_CANNOT_CHECK: true,
  REMARKS_REQUIRED: true,
  FIELD_NOT_EDITABLE: true,
  NO_BRANCH_MATCHES: true,
  NO_RETURN_STAGE: true,
  REQUIRED_FIELD_MISSING: true,
  FIELD_INVALID: true,
  REQUIRED_DOCUMENT_MISSING: true,
  REQUIREMENTS_UNMET: true,
  TOO_EARLY: true,
};

/** Every pool reason poolIneligibility can give: an account that fails every condition of the rule. */
const POOL_REASONS = poolIneligibility(
  { ...DEFAULT_LEGAL_POOL_RULE, products: DEFAULT_LEGAL_POOL_RULE.products.slice(0, 1) },
  {
    assetClass: 'STANDARD',
    dpd: 0,
    totalDueAmount: '0',
    product: 'NOT_A_PRODUCT',
    isOnHold: true,
    hasOpenLegalCase: true,
    lastDeclinedOn: '2025-01-01',
  },
  '2025-01-02',
);

function missingFromDictionaries(keys: Iterable<string>, where: (key: string) => string = (key) => key): string[] {
  const missing: string[] = [];
  for (const key of keys) {
    for (const language of LANGUAGES) {
      const dictionary: Record<string, string> = DICTIONARIES[language];
      if (!dictionary[key]?.trim()) missing.push(`${language}.${key} (${where(key)})`);
    }
  }
  return missing;
}

type Area = Record<Language, Record<string, string>>;

/** The dictionary areas of the definitions' own words (packages/i18n/src/locales/<area>-{en,hi,ar,de}.ts). */
const AREAS = {
  'legal-definition': { en: legalDefinitionEn, hi: legalDefinitionHi, ar: legalDefinitionAr, de: legalDefinitionDe },
  'repo-definition': { en: repoDefinitionEn, hi: repoDefinitionHi, ar: repoDefinitionAr, de: repoDefinitionDe },
  'sarfaesi-definition': {
    en: sarfaesiDefinitionEn,
    hi: sarfaesiDefinitionHi,
    ar: sarfaesiDefinitionAr,
    de: sarfaesiDefinitionDe,
  },
} satisfies Record<string, Area>;

/** Each definition's shortest acceptable key count: a definition that lost its stages fails here, not silently. */
const MINIMUM_KEYS: Record<string, number> = { LEGAL: 100, REPOSSESSION: 140, SARFAESI: 230 };

describe.each(BUILT_IN_DEFINITIONS.map((definition) => [definition.code, definition] as const))(
  'the %s workflow definition in every language',
  (code, definition) => {
    it('translates every labelKey (stages, columns, fields, options, documents, actions, date rules)', () => {
      const keys = definitionLabelKeys(definition);
      expect(keys.size).toBeGreaterThan(MINIMUM_KEYS[code] ?? 0);
      expect(missingFromDictionaries(keys.keys(), (key) => keys.get(key) ?? '')).toEqual([]);
    });

    it('names each stage with its route’s label, the spec’s words (§2.4, §2.5)', () => {
      const t = translator('en').tr;
      for (const stage of definition.stages) {
        const route = ROUTE_CATALOGUE.find((candidate) => candidate.name === stage.routeSlug);
        expect(route, stage.code).toBeDefined();
        expect(stage.labelKey, stage.code).toBe(route!.labelKey);
        expect(t(stage.labelKey, ''), stage.code).toBe(route!.label);
      }
    });

    it('shows date rules as short phrases without the configurable numbers', () => {
      const t = translator('en').tr;
      for (const rule of definition.dateRules) {
        // Section numbers are fine; day and month counts belong to the English `label`, which follows the settings.
        expect(t(rule.labelKey, ''), rule.labelKey).not.toMatch(/\d+[- ](day|month)|\d+th day/);
      }
    });
  },
);

describe('the definitions’ dictionary areas', () => {
  it.each(Object.entries(AREAS))(
    '%s is complete in every language and not overridden by a key of the same name elsewhere',
    (_name, area: Area) => {
      for (const language of LANGUAGES) {
        const dictionary: Record<string, string> = DICTIONARIES[language];
        expect(Object.keys(area[language]).sort(), language).toEqual(Object.keys(area.en).sort());
        for (const [key, text] of Object.entries(area[language])) {
          expect(dictionary[key], `${language}.${key}`).toBe(text);
        }
      }
    },
  );

  it('holds in the repossession and SARFAESI areas only words their definitions use', () => {
    // Screen words of these apps belong to an area of their own, not to the definitions' areas.
    const repossession = definitionLabelKeys(REPOSSESSION_DEFINITION);
    const sarfaesi = definitionLabelKeys(SARFAESI_DEFINITION);
    const unused = (keys: string[], used: (key: string) => boolean) => keys.filter((key) => !used(key));
    // Words of earlier definition versions stay for the cases opened on them, and are listed as such.
    expect(unused(Object.keys(repoDefinitionEn), (key) => repossession.has(key) || sarfaesi.has(key))).toEqual([
      ...RETIRED_REPO_DEFINITION_KEYS,
    ]);
    // SARFAESI's area holds its own words; those it shares with repossession are in repo-definition.
    expect(unused(Object.keys(sarfaesiDefinitionEn), (key) => sarfaesi.has(key) && !repossession.has(key))).toEqual([]);
  });

  it('words the secured-asset terms as the Act and the banks do', () => {
    const t = translator('en').tr;
    expect(t('DemandNotice132Copy', '')).toBe('Copy of the §13(2) demand notice');
    expect(t('PossessionNoticeAppendixIv', '')).toBe('Possession notice (Appendix IV)');
    expect(t('SaleCertificateAppendixV', '')).toBe('Sale certificate (Appendix V)');
    expect(t('EmdAmount', '')).toBe('EMD amount');
    expect(t('ReservePrice', '')).toBe('Reserve price');
    expect(translator('hi').tr('ReservePrice', '')).toBe('आरक्षित मूल्य');
    expect(translator('de').tr('PossessionPhysical', '')).toBe('Tatsächliche Besitzergreifung');
    expect(translator('ar').tr('SaleCertificateAppendixV', '')).toBe('شهادة البيع (الملحق V)');
  });
});

describe('legal workflow definition translations', () => {
  it('translates the default action labels of the definition builders', () => {
    const defaults = [submit('X'), recommend('X'), close()].map((action) => action.labelKey);
    const others = ['Approve', 'Reject', 'Pushback', 'Decline', 'CloseCase'];
    expect(missingFromDictionaries([...defaults, ...others])).toEqual([]);
  });

  it('translates every case status and case tab', () => {
    const keys = [
      ...CASE_STATUSES.map((status) => `CaseStatus${status}`),
      ...CASE_TABS.map((tab) => `CaseTab${pascal(tab)}`),
    ];
    expect(missingFromDictionaries(keys)).toEqual([]);
    const t = translator('en').t;
    // The English status names are the spec's (§4).
    for (const status of CASE_STATUSES) expect(t(`CaseStatus${status}` as never)).toBe(status);
    expect(t('CaseTabPendingApproval')).toBe('Pending Approval');
  });

  it('translates every refusal of the engine, with its values', () => {
    const keys = Object.keys(REFUSAL_CODES).map((code) => `Refusal${constantToPascal(code)}`);
    expect(missingFromDictionaries(keys)).toEqual([]);
    const t = translator('en').t;
    expect(t('RefusalMissingAuthority', { screen: 'Send Legal Notice' })).toBe(
      'You need access to Send Legal Notice for this step.',
    );
    expect(t('RefusalMakerCannotCheck')).toBe('You made this step; another user must decide it.');
    expect(t('RefusalRequiredFieldMissing', { fields: 'Case type, Claim amount' })).toBe(
      'Fill in: Case type, Claim amount.',
    );
    expect(t('RefusalRequiredDocumentMissing', { documents: 'Loan agreement' })).toBe('Upload: Loan agreement.');
    expect(t('RefusalTooEarly', { date: '2025-02-01', rule: t('S138ComplaintEarliest') })).toBe(
      'Not before 2025-02-01 (Earliest complaint date (§138(c) NI Act)).',
    );
    for (const key of ['RefusalFieldNotEditable', 'RefusalNoBranchMatches'] as const) {
      expect(legalDefinitionEn[key]).toContain('{{fields}}');
    }
  });

  it('translates every workflow effect', () => {
    const keys = WORKFLOW_EFFECTS.map((effect) => `Effect${pascal(effect)}`);
    expect(missingFromDictionaries(keys)).toEqual([]);
    expect(translator('en').t('EffectPlaceLegalHold')).toBe('Allocation hold (sub-judice) placed');
  });

  it('translates every pool eligibility reason, bounce cheque section and case event', () => {
    expect(POOL_REASONS).toHaveLength(7);
    const keys = [
      ...POOL_REASONS,
      ...BOUNCE_CHEQUE_SECTIONS.map((section) => section.labelKey),
      'CaseEventCreate',
      'CaseEventSaveFields',
      'CaseEventDocumentAdded',
      'CaseEventNoticeGenerated',
    ];
    expect(missingFromDictionaries(keys)).toEqual([]);
  });

  it('words its date rules with their sections', () => {
    const t = translator('en').t;
    expect(t('S138NoticeDue')).toBe('Demand notice due (§138(b) NI Act)');
    expect(LEGAL_DEFINITION.dateRules.map((rule) => rule.labelKey)).toContain('S138NoticeDue');
  });
});
