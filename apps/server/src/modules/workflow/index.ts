// The workflow engine module's public surface: what other modules (legal, demo) may import from it.
export { findCaseInScope, insertCaseEvent } from './cases.repository.ts';
export { applyCaseActionInTx } from './services/apply-action.ts';
export { actorAuthorities, requireAppAuthority, requireCaseInScope } from './services/case-access.ts';
export { addGeneratedDocument } from './services/case-documents.ts';
export {
  activeDefinition,
  invalidateDefinitionCache,
  loadDefinition,
  publishDefinitionVersion,
} from './services/definitions.ts';
export { EffectRegistry, registerWorkflowEffects, type EffectHandler, type EffectRun } from './effects.ts';
export { saveCaseFields, saveCaseFieldsInTx } from './services/save-fields.ts';
export { startCaseInTx } from './services/start-case.ts';
// Background job kinds (listed in src/jobs/registry.ts).
export { stageExportJob } from './services/export-stage-tray.ts';
// Dashboards and timelines settings of any workflow (the repossession app's; legal keeps its own settings row).
export { workflowDashboard } from './services/dashboard.ts';
export {
  countByStage,
  countTotals,
  listOverdueCases,
  type OverdueCase,
  type StageCounts,
} from './dashboard.repository.ts';
export { loadTimelines, updateTimelines, type TimelinesWorkflow } from './services/timelines.ts';
