import { ActionIcon, Badge, Button, CloseButton, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import type { SavedView } from '@recovery-desk/domain/lists/contracts.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { describeError } from '../../lib/describe-error.ts';
import { addToast } from '../../lib/toast-store.ts';
import { deleteView, fetchSavedViews, saveView } from '../../features/lists/api/lists-api.ts';
import { listsKeys } from '../../features/lists/api/query-keys.ts';
import { OnDemandPopover } from '../on-demand-popover.tsx';

/** One applied filter, shown as a removable chip. */
export type FilterChip = { id: string; label: string; value: string; onRemove: () => void };

/** Address keys that are a list's position, not its filters: a saved view leaves them out. */
export const POSITION_KEYS: readonly string[] = ['cursor', 'direction', 'from', 'page'];

/** The address parameters a view saves: everything but the position, in a stable order. */
export function viewParamsOf(search: URLSearchParams, positionKeys: readonly string[] = POSITION_KEYS) {
  return sorted([...search.entries()].filter(([key]) => !positionKeys.includes(key)));
}

function sorted(params: readonly (readonly [string, string])[]): [string, string][] {
  return [...params]
    .map(([key, value]): [string, string] => [key, value])
    .sort(([a, x], [b, y]) => a.localeCompare(b) || x.localeCompare(y));
}

function sameParams(a: readonly [string, string][], b: readonly [string, string][]): boolean {
  const x = sorted(a);
  const y = sorted(b);
  return x.length === y.length && x.every(([key, value], index) => y[index]?.[0] === key && y[index]?.[1] === value);
}

export type GridViewsProps = {
  /** the list's route name: views are kept per user and list on the server */
  listKey: string;
  chips: readonly FilterChip[];
  onClearAll?: () => void;
  positionKeys?: readonly string[];
};

/**
 * The applied filters as removable chips, and the user's saved views of the list: choose one (its address
 * parameters replace the current ones, from the first page), save the current filters under a name (a name the user
 * already has is replaced), delete the chosen one. Views are the server's (`/api/lists/views`), so they follow the
 * user to any browser.
 */
export function GridViews({ listKey, chips, onClearAll, positionKeys = POSITION_KEYS }: GridViewsProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const [saveOpen, setSaveOpen] = useState(false);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);

  const views = useQuery({
    queryKey: listsKeys.savedViews(listKey),
    queryFn: ({ signal }) => fetchSavedViews(listKey, signal),
  });
  const current = viewParamsOf(search, positionKeys);
  const chosen = views.data?.find((view) => sameParams(view.params, current));

  const refresh = () => queryClient.invalidateQueries({ queryKey: listsKeys.savedViews(listKey) });
  const save = useMutation({
    mutationFn: (viewName: string) => saveView({ listKey, name: viewName, params: current }),
    onSuccess: (view) => {
      addToast({
        title: String(t('ViewSaved', { name: view.name })),
        message: '',
        type: 'success',
        from: `views/${listKey}`,
      });
      setSaveOpen(false);
      setName('');
      setNameError(null);
      void refresh();
    },
    onError: (error) => setNameError(describeError(error, t)),
  });
  const remove = useMutation({
    mutationFn: (view: SavedView) => deleteView(view.id).then(() => view),
    onSuccess: (view) => {
      addToast({
        title: String(t('ViewDeleted', { name: view.name })),
        message: '',
        type: 'success',
        from: `views/${listKey}`,
      });
      void refresh();
    },
    onError: (error) =>
      addToast({
        title: String(t('SystemMsg')),
        message: describeError(error, t),
        type: 'error',
        from: `views/${listKey}`,
      }),
  });

  const apply = (id: string) => {
    const view = views.data?.find((candidate) => String(candidate.id) === id);
    if (!view) return;
    setSearch(new URLSearchParams(view.params));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed.length === 0) {
      setNameError(String(t('ValidationRequired')));
      return;
    }
    save.mutate(trimmed);
  };

  return (
    <Stack gap={6}>
      <Group gap="xs" wrap="wrap" align="flex-end">
        <NativeSelect
          size="xs"
          label={String(t('SavedViews'))}
          value={chosen ? String(chosen.id) : ''}
          onChange={(event) => apply(event.currentTarget.value)}
          disabled={!views.data}
          data={[
            {
              value: '',
              label: String(t(views.data && views.data.length === 0 ? 'NoSavedViews' : 'ChooseSavedView')),
            },
            ...(views.data ?? []).map((view) => ({ value: String(view.id), label: view.name })),
          ]}
          error={views.isError ? String(t('ViewsLoadFailed')) : undefined}
          data-testid="saved-views"
        />
        {chosen ? (
          <ActionIcon
            size="md"
            variant="default"
            aria-label={String(t('DeleteView', { name: chosen.name }))}
            onClick={() => remove.mutate(chosen)}
            loading={remove.isPending}
            data-testid="delete-view"
          >
            <span aria-hidden="true">🗑</span>
          </ActionIcon>
        ) : null}
        <OnDemandPopover
          opened={saveOpen}
          onChange={setSaveOpen}
          position="bottom-start"
          shadow="md"
          trapFocus
          withinPortal
          target={
            <Button size="xs" variant="default" onClick={() => setSaveOpen((open) => !open)} data-testid="save-view">
              {String(t('SaveView'))}
            </Button>
          }
        >
          <form onSubmit={onSubmit} aria-label={String(t('SaveViewTitle'))}>
            <Stack gap="xs" w={260}>
              <Text size="sm" fw={700}>
                {String(t('SaveViewTitle'))}
              </Text>
              <TextInput
                size="xs"
                label={String(t('ViewName'))}
                value={name}
                maxLength={60}
                onChange={(event) => {
                  setName(event.currentTarget.value);
                  setNameError(null);
                }}
                error={nameError}
                data-testid="view-name"
              />
              <Group gap="xs" justify="flex-end">
                <Button size="xs" variant="default" onClick={() => setSaveOpen(false)}>
                  {String(t('Cancel'))}
                </Button>
                <Button size="xs" type="submit" loading={save.isPending} data-testid="save-view-submit">
                  {String(t('Save'))}
                </Button>
              </Group>
            </Stack>
          </form>
        </OnDemandPopover>
      </Group>
      {chips.length > 0 ? (
        <Group gap={6} wrap="wrap" data-testid="filter-chips">
          <Group gap={6} wrap="wrap" role="list" aria-label={String(t('ActiveFilters'))}>
            {chips.map((chip) => {
              const text = String(t('FilterChip', { label: chip.label, value: chip.value }));
              return (
                <Badge
                  key={chip.id}
                  role="listitem"
                  variant="light"
                  color="blue.9"
                  tt="none"
                  size="lg"
                  rightSection={
                    <CloseButton
                      size="xs"
                      aria-label={String(t('RemoveFilter', { filter: text }))}
                      onClick={chip.onRemove}
                      data-testid={`remove-chip-${chip.id}`}
                    />
                  }
                  data-testid={`chip-${chip.id}`}
                >
                  {text}
                </Badge>
              );
            })}
          </Group>
          {onClearAll && chips.length > 1 ? (
            <Button size="compact-xs" variant="subtle" onClick={onClearAll}>
              {String(t('ClearAllFilters'))}
            </Button>
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}
