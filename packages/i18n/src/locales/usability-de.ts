// German strings of the staff-usability fixes.
export const usabilityDe = {
  InvalidListFilters:
    'Diese Liste kann mit diesen Filtern nicht angezeigt werden. Korrigieren Sie sie oder setzen Sie die Filter zurück:',
  RequirementsMissingTitle: 'Bevor „{{action}}“ möglich ist',
  RequirementsMissingFields: 'Ausfüllen: {{fields}}',
  RequirementsMissingDocuments: 'Hochladen: {{documents}}',
  RequirementsMissingRemarks: 'Bemerkungen eingeben',
  RefusalRequirementsUnmet: 'Ergänzen Sie zuerst, was die Aktion noch braucht: {{fields}} {{documents}}',
};
