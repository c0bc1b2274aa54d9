import { Anchor, Group, Paper, Table, Text, Title } from '@mantine/core';
import type { WorkflowDashboard } from '@recovery-desk/domain/workflow/dashboard-contracts.ts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { numberFormat } from '../../../lib/format.ts';
import { translateKey } from '../../../lib/i18n/dynamic-key.ts';
import { useSession } from '../../../lib/session-store.ts';
import { EmptyBlock, LoadError, LoadingBlock } from '../../legal/components/load-state.tsx';
import { fetchYardInventory, yardKeys } from '../api/yards-api.ts';

type Stage = WorkflowDashboard['stages'][number];

/**
 * The dashboard's Yard inventory: per yard the vehicles of the acting unit's subtree in it now, the longest stay and
 * the stays over 30 days, and the stages their cases are at, each linking to its stage tray (Team View).
 */
export function YardInventoryCard({
  workflows,
  trayHref,
}: {
  workflows: readonly WorkflowDashboard[];
  trayHref: (stage: Stage) => string | null;
}) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const format = numberFormat(i18n.language, 0).format;
  const inventory = useQuery({
    queryKey: yardKeys.inventory(session.actingUnit),
    queryFn: ({ signal }) => fetchYardInventory(signal),
  });
  const stageOf = (code: string, stage: string) =>
    workflows.find((workflow) => workflow.code === code)?.stages.find((candidate) => candidate.stage === stage);

  let body;
  if (inventory.isPending) {
    body = <LoadingBlock label={String(t('RepoYardInventoryLoading'))} testId="yard-inventory-loading" />;
  } else if (inventory.isError) {
    body = (
      <LoadError
        title={String(t('RepoYardInventoryLoadFailed'))}
        error={inventory.error}
        onRetry={() => void inventory.refetch()}
        testId="yard-inventory-error"
      />
    );
  } else if (inventory.data.yards.length === 0) {
    body = <EmptyBlock text={String(t('RepoYardInventoryEmpty'))} testId="yard-inventory-empty" />;
  } else {
    body = (
      <Table.ScrollContainer minWidth={560}>
        <Table striped withTableBorder data-testid="yard-inventory-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{String(t('RepoYard'))}</Table.Th>
              <Table.Th scope="col">{String(t('RepoYardCapacity'))}</Table.Th>
              <Table.Th scope="col">{String(t('RepoYardVehiclesNow'))}</Table.Th>
              <Table.Th scope="col">{String(t('RepoYardLongestStay'))}</Table.Th>
              <Table.Th scope="col">{String(t('RepoYardOver30'))}</Table.Th>
              <Table.Th scope="col">{String(t('RepoYardStages'))}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {inventory.data.yards.map((yard) => (
              <Table.Tr key={yard.yardId} data-testid={`yard-${yard.yardId}`}>
                <Table.Th scope="row">{yard.name}</Table.Th>
                <Table.Td>{format(yard.capacity)}</Table.Td>
                <Table.Td>{format(yard.assets)}</Table.Td>
                <Table.Td>{format(yard.maxDaysHeld)}</Table.Td>
                <Table.Td>{format(yard.over30Days)}</Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    {yard.stages.map((entry) => {
                      const stage = stageOf(entry.definitionCode, entry.stage);
                      const name = stage ? translateKey(t, stage.labelKey, stage.stage) : entry.stage;
                      const href = stage ? trayHref(stage) : null;
                      const text = `${name}: ${format(entry.count)}`;
                      return href ? (
                        <Anchor key={`${entry.definitionCode}-${entry.stage}`} component={Link} to={href} size="sm">
                          {text}
                        </Anchor>
                      ) : (
                        <Text key={`${entry.definitionCode}-${entry.stage}`} size="sm">
                          {text}
                        </Text>
                      );
                    })}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby="yard-inventory"
      data-testid="yard-inventory"
    >
      <Title order={2} size="h3" id="yard-inventory" mb="sm">
        {String(t('RepoYardInventory'))}
      </Title>
      {body}
    </Paper>
  );
}
