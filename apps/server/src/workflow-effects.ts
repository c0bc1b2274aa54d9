import { registerLegalEffects } from './modules/legal/index.ts';
import { registerSecuredAssetEffects } from './modules/secured-assets/index.ts';
import { EffectRegistry, registerWorkflowEffects } from './modules/workflow/index.ts';

/**
 * Wiring: the workflow effects every module registers (app.ts, and the deps the demo seed and tests build). A
 * module whose workflow names effects adds one line here; an action naming an effect nobody registered answers 503.
 */
export function createWorkflowEffects(): EffectRegistry {
  const registry = new EffectRegistry();
  registerWorkflowEffects(registry);
  registerLegalEffects(registry);
  registerSecuredAssetEffects(registry);
  return registry;
}
