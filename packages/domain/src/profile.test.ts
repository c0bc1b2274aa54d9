import { describe, expect, it } from 'vitest';
import { authoritiesOf, permittedTabs } from './profile.ts';

describe('permitted tabs (spec §6)', () => {
  const entries = [
    {
      system_auth: 'TELECALLER_SAUTH',
      tabs: [
        { name: 'Account', editable: false },
        { name: 'Followup', editable: false },
      ],
    },
    { system_auth: 'TELECALLER_SAUTH', tabs: [{ name: 'Followup', editable: true }] },
    { system_auth: 'SKIP_SAUTH', tabs: [{ name: 'Account', editable: true }] },
  ];

  it('collects the tabs of the authority, preferring an editable entry per tab name', () => {
    expect(permittedTabs(entries, 'TELECALLER_SAUTH')).toEqual([
      { name: 'Account', editable: false },
      { name: 'Followup', editable: true },
    ]);
  });

  it('gives nothing for an authority the user lacks', () => {
    expect(permittedTabs(entries, 'MAN_ALLOC_SAUTH')).toEqual([]);
  });

  it('lists each authority once as the roles', () => {
    expect(authoritiesOf(entries)).toEqual(['TELECALLER_SAUTH', 'SKIP_SAUTH']);
  });
});
