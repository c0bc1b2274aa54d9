import { ActionIcon, Button, Group, Stack, Text, TextInput, type TextInputProps } from '@mantine/core';
import { datePattern, formatDate, localeOf, parseDate } from '@recovery-desk/i18n/format.ts';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OnDemandPopover } from '../on-demand-popover.tsx';

// The form kit's date input. A native <input type=date> shows the browser's locale (mm/dd/yyyy in an American
// browser whatever the app language), so this is a text input in the interface language's date form
// (25/11/2026, 25.11.2026; format.ts) with a format mask and a calendar popover. Its value is an ISO date.

/** Typed digits in the language's form: separators inserted after day and month (25112026 → 25/11/2026). */
export function maskDate(raw: string, language: string): string {
  const { order, separator } = datePattern(language);
  const cleaned = raw.replace(/[^\d./\s-]/g, '');
  if (/[./\s-]/.test(cleaned)) return cleaned.slice(0, 10);
  const digits = cleaned.slice(0, 8);
  const lengths = order.map((part) => (part === 'year' ? 4 : 2));
  const groups: string[] = [];
  let at = 0;
  for (const length of lengths) {
    if (at >= digits.length) break;
    groups.push(digits.slice(at, at + length));
    at += length;
  }
  const complete = groups.length < 3 && groups.at(-1)?.length === lengths[groups.length - 1];
  return groups.join(separator) + (complete && raw.length > 0 ? separator : '');
}

type Month = { year: number; month: number };

function todayMonth(iso: string | null): Month {
  const match = iso ? /^(\d{4})-(\d{2})/.exec(iso) : null;
  if (match) return { year: Number(match[1]), month: Number(match[2]) - 1 };
  const now = new Date();
  return { year: now.getFullYear(), month: now.getMonth() };
}

const isoOf = (year: number, month: number, day: number) =>
  `${year}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

function Calendar({ value, onPick }: { value: string | null; onPick: (iso: string) => void }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const [shown, setShown] = useState<Month>(() => todayMonth(value));
  const titleId = useId();
  const first = new Date(Date.UTC(shown.year, shown.month, 1));
  const days = new Date(Date.UTC(shown.year, shown.month + 1, 0)).getUTCDate();
  // Weeks start on Monday (India, Germany).
  const lead = (first.getUTCDay() + 6) % 7;
  const cells: (number | null)[] = [...Array<null>(lead).fill(null), ...Array.from({ length: days }, (_, i) => i + 1)];
  while (cells.length % 7 !== 0) cells.push(null);
  const weekdays = Array.from({ length: 7 }, (_, i) =>
    new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 1 + i))),
  );
  const title = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(first);
  const move = (step: number) =>
    setShown(({ year, month }) => ({
      year: month + step < 0 ? year - 1 : month + step > 11 ? year + 1 : year,
      month: (month + step + 12) % 12,
    }));
  const rows: ReactNode[] = [];
  for (let week = 0; week < cells.length / 7; week += 1) {
    rows.push(
      <tr key={week}>
        {cells.slice(week * 7, week * 7 + 7).map((day, index) => {
          if (day === null) return <td key={index} />;
          const iso = isoOf(shown.year, shown.month, day);
          const selected = iso === value;
          return (
            <td key={index}>
              <Button
                size="compact-xs"
                variant={selected ? 'filled' : 'subtle'}
                aria-pressed={selected}
                aria-label={formatDate(iso, i18n.language)}
                onClick={() => onPick(iso)}
              >
                {day}
              </Button>
            </td>
          );
        })}
      </tr>,
    );
  }
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <Button
          size="compact-xs"
          variant="default"
          onClick={() => move(-1)}
          aria-label={String(t('DateInputPreviousMonth'))}
        >
          ‹
        </Button>
        <Text id={titleId} fw={600} size="sm" aria-live="polite">
          {title}
        </Text>
        <Button
          size="compact-xs"
          variant="default"
          onClick={() => move(1)}
          aria-label={String(t('DateInputNextMonth'))}
        >
          ›
        </Button>
      </Group>
      <table role="grid" aria-labelledby={titleId}>
        <thead>
          <tr>
            {weekdays.map((name) => (
              <th key={name} scope="col" style={{ fontSize: 12, fontWeight: 500 }}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{rows}</tbody>
      </table>
    </Stack>
  );
}

export type DateInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'type'> & {
  /** an ISO date (YYYY-MM-DD), '' when empty; text that is no date yet while the user types */
  value: string;
  /** the ISO date when the text is a real date, else the text as typed ('' when cleared) */
  onChange: (value: string) => void;
};

/** A date typed and shown in the interface language's form, with a calendar; the value is an ISO date. */
export function DateInput({ value, onChange, onBlur, disabled, readOnly, ...rest }: DateInputProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const pattern = datePattern(language);
  const [draft, setDraft] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
  const shown = draft ?? (iso ? formatDate(iso, language) : value);
  return (
    <TextInput
      {...rest}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={rest.placeholder ?? pattern.hint}
      disabled={disabled}
      readOnly={readOnly}
      value={shown}
      data-date-format={pattern.hint}
      onChange={(event) => {
        const text = maskDate(event.currentTarget.value, language);
        setDraft(text);
        onChange(text.trim() === '' ? '' : (parseDate(text, language) ?? text));
      }}
      onBlur={(event) => {
        if (draft !== null && parseDate(draft, language)) setDraft(null);
        onBlur?.(event);
      }}
      rightSection={
        disabled || readOnly ? null : (
          <OnDemandPopover
            opened={open}
            onChange={setOpen}
            position="bottom-end"
            withinPortal
            trapFocus
            returnFocus
            target={
              <ActionIcon
                variant="subtle"
                color="dark"
                aria-label={String(t('DateInputOpenCalendar'))}
                aria-expanded={open}
                onClick={() => setOpen((current) => !current)}
              >
                <span aria-hidden="true">📅</span>
              </ActionIcon>
            }
          >
            <Calendar
              value={iso}
              onPick={(picked) => {
                setDraft(null);
                onChange(picked);
                setOpen(false);
              }}
            />
          </OnDemandPopover>
        )
      }
    />
  );
}
