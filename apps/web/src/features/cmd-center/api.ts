import {
  commandCenterSettingsReplySchema,
  type CommandCenterSettingsReply,
  type CommandCenterSettingsUpdate,
} from '@recovery-desk/domain/command-center/settings.ts';
import { commandCenterClient } from '../../lib/http-client.ts';

// The command center's calls (/api/cmd-center/…) go through the command-center client: a 30,000 ms timeout, and an
// error that says what happened (spec §7, §9; docs/architecture.md "Command center: screens").

export const cmdCenterKeys = {
  all: () => ['cmd-center'] as const,
  settings: () => ['cmd-center', 'settings'] as const,
};

export async function fetchCommandCenterSettings(signal?: AbortSignal): Promise<CommandCenterSettingsReply> {
  return commandCenterSettingsReplySchema.parse(
    await commandCenterClient.get<unknown>('/api/cmd-center/settings', { signal }),
  );
}

export async function saveCommandCenterSettings(
  body: CommandCenterSettingsUpdate,
): Promise<CommandCenterSettingsReply> {
  return commandCenterSettingsReplySchema.parse(
    await commandCenterClient.request<unknown>('PUT', '/api/cmd-center/settings', { body }),
  );
}
