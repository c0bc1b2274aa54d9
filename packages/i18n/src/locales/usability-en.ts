// English strings of the staff-usability fixes (eligible assignees, filters that cannot be shown, requirements).
export const usabilityEn = {
  InvalidListFilters: 'This list cannot be shown with these filters. Correct them or clear the filters:',
  RequirementsMissingTitle: 'Before "{{action}}" can be done',
  RequirementsMissingFields: 'Fill in: {{fields}}',
  RequirementsMissingDocuments: 'Upload: {{documents}}',
  RequirementsMissingRemarks: 'Enter remarks',
  RefusalRequirementsUnmet: 'Complete what the action still needs first: {{fields}} {{documents}}',
};
