import { registerLegalWorkflow } from '../features/legal/workflow/register.ts';
import { registerRepoWorkflows } from '../features/repo/workflow/register.ts';

/**
 * The features that plug into the workflow screens (definitions they offer, stage widgets they register). Called
 * once at start, before the route registry lists the stage screens, and by the web test setup.
 */
export function registerWorkflowFeatures(): void {
  registerLegalWorkflow();
  registerRepoWorkflows();
}
