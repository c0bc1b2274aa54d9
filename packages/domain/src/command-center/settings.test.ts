import { describe, expect, it } from 'vitest';
import {
  COMMAND_CENTER_SETTING_BOUNDS,
  commandCenterSettingsSchema,
  commandCenterSettingsUpdateSchema,
  DEFAULT_COMMAND_CENTER_SETTINGS,
} from './settings.ts';

const paths = (value: unknown) => {
  const result = commandCenterSettingsSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
};

describe('command center settings', () => {
  it('default to Traccar’s and domain §4’s values and pass their own schema', () => {
    expect(paths(DEFAULT_COMMAND_CENTER_SETTINGS)).toEqual([]);
    expect(DEFAULT_COMMAND_CENTER_SETTINGS.stopMinSeconds).toBe(300);
    expect(DEFAULT_COMMAND_CENTER_SETTINGS.onlineMinutes).toBe(10);
    expect(DEFAULT_COMMAND_CENTER_SETTINGS.impossibleTravelKmh).toBe(80);
    expect(DEFAULT_COMMAND_CENTER_SETTINGS.geofenceRadiusM).toBeGreaterThanOrEqual(100);
    expect(DEFAULT_COMMAND_CENTER_SETTINGS.geofenceRadiusM).toBeLessThanOrEqual(200);
  });

  it('keeps every default inside its bounds', () => {
    for (const [key, [min, max]] of Object.entries(COMMAND_CENTER_SETTING_BOUNDS)) {
      const value = DEFAULT_COMMAND_CENTER_SETTINGS[key as keyof typeof COMMAND_CENTER_SETTING_BOUNDS];
      expect(value, key).toBeGreaterThanOrEqual(min);
      expect(value, key).toBeLessThanOrEqual(max);
    }
  });

  it('names the field of a value out of bounds, not whole, or missing', () => {
    expect(paths({ ...DEFAULT_COMMAND_CENTER_SETTINGS, geofenceRadiusM: 250 })).toEqual(['geofenceRadiusM']);
    expect(paths({ ...DEFAULT_COMMAND_CENTER_SETTINGS, stopRadiusM: 10 })).toEqual(['stopRadiusM']);
    expect(paths({ ...DEFAULT_COMMAND_CENTER_SETTINGS, idleMinMinutes: 12.5 })).toEqual(['idleMinMinutes']);
    const { retentionDays: _dropped, ...withoutRetention } = DEFAULT_COMMAND_CENTER_SETTINGS;
    expect(paths(withoutRetention)).toEqual(['retentionDays']);
  });

  it('names the shift end before its start, a time that is not HH:MM, and offline not after online', () => {
    expect(paths({ ...DEFAULT_COMMAND_CENTER_SETTINGS, shiftStart: '18:00', shiftEnd: '09:00' })).toEqual(['shiftEnd']);
    expect(paths({ ...DEFAULT_COMMAND_CENTER_SETTINGS, shiftStart: 'nine' })).toEqual(['shiftStart']);
    expect(paths({ ...DEFAULT_COMMAND_CENTER_SETTINGS, onlineMinutes: 60, offlineMinutes: 60 })).toEqual([
      'offlineMinutes',
    ]);
  });

  it('refuses unknown keys, and an update needs the version it was read at', () => {
    expect(paths({ ...DEFAULT_COMMAND_CENTER_SETTINGS, colour: 'red' })).toEqual(['']);
    expect(commandCenterSettingsUpdateSchema.safeParse(DEFAULT_COMMAND_CENTER_SETTINGS).success).toBe(false);
    expect(
      commandCenterSettingsUpdateSchema.safeParse({ ...DEFAULT_COMMAND_CENTER_SETTINGS, version: 3 }).success,
    ).toBe(true);
  });
});
