import { upiWebhookSecretOf } from '../../../config.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { PaymentProvider } from './provider.ts';
import { SandboxPsp, type CallbackTransport } from './sandbox-psp.ts';

// Which provider carries UPI collect requests (UPI_PROVIDER). `sandbox` is the built-in sandbox PSP, served in demo
// mode and tests only. A real provider is one entry of REAL_PROVIDERS: a factory from the configuration
// (UPI_PROVIDER_URL, UPI_WEBHOOK_SECRET and whatever credentials it needs) to a PaymentProvider (README, "UPI
// collection").

type ProviderFactory = (deps: AppDeps) => PaymentProvider;

/** Real providers by UPI_PROVIDER name (none ships: each lender's PSP contract differs). */
export const REAL_PROVIDERS: Readonly<Record<string, ProviderFactory>> = {};

const providers = new WeakMap<AppDeps, PaymentProvider | null>();
const transports = new WeakMap<AppDeps, CallbackTransport>();
let directTransport: ((deps: AppDeps) => CallbackTransport) | null = null;

/** The app's way to its own callback endpoint (app.ts: an in-process HTTP request to POST /api/payments/upi/callback). */
export function setUpiCallbackTransport(deps: AppDeps, transport: CallbackTransport): void {
  transports.set(deps, transport);
}

/** Without an app (demo seeding), callbacks go to the callback service directly (services/upi.ts registers it). */
export function setDirectCallbackTransport(make: (deps: AppDeps) => CallbackTransport): void {
  directTransport = make;
}

function sandboxServed(deps: AppDeps): boolean {
  return deps.config.demoMode || deps.config.nodeEnv === 'test';
}

function create(deps: AppDeps): PaymentProvider | null {
  const name = deps.config.upi.provider;
  if (name === 'sandbox') {
    if (!sandboxServed(deps)) return null;
    return new SandboxPsp(deps.db, deps.clock, upiWebhookSecretOf(deps.config), () => {
      const transport = transports.get(deps) ?? directTransport?.(deps);
      if (!transport) throw new Error('no callback transport');
      return transport;
    });
  }
  const factory = REAL_PROVIDERS[name];
  return factory ? factory(deps) : null;
}

/** The provider, or null when UPI collection is not configured (outside demo mode without a real provider). */
export function findPaymentProvider(deps: AppDeps): PaymentProvider | null {
  if (!providers.has(deps)) providers.set(deps, create(deps));
  return providers.get(deps) ?? null;
}

export function paymentProviderOf(deps: AppDeps): PaymentProvider {
  const provider = findPaymentProvider(deps);
  if (!provider) {
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      'UPI collection has no payment provider here: set UPI_PROVIDER to your PSP (the sandbox runs in demo mode only).',
    );
  }
  return provider;
}

/** The sandbox PSP when it is the provider (its payer-side controls serve the demo and tests). */
export function sandboxOf(deps: AppDeps): SandboxPsp | null {
  const provider = findPaymentProvider(deps);
  return provider instanceof SandboxPsp ? provider : null;
}
