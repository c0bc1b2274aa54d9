// Hindi strings of the staff-usability fixes.
export const usabilityHi = {
  InvalidListFilters: 'इन फ़िल्टरों के साथ यह सूची नहीं दिखाई जा सकती। उन्हें ठीक करें या फ़िल्टर हटाएँ:',
  RequirementsMissingTitle: '"{{action}}" से पहले',
  RequirementsMissingFields: 'भरें: {{fields}}',
  RequirementsMissingDocuments: 'अपलोड करें: {{documents}}',
  RequirementsMissingRemarks: 'टिप्पणी दर्ज करें',
  RefusalRequirementsUnmet: 'पहले वह पूरा करें जो इस कार्रवाई के लिए अभी भी आवश्यक है: {{fields}} {{documents}}',
};
