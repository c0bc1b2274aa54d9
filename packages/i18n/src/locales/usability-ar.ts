// Arabic strings of the staff-usability fixes.
export const usabilityAr = {
  InvalidListFilters: 'لا يمكن عرض هذه القائمة بهذه المرشحات. صحّحها أو امسح المرشحات:',
  RequirementsMissingTitle: 'قبل تنفيذ "{{action}}"',
  RequirementsMissingFields: 'املأ: {{fields}}',
  RequirementsMissingDocuments: 'ارفع: {{documents}}',
  RequirementsMissingRemarks: 'أدخل الملاحظات',
  RefusalRequirementsUnmet: 'أكمل أولاً ما يلزم هذا الإجراء: {{fields}} {{documents}}',
};
