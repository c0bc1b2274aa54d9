// The unit hierarchy: head office → zones → regions → branches (the spec's "Unit Level").
export const UNIT_LEVELS = ['HO', 'ZONE', 'REGION', 'BRANCH'] as const;
export type UnitLevel = (typeof UNIT_LEVELS)[number];

export const UNIT_LEVEL_LABEL_KEY: Record<UnitLevel, string> = {
  HO: 'UnitLevelHeadOffice',
  ZONE: 'UnitLevelZone',
  REGION: 'UnitLevelRegion',
  BRANCH: 'UnitLevelBranch',
};
