import type { ServerKey } from './server-en.ts';

// Hindi strings the server writes.
export const serverHi: Record<ServerKey, string> = {
  ErrorDetailNotFound: 'नहीं मिला, या यह आपकी कार्यरत इकाई के दायरे में नहीं है।',
  ErrorDetailNoEndpoint: 'इस पथ पर कोई {{method}} एंडपॉइंट नहीं है।',
  ErrorDetailBadRequest: 'अनुरोध पढ़ा नहीं जा सका (JSON बॉडी भेजें)।',
  ErrorDetailMethodNotAllowed: 'यह विधि अनुमत नहीं है',
  ErrorDetailNotAcceptable: 'स्वीकार्य नहीं',
  ErrorDetailMalformed: 'अनुरोध का URL या हेडर सही नहीं है।',
  ErrorDetailUnauthenticated: 'आपका सत्र समाप्त हो गया है या अमान्य है। कृपया फिर से साइन इन करें।',
  ErrorDetailUnitNotAllowed: 'अपनी इकाइयों में से एक को कार्यरत इकाई चुनें।',
  ErrorDetailRateLimited: 'बहुत अधिक प्रयास। {{count}} सेकंड बाद फिर से प्रयास करें।',
  ErrorDetailStaleVersion: 'खोलने के बाद यह रिकॉर्ड बदल गया है। इसे फिर से लोड करें और दोबारा प्रयास करें।',
  ErrorDetailPayloadTooLarge: 'अनुरोध का आकार बहुत बड़ा है।',
  ErrorDetailUnsupportedMediaType: 'अनुरोध की बॉडी application/json के रूप में भेजें।',
  ErrorDetailServiceUnavailable: 'यह सेवा अभी उपलब्ध नहीं है। बाद में प्रयास करें।',
  ErrorDetailInternal: 'हमारी ओर से कुछ गड़बड़ हुई। सहायता को अनुरोध आईडी {{requestId}} बताएँ।',
  ErrorDetailCaseAlreadyOpen: 'इस खाते पर इस वर्कफ़्लो का एक मामला पहले से खुला है।',

  MailSignInCodeSubject: 'आपका रिकवरी डेस्क साइन-इन कोड',
  MailSignInCodeBody:
    'आपका एक-बार का साइन-इन कोड {{code}} है।\n\nयह {{minutes}} मिनट में समाप्त हो जाएगा और केवल एक बार काम करेगा। यदि आपने साइन इन करने का प्रयास नहीं किया, तो अपने व्यवस्थापक को बताएँ और अपना पासवर्ड बदलें।\n',
  MailResetCodeSubject: 'आपका रिकवरी डेस्क पासवर्ड रीसेट कोड',
  MailResetCodeBody:
    'आपका पासवर्ड रीसेट कोड {{code}} है।\n\nयह {{minutes}} मिनट में समाप्त हो जाएगा और केवल एक बार काम करेगा। यदि आपने पासवर्ड रीसेट करने के लिए नहीं कहा, तो इस संदेश को अनदेखा करें; आपका पासवर्ड नहीं बदला है।\n',
  MailDecisionSubject: 'मामला {{caseNo}}: {{decision}}',
  MailDecisionBody:
    'प्रिय {{name}},\n\n{{checker}} ने मामले {{caseNo}} पर चरण {{fromStage}} में आपके बनाए चरण पर "{{decision}}" निर्णय लिया।\nमामला अब चरण {{stage}} पर है, स्थिति {{status}}।\n\nटिप्पणियाँ: {{remarks}}\n\nनिर्णय देखने और उस पर कार्य करने के लिए रिकवरी डेस्क में मामला खोलें।\n',
  MailNoRemarks: '(कोई नहीं)',
  MailHearingReminderSubject: 'सुनवाई अनुस्मारक: मामला {{caseNo}}, {{date}}',
  MailHearingReminderBody:
    'मामले {{caseNo}} की अगली सुनवाई {{date}} को है{{atCourt}}।\n\nफ़ाइल तैयार करें और सुनवाई के बाद Recovery Desk में परिणाम दर्ज करें (Court Case Update)।\n',
  MailHearingReminderAtCourt: ' ({{court}})',

  NoticePageOf: 'पृष्ठ {{page}} / {{pages}}',
  NoticeSubject: 'कानूनी नोटिस {{caseNo}}, ऋण खाता {{accountNo}}',
  ExportCurrency: 'मुद्रा',
};
