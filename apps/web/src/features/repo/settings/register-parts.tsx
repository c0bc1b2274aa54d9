import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchRegisterUnits, registerUnitKeys } from '../api/yards-api.ts';
import { useSession } from '../../../lib/session-store.ts';
import type { SelectOption } from '../../../components/form/index.ts';

// Shared parts of the Yards and Agencies tabs of Repossession Settings: the active badge, the confirmation of a
// deactivation or reactivation, and the units a register entry may name.

export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return active ? (
    <Badge color="green.9" variant="filled">
      {String(t('RepoRegisterActive'))}
    </Badge>
  ) : (
    <Badge color="gray.8" variant="outline">
      {String(t('RepoRegisterInactive'))}
    </Badge>
  );
}

/** Asks before an entry is deactivated or reactivated; the change is sent only on confirm. */
export function ConfirmActiveDialog({
  name,
  active,
  pending,
  onConfirm,
  onClose,
}: {
  /** the entry's name, or null when the dialog is closed */
  name: string | null;
  /** whether the entry is active now (the dialog then deactivates it) */
  active: boolean;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const title = String(t(active ? 'RepoRegisterDeactivateTitle' : 'RepoRegisterReactivateTitle', { name: name ?? '' }));
  return (
    <Modal
      opened={name !== null}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': String(t('Close')) }}
    >
      <Stack gap="md">
        <Text size="sm">{String(t(active ? 'RepoRegisterDeactivateText' : 'RepoRegisterReactivateText'))}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {String(t('RepoRegisterCancel'))}
          </Button>
          <Button color={active ? 'red.9' : 'blue'} onClick={onConfirm} loading={pending} data-testid="confirm-active">
            {String(t(active ? 'RepoRegisterDeactivate' : 'RepoRegisterReactivate'))}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The units an entry may name: the active units of the acting subtree (GET /api/secured-assets/register-units), then
 * any unit the registers already name that is no longer among them (so an entry's own unit still shows), the acting
 * unit first. Until that list arrives, or if it cannot be read, the user's own units stand in. The server refuses a
 * unit outside the acting subtree.
 */
export function useUnitOptions(known: readonly { id: number; name: string }[]): SelectOption[] {
  const units = useSession((session) => session.units);
  const actingUnit = useSession((session) => session.actingUnit);
  const subtree = useQuery({
    queryKey: registerUnitKeys.list(actingUnit),
    queryFn: ({ signal }) => fetchRegisterUnits(signal),
    staleTime: 5 * 60_000,
  });
  const byId = new Map<number, string>();
  if (subtree.data) for (const unit of subtree.data.units) byId.set(unit.id, `${unit.code} · ${unit.name}`);
  else for (const unit of Object.values(units)) byId.set(unit.id, `${unit.unit_code} · ${unit.name}`);
  for (const unit of known) if (!byId.has(unit.id)) byId.set(unit.id, unit.name);
  return [...byId.entries()]
    .sort(([a], [b]) => (a === actingUnit ? -1 : b === actingUnit ? 1 : a - b))
    .map(([id, label]) => ({ value: String(id), label }));
}
