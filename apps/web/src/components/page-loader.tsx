import { Center, Loader, Stack, Text } from '@mantine/core';

/** A centred loading state with a visible, announced label. */
export function PageLoader({ label }: { label: string }) {
  return (
    <Center mih={200} role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader size="md" aria-hidden="true" />
        <Text c="dark.6">{label}</Text>
      </Stack>
    </Center>
  );
}
