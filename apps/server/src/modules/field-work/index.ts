// The field-work module's public surface: work plans and PVR cases (issue 14).
export { fieldWorkRoutes } from './field-work.routes.ts';
export { addVisit, markVisit, optimisePlan } from './services/work-plans.ts';
export { addPvrPhoto, capturePvrVisit, delegatePvrCase, openPvrCase, reviewPvrCase } from './services/pvr-cases.ts';
